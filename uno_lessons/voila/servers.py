"""The private Voilà servers and what they are started with, for ``uno-lessons serve``
(:mod:`uno_lessons.cli.serve`) and the hub service (:mod:`uno_lessons.hub.service`) alike.

Each server is Voilà on a Unix socket in a folder only this user may enter
(:mod:`.private`), run with the package's own ``voila.json`` from the folder that holds it
(:func:`~.shipped.voila_config_dir`); :mod:`.front` answers browsers for it. Here: the
options a teacher or the hub gives (:class:`ServeOptions`), the servers' environment and
command lines, starting one, waiting until it listens, and stopping them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from . import network, shipped
from .pages import Limits
from .private import SOCKET_ENV


@dataclass
class ServeOptions:
    """What ``uno-lessons serve`` was asked for."""

    port: int = 8866
    lessons_port: int | None = None  # None: the port after ``port``; 0: no lessons server
    class_size: int | None = None
    lang: str | None = None
    store: str | None = None
    host: str | None = None
    network: bool = False
    public_url: str | None = None
    extra: list[str] = field(default_factory=list)
    pages_per_user: int = 8  # open pages per browser (hub: per hub user)
    max_pages: int | None = None  # open pages in all; None: sized from the machine's memory

    @property
    def listen(self) -> str:
        """The address the servers listen on."""
        return network.listen_address(self.host, self.network)


def server_env(opts: ServeOptions, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of both servers and so of every page kernel."""
    env = dict(os.environ if base is None else base)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernels are not debugged here
    if opts.lang:
        env["UNO_LESSONS_LANG"] = opts.lang
    if opts.store:
        env["UNO_LESSONS_STORE"] = opts.store
    if opts.class_size:
        # A class opens table pages (?table=...): its preheated kernels build no one-screen
        # game first (closing one again costs the server a message per widget, every page).
        env["UNO_LESSONS_SPARE"] = "0"
    if opts.public_url:
        env[network.PUBLIC_ENV] = opts.public_url
    host = network.learners_host(opts.listen)
    if host is not None:
        env[network.NETWORK_ENV] = f"http://{host}:{opts.port}/"
    else:
        env.pop(network.NETWORK_ENV, None)
    return env


#: Pages a teacher has open beside the class: their own page of the table, two more tabs
#: (another table, the class overview) and the projector's (issue 39 counted three tabs).
TEACHER_PAGES = 4


def class_pool(class_size: int) -> int:
    """Kernels to preheat for a class: one per learner, the teacher's pages
    (:data:`TEACHER_PAGES`) and a tenth more (at least 2) for pages reloaded as the class
    arrives (a reload takes a new kernel; its old one is shut down). The pool is refilled
    as it is used (:mod:`.pool`), so later reloads find a kernel too."""
    return class_size + TEACHER_PAGES + max(2, class_size // 10)


def voila_base(target: str) -> list[str]:
    """Voilà for ``target`` on its private Unix socket (named by the environment)."""
    return [sys.executable, "-m", "uno_lessons.voila.private", target, "--no-browser", "--Voila.log_level=WARN"]


def with_extra(command: list[str], extra: Sequence[str]) -> list[str]:
    """``command`` with the teacher's own Voilà options (``-- --Voila.log_level=INFO``) added,
    each in place of ours of the same name (traitlets refuses an option given twice)."""
    names = {a.split("=", 1)[0] for a in extra if a.startswith("--")}
    return [a for a in command if a.split("=", 1)[0] not in names] + list(extra)


def dashboard_command(opts: ServeOptions) -> list[str]:
    """Voilà for ``dashboard.ipynb`` (on its private socket: :func:`voila_env`)."""
    notebook = shipped.folder("notebooks") / "dashboard.ipynb"
    pools: list[str] = []
    if opts.class_size:
        # A class arriving at once takes its kernels from a preheated pool of its size with
        # the teacher's pages (each preheated kernel holds about 65 MB: README, "Play as a
        # class"). A used kernel is replaced at once, one start at a time (.pool), so that
        # the pool is full again before the next pages come; pages beyond it wait, and say
        # so (.waiting). Refills once waited 5 minutes, and a page beyond the pool waited
        # for one, blank (issue 39).
        pools = [f"--VoilaKernelManager.kernel_pools_config="
                 f"{json.dumps({'dashboard.ipynb': {'pool_size': class_pool(opts.class_size)}})}",
                 "--VoilaKernelManager.fill_delay=0"]
    return with_extra([*voila_base(str(notebook)), *pools], opts.extra)


def lessons_command(opts: ServeOptions) -> list[str]:
    """Voilà over the notebooks folder (every lesson, every language); the dashboard is
    served by the other server, so its pool here is empty."""
    config = json.loads((shipped.voila_config_dir() / "voila.json").read_text())
    pools = dict(config["VoilaKernelManager"]["kernel_pools_config"])
    pools["dashboard.ipynb"] = {"pool_size": 0}
    return with_extra([*voila_base(str(shipped.folder("notebooks"))),
                       "--VoilaConfiguration.classic_tree=True",  # a plain list of links, drawn by the server
                       f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"], opts.extra)


#: Set once the servers are being stopped: what they print while their kernels go down
#: (a kernel interrupted mid-cell, a closed socket) is nothing a teacher can act on.
stopping = threading.Event()


def wait_ready(path: str | os.PathLike[str], procs: Sequence[subprocess.Popen], timeout: float = 60.0) -> bool:
    """True once a private server listens on the Unix socket ``path`` (a bare connection: no
    request that would start a kernel or be logged); False if one of ``procs`` exits first."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if any(p.poll() is not None for p in procs):
            return False
        try:
            with socket.socket(socket.AF_UNIX) as conn:
                conn.settimeout(2)
                conn.connect(str(path))
                return True
        except OSError:
            time.sleep(0.2)
    return False


def voila_env(env: dict[str, str], sock: Path) -> dict[str, str]:
    """``env`` for the private Voilà server on socket ``sock``."""
    return {**env, SOCKET_ENV: str(sock)}


def start_private(command: list[str], env: dict[str, str], sock: Path, **popen) -> subprocess.Popen:
    """Start a private Voilà server (``command``) on the socket ``sock``."""
    return subprocess.Popen(command, cwd=shipped.voila_config_dir(), env=voila_env(env, sock), **popen)


def limits(opts: ServeOptions) -> Limits:
    """The front's page limits for ``opts``."""
    return Limits(per_user=opts.pages_per_user) if opts.max_pages is None else \
        Limits(per_user=opts.pages_per_user, total=opts.max_pages)


def stop_servers(procs: Iterable[subprocess.Popen]) -> None:
    """SIGTERM each server (it shuts its kernels down), then wait; SIGKILL a stuck one."""
    stopping.set()
    procs = list(procs)
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
def remove_folder(folder: Path) -> None:
    """Remove the servers' private folder (its sockets; Voilà removes its own files)."""
    shutil.rmtree(folder, ignore_errors=True)
