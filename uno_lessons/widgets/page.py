"""The page around a widget: its title, its URL query, where focus goes, what is announced.

ipywidgets cannot set the page title, read or rewrite the address bar, move keyboard focus
or speak through a live region; :class:`PageBridge` does these few things in the browser
(an ``anywidget``; its small ES module is a source of the front end, ``voila/frontend/src/
widgets/page-bridge.js``), so it works alike in JupyterLab and Voilà. Show one per page (``page_bridge()`` hands out the kernel's one instance) inside the
widget that needs it; the lesson widgets carry it themselves. Nothing here decides anything:
the kernel (the server) decides, the bridge only carries it out on the page.

In Voilà the bridge also gives the page its ``main`` landmark (Voilà's template has none): the
rendered cells become the main region, unless the page already has one.

The first bridge of a kernel also installs the traceback guard (:func:`install_traceback_guard`):
a widget callback that raises sends its traceback to the server's terminal, never to the
browser, and the page hears of it through :func:`on_callback_error` hooks instead.
"""

from __future__ import annotations

import logging
import os
import sys
import weakref
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import anywidget
import traitlets

from ..terminal import TERMINAL, log_traceback

#: The bridge's ES module: the front end's build of ``voila/frontend/src/widgets/page-bridge.js``
#: (anywidget reads it once per kernel and sends it with the widget's state).
_ESM = Path(__file__).with_name("static") / "page-bridge.js"


class PageBridge(anywidget.AnyWidget):
    """Sets the page title, reads and rewrites the URL query, moves focus and announces
    sentences through one persistent polite (and one assertive) live region."""

    _esm = _ESM
    #: The page's title (``document.title``).
    title = traitlets.Unicode("").tag(sync=True)
    #: The page's URL query without "?", as the browser reported it (then as last set).
    query = traitlets.Unicode("").tag(sync=True)
    #: The page's address without the query (origin and path), to build links to it.
    base = traitlets.Unicode("").tag(sync=True)
    #: ARIA attributes to keep on elements: {CSS selector: {attribute: value or None}}.
    aria = traitlets.Dict({}).tag(sync=True)
    #: On a Voilà lesson page, ``?lang=xx`` opens that lesson's translation (if there is one).
    follow_language = traitlets.Bool(True).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", {"width": "0px", "height": "0px", "overflow": "hidden"})
        super().__init__(**kwargs)
        install_traceback_guard()  # every page of the package makes a bridge: its kernel is guarded
        #: The last commands sent to the page, newest last (what a test or a teacher can read
        #: back without a browser: where focus was sent, what was announced).
        self.sent: deque[dict[str, Any]] = deque(maxlen=50)
        global _BRIDGE
        if _BRIDGE is None:
            _BRIDGE = self  # the first bridge of the kernel is the page's (see page_bridge)

    def close(self) -> None:
        """Close the widget; a closed bridge is no longer the page's (see page_bridge)."""
        global _BRIDGE
        if _BRIDGE is self:
            _BRIDGE = None
        super().close()

    def send(self, content: dict[str, Any], buffers: Any = None) -> None:
        """Send a command to the page (and remember it in :attr:`sent`)."""
        self.sent.append(dict(content))
        super().send(content, buffers)

    def focus(self, selector: str, *, only_from: str | None = None) -> None:
        """Move keyboard focus to the first visible element matching CSS ``selector``.

        With ``only_from`` (a CSS selector) focus moves only if it is inside an element
        matching it, or if it was lost (the element that had it was removed, hidden or
        disabled); ``only_from=""``: only if it was lost. So a redraw never pulls a reader
        away from where they are, and never leaves them on the page's body."""
        self.send({"cmd": "focus", "selector": selector, "only_from": only_from})

    def announce(self, text: str, *, assertive: bool = False) -> None:
        """Have screen readers say ``text`` once (assertive only for errors)."""
        self.send({"cmd": "announce", "text": str(text), "assertive": bool(assertive)})

    def set_query(self, params: dict[str, str] | str) -> None:
        """Rewrite the address bar's query (no reload), e.g. to keep a seat token in the URL."""
        query = params if isinstance(params, str) else urlencode(params)
        self.send({"cmd": "url", "query": query})
        self.query = query

    def last(self, cmd: str) -> dict[str, Any] | None:
        """The last command of kind ``cmd`` ("focus", "announce", "url") sent, or None."""
        return next((m for m in reversed(self.sent) if m.get("cmd") == cmd), None)

    def __repr__(self) -> str:
        # Shown where the widget cannot be drawn (a notebook opened before it ran): say so.
        return "Page helper (invisible): run this cell for the page's landmarks and screen-reader announcements."


_BRIDGE: PageBridge | None = None


# ---------------------------------------------------------------------------- tracebacks
# ipywidgets runs every widget callback (a click, a custom message, a state update from the
# page and the observers it fires) inside ``get_ipython().showtraceback()`` on failure, which
# sends the whole traceback, with the server's paths, to every browser of the kernel in an
# iopub ``error`` message, whatever Voilà's show_tracebacks says. The guard below keeps those
# tracebacks in the server's terminal.

#: The loggers whose records a crafted or stale message can trigger ("No such comm: …", an
#: exception in a comm handler, an asyncio callback) or that log a server's failures (the
#: table store's): kept off the browser as well.
_QUIET_LOGGERS = ("Comm", "ipykernel.comm", "asyncio", "uno_lessons", "uno_lessons.table")
_HOOKS: list[Callable[[], Callable[[BaseException], None] | None]] = []


def on_callback_error(hook: Callable[[BaseException], None]) -> None:
    """Call ``hook(exc)`` when a widget callback raised and the guard kept its traceback from
    the page: the page can then say something plain instead. A bound method is held weakly
    (a closed page's dashboard is not kept alive by its hook)."""
    ref = weakref.WeakMethod(hook) if hasattr(hook, "__self__") else (lambda: hook)
    _HOOKS[:] = [r for r in _HOOKS if r() is not None]  # pages gone since: forget their hooks
    _HOOKS.append(ref)


def remove_callback_error_hook(hook: Callable[[BaseException], None]) -> None:
    """Stop calling ``hook`` (a page part that was closed)."""
    _HOOKS[:] = [ref for ref in _HOOKS if ref() not in (None, hook)]


def callback_failed(exc: BaseException) -> None:
    """What the guard does with an exception from a widget callback: its traceback to the
    server's terminal, then the page's hooks (a failing hook is logged the same way)."""
    log_traceback(exc)
    _HOOKS[:] = [ref for ref in _HOOKS if ref() is not None]
    for ref in list(_HOOKS):
        hook = ref()
        if hook is None:
            continue
        try:
            hook(exc)
        except Exception as hook_exc:  # noqa: BLE001 - the last line of defence must not raise
            log_traceback(hook_exc, "a page's error hook")


def _running_a_cell(shell: Any) -> bool:
    """Whether the shell is running a cell someone asked for (an ``execute_request``): a
    person at JupyterLab then sees their own traceback as usual. A Voilà viewer cannot send
    one (only comm and kernel-info messages pass its websocket)."""
    header = getattr(shell, "parent_header", None) or {}
    header = header.get("header", header) if isinstance(header, dict) else {}
    return header.get("msg_type") == "execute_request"


def install_traceback_guard() -> bool:
    """Install, once per kernel, a ``showtraceback`` that keeps widget callbacks' tracebacks
    in the server's terminal and sends nothing to the front end (see :func:`callback_failed`);
    also route the comm and asyncio loggers there. False outside an IPython kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipykernel
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return False  # plain Python, or a terminal IPython: nothing is sent to a browser
    if getattr(shell.showtraceback, "uno_guard", False):
        return True
    original = shell.showtraceback

    def showtraceback(exc_tuple=None, *args: Any, **kwargs: Any) -> None:
        if _running_a_cell(shell):
            return original(exc_tuple, *args, **kwargs)
        _etype, value, _tb = exc_tuple or sys.exc_info()
        if value is None:
            return None
        callback_failed(value)
        return None

    showtraceback.uno_guard = True  # type: ignore[attr-defined]
    shell.showtraceback = showtraceback
    _quiet_loggers()
    return True


def _quiet_loggers() -> None:
    """Send :data:`_QUIET_LOGGERS` to the server's terminal: a handler that wrote to
    ``sys.stderr`` or ``sys.__stderr__`` (both reach the page in a kernel) writes there
    instead, and a logger without one gets one (Python's last-resort handler writes to
    ``sys.stderr``)."""
    for name in _QUIET_LOGGERS:
        log = logging.getLogger(name)
        own = [h for h in log.handlers if isinstance(h, logging.StreamHandler)
               and not isinstance(h, logging.FileHandler)]
        for h in own:
            if h.stream in (sys.stderr, sys.__stderr__):
                h.setStream(TERMINAL)
        if not own:
            handler = logging.StreamHandler(TERMINAL)
            handler.setFormatter(logging.Formatter("[%(name)s] %(levelname)s | %(message)s"))
            log.addHandler(handler)
        log.propagate = False


def page_bridge() -> PageBridge:
    """The kernel's one :class:`PageBridge`: the first one made in this kernel (by a dashboard,
    say), or a new one. One kernel serves one page in Voilà, so every widget shares it."""
    return _BRIDGE if _BRIDGE is not None else PageBridge()


def query_pending() -> bool:
    """True in a preheated Voilà kernel: its page has not been asked for yet, so
    :func:`page_query` will wait for the request."""

    return os.environ.get("VOILA_PREHEAT", "False") != "False" and bool(os.environ.get("VOILA_KERNEL_ID"))


def page_query(timeout: float | None = None) -> str:
    """This page's URL query ("table=K7QM3X&lang=nl"), or "" outside Voilà.

    A kernel Voilà started for the page has it in ``QUERY_STRING``. A preheated kernel
    started before the page was asked for: it waits here for Voilà to send the request (what
    ``voila.utils.get_query_string`` does, without importing Voilà and the whole Jupyter
    server into the kernel: that import alone costs about 3 s of CPU per kernel). It waits as
    long as the kernel waits in the pool (``timeout`` seconds at most, for tests): a kernel that
    gave up would show every later page as if its address had no query.
    """
    import json

    if not query_pending():
        return os.environ.get("QUERY_STRING", "")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    private = os.environ.get("UNO_LESSONS_VOILA_SOCKET")
    if private:  # the server listens only on its private Unix socket (uno_lessons.voila.private)
        from ..voila.private import route, use_unix_sockets

        use_unix_sockets()
        server = route(private).replace("http", "ws", 1)
    else:
        protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
        host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
        server = f"{protocol}://{host}:{os.environ.get('VOILA_APP_PORT', '8866')}"
    url = f"{server}{base}voila/query/{os.environ['VOILA_KERNEL_ID']}"
    info = _receive_once(url, timeout)
    if info:
        for key, value in json.loads(info).items():
            os.environ[key] = value
    return os.environ.get("QUERY_STRING", "")


def _receive_once(url: str, timeout: float | None) -> str | None:
    """The first message of a websocket, read in a thread of its own (the kernel's own event
    loop is busy running this cell)."""
    import asyncio
    import threading

    from tornado.websocket import websocket_connect

    box: list[str | None] = [None]

    async def receive() -> None:
        conn = await websocket_connect(url, connect_timeout=10)
        message = await asyncio.wait_for(conn.read_message(), timeout)
        box[0] = message.decode() if isinstance(message, bytes) else message  # a binary frame: its text
        conn.close()

    def run() -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(receive())
        except Exception:  # noqa: BLE001 - no request info: the page falls back to its defaults
            box[0] = None
        finally:
            loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join()
    return box[0]

