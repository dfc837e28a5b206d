"""Fixtures for the browser tests: one JupyterLab server, one headless Chromium and one JupyterLab page
per session (each test opens its notebook in that page).

The server serves a temporary COPY of ``notebooks/`` (plus a ``selftest/`` folder
the self-test writes into), so running cells never touches the committed
notebooks.  It is always shut down by the fixture finalizer, also when a test
fails or the session is interrupted.
"""

from __future__ import annotations

import atexit
from pathlib import Path

import pytest

from lab_driver import CHROMIUM, LabServer, close_documents, copy_notebooks, launch_chromium

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "build" / "screenshots"

MISSING_CHROMIUM = (
    f"browser tests need Debian's Chromium at {CHROMIUM}: install it with "
    "`apt-get install chromium` (as root; `make test` does this when it runs as root)"
)


@pytest.fixture(scope="session")
def browser(request):
    """Headless Debian Chromium driven by Playwright (Playwright's own browsers are not used), on the
    process's one Playwright driver (tests/conftest.py)."""
    chromium = launch_chromium(request, MISSING_CHROMIUM)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory) -> Path:
    """The server's root: ``notebooks/`` (a copy) and an empty ``selftest/`` folder."""
    root = tmp_path_factory.mktemp("lab-root")
    if NOTEBOOKS.is_dir():
        copy_notebooks(NOTEBOOKS, root / "notebooks")
    (root / "selftest").mkdir()
    return root


@pytest.fixture(scope="session")
def lab_server(browser, lab_root, tmp_path_factory):
    """JupyterLab from this venv on 127.0.0.1:<random port> with a random token."""
    server = LabServer(lab_root, tmp_path_factory.mktemp("lab-state"))
    atexit.register(server.stop)  # belt and braces if the session dies before teardown
    try:
        server.start()
        yield server
    finally:
        server.stop()
        atexit.unregister(server.stop)


VIEWPORT = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def lab_pages(browser):
    """The session's one JupyterLab page, made on first use: loading JupyterLab takes seconds, opening
    a notebook in a page that shows it a fraction (``lab_driver.open_notebook``).  A test that leaves
    the page in a state the next could trip on (a dialog open, JupyterLab gone) gets it replaced."""
    context = browser.new_context(viewport=VIEWPORT)
    holder = {"page": None}

    def page():
        if holder["page"] is None or holder["page"].is_closed():
            holder["page"] = context.new_page()
            holder["page"].set_default_timeout(30_000)
        return holder["page"]

    def discard():
        if holder["page"] is not None and not holder["page"].is_closed():
            holder["page"].close()
        holder["page"] = None

    yield page, discard
    context.close()


@pytest.fixture
def lab_page(lab_pages, lab_server):
    """The shared JupyterLab page, with no document open after the test, and the kernels shut down."""
    get, discard = lab_pages
    page = get()
    try:
        yield page
    finally:
        try:
            page.set_viewport_size(VIEWPORT)
            clean = page.locator(".jp-Dialog").count() == 0 and (page.url == "about:blank" or close_documents(page))
        except Exception:  # noqa: BLE001 - whatever broke, the next test gets a fresh page
            clean = False
        if not clean:
            discard()
        lab_server.shutdown_kernels()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
