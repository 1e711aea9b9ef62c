"""Static files as `collectstatic` leaves them to be served (games/storage.py): our own
scripts and stylesheet minified, then hashed and compressed; other projects' files as
they came; the sources as the developers wrote them."""

import gzip
import re
import shutil
import subprocess
from pathlib import Path

import brotli  # type: ignore[import-untyped]
import pytest
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, storages

from games.storage import MinifiedStaticFilesStorage, minifier

OWN = Path(__file__).parent.parent / "games" / "static" / "games"
OWN_FILES = sorted(f"games/{path.name}" for path in OWN.glob("*") if path.suffix in {".js", ".css"})


def manifest() -> ManifestStaticFilesStorage:
    """The static files storage as the test's settings have it."""
    storage = storages["staticfiles"]
    assert isinstance(storage, ManifestStaticFilesStorage)
    return storage


def served(root: Path, name: str) -> bytes:
    """What a phone receives for `{% static name %}`."""
    return (root / manifest().stored_name(name)).read_bytes()


def source(name: str) -> str:
    path = finders.find(name)
    assert isinstance(path, str), name
    return Path(path).read_text()


@pytest.mark.parametrize("name", OWN_FILES)
def test_own_files_are_served_minified_under_the_hash_of_the_minified_bytes(
    served_static: Path, name: str
) -> None:
    minify = minifier(name)
    assert minify is not None
    body = served(served_static, name)
    assert body.decode() == minify(source(name))
    assert len(body) < len(source(name).encode())
    # A change to the minified bytes changes the URL, so a phone never keeps an old copy.
    hashed = manifest().stored_name(name)
    assert hashed == manifest().hashed_name(name, ContentFile(body))
    # WhiteNoise sends these to phones that accept them: the same minified bytes. It
    # leaves out a copy that would save next to nothing (a script of a few lines).
    copies = {".br": brotli.decompress, ".gz": gzip.decompress}
    for suffix, decompress in copies.items():
        copy = served_static / f"{hashed}{suffix}"
        assert copy.exists() or len(body) < 200, copy.name
        if copy.exists():
            assert decompress(copy.read_bytes()) == body


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to parse JavaScript")
@pytest.mark.parametrize("name", [name for name in OWN_FILES if name.endswith(".js")])
def test_minified_scripts_still_parse(served_static: Path, name: str) -> None:
    # The browser test (tests/browser/test_minified_static.py) runs them as well.
    script = served_static / manifest().stored_name(name)
    subprocess.run(["node", "--check", str(script)], check=True, capture_output=True)


def _custom_properties(css: str) -> list[tuple[str, str]]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    return [(n, v.strip()) for n, v in re.findall(r"(--[\w-]+)\s*:\s*([^;}]+)", css)]


def test_minified_stylesheet_keeps_its_colours_light_and_dark(served_static: Path) -> None:
    css = served(served_static, "games/app.css").decode()
    assert _custom_properties(css) == _custom_properties(source("games/app.css"))
    # The dark colours and the dark chart lines, the room kept for a chart while it comes;
    # the wide layouts of the big screen and of a season on a TV (pages.css).
    assert css.count("@media (prefers-color-scheme:dark){") == 2
    assert css.count("@media (scripting:enabled){") == 1
    # On paper: a score sheet shown only there, and what is left out.
    assert css.count("@media screen{") == css.count("@media print{") == 1
    assert css.count("@media") == source("games/app.css").count("@media") == 5
    pages = served(served_static, "games/pages.css").decode()
    # The wide layouts, and the big screen scaled to a TV's height.
    assert pages.count("@media (min-width:60rem){") == 2
    assert pages.count("@media (orientation:landscape){") == 1
    assert source("games/pages.css").count("@media") == 3


@pytest.mark.parametrize(
    "name",
    ["games/vendor/NoSleep.min.js", "games/vendor/htmx.min.js", "games/vendor/hx-sse.min.js"],
)
def test_other_projects_files_are_served_as_they_came(served_static: Path, name: str) -> None:
    assert minifier(name) is None
    assert served(served_static, name).decode() == source(name)


@pytest.mark.parametrize(
    ("name", "text", "kept", "dropped"),
    [
        ("games/a.js", "/*! Licence */\nvar a = 1; // why\n", "/*! Licence */", "why"),
        ("games/a.css", "/*! Licence */\na { color: red; } /* why */\n", "/*! Licence */", "why"),
    ],
)
def test_licence_comments_stay_and_the_others_go(
    name: str, text: str, kept: str, dropped: str
) -> None:
    minify = minifier(name)
    assert minify is not None
    assert kept in minify(text)
    assert dropped not in minify(text)


def test_a_linked_copy_is_replaced_so_the_source_stays_as_written(tmp_path: Path) -> None:
    # `collectstatic --link` leaves a link to the source where the copy would be.
    source_file = tmp_path / "app" / "games" / "app.js"
    source_file.parent.mkdir(parents=True)
    source_file.write_text("var a = 1; // why\n")
    root = tmp_path / "static"
    (root / "games").mkdir(parents=True)
    (root / "games" / "app.js").symlink_to(source_file)
    storage = MinifiedStaticFilesStorage(location=root, base_url="/static/")

    found = FileSystemStorage(location=tmp_path / "app")
    list(storage.post_process({"games/app.js": (found, "games/app.js")}))

    assert source_file.read_text() == "var a = 1; // why\n"
    assert not (root / "games" / "app.js").is_symlink()
    assert (root / "games" / "app.js").read_text() == "var a=1;"


def test_an_address_said_once_is_said_anew_after_a_new_collection(tmp_path: Path) -> None:
    # A page asks for the same few addresses again and again: each is worked out once,
    # until `collectstatic` hashes the files again.
    source_file = tmp_path / "app" / "games" / "app.js"
    source_file.parent.mkdir(parents=True)
    root = tmp_path / "static"
    storage = MinifiedStaticFilesStorage(location=root, base_url="/static/")
    found = FileSystemStorage(location=tmp_path / "app")
    addresses = []
    for script in ("var a = 1;\n", "var b = 2;\n"):
        source_file.write_text(script)
        list(storage.post_process({"games/app.js": (found, "games/app.js")}))
        addresses.append(storage.url("games/app.js"))
        assert storage.url("games/app.js") == addresses[-1]
    first, second = addresses
    assert first != second
    assert second == f"/static/{storage.stored_name('games/app.js')}"
