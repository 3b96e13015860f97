"""A page says when it loses its connection to the server and when it has it again.

Each test starts its own Voilà server on a free loopback port and puts a small TCP proxy (in
this file: asyncio, in a thread) between Chromium and that server, so a test can cut every
connection the page has (and refuse new ones) as a dropped network does, and give them back.
Nothing is mocked: the page, its front end (static/uno-page.js), its kernel and the
KernelConnection's own reconnecting are the real ones.

* The connection cut: the page shows the lost notice (role="alert") within a few seconds; the
  connection back: it says "Connected again." once (role="status"), the notice goes, and the
  game's widgets still answer.
* The server stopped for good (its kernels die with it): the page says it has lost its game,
  with a Reload button, the next Tab stop.
* The server restarted (it no longer knows the page's kernel): the same at once, and Reload
  gives a page that works.
* In Dutch (``?lang=nl``): the words are the page's words for that language (``page_words``;
  English until the catalogs are translated), never other words.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from contextlib import suppress

import pytest

from uno_lessons.voila.words import page_words

from .a11y import assert_no_axe_violations
from .conftest import (
    NOTEBOOKS,
    PAGE_TIMEOUT_MS,
    REPO,
    free_port,
    leave,
    notebook_url,
    stop,
    voila_env,
    wait_http,
)
from .helpers import STATUS, TIMEOUT, play_one_human_turn, status, wait_for_human_or_end

pytestmark = pytest.mark.browser

#: The front end's limits (src/connection.js): the notice after 1.5 s without a connection;
#: the page gives its game up after 30 s without an answer from the server, asking every 3 s.
LOST_WITHIN_MS = 10_000
#: The KernelConnection asks the server again 10-30 s after a failed attempt, then reconnects.
BACK_WITHIN_MS = 60_000
GONE_WITHIN_MS = 60_000
#: After the server has restarted, the page learns its kernel is gone within one 3 s probe.
GONE_AT_ONCE_MS = 15_000

BANNER = "#uno-connection"

#: Records every sentence the notice's live regions say, in order, for the whole page.
RECORD_JS = """(() => {
  window.__said = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('#uno-connection [role=alert], #uno-connection [role=status]')) {
      const text = el.textContent;
      if (text && el.__last !== text) window.__said.push([el.getAttribute('role'), text]);
      el.__last = text;
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})()"""


class Proxy:
    """A TCP proxy on ``127.0.0.1:port`` in front of ``127.0.0.1:target``, run by its own
    asyncio loop in a thread. ``cut()`` aborts every connection through it and stops
    listening (new connections are refused); ``restore()`` listens on the same port again."""

    def __init__(self, target: int):
        self.target = target
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server: asyncio.Server | None = None
        self.transports: set[asyncio.BaseTransport] = set()
        self.restore()

    def _run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=10)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.transport.abort()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:  # the server is gone: close the browser's connection, as a dead host would
            writer.transport.abort()
            return
        pair = {writer.transport, up_writer.transport}
        self.transports |= pair
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            self.transports -= pair

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", self.port, reuse_address=True)

    async def _cut(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        for transport in list(self.transports):
            transport.abort()
        self.transports.clear()

    def restore(self) -> None:
        self._run(self._listen())

    def cut(self) -> None:
        self._run(self._cut())

    def close(self) -> None:
        with suppress(Exception):
            self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        self.loop.close()


class Server:
    """A Voilà server over notebooks/ (voila.json as shipped, kernels started per page) on a
    free loopback port, which a test can stop and start again on the same port."""

    def __init__(self, log_dir):
        self.port = free_port()
        self.log_dir = log_dir
        self.runs = 0
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        self.runs += 1
        log = self.log_dir / f"voila-{self.runs}.log"
        with open(log, "w") as fh:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "voila", str(NOTEBOOKS), "--no-browser", f"--port={self.port}",
                 "--Voila.ip=127.0.0.1", "--port_retries=0", "--VoilaConfiguration.preheat_kernel=False"],
                cwd=REPO, env=voila_env(), stdout=fh, stderr=subprocess.STDOUT)
        try:
            wait_http(self.port, "/api/kernels", self.proc)
        except (RuntimeError, TimeoutError) as exc:
            stop(self.proc)
            raise RuntimeError(f"{exc}\n--- Voilà log ---\n{log.read_text()[-4000:]}") from exc

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            stop(self.proc)


@pytest.fixture
def served(tmp_path):
    """A Voilà server and a proxy in front of it: ``(server, proxy, base URL through the proxy)``."""
    server = Server(tmp_path)
    proxy = Proxy(server.port)
    try:
        yield server, proxy, f"http://127.0.0.1:{proxy.port}/"
    finally:
        proxy.close()
        server.stop()


@pytest.fixture
def open_page(browser):
    """``open_page(url)``: a page in its own browser context, widgets ready; closed at the end."""
    contexts = []

    def _open(url: str):
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.add_init_script(RECORD_JS)
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("body[data-uno-widgets=ready]", state="attached")
        page.wait_for_selector(".uno-card-btn", state="visible")
        page.wait_for_selector(STATUS)
        return page

    yield _open
    for ctx in contexts:
        leave(ctx)


def dashboard_words(lang: str) -> dict[str, str]:
    """The dashboard page's words for ``lang``, as the page's template gets them."""
    nb = json.loads((NOTEBOOKS / "dashboard.ipynb").read_text(encoding="utf-8"))
    return page_words(nb)["words"][lang]


def notice(page) -> dict:
    """What the connection notice shows now (None where there is none)."""
    return page.evaluate("""() => {
      const b = document.getElementById('uno-connection');
      if (!b) return null;
      const reload = b.querySelector('button');
      const box = b.getBoundingClientRect();
      return { state: b.dataset.state, lang: b.lang, text: b.innerText,
               alert: b.querySelector('[role=alert]').textContent,
               status: b.querySelector('[role=status]').textContent,
               icon: b.querySelector('.uno-connection-icon svg') ? b.querySelector('.uno-connection-icon').dataset.icon : null,
               reload: reload && !reload.hidden ? reload.textContent : null,
               top: box.top, height: box.height, first: document.body.firstElementChild === b };
    }""")


def wait_state(page, state: str, timeout: float) -> dict:
    page.wait_for_function(
        "s => { const b = document.getElementById('uno-connection');"
        " const r = b && b.querySelector(s === 'back' ? '[role=status]' : '[role=alert]');"
        " return b && b.dataset.state === s && r.textContent !== ''; }",
        arg=state, timeout=timeout)
    return notice(page)


def keep_focus(page) -> None:
    """Put the focus on a button of the game that stays (the hand's cards come and go) and
    remember it (see ``focus_kept``)."""
    page.locator(".uno-settings-toggle").focus()
    page.evaluate("() => { window.__focused = document.activeElement; }")


def focus_kept(page) -> bool:
    return page.evaluate("() => document.activeElement === window.__focused"
                         " && document.activeElement !== document.body")


def assert_nothing_from_the_server(shown: dict) -> None:
    """The notice shows its sentences only: no traceback, no path, no error text."""
    for bad in ("Traceback", "Error", str(REPO), "/api/", "kernel"):
        assert bad not in shown["text"], (bad, shown)


def cut_and_restore(page, proxy, words: dict[str, str], lang: str) -> None:
    """Cut the proxy: the lost notice; restore it: "Connected again." once, then no notice."""
    keep_focus(page)
    proxy.cut()
    cut_at = time.monotonic()
    lost = wait_state(page, "lost", LOST_WITHIN_MS)
    assert time.monotonic() - cut_at < LOST_WITHIN_MS / 1000
    assert lost["alert"] == words["connection_lost"] and lost["status"] == ""
    assert lost["lang"] == lang and lost["icon"] == "lost" and lost["reload"] is None  # words and an icon
    assert lost["first"] and lost["top"] <= 1 and lost["height"] > 20, lost  # a banner at the top
    assert_nothing_from_the_server(lost)
    assert focus_kept(page), "the notice took the focus"
    assert_no_axe_violations(page, f"the page ({lang}) with its connection lost")

    proxy.restore()
    back = wait_state(page, "back", BACK_WITHIN_MS)
    assert back["status"] == words["connection_back"] and back["alert"] == ""
    assert back["icon"] == "back" and back["reload"] is None
    assert focus_kept(page), "the notice took the focus"
    assert_no_axe_violations(page, f"the page ({lang}) connected again")
    page.wait_for_selector(BANNER, state="detached", timeout=15_000)  # the notice goes by itself
    assert page.evaluate("window.__said") == [["alert", words["connection_lost"]],
                                              ["status", words["connection_back"]]]


def test_a_cut_connection_is_noticed_and_healed_and_a_stopped_server_asks_for_a_reload(served, open_page):
    server, proxy, base = served
    words = dashboard_words("en")
    page = open_page(notebook_url(base, "dashboard"))  # the one-screen game
    assert page.locator(BANNER).count() == 0  # a page that has its connection says nothing

    cut_and_restore(page, proxy, words, "en")
    # The widgets still talk to the kernel: a move by clicking changes the game.
    wait_for_human_or_end(page)
    events = status(page)["events"]
    play_one_human_turn(page, prefer_wild=False)
    assert status(page)["events"] != events

    # The server stops for good (SIGTERM: Voilà shuts its kernels down).
    wait_for_human_or_end(page)
    keep_focus(page)
    server.stop()
    wait_state(page, "lost", LOST_WITHIN_MS)
    gone = wait_state(page, "gone", GONE_WITHIN_MS)
    assert gone["alert"] == words["connection_gone"] and gone["status"] == ""
    assert gone["reload"] == words["reload"] and gone["icon"] == "gone"
    assert_nothing_from_the_server(gone)
    reload = page.get_by_role("button", name=words["reload"], exact=True)
    assert reload.is_visible()
    assert focus_kept(page), "the notice took the focus"
    page.keyboard.press("Tab")  # the Reload button is the next Tab stop
    assert page.evaluate("document.activeElement.classList.contains('uno-connection-reload')")
    assert_no_axe_violations(page, "the page whose server stopped")
    said = page.evaluate("window.__said")
    assert said[-2:] == [["alert", words["connection_lost"]], ["alert", words["connection_gone"]]]
    assert page.errors == []


def test_in_dutch_the_notice_has_the_dutch_page_words_and_a_restarted_server_asks_for_a_reload(
        served, open_page):
    server, proxy, base = served
    words = dashboard_words("nl")
    assert words != dashboard_words("sr")  # the page's words for Dutch, not any language's
    page = open_page(notebook_url(base, "dashboard") + "?lang=nl")
    assert page.evaluate("document.documentElement.lang") == "nl"

    cut_and_restore(page, proxy, words, "nl")

    # The server restarts: the new one does not know this page's kernel (404), and the page
    # says so as soon as it hears it, well before it would give up waiting.
    server.stop()
    server.start()
    started = time.monotonic()
    gone = wait_state(page, "gone", GONE_AT_ONCE_MS)
    assert time.monotonic() - started < GONE_AT_ONCE_MS / 1000
    assert gone["alert"] == words["connection_gone"] and gone["reload"] == words["reload"]
    assert gone["lang"] == "nl"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('uno-connection-reload')")
    page.keyboard.press("Enter")  # Reload: a new page, with a kernel of the new server
    page.wait_for_selector("body[data-uno-widgets=ready]", state="attached", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_selector(".uno-card-btn", state="visible", timeout=TIMEOUT)
    assert page.locator(BANNER).count() == 0
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.errors == []
