"""The front: the one process that faces browsers, in front of a private Voilà server.

A Voilà server trusts whoever reaches it: any page's kernel is open to anyone who knows its
id (its channels, its query websocket, its shutdown), and on a shared machine every local
user reaches every TCP port on 127.0.0.1. So Voilà listens on a Unix socket only its own
user may open (:mod:`.private`), and this front passes each request on after it has decided:

* **who is asking**: a browser session (a random cookie the front sets on the first page) on a
  standalone server; the signed-in hub user behind the hub service (:mod:`uno_lessons.hub.service`
  subclasses the handlers);
* **whose kernel it is**: the front reads the kernel's id from the page it passes back and
  notes its owner; a kernel's channels, its ``api/kernels/<id>`` and its shutdown are passed
  on for that owner only; the query and execution websockets (the server's own), kernel
  listings, any other ``api/`` call and any other address naming a kernel's id are refused;
* **how many pages**: at most :attr:`Limits.per_user` kernels per owner (their oldest page
  with no open connection is closed to make room: a reload, a closed tab) and
  :attr:`Limits.total` in all, sized from the machine's memory (when it is reached, the pages
  nobody is connected to make room, the longest idle first); a refused page says so at once.
  On a standalone server an owner is a browser's cookie: a client that throws its cookie
  away is held by the total alone, and its pages, never connected, are the first to go.
  (:mod:`.pages` keeps that count.)
* **never a blank wait**: a page Voilà has not made within a second (no preheated kernel was
  free) is answered at once with a page that says it waits and its place in the queue, and
  the terminal says so (:mod:`.waiting`).
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
from collections.abc import Callable
from html import escape
from urllib.parse import parse_qsl, urlencode, urlsplit

from tornado import httpclient, httputil, iostream, web, websocket

from ..i18n import _, use_language
from . import waiting
from .pages import GRACE, Limits, Pages, total_for
from .pool import STATUS_PATH

__all__ = ["GRACE", "Front", "Limits", "Pages", "PassOn", "PassOnSocket", "application", "classify",
           "kernel_of_page", "routes", "signed_query", "total_for"]

#: A kernel's id as Voilà writes it.
UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
#: The page's own configuration (the script the page's front end reads its kernel's id from);
#: only there, never in the page's contents, which may quote anything a learner typed.
_PAGE_CONFIG = re.compile(rb'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
_KERNEL_IN_PAGE = re.compile(rb'"kernelId":\s*"(' + UUID.encode() + rb')"')
_ANY_KERNEL = re.compile(UUID)
#: The cookie that names a browser's session on a standalone server.
SESSION_COOKIE = "uno-session"
#: Request headers that belong to one connection, not to the request passed on.
HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailers",
       "transfer-encoding", "upgrade", "content-length"}
#: Addresses (after the server's base URL) that serve files only: no kernel, no count.
FILES = ("voila/static/", "voila/templates/", "voila/api/themes/", "static/", "voila/files/", "favicon.ico")
def kernel_of_page(body: bytes) -> str | None:
    """The id of the kernel a page Voilà served is for, from the page's configuration script."""
    config = _PAGE_CONFIG.search(body)
    found = _KERNEL_IN_PAGE.search(config.group(1)) if config else None
    return found.group(1).decode() if found else None


def classify(path: str, method: str) -> tuple[str, str | None]:
    """What a request for ``path`` (after the server's base URL) is: ``("page", None)``
    (may start a kernel), ``("file", None)``, ``("kernel", id)`` (its model: GET only),
    ``("channels", id)``, ``("shutdown", id)``, or ``("refused", None)``."""
    if method not in ("GET", "HEAD", "POST"):
        return "refused", None
    m = re.fullmatch(rf"api/kernels/({UUID})(/channels)?", path)
    if m:
        if m.group(2):
            return ("channels", m.group(1)) if method == "GET" else ("refused", None)
        return ("kernel", m.group(1)) if method == "GET" else ("refused", None)
    m = re.fullmatch(rf"voila/api/shutdown/({UUID})", path)
    if m:
        return ("shutdown", m.group(1)) if method == "POST" else ("refused", None)
    # Anything else that names a kernel (the query and execution websockets are the server's
    # own), every other API, and any other POST: refused.
    if method == "POST" or _ANY_KERNEL.search(path) or path.startswith(("api/", "voila/api/", "voila/query",
                                                                          "voila/execution")):
        return "refused", None
    if path.startswith(FILES):
        return "file", None
    return "page", None


def refusal_text(reason: str, limits: Limits) -> str:
    """What a refused page says (``reason`` from :meth:`Pages.admit`)."""
    if reason == "user":
        return _("You have {count} pages of this server open already. Close one of them, then load "
                 "this page again.", count=limits.per_user)
    return _("This server is full right now: it cannot open another page. Wait a minute, then "
             "load this page again.")


class Front:
    """What the front's handlers share: where Voilà is, the prefix, the pages and how a
    refused page looks."""

    def __init__(self, upstream: str, prefix: str = "/", limits: Limits | None = None,
                 lang: str | None = None, say: Callable[[str], None] | None = None) -> None:
        self.upstream = upstream.rstrip("/")
        self.prefix = prefix if prefix.endswith("/") else prefix + "/"
        self.pages = Pages(limits)
        self.lang = lang
        self.queue = waiting.Queue()
        self.notices = waiting.Notices(say, lang)
        self.status: dict = {}  # the pool's, as last asked while pages waited (refresh_status)
        self._asked = -1.0

    def relative(self, path: str) -> str | None:
        """``path`` after the prefix; None outside it."""
        if path == self.prefix.rstrip("/"):
            return ""
        return path[len(self.prefix):] if path.startswith(self.prefix) else None

    async def close_kernels(self, kernels: list[str]) -> None:
        """Shut ``kernels`` down on the Voilà server (a page's own kernels, to make room)."""
        for kernel in kernels:
            await self.fetch(f"{self.prefix}api/kernels/{kernel}", "DELETE")

    async def fetch(self, path: str, method: str = "GET") -> int:
        """Call the Voilà server as the front itself (an XSRF pair of its own making: the
        socket is this user's alone); the status, 599 when it did not answer."""
        return (await self._call(path, method)).code

    async def _call(self, path: str, method: str = "GET") -> httpclient.HTTPResponse:
        xsrf = secrets.token_hex(16)
        request = httpclient.HTTPRequest(f"{self.upstream}{path}", method=method, request_timeout=30,
                                         headers={"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}"},
                                         allow_nonstandard_methods=True)
        return await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)

    async def pool_status(self) -> dict:
        """The Voilà server's preheated kernels (:mod:`.pool`); {} when it does not say."""
        response = await self._call(f"{self.prefix}{STATUS_PATH}")
        try:
            return json.loads(response.body or b"{}") if response.code == 200 else {}
        except ValueError:
            return {}

    def refresh_status(self) -> None:
        """Ask the pool how it is, in the background, at most once a second: for the terminal's
        words about waiting pages. Never awaited by a page: a busy Voilà server answers late."""
        now = time.monotonic()
        if now - self._asked < 1.0:
            return
        self._asked = now

        async def ask() -> None:
            self.status = await self.pool_status()

        asyncio.ensure_future(ask())

    def keep(self, ticket: waiting.Ticket) -> None:
        """Keep ``ticket``'s page for its waiting browser for :data:`~.waiting.KEEP` seconds;
        then, if no browser took it, close its kernel (the waiting tab was closed)."""
        def expire() -> None:
            answer = self.queue.take(ticket) if ticket in self.queue.tickets else None
            if answer is not None and answer.kernel is not None:
                self.pages.forget(answer.kernel)
                asyncio.ensure_future(self.close_kernels([answer.kernel]))

        asyncio.get_running_loop().call_later(waiting.KEEP, expire)

    async def prune(self) -> None:
        """Forget the kernels the Voilà server no longer has (culled, exited)."""
        for kernel in list(self.pages.kernels):
            if await self.fetch(f"{self.prefix}api/kernels/{kernel}") == 404:
                self.pages.forget(kernel)

    async def keep_pruning(self, every: float = 30.0) -> None:
        """:meth:`prune` for ever, every ``every`` seconds."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.prune()
            except Exception:  # noqa: BLE001 - the next round tries again
                pass


def same_origin(handler: web.RequestHandler) -> bool:
    """Whether a request comes from this server's own pages (its Origin, else its
    Sec-Fetch-Site, says so)."""
    origin = handler.request.headers.get("Origin")
    if origin is None:
        return handler.request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")
    return urlsplit(origin).netloc == handler.request.host


def session_of(handler: web.RequestHandler) -> str | None:
    """The browser session a request's cookie names (one the front made: 43 URL-safe
    characters), or None."""
    value = handler.get_cookie(SESSION_COOKIE)
    return value if value and re.fullmatch(r"[A-Za-z0-9_-]{43}", value) else None


class PassOn(web.RequestHandler):
    """Every HTTP request, checked (:func:`classify`, the owner, the limits) and passed on to
    the Voilà server. Subclasses say who is asking (:meth:`who`) and may add to the query
    passed on (:meth:`upstream_query`)."""

    front: Front

    def initialize(self, front: Front) -> None:
        self.front = front
        self._session: str | None = None

    # ------------------------------------------------------------------ who is asking
    def who(self) -> str | None:
        """The session this request belongs to: the browser's cookie (set on its first page)."""
        if self._session is None:
            self._session = session_of(self)
        return self._session

    def new_session(self) -> str:
        """A new browser session: its cookie is set on the page's answer."""
        self._session = secrets.token_urlsafe(32)
        self.set_cookie(SESSION_COOKIE, self._session, path=self.front.prefix, httponly=True, samesite="Lax")
        return self._session

    def upstream_query(self, query: str, kind: str) -> str:
        """The query passed on (standalone: the browser's as it is)."""
        return query

    # ------------------------------------------------------------------ the request
    async def get(self, *_args: str) -> None:
        """Every method comes here."""
        method = self.request.method or "GET"
        relative = self.front.relative(self.request.path)
        kind, kernel = classify(relative, method) if relative is not None else ("refused", None)
        if kind == "refused":
            raise web.HTTPError(403 if _ANY_KERNEL.search(self.request.path) else 404)
        if method == "POST" and not same_origin(self):
            raise web.HTTPError(403)  # the page's shutdown beacon comes from this server's own pages only
        who = self.who()
        if kernel is not None and not self.front.pages.owns(who, kernel):
            raise web.HTTPError(403)  # not their page: whatever the id, nothing passes
        if kind != "page":
            await self._pass_on(self.upstream_query(self.request.query, kind))
            if kind == "shutdown" and kernel is not None and self.get_status() < 300:
                self.front.pages.forget(kernel)
            return
        if who is None:
            who = self.new_session()
        queue = self.front.queue
        while True:
            # The same browser asking again for a page it was told waits (a reload, the waiting
            # page's own): its place and its kernel are kept, no second kernel is asked for.
            ticket = queue.find(who, self.request.uri or "")
            if ticket is None:
                refused, close = self.front.pages.admit(who)
                if refused:
                    self._refuse(refused)
                    return
                ticket = queue.add(who, self.request.uri or "")
                asyncio.ensure_future(self._ask(ticket, close, self.upstream_query(self.request.query, kind)))
            try:
                await asyncio.wait_for(asyncio.shield(ticket.ready.wait()), waiting.NOTICE)
            except TimeoutError:
                await self._wait(ticket)
                return
            answer = queue.take(ticket)
            if answer is not None:
                self._answer(answer)
                return
            # Another request of this browser took that page first (two reloads at once): this
            # one is a page of its own.

    post = head = get

    def _refuse(self, reason: str) -> None:
        lang = dict(parse_qsl(self.request.query)).get("lang") or self.front.lang
        try:
            with use_language(lang):
                text = refusal_text(reason, self.front.pages.limits)
        except ValueError:  # a language the package has no words for
            text = refusal_text(reason, self.front.pages.limits)
        self.set_status(429 if reason == "user" else 503)
        self.set_header("Retry-After", "60")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(f"<!doctype html><html lang='{escape(lang or 'en')}'><meta charset='utf-8'>"
                    f"<meta name='viewport' content='width=device-width'><title>UNO</title>"
                    f"<main><p role='alert' style='font-size:1.4rem;max-width:40rem;margin:2rem auto'>"
                    f"{escape(text)}</p></main></html>")

    async def _ask(self, ticket: waiting.Ticket, close: list[str], query: str) -> None:
        """Ask Voilà for ``ticket``'s page (once ``close``, its owner's pages making room,
        are shut down) and keep the answer for its browser."""
        answer = waiting.Answer(502, None, [], None, None)
        try:
            await self.front.close_kernels(close)
            answer = await self._upstream(query)
        finally:
            self.front.pages.served(ticket.owner, answer.kernel, ticket.page)
            self.front.queue.answered(ticket, answer)
            self.front.notices.update(self.front.queue, self.front.status)
            self.front.keep(ticket)

    async def _wait(self, ticket: waiting.Ticket) -> None:
        """Tell the browser at once that its page waits, and its place as the queue moves;
        then load the page (kept for this browser) again."""
        queue = self.front.queue
        place = queue.place(ticket)
        ticket.told = True
        self.front.refresh_status()
        self.front.notices.update(queue, self.front.status)
        lang = dict(parse_qsl(self.request.query)).get("lang") or self.front.lang
        text, _lang = waiting.page_text(lang, place)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        try:
            self.write(text)
            await self.flush()
            while not ticket.ready.is_set():
                try:
                    await asyncio.wait_for(asyncio.shield(ticket.ready.wait()), 1.0)
                except TimeoutError:
                    self.front.refresh_status()
                    self.front.notices.update(queue, self.front.status)
                now = queue.place(ticket)
                if now != place and not ticket.ready.is_set():
                    place = now
                    self.write(waiting.update_script(place))
                    await self.flush()
            self.finish(waiting.DONE_SCRIPT)
        except iostream.StreamClosedError:
            pass  # the tab was closed: the page is kept a while (Front.keep), then closed

    def _answer(self, answer: waiting.Answer) -> None:
        """Give the browser Voilà's answer."""
        if answer.code == 599:  # the Voilà server did not answer
            self.set_status(502)
            self.finish(_("The class tables are not available right now; try again in a minute."))
            return
        self.set_status(answer.code, answer.reason)
        self.clear_header("Content-Type")
        for name, value in answer.headers:
            self.add_header(name, value)
        if answer.body and answer.code not in (204, 304) and self.request.method != "HEAD":
            self.write(answer.body)
        self.finish()

    async def _upstream(self, query: str) -> waiting.Answer:
        """Voilà's answer to this request (passed on with ``query``)."""
        method = self.request.method or "GET"
        url = f"{self.front.upstream}{self.request.path}" + (f"?{query}" if query else "")
        headers = httputil.HTTPHeaders()
        for name, value in self.request.headers.get_all():
            if name.lower() not in HOP:
                headers.add(name, value)
        body = self.request.body if method == "POST" else None
        request = httpclient.HTTPRequest(url, method=method, headers=headers, body=body, follow_redirects=False,
                                         decompress_response=False, request_timeout=600)
        response = await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)
        kept = [(n, v) for n, v in response.headers.get_all() if n.lower() not in HOP]
        return waiting.Answer(response.code, response.reason, kept, response.body,
                              kernel_of_page(response.body or b"") if response.code == 200 else None)

    async def _pass_on(self, query: str) -> None:
        """Pass the request on and give the browser the answer."""
        self._answer(await self._upstream(query))


class PassOnSocket(websocket.WebSocketHandler):
    """A page's kernel channels, for the owner of that page only, from its own origin."""

    front: Front

    def initialize(self, front: Front) -> None:
        self.front = front
        self.upstream: websocket.WebSocketClientConnection | None = None
        self.kernel: str | None = None
        self._early: list[str | bytes] = []
        self._is_open = False

    def who(self) -> str | None:
        """The browser session (see :meth:`PassOn.who`)."""
        return session_of(self)

    def check_origin(self, origin: str) -> bool:
        return urlsplit(origin).netloc == self.request.host

    def upstream_query(self, query: str) -> str:
        """The query passed on (as the browser's)."""
        return query

    async def get(self, *args: str) -> None:
        # Refused before anything reaches the Voilà server: another site's page, another
        # address than a kernel's channels, or a kernel that is not this browser's.
        origin = self.request.headers.get("Origin")
        if origin is not None and not self.check_origin(origin):
            raise web.HTTPError(403)
        relative = self.front.relative(self.request.path)
        kind, kernel = classify(relative, "GET") if relative is not None else ("refused", None)
        if kind != "channels" or kernel is None or not self.front.pages.owns(self.who(), kernel):
            raise web.HTTPError(403)
        self.kernel = kernel
        headers = httputil.HTTPHeaders()
        for name in ("Cookie", "Origin", "Host", "User-Agent"):
            if name in self.request.headers:
                headers[name] = self.request.headers[name]
        query = self.upstream_query(self.request.query)
        url = f"{self.front.upstream.replace('http', 'ws', 1)}{self.request.path}" + (f"?{query}" if query else "")
        try:
            self.upstream = await websocket.websocket_connect(
                httpclient.HTTPRequest(url, headers=headers, request_timeout=60),
                on_message_callback=self._from_upstream, max_message_size=64 * 1024 * 1024)
        except (OSError, httpclient.HTTPClientError, websocket.WebSocketError):
            raise web.HTTPError(502) from None
        await super().get(*args)

    def open(self, *_args: str) -> None:
        # Small messages (a click, a widget update) go out at once, as Jupyter's own kernel
        # websocket sends them; with Nagle's algorithm each waited for the last one's ACK.
        self.set_nodelay(True)
        self._is_open = True
        if self.kernel:
            stale = self.front.pages.connected(self.kernel, +1)
            if stale:
                asyncio.ensure_future(self.front.close_kernels(stale))
        for message in self._early:
            self.write_message(message, binary=isinstance(message, bytes))
        self._early = []

    def _from_upstream(self, message: str | bytes | None) -> None:
        if message is None:
            self.close()
        elif not self._is_open:
            self._early.append(message)
        else:
            try:
                self.write_message(message, binary=isinstance(message, bytes))
            except websocket.WebSocketClosedError:
                pass

    def on_message(self, message: str | bytes) -> None:
        if self.upstream is not None:
            self.upstream.write_message(message, binary=isinstance(message, bytes))

    def on_close(self) -> None:
        if self.kernel and self._is_open:
            self.front.pages.connected(self.kernel, -1)
        if self.upstream is not None:
            self.upstream.close()


def routes(front: Front, pass_on: type[PassOn] = PassOn, socket: type[PassOnSocket] = PassOnSocket) -> list:
    """The front's routes under its prefix: kernels' channels to ``socket``, the rest to
    ``pass_on``."""
    base = re.escape(front.prefix.rstrip("/"))
    args = {"front": front}
    return [(rf"({base}/api/kernels/[^/]+/channels)", socket, args), (rf"({base}(?:/.*)?)", pass_on, args)]


def application(front: Front, **settings) -> web.Application:
    """A standalone server's front (browser sessions by cookie)."""
    return web.Application(routes(front), xsrf_cookies=False, uno_front=front, **settings)


def signed_query(query: str, drop: str, add: tuple[str, str] | None) -> str:
    """``query`` without the parameter ``drop`` (whatever a browser sent), with ``add``."""
    pairs = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != drop]
    if add is not None:
        pairs.append(add)
    return urlencode(pairs)
