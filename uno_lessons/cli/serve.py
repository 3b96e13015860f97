"""``uno-lessons serve``: the dashboard and the lessons, each on its own Voilà server.

The dashboard (``dashboard.ipynb``: the one-screen game and every class-table page) is
served at ``--port``, the lessons (every language) as a list at the next port. Both run
with the project's own ``voila.json`` (template, pools, fork server, culler, words) from
wherever the command is started: Voilà reads the working directory's ``voila.json``, so it
runs in the folder that holds it (:func:`~.shipped.voila_config_dir`).

The terminal says what a teacher needs (the address learners type, the class size, where
tables are kept) and hides what they cannot act on: Voilà's information lines, "Notebook …
is not trusted" (the notebooks are the package's own), the debugger's frozen-modules note
and "Kernel is running over TCP without encryption" (the kernels listen on this machine's
loopback only). Errors still show.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..i18n import LANGUAGES, _, use_language
from . import network, shipped

#: Lines of the servers' output a teacher cannot act on (see the module's docstring).
NOISE = [re.compile(p) for p in (
    r"Notebook .* is not trusted",
    r"Kernel is running over TCP without encryption",
    r"^\s*\d+\.\d+s - ",  # debugpy's frozen-modules note, one line per part
    r"Debugger warning: It seems that frozen modules",
    r"PYDEVD_DISABLE_FILE_VALIDATION",
    r"DeprecationWarning: --kernel_pools_config",  # traitlets on a dict option's form
    r"\[Comm\] WARNING \| No such comm",  # a message from a page that was just closed
    r"^\s*warn\($",
    r"^\s*$",
)]


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

    @property
    def listen(self) -> str:
        """The address the servers listen on."""
        return network.listen_address(self.host, self.network)


def noise(line: str) -> bool:
    """Whether a line of a server's output is one a teacher cannot act on."""
    return any(p.search(line) for p in NOISE)


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


def class_pool(class_size: int) -> int:
    """Kernels to preheat for a class: one per learner and a few more, since a page that is
    reloaded (a kernel that died, a learner who closed the tab) needs a fresh one, and the
    pool is refilled only after 5 minutes (the class soak measured that wait)."""
    return class_size + max(2, class_size // 10)


def dashboard_command(opts: ServeOptions) -> list[str]:
    """Voilà for ``dashboard.ipynb`` at ``opts.port``."""
    notebook = shipped.folder("notebooks") / "dashboard.ipynb"
    pools: list[str] = []
    if opts.class_size:
        # A class arriving at once takes its kernels from a preheated pool of the class's
        # size; refills wait 5 minutes, so new kernels do not compete with the pages being
        # served (each preheated kernel holds about 65 MB: README, "Play as a class").
        pools = [f"--VoilaKernelManager.kernel_pools_config="
                 f"{json.dumps({'dashboard.ipynb': {'pool_size': class_pool(opts.class_size)}})}",
                 "--VoilaKernelManager.fill_delay=300"]
    return [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={opts.port}",
            f"--Voila.ip={opts.listen}", "--Voila.log_level=WARN", *pools, *opts.extra]


def lessons_command(opts: ServeOptions, port: int) -> list[str]:
    """Voilà over the notebooks folder (every lesson, every language) at ``port``; the
    dashboard is served by the other server, so its pool here is empty."""
    config = json.loads((shipped.voila_config_dir() / "voila.json").read_text())
    pools = dict(config["VoilaKernelManager"]["kernel_pools_config"])
    pools["dashboard.ipynb"] = {"pool_size": 0}
    return [sys.executable, "-m", "voila", str(shipped.folder("notebooks")), "--no-browser", f"--port={port}",
            f"--Voila.ip={opts.listen}", "--Voila.log_level=WARN",
            "--VoilaConfiguration.classic_tree=True",  # a plain list of links, drawn by the server
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}", *opts.extra]


def _language_name(code: str | None) -> str:
    return LANGUAGES.get(code or "", "")


def banner(opts: ServeOptions, store_place: str) -> list[str]:
    """What the terminal says at start, in the server's language."""
    lessons = opts.lessons_port if opts.lessons_port is not None else opts.port + 1
    here = f"http://127.0.0.1:{opts.port}/" if opts.listen in ("0.0.0.0", "127.0.0.1", "") else \
        f"http://{opts.listen}:{opts.port}/"
    learners = network.learners_host(opts.listen)
    lines = [_("UNO lessons is running. Ctrl+C stops it.")]
    lines.append(_("Teacher, on this computer: {url}", url=here))
    if opts.public_url:
        lines.append(_("Learners type: {url}", url=opts.public_url))
    elif learners is not None:
        address = f"http://{learners}:{opts.port}/"
        lines.append(_("Learners type: {url}", url=address))
    else:
        lines.append(_("Only this computer can open these pages. To let learners join from "
                       "their own devices, start with --network."))
    if lessons:
        address = f"http://{learners or opts.listen}:{lessons}/"
        lines.append(_("Lessons: {url}", url=address))
    if opts.class_size:
        lines.append(_("Ready for a class of {n}: that many pages open at once without waiting.",
                       n=opts.class_size))
    if opts.lang:
        lines.append(_("Language of the pages: {language}", language=_language_name(opts.lang)))
    lines.append(_("Class tables are kept in {place}; a table nobody has played at for {days} days "
                   "is removed.", place=store_place, days=_keep_days()))
    return lines


def _keep_days() -> str:
    from ..table.store import keep_seconds

    return format(keep_seconds() / 86400, "g")


def store_place(opts: ServeOptions) -> str:
    """Where class tables are kept, as the teacher should read it (no password)."""
    from urllib.parse import urlsplit

    from ..table.store import STORE_ENV, default_folder

    url = opts.store or os.environ.get(STORE_ENV, "")
    if not url:
        return str(default_folder() / "tables.db")
    parts = urlsplit(url)
    if parts.password:
        url = url.replace(f":{parts.password}@", ":…@")
    return url


def store_problem(opts: ServeOptions) -> str | None:
    """Why the store the pages would open cannot work here, as a sentence for the terminal;
    None when nothing stands in the way that is known before a page opens it. A Redis store
    needs the ``redis`` extra: without it every class page would fail, so serving stops."""
    from ..table.store import STORE_ENV

    url = opts.store or os.environ.get(STORE_ENV, "")
    if not url.startswith(("redis://", "rediss://", "unix://")):  # open_store's Redis addresses
        return None
    from ..table.config import TableError
    from ..table.redis import client_library

    try:
        client_library()
    except TableError as exc:
        return str(exc)
    return None


#: Set once the servers are being stopped: what they print while their kernels go down
#: (a kernel interrupted mid-cell, a closed socket) is nothing a teacher can act on.
_stopping = threading.Event()


#: A closed tab: the server's write to its websocket fails, and asyncio prints the whole
#: traceback of that unwaited task. Such a block is dropped; any other one is shown.
_CLOSED_PAGE = ("WebSocketClosedError", "StreamClosedError")
_BLOCK_START = "Task exception was never retrieved"


def quiet_lines(lines: Iterable[str]) -> Iterable[str]:
    """The lines of a server's output a teacher should see: without :func:`noise`, and
    without the traceback blocks of pages that were closed (a block runs from
    "Task exception was never retrieved" to the next log line, at most 60 lines)."""
    block: list[str] = []
    for line in lines:
        if block and (line.startswith(("[", _BLOCK_START)) or len(block) >= 60):
            if not any(word in text for text in block for word in _CLOSED_PAGE):
                yield from block
            block = []
        if line.startswith(_BLOCK_START):
            block = [line]
        elif block:
            block.append(line)
        elif not noise(line):
            yield line
    if block and not any(word in text for text in block for word in _CLOSED_PAGE):
        yield from block


def _pump(stream, out) -> None:
    for line in quiet_lines(iter(stream.readline, "")):
        if not _stopping.is_set():
            out.write(line)
            out.flush()


def _wait_ready(port: int, host: str, procs: Sequence[subprocess.Popen], timeout: float = 60.0) -> bool:
    """True once the server listens at ``port`` (a bare connection: no request that would
    start a kernel or be logged)."""
    target = "127.0.0.1" if host in ("0.0.0.0", "") else host
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if any(p.poll() is not None for p in procs):
            return False
        try:
            with socket.create_connection((target, port), timeout=2):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def serve(opts: ServeOptions, out=sys.stdout) -> int:
    """Run both servers until Ctrl+C (or one of them stops); returns the exit code."""
    with use_language(opts.lang):
        problem = store_problem(opts)
        lines = banner(opts, store_place(opts))
    if problem:
        out.write(problem + "\n")
        return 1
    env = server_env(opts)
    cwd = shipped.voila_config_dir()
    commands: list[list[str]] = [dashboard_command(opts)]
    lessons = opts.lessons_port if opts.lessons_port is not None else opts.port + 1
    if lessons:
        commands.append(lessons_command(opts, lessons))
    procs: list[subprocess.Popen] = []

    def stop_asked(_signum, _frame) -> None:
        raise KeyboardInterrupt  # SIGTERM (a service manager, `timeout`) stops as Ctrl+C does

    signal.signal(signal.SIGTERM, stop_asked)
    try:
        for command in commands:
            proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True, bufsize=1)
            threading.Thread(target=_pump, args=(proc.stdout, out), daemon=True).start()
            procs.append(proc)
        # The banner gives both addresses, so both servers must be listening first.
        ports = [opts.port] + ([lessons] if lessons else [])
        if not all(_wait_ready(port, opts.listen, procs) for port in ports):
            out.write(_("The server did not start; its messages are above.") + "\n")
            return 1
        out.write("\n".join(lines) + "\n")
        out.flush()
        while all(p.poll() is None for p in procs):
            time.sleep(0.5)
        code = next(p.returncode for p in procs if p.poll() is not None) or 0
        time.sleep(0.2)  # let its last words through: why it stopped
        return code
    except KeyboardInterrupt:
        return 0
    finally:
        _stop(procs)


def _stop(procs: Iterable[subprocess.Popen]) -> None:
    """SIGTERM each server (it shuts its kernels down), then wait; SIGKILL a stuck one."""
    _stopping.set()
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
