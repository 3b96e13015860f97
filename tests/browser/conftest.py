"""Shared fixtures for the browser tests: headless Chromium and one Voilà server.

* ``browser_type_launch_args``: Debian's ``chromium`` (or ``$CHROMIUM_PATH``) with the launch
  arguments that work headless as root, unless ``--browser-channel`` picks another browser.
* ``browser_context_args``: a 1280×800 viewport (a classroom projector).
* ``voila_base_url`` (session): ONE Voilà server over ``notebooks/``, started from the repo
  root so ``voila.json`` is read, with the tree's page template (``voila_env``); pages are at
  ``f"{base}voila/render/<name>.ipynb"``.
* ``open_notebook(page, name)``: navigate to a notebook and wait until its widgets rendered.
* ``pages(query, selector)``: a dashboard page with that URL query, in its own browser
  context (a separate person), once ``selector`` is visible; closed at the end of the test.
* ``page``: pytest-playwright's page, closed the same way.
* ``leave(context)``: close a context's pages as a person closes a tab (the page's unload
  handlers run, so Voilà shuts the page's kernel down), then the context: kernels of
  finished tests do not pile up on the session's server.

Every test in this directory is marked ``browser``; deselect with ``-m "not browser"``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: Generous limits: CI machines have two cores and a kernel start takes seconds there.
SERVER_START_TIMEOUT = 90.0
PAGE_TIMEOUT_MS = 90_000
#: What "widgets rendered" means: an ipywidgets view is attached to the page.
WIDGET_SELECTOR = ".jupyter-widgets"


def pytest_collection_modifyitems(config, items):
    """Mark everything here ``browser`` and run it after all other tests: Playwright's sync
    API keeps an asyncio loop running in the main thread for the rest of the session, which
    would break later tests that call ``asyncio.run`` (nbclient, widget timers)."""
    here = Path(__file__).parent
    browser, other = [], []
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            browser.append(item)
        else:
            other.append(item)
    items[:] = other + browser


def chromium_executable() -> str | None:
    return os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, pytestconfig):
    args = dict(browser_type_launch_args)
    if not pytestconfig.getoption("--browser-channel"):
        exe = chromium_executable()
        if not exe:
            pytest.skip("no Chromium: install Debian's `chromium` or set CHROMIUM_PATH")
        args["executable_path"] = exe
    args["args"] = CHROMIUM_ARGS
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(port: int, path: str, proc: subprocess.Popen, timeout: float = SERVER_START_TIMEOUT) -> None:
    """Poll ``path`` until the server answers at all (any HTTP status); fail if it exits."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    deadline = time.monotonic() + timeout
    url = f"http://127.0.0.1:{port}{path}"
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with code {proc.returncode} before answering {url}")
        try:
            opener.open(url, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return  # 302/403/404: the server is up
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"Voilà did not answer {url} within {timeout:.0f} s")


#: The class tables of the test session's Voilà server (its kernels and the tests share it).
TABLES_DIR = Path(tempfile.mkdtemp(prefix="uno-tables-"))


#: A Jupyter data folder whose ``voila/templates/uno`` is the repository's page template: an
#: installed copy (``pip install -e .`` copies it into the environment's share/jupyter) would
#: keep serving the page front end as it was at install time, whatever the tree has now.
JUPYTER_DATA = Path(tempfile.mkdtemp(prefix="uno-jupyter-"))
(JUPYTER_DATA / "voila" / "templates").mkdir(parents=True)
(JUPYTER_DATA / "voila" / "templates" / "uno").symlink_to(REPO / "uno_lessons" / "voila" / "templates" / "uno")


def voila_env() -> dict[str, str]:
    """The server's environment: the repo importable even without ``pip install -e .``, its
    page template (not an installed copy, see ``JUPYTER_DATA``), class tables in a folder
    of this test session (never the user's own), and a quick coach for the Review view."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(JUPYTER_DATA), env.get("JUPYTER_PATH")) if p)
    env["UNO_LESSONS_DATA"] = str(TABLES_DIR)
    env.pop("UNO_LESSONS_STORE", None)
    # The Review view's coach: few rollouts, so a review is weighed in seconds (test_review.py).
    env["UNO_LESSONS_REVIEW_ROLLOUTS"] = "4"
    return env


@pytest.fixture(scope="session")
def class_store():
    """The store the session's Voilà kernels use (SQLite in ``TABLES_DIR``)."""
    from uno_lessons.table import open_store

    store = open_store(f"sqlite:///{TABLES_DIR / 'tables.db'}")
    yield store
    store.close()


@contextmanager
def serving(args: list[str], *, port: int, ready: str, log: Path, cwd: Path = REPO,
            env: dict[str, str] | None = None) -> Iterator[str]:
    """Run a server (``python -m …args``) until the block ends: wait until ``ready`` (a path
    that starts nothing) answers, yield its base URL, stop it; its log if it fails to start."""
    with open(log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", *args], cwd=cwd, env=env or voila_env(),
                                stdout=fh, stderr=subprocess.STDOUT)
    try:
        try:
            wait_http(port, ready, proc)
        except (RuntimeError, TimeoutError) as exc:
            raise RuntimeError(f"{exc}\n--- {args[0]} log ---\n{log.read_text()[-4000:]}") from exc
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def voila_base_url(tmp_path_factory):
    """Start ONE Voilà server over notebooks/ for the whole session; yield its base URL."""
    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with serving(["voila", "notebooks/", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                  "--port_retries=0"], port=port, ready="/api/kernels", log=log) as url:
        yield url


def stop(proc: subprocess.Popen) -> None:
    """Stop a server: SIGTERM lets Voilà shut its kernels down; kill it if it hangs."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def notebook_url(base: str, name: str) -> str:
    if not name.endswith(".ipynb"):
        name += ".ipynb"
    return f"{base}voila/render/{name}"


def open_notebook_at(page, base: str, name: str, selector: str = WIDGET_SELECTOR,
                     timeout: float = PAGE_TIMEOUT_MS):
    """Navigate ``page`` to notebook ``name`` and wait until its widgets rendered.

    ``selector`` is what must be visible before returning (default: any ipywidget).
    Returns the page, for chaining.
    """
    page.set_default_timeout(timeout)
    page.goto(notebook_url(base, name), wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout)
    page.wait_for_selector(selector, state="visible", timeout=timeout)
    return page


@pytest.fixture
def open_notebook(voila_base_url):
    """``open_notebook(page, "lesson_01")``: open a notebook of notebooks/ and wait for widgets."""

    def _open(page, name: str, selector: str = WIDGET_SELECTOR, timeout: float = PAGE_TIMEOUT_MS):
        return open_notebook_at(page, voila_base_url, name, selector=selector, timeout=timeout)

    return _open


def leave(ctx) -> None:
    """Close ``ctx``'s pages as a person closes a tab (``beforeunload`` runs, and with it
    Voilà's request to shut the page's kernel down), then ``ctx``."""
    from playwright.sync_api import Error as PlaywrightError

    for page in list(ctx.pages):
        if page.is_closed():
            continue
        try:
            with page.expect_event("close", timeout=10_000):
                page.close(run_before_unload=True)
        except PlaywrightError:  # a page that asked to stay (a dialog): the context closes it
            pass
    ctx.close()


@pytest.fixture
def page(context):
    """pytest-playwright's page, closed as a tab is (see ``leave``)."""
    page = context.new_page()
    yield page
    leave(context)


@pytest.fixture
def pages(browser, voila_base_url):
    """Open dashboard pages in separate browser contexts (separate people); closed at the end."""
    contexts = []

    def open_page(query: str, selector: str, *, width: int = 1280, height: int = 800):
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.goto(notebook_url(voila_base_url, "dashboard") + ("?" + query if query else ""),
                  wait_until="domcontentloaded")
        page.wait_for_selector(selector, state="visible", timeout=PAGE_TIMEOUT_MS)
        return page

    yield open_page
    for ctx in contexts:
        leave(ctx)
