"""``uno-lessons hub-service`` (or ``python -m uno_lessons.hub``): the process JupyterHub
starts for the service ``uno`` (``c.JupyterHub.services``; :mod:`.config` writes it).

It runs the dashboard's Voilà server on this machine's loopback (a free port, under the
service's prefix) and listens at ``$JUPYTERHUB_SERVICE_URL`` itself: every request must
carry the hub's OAuth cookie of a signed-in user (a browser without one is sent to the
hub's sign-in; a websocket without one is refused), and is passed on to Voilà with the
user signed in the ``uno_hub`` parameter (:mod:`.identity`; one the browser sent is
dropped). The signing secret is made at start and given to the Voilà server alone; the
hub's own variables (its API token) are taken out of Voilà's environment, so no page
kernel holds them. The store's address comes from the service's environment
(``UNO_LESSONS_STORE``), which only this process and its Voilà server see.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from urllib.parse import parse_qsl, urlencode, urlsplit

from tornado import httpclient, httputil, web, websocket

from ..i18n import _
from .identity import PARAM, SECRET_ENV, HubUser, is_teacher, new_secret, sign

#: The hub group whose members are teachers (hub admins are teachers too).
TEACHERS_ENV = "UNO_LESSONS_TEACHERS"
TEACHERS_GROUP = "uno-teachers"
#: Request headers that belong to one connection, not to the request passed on.
_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailers",
        "transfer-encoding", "upgrade", "content-length"}


def voila_env(secret: str, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of the service's Voilà server and its page kernels: the service's,
    without the hub's variables (the service's API token stays in this process), with the
    signing secret."""
    env = {k: v for k, v in (os.environ if base is None else base).items() if not k.startswith(("JUPYTERHUB_", "JPY_"))}
    env[SECRET_ENV] = secret
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _user(handler: web.RequestHandler, group: str) -> HubUser:
    model = handler.current_user
    return HubUser(str(model["name"]), is_teacher(model, group))


def _upstream_query(query: str, user: HubUser | None, secret: str) -> str:
    """The query passed on: the browser's, without any ``uno_hub`` of its own, with the
    signed user."""
    pairs = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != PARAM]
    if user is not None:
        pairs.append((PARAM, sign(user, secret)))
    return urlencode(pairs)


def _same_origin(handler: web.RequestHandler) -> bool:
    origin = handler.request.headers.get("Origin")
    if origin is None:
        return handler.request.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")
    return urlsplit(origin).netloc == handler.request.host


# The hub's library has no type hints; mypy takes the mixin as Any.
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated  # noqa: E402


class PassOn(HubOAuthenticated, web.RequestHandler):
    """Every HTTP request of a signed-in user, passed on to the Voilà server."""

    def initialize(self, target: str, secret: str, group: str) -> None:
        self.target, self.secret, self.group = target, secret, group

    def check_xsrf_cookie(self) -> None:
        # The hub's cookie is accepted on a POST only from the service's own pages (the
        # Voilà server checks its own forms' token behind this).
        if not _same_origin(self):
            raise web.HTTPError(403)

    async def _pass_on(self) -> None:
        method = self.request.method or "GET"
        user = _user(self, self.group) if method == "GET" else None
        url = f"{self.target}{self.request.path}?{_upstream_query(self.request.query, user, self.secret)}"
        headers = httputil.HTTPHeaders()
        for name, value in self.request.headers.get_all():
            if name.lower() not in _HOP:
                headers.add(name, value)
        body = self.request.body if method in ("POST", "PUT", "PATCH") else None
        if body is None and method in ("POST", "PUT", "PATCH"):
            body = b""
        request = httpclient.HTTPRequest(url, method=method, headers=headers, body=body, follow_redirects=False,
                                         decompress_response=False, request_timeout=600,
                                         allow_nonstandard_methods=True)
        response = await httpclient.AsyncHTTPClient().fetch(request, raise_error=False)
        if response.code == 599:  # the Voilà server did not answer
            self.set_status(502)
            self.finish(_("The class tables are not available right now; try again in a minute."))
            return
        self.set_status(response.code, response.reason)
        self.clear_header("Content-Type")
        for name, value in response.headers.get_all():
            if name.lower() not in _HOP:
                self.add_header(name, value)
        if response.body and response.code not in (204, 304):
            self.write(response.body)
        self.finish()

    @web.authenticated
    async def get(self, *_args: str) -> None:
        await self._pass_on()

    # The same for every method (a POST without a signed-in user is refused, not redirected).
    post = put = patch = delete = get


class PassOnSocket(HubOAuthenticated, websocket.WebSocketHandler):
    """A page's websocket (its kernel's channels), for a signed-in user only."""

    def initialize(self, target: str, secret: str, group: str) -> None:
        self.target, self.secret = target.replace("http", "ws", 1), secret
        self.upstream: websocket.WebSocketClientConnection | None = None
        self._early: list[str | bytes] = []
        self._is_open = False

    def check_origin(self, origin: str) -> bool:
        return urlsplit(origin).netloc == self.request.host

    async def get(self, *args: str) -> None:
        if not self.current_user:
            raise web.HTTPError(403)
        headers = httputil.HTTPHeaders()
        for name in ("Cookie", "Origin", "Host", "User-Agent"):
            if name in self.request.headers:
                headers[name] = self.request.headers[name]
        url = f"{self.target}{self.request.path}?{_upstream_query(self.request.query, None, self.secret)}"
        try:
            self.upstream = await websocket.websocket_connect(
                httpclient.HTTPRequest(url, headers=headers, request_timeout=60),
                on_message_callback=self._from_upstream, max_message_size=64 * 1024 * 1024)
        except (OSError, httpclient.HTTPClientError, websocket.WebSocketError):
            raise web.HTTPError(502) from None
        await super().get(*args)

    def open(self, *_args: str) -> None:
        self._is_open = True
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
        if self.upstream is not None:
            self.upstream.close()


def application(prefix: str, target: str, secret: str, group: str) -> web.Application:
    """The service's web application under ``prefix``, passing requests on to ``target``."""
    args = {"target": target, "secret": secret, "group": group}
    sockets = r"(.*/channels|.*/voila/execution/.*|.*/voila/query/.*)"
    return web.Application([
        (f"{prefix}oauth_callback", HubOAuthCallbackHandler),
        (f"({prefix.rstrip('/')}{sockets})", PassOnSocket, args),
        (f"({prefix.rstrip('/')}(?:/.*)?)", PassOn, args),
    ], cookie_secret=os.environ.get("UNO_LESSONS_COOKIE_SECRET") or secrets.token_bytes(32),
        xsrf_cookies=False)


def parser() -> argparse.ArgumentParser:
    """The command line of ``uno-lessons hub-service``."""
    p = argparse.ArgumentParser(prog="uno-lessons hub-service",
                                description="The dashboard as a JupyterHub service (started by the hub).")
    p.add_argument("--teachers", default=os.environ.get(TEACHERS_ENV, TEACHERS_GROUP),
                   help="the hub group of the teachers (default: uno-teachers); hub admins are teachers too")
    p.add_argument("--class", dest="class_size", type=int, metavar="N", help="preheat N page kernels")
    p.add_argument("--lang", help="the pages' language (default: English)")
    p.add_argument("voila_args", nargs=argparse.REMAINDER, help="after --: more options for Voilà")
    return p


async def _run(args: argparse.Namespace) -> int:
    from ..cli import serve

    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/uno/")
    listen = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    secret = new_secret()
    port = _free_port()
    extra = [a for a in args.voila_args if a != "--"]
    opts = serve.ServeOptions(port=port, lessons_port=0, class_size=args.class_size, lang=args.lang,
                              host="127.0.0.1", extra=[f"--Voila.base_url={prefix}", *extra])
    problem = serve.store_problem(opts)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    env = serve.server_env(opts, voila_env(secret))
    voila = subprocess.Popen(serve.dashboard_command(opts), cwd=serve.shipped.voila_config_dir(), env=env)
    try:
        if not serve._wait_ready(port, "127.0.0.1", [voila], timeout=120):
            print(_("The server did not start; its messages are above."), file=sys.stderr)
            return 1
        app = application(prefix, f"http://127.0.0.1:{port}", secret, args.teachers)
        app.listen(listen.port or 80, listen.hostname or "127.0.0.1")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        while not stop.is_set() and voila.poll() is None:
            try:
                await asyncio.wait_for(stop.wait(), 1.0)
            except TimeoutError:
                pass
        return voila.returncode or 0
    finally:
        serve._stop([voila])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the service until the hub stops it; returns the exit code."""
    return asyncio.run(_run(parser().parse_args(argv)))
