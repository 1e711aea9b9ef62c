import pytest
from pytest_django import Settings


@pytest.fixture(autouse=True)
def _static_files_from_apps(settings: Settings) -> None:
    # The manifest storage needs `collectstatic` to have run. Tests read static files
    # straight from the apps instead, and WhiteNoise has no collected directory to scan.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.STATIC_ROOT = None
