from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path(
        "manifest.webmanifest",
        TemplateView.as_view(
            template_name="manifest.webmanifest", content_type="application/manifest+json"
        ),
        name="manifest",
    ),
    # At the site's root, so that it may control every page under it (/g/...).
    path(
        "sw.js",
        TemplateView.as_view(template_name="sw.js", content_type="text/javascript"),
        name="service_worker",
    ),
    path("", include("games.urls")),
]

# Only with ADMIN=1 (its login is throttled by games.middleware).
if settings.ADMIN:
    urlpatterns.insert(0, path("admin/", admin.site.urls))

handler400 = "games.views.errors.bad_request"
handler403 = "games.views.errors.forbidden"
handler404 = "games.views.errors.not_found"
