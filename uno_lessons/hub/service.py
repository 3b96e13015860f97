"""``uno-lessons hub-service`` (or ``python -m uno_lessons.hub``): the process JupyterHub
starts for the service ``uno`` (``c.JupyterHub.services``; :mod:`.config` writes it).

It runs the dashboard's Voilà server on a Unix socket in a folder only the service's user may
enter (:mod:`uno_lessons.voila.private`; its kernels talk over ``ipc`` sockets there), and
listens at ``$JUPYTERHUB_SERVICE_URL`` itself, as the front (:mod:`uno_lessons.voila.front`)
whose browser identity is the hub user: every request must carry the hub's OAuth cookie of a
signed-in user (a browser without one is sent to the hub's sign-in; a websocket without one
is refused); a page's kernel is reachable by the hub user who opened it only; each user, and
everyone together, may have so many pages open. A page request is passed on with the user
signed in the ``uno_hub`` parameter (:mod:`.identity`; one the browser sent is dropped), good
for that one page. The signing secret is made at start and given to the Voilà server alone;
the hub's own variables (its API token) are taken out of Voilà's environment, so no page
kernel holds them. The store's address comes from the service's environment
(``UNO_LESSONS_STORE``), which only this process and its Voilà server see; nothing of the
service is on a command line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import sys
from collections.abc import Sequence
from urllib.parse import urlsplit

from tornado import web

from ..i18n import _
from ..table.address import store_problem
from ..voila import servers
from ..voila.front import Front, PassOn, PassOnSocket, routes, signed_query
from ..voila.identity import NONCES_ENV, PARAM, SECRET_ENV, HubUser, forget_used, is_teacher, new_secret, sign

#: The hub group whose members are teachers (hub admins are teachers too).
TEACHERS_ENV = "UNO_LESSONS_TEACHERS"
TEACHERS_GROUP = "uno-teachers"


def voila_env(secret: str, base: dict[str, str] | None = None, nonces: str | None = None) -> dict[str, str]:
    """The environment of the service's Voilà server and its page kernels: the service's,
    without the hub's variables (the service's API token stays in this process), with the
    signing secret (and the folder of used nonces)."""
    env = {k: v for k, v in (os.environ if base is None else base).items() if not k.startswith(("JUPYTERHUB_", "JPY_"))}
    env[SECRET_ENV] = secret
    if nonces:
        env[NONCES_ENV] = nonces
    return env


def _owner(handler: web.RequestHandler) -> str | None:
    """The owner of a hub page, for the front: the signed-in hub user."""
    model = handler.current_user
    return f"hub:{model['name']}" if model else None


def _user(handler: web.RequestHandler, group: str) -> HubUser:
    model = handler.current_user
    return HubUser(str(model["name"]), is_teacher(model, group))


def _upstream_query(query: str, user: HubUser | None, secret: str) -> str:
    """The query passed on: the browser's, without any ``uno_hub`` of its own, with the
    signed user (for a page)."""
    return signed_query(query, PARAM, (PARAM, sign(user, secret)) if user is not None else None)


# The hub's library has no type hints; mypy takes the mixin as Any.
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated  # noqa: E402


class HubPassOn(HubOAuthenticated, PassOn):
    """Every HTTP request of a signed-in hub user, checked by the front and passed on."""

    def initialize(self, front: Front, secret: str, group: str) -> None:  # type: ignore[override]
        PassOn.initialize(self, front)
        self.secret, self.group = secret, group

    def who(self) -> str | None:
        """The hub user (signed in with the hub's OAuth cookie)."""
        return _owner(self)

    def upstream_query(self, query: str, kind: str) -> str:
        return _upstream_query(query, _user(self, self.group) if kind == "page" else None, self.secret)

    @web.authenticated
    async def get(self, *args: str) -> None:  # type: ignore[override]
        await PassOn.get(self, *args)

    # The same for every method (a POST without a signed-in user is refused, not redirected).
    post = head = get  # type: ignore[assignment]


class HubPassOnSocket(HubOAuthenticated, PassOnSocket):
    """A page's kernel channels, for the signed-in hub user who opened the page only."""

    def initialize(self, front: Front, secret: str, group: str) -> None:  # type: ignore[override]
        PassOnSocket.initialize(self, front)

    def who(self) -> str | None:
        return _owner(self)

    async def get(self, *args: str) -> None:
        if not self.current_user:
            raise web.HTTPError(403)
        await PassOnSocket.get(self, *args)


def application(front: Front, secret: str, group: str) -> web.Application:
    """The service's web application under the front's prefix."""
    (sockets, sock_handler, _a), (pages, page_handler, _b) = routes(front)
    args = {"front": front, "secret": secret, "group": group}
    return web.Application([
        (f"{front.prefix}oauth_callback", HubOAuthCallbackHandler),
        (sockets, HubPassOnSocket, args),
        (pages, HubPassOn, args),
    ], cookie_secret=os.environ.get("UNO_LESSONS_COOKIE_SECRET") or secrets.token_bytes(32),
        xsrf_cookies=False, uno_front=front)


def parser() -> argparse.ArgumentParser:
    """The command line of ``uno-lessons hub-service``."""
    p = argparse.ArgumentParser(prog="uno-lessons hub-service",
                                description="The dashboard as a JupyterHub service (started by the hub).")
    p.add_argument("--teachers", default=os.environ.get(TEACHERS_ENV, TEACHERS_GROUP),
                   help="the hub group of the teachers (default: uno-teachers); hub admins are teachers too")
    p.add_argument("--class", dest="class_size", type=int, metavar="N", help="preheat N page kernels")
    p.add_argument("--lang", help="the pages' language (default: English)")
    p.add_argument("--pages-per-user", type=int, default=8, metavar="N",
                   help="pages one hub user may have open at once (default: 8)")
    p.add_argument("--max-pages", type=int, metavar="N",
                   help="pages open at once in all (default: from the machine's memory, 66 for 8 GB)")
    p.add_argument("voila_args", nargs=argparse.REMAINDER, help="after --: more options for Voilà")
    return p


async def _run(args: argparse.Namespace) -> int:
    from ..voila.private import private_folder, route, use_unix_sockets

    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/uno/")
    listen = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    secret = new_secret()
    os.umask(0o077)  # whatever the service and its kernels write is its user's alone
    folder = private_folder("uno-hub-")
    nonces = folder / "nonces"
    nonces.mkdir()
    sock = folder / "dashboard.sock"
    extra = [a for a in args.voila_args if a != "--"]
    opts = servers.ServeOptions(port=0, lessons_port=0, class_size=args.class_size, lang=args.lang,
                              host="127.0.0.1", extra=[f"--Voila.base_url={prefix}", *extra],
                              pages_per_user=args.pages_per_user, max_pages=args.max_pages)
    problem = store_problem(opts.store)
    if problem:
        print(problem, file=sys.stderr)
        return 1
    env = servers.server_env(opts, voila_env(secret, nonces=str(nonces)))
    voila = servers.start_private(servers.dashboard_command(opts), env, sock)
    try:
        if not await asyncio.to_thread(servers.wait_ready, sock, [voila], 120):
            print(_("The server did not start; its messages are above."), file=sys.stderr)
            return 1
        use_unix_sockets()
        limits = servers.limits(opts)
        front = Front(route(sock), prefix, limits, args.lang,
                      lambda line: print(line, file=sys.stderr, flush=True))  # the hub's log: pages waiting
        app = application(front, secret, args.teachers)
        app.listen(listen.port or 80, listen.hostname or "127.0.0.1")
        pruning = asyncio.ensure_future(front.keep_pruning())
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        rounds = 0
        while not stop.is_set() and voila.poll() is None:
            try:
                await asyncio.wait_for(stop.wait(), 1.0)
            except TimeoutError:
                rounds += 1
                if rounds % 60 == 0:  # the used nonces of stale identities, once a minute
                    forget_used(str(nonces))
        pruning.cancel()
        return voila.returncode or 0
    finally:
        servers.stop_servers([voila])
        servers.remove_folder(folder)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the service until the hub stops it; returns the exit code."""
    return asyncio.run(_run(parser().parse_args(argv)))
