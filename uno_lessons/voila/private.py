"""Voilà on a Unix socket in a private folder: a server only its own user can reach.

On a shared machine (a school's hub, where every learner has a terminal) any local user may
connect to any TCP port on 127.0.0.1, and Voilà's server has no sign-in of its own: whoever
reaches it may open any kernel's channels, read its query websocket or shut it down, knowing
only the kernel's id. So the servers of this package listen on a Unix socket in a folder of
mode 0700 (:func:`private_folder`), and the one process that faces browsers (the front,
:mod:`.front`) decides who may reach what and passes the request on. The page kernels
talk ZMQ over ``ipc`` sockets in Voilà's connection folder (also 0700; ``voila.json`` sets
``KernelManager.transport``), so no kernel port is open to other users either.

``python -m uno_lessons.voila.private NOTEBOOK [VOILA OPTIONS]`` runs Voilà as ``voila``
would, listening on the socket named by ``UNO_LESSONS_VOILA_SOCKET`` (the environment, not
the command line: ``ps`` shows every command line to every user). The other half is
:class:`UnixResolver`: tornado's HTTP and websocket clients reach such a server at the made-up
host :data:`HOST` (``http://uno-private/…``).
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

from tornado.netutil import DefaultExecutorResolver, Resolver

#: The environment variable that names the Unix socket a private Voilà listens on.
SOCKET_ENV = "UNO_LESSONS_VOILA_SOCKET"
#: The host name that :class:`UnixResolver` sends to a Unix socket.
HOST = "uno-private"


def private_folder(prefix: str = "uno-serve-") -> Path:
    """A new folder only this user may enter (0700): for the servers' sockets."""
    return Path(tempfile.mkdtemp(prefix=prefix))


class UnixResolver(Resolver):
    """Resolves :data:`HOST` to a Unix socket; every other host as tornado does.

    tornado's clients have no Unix-socket option, but they connect to whatever address
    family their resolver answers with. Install it once per process with
    :func:`use_unix_sockets`; ``uno-private:PORT`` picks the socket of :func:`route`
    number PORT, so one process can reach several servers."""

    sockets: dict[int, str] = {}

    def initialize(self, **_kwargs: Any) -> None:
        self.fallback = DefaultExecutorResolver()

    async def resolve(self, host: str, port: int, family: socket.AddressFamily = socket.AF_UNSPEC,
                      ) -> list[tuple[int, Any]]:
        if host == HOST:
            path = self.sockets.get(port)
            if path is None:
                raise OSError(f"no private server number {port}")
            return [(socket.AF_UNIX, path)]
        return await self.fallback.resolve(host, port, family)


def route(path: str | os.PathLike[str]) -> str:
    """The base URL (``http://uno-private:N``) that reaches the server on socket ``path``."""
    number = next((n for n, p in UnixResolver.sockets.items() if p == str(path)), 0)
    if not number:
        number = len(UnixResolver.sockets) + 1
        UnixResolver.sockets[number] = str(path)
    return f"http://{HOST}:{number}"


def use_unix_sockets() -> None:
    """Make :class:`UnixResolver` this process's resolver for tornado's clients."""
    Resolver.configure(UnixResolver)


def _voila_class():  # Voilà is imported only where it runs (not in the page kernels)
    import tornado.ioloop
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_unix_socket
    from voila.app import Voila

    class PrivateVoila(Voila):
        """Voilà listening on the Unix socket ``$UNO_LESSONS_VOILA_SOCKET`` (mode 0600, in a
        0700 folder), never on a TCP port."""

        def start(self) -> None:
            # The connection files and the kernels' ipc sockets go beside the socket, in the
            # folder only this user may enter (Voilà makes its own 0700 folder inside).
            self.connection_dir_root = str(Path(os.environ[SOCKET_ENV]).parent)
            super().start()

        def init_settings(self) -> Any:
            # Voilà's kernel manager with the pool refilled as it is used (.pool): Voilà makes
            # its class here, from a factory this swaps for the moment.
            import voila.app

            from .pool import refilling

            factory = voila.app.voila_kernel_manager_factory
            voila.app.voila_kernel_manager_factory = lambda *a, **k: refilling(factory(*a, **k))
            try:
                return super().init_settings()
            finally:
                voila.app.voila_kernel_manager_factory = factory

        def init_handlers(self) -> list:
            from jupyter_server.utils import url_path_join

            from .pool import STATUS_PATH, PoolHandler

            single = os.path.relpath(self.notebook_path, self.root_dir) if self.notebook_path else None
            return [(url_path_join(self.server_url, STATUS_PATH), PoolHandler,
                     {"kernel_manager": self.kernel_manager, "single": single}), *super().init_handlers()]

        def listen(self) -> None:
            path = os.environ[SOCKET_ENV]
            server = HTTPServer(self.app, max_buffer_size=64 * 1024 * 1024)
            server.add_socket(bind_unix_socket(path, mode=0o600))
            self.ioloop = tornado.ioloop.IOLoop.current()
            try:
                self.ioloop.start()
            except KeyboardInterrupt:
                self.log.info("Stopping...")
            finally:
                self.stop()

    return PrivateVoila


def main() -> None:
    """Run Voilà on the private socket (the arguments are Voilà's own)."""
    if not os.environ.get(SOCKET_ENV):
        sys.exit(f"{SOCKET_ENV} names no socket")
    _voila_class().launch_instance()


if __name__ == "__main__":
    main()
