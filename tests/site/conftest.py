"""Fixtures for the site tests: ``make site`` once per session, served on 127.0.0.1, in headless Chromium.

``make site`` builds two sites, ``student/`` and ``teacher/``, side by side in one folder; the server
serves that folder, so ``/student/...`` and ``/teacher/...`` are the two sites.  They are built into a
temporary folder (``tools/build_site.py``, the same code as ``make site``), served by Python's own
HTTP server on 127.0.0.1 with a random port, and opened in Debian's Chromium driven by Playwright, as
the browser suite (``tests/browser/``) does.  Every request the page makes is
recorded; one to any host but 127.0.0.1 is answered with an error and reported by the tests, so a
page that would need the internet fails here instead of quietly working on a connected machine.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import importlib.util
import sys
import threading
import time
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # lab_driver, hidden_cards: shared with the lab suite

from lab_driver import CHROMIUM, launch_chromium  # noqa: E402

_spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
sys.modules["build_site"] = build_site
_spec.loader.exec_module(build_site)

MISSING_CHROMIUM = (
    f"site tests need Debian's Chromium at {CHROMIUM}: install it with "
    "`apt-get install chromium` (as root; `make test` does this when it runs as root)"
)


_BUILD_FAILED: list[str] = []


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".whl": "application/zip"}

    def log_message(self, *args):  # quiet: pytest shows failures, not every request
        pass


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # a page that navigates away drops its downloads


class SiteServer:
    """``root`` served on 127.0.0.1:<free port> in a thread, for the length of a session."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self.httpd = _QuietServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(self.root)))
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lite_url(self, notebook: str, edition: str = "student") -> str:
        return f"{self.base_url}/{edition}/lite/lab/index.html?path={urllib.parse.quote(notebook)}"

    def start(self) -> "SiteServer":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The two sites, built once per session: ``(folder, summary)``, the sites in ``folder/student`` and
    ``folder/teacher``.  ``SITE_TESTS_REUSE=build/site`` reuses
    a site built by ``make site`` instead (for working on these tests; ``make test`` always builds)."""
    reuse = os.environ.get("SITE_TESTS_REUSE")
    if reuse:
        folder = (ROOT / reuse).resolve()
        return folder, json.loads((folder / "site-build.json").read_text())
    if _BUILD_FAILED:  # pytest retries a failed session fixture for every test: build once only
        pytest.fail(_BUILD_FAILED[0])
    out = tmp_path_factory.mktemp("site") / "site"
    # docs/ as a teacher leaves it after opening a rules page in JupyterLab: a checkpoint beside it
    docs = tmp_path_factory.mktemp("docs") / "docs"
    shutil.copytree(build_site.DOCS, docs, ignore=shutil.ignore_patterns(".*"))
    (docs / "rules" / ".ipynb_checkpoints").mkdir()
    (docs / "rules" / ".ipynb_checkpoints" / "krypkille-checkpoint.md").write_text("# Krypkille (checkpoint)\n")
    real_docs, build_site.DOCS = build_site.DOCS, docs
    started = time.monotonic()
    try:
        summary = build_site.build(out, work=tmp_path_factory.mktemp("site-work"))
    except build_site.MissingTool as exc:
        pytest.skip(f"make site cannot run here: {exc}")
    except build_site.SiteBuildError as exc:
        _BUILD_FAILED.append(f"make site failed: {exc}")
        pytest.fail(_BUILD_FAILED[0])
    finally:
        build_site.DOCS = real_docs
    summary["test_build_seconds"] = time.monotonic() - started
    return out, summary


@pytest.fixture(scope="session")
def site_server(site):
    server = SiteServer(site[0]).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_browser(request):
    """Headless Debian Chromium driven by Playwright (Playwright's own browsers are not used), on the
    process's one Playwright driver (tests/conftest.py), which the lab suite shares."""
    chromium = launch_chromium(request, MISSING_CHROMIUM)
    yield chromium
    chromium.close()


class Requests:
    """Every URL a page asked for, and those outside 127.0.0.1 (which were refused)."""

    def __init__(self):
        self.all: list[str] = []
        self.outside: list[str] = []

    def route(self, route):
        url = route.request.url
        self.all.append(url)
        host = urllib.parse.urlparse(url).hostname or ""
        if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()


def recorded_page(browser):
    """A fresh browser context and page whose requests are recorded (``page.requests``); outside ones refused."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests = Requests()
    context.route("**/*", requests.route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.requests = requests
    return context, page


@pytest.fixture
def site_page(site_browser, site_server):
    """A fresh browser context whose requests are recorded (``page.requests``); outside ones refused."""
    context, page = recorded_page(site_browser)
    try:
        yield page
    finally:
        context.close()
