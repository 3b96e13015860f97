"""``uno-lessons serve``: the dashboard and the lessons, each on its own Voilà server.

The dashboard (``dashboard.ipynb``: the one-screen game and every class-table page) is
served at ``--port``, the lessons (every language) as a list at the next port. Both run
with the project's own ``voila.json`` (template, pools, fork server, culler, words) from
wherever the command is started: Voilà reads the working directory's ``voila.json``, so it
runs in the folder that holds it (:func:`~.shipped.voila_config_dir`).

Neither Voilà server listens on a port: each has a Unix socket in a folder only this user
may enter (:mod:`uno_lessons.voila.private`), its kernels talk over ``ipc`` sockets there,
and this process answers browsers at the ports (:mod:`uno_lessons.voila.front`): it knows
which browser opened which page and passes a kernel's traffic on for that browser only, and
it caps the pages each browser and the machine may have open. Another user of the machine
can open a page like any learner, and nothing more.

The terminal says what a teacher needs (the address learners type, the class size, where
tables are kept) and hides what they cannot act on: Voilà's information lines, "Notebook …
is not trusted" (the notebooks are the package's own), the debugger's frozen-modules note
and "Kernel is running over TCP without encryption" (the kernels listen on this machine's
loopback only). Errors still show.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, _, ngettext, use_language
from ..table.address import store_problem
from ..voila import network
from ..voila.servers import (
    TEACHER_PAGES,
    ServeOptions,
    class_pool,
    dashboard_command,
    lessons_command,
    limits,
    remove_folder,
    server_env,
    start_private,
    stop_servers,
    stopping,
    wait_ready,
)

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


def noise(line: str) -> bool:
    """Whether a line of a server's output is one a teacher cannot act on."""
    return any(p.search(line) for p in NOISE)


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
        lines += class_lines(opts)
    if opts.lang:
        lines.append(_("Language of the pages: {language}", language=_language_name(opts.lang)))
    lines.append(_("Class tables are kept in {place}; a table nobody has played at for {days} days "
                   "is removed.", place=store_place, days=_keep_days()))
    return lines


def class_lines(opts: ServeOptions) -> list[str]:
    """What the terminal says at start about a class of ``opts.class_size``: the pages
    prepared for it, and whether the machine has room for them all (the "ready" line comes
    once they are: :func:`say_when_ready`)."""
    n = opts.class_size or 0
    pool = class_pool(n)
    lines = [ngettext("Preparing {pool} page for a class of {n}: one for each learner, {teacher} for the "
                      "teacher's tabs and the projector, {spare} for pages reloaded. This terminal says when it "
                      "is ready.",
                      "Preparing {pool} pages for a class of {n}: one for each learner, {teacher} for the "
                      "teacher's tabs and the projector, {spare} for pages reloaded. This terminal says when they "
                      "are ready.", pool, pool=pool, n=n, teacher=TEACHER_PAGES, spare=pool - n - TEACHER_PAGES)]
    total = limits(opts).total
    if total < pool:
        lines.append(ngettext("This computer has room for {total} page at once, fewer than the {pool} this class "
                              "needs: pages beyond it are refused.",
                              "This computer has room for {total} pages at once, fewer than the {pool} this class "
                              "needs: pages beyond {total} are refused.", total, total=total, pool=pool))
    return lines


async def say_when_ready(front: Any, opts: ServeOptions, out, every: float = 1.0) -> None:
    """Say "ready for a class" once the class's pages are all prepared (the pool is full)."""
    from ..voila.waiting import status_line

    while True:
        status = await front.pool_status()
        if status and not status.get("notebooks"):
            return  # no pool at all (preheating switched off with `-- …`): nothing will be ready
        ready, size = status_line(status)
        if size and ready >= size:
            break
        await asyncio.sleep(every)
    with use_language(opts.lang):
        line = ngettext("Ready for a class of {n}: {pool} page is prepared, and each one used is replaced at "
                        "once. A page that finds none free says it is waiting, and so does this terminal.",
                        "Ready for a class of {n}: {pool} pages are prepared, and each one used is replaced at "
                        "once. A page that finds none free says it is waiting, and so does this terminal.",
                        size, n=opts.class_size, pool=size)
    out.write(line + "\n")
    out.flush()


def _keep_days() -> str:
    from ..table.backend import keep_seconds

    return format(keep_seconds() / 86400, "g")


def store_place(opts: ServeOptions) -> str:
    """Where class tables are kept, as the teacher should read it (no password)."""
    from urllib.parse import urlsplit

    from ..table.backend import STORE_ENV, default_folder

    url = opts.store or os.environ.get(STORE_ENV, "")
    if not url:
        return str(default_folder() / "tables.db")
    parts = urlsplit(url)
    if parts.password:
        url = url.replace(f":{parts.password}@", ":…@")
    return url


def secure_store(opts: ServeOptions) -> list[str]:
    """Make the SQLite store (the default one or ``--store sqlite:///…``) the server's user's
    alone before any page opens it; the sentences to print (what was fixed, what is left to
    the teacher). OSError when it cannot be made safe: the server must not start then."""
    from ..table.backend import STORE_ENV, default_folder
    from ..table.sqlite import secure_store_file, sqlite_path

    url = opts.store or os.environ.get(STORE_ENV, "")
    if url and not url.startswith("sqlite://"):
        return []  # Redis keeps its own secrets (its password); memory:// keeps none
    return secure_store_file(sqlite_path(url) if url else default_folder() / "tables.db")


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
        if not stopping.is_set():
            out.write(line)
            out.flush()


async def run_fronts(fronts: Sequence[tuple[Any, int, str]], procs: Sequence[subprocess.Popen],
                     stop: asyncio.Event, ready: Callable[[Any], Awaitable[None]] | None = None) -> None:
    """Answer browsers with each ``(front application, port, address)`` until ``stop`` is
    set or a server in ``procs`` exits; ``ready`` (if any) runs beside, with the first front."""
    from ..voila.private import use_unix_sockets

    use_unix_sockets()
    servers = [app.listen(port, address) for app, port, address in fronts]
    pruning = [asyncio.ensure_future(app.settings["uno_front"].keep_pruning()) for app, _port, _address in fronts]
    if ready is not None and fronts:
        pruning.append(asyncio.ensure_future(ready(fronts[0][0].settings["uno_front"])))
    try:
        while not stop.is_set() and all(p.poll() is None for p in procs):
            try:
                await asyncio.wait_for(stop.wait(), 0.5)
            except TimeoutError:
                pass
    finally:
        for task in pruning:
            task.cancel()
        for server in servers:
            server.stop()


def serve(opts: ServeOptions, out=sys.stdout) -> int:
    """Run both servers and their fronts until Ctrl+C (or one of them stops); returns the
    exit code."""
    from ..voila.front import Front, application
    from ..voila.private import private_folder

    # What the servers write (the store, a kernel's files) is this user's alone.
    os.umask(0o077)
    with use_language(opts.lang):
        problem = store_problem(opts.store)
        lines = banner(opts, store_place(opts))
        try:
            said = secure_store(opts)
        except OSError as exc:
            problem = _("The class tables' file cannot be made private here: {reason}", reason=exc.strerror or exc)
    if problem:
        out.write(problem + "\n")
        return 1
    for line in said:
        out.write(line + "\n")
    env = server_env(opts)
    folder = private_folder()
    lessons = opts.lessons_port if opts.lessons_port is not None else opts.port + 1
    servers: list[tuple[list[str], Path, int]] = [(dashboard_command(opts), folder / "dashboard.sock", opts.port)]
    if lessons:
        servers.append((lessons_command(opts), folder / "lessons.sock", lessons))
    procs: list[subprocess.Popen] = []

    def stop_asked(_signum, _frame) -> None:
        raise KeyboardInterrupt  # SIGTERM (a service manager, `timeout`) stops as Ctrl+C does

    signal.signal(signal.SIGTERM, stop_asked)
    try:
        for command, sock, _port in servers:
            proc = start_private(command, env, sock, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                 text=True, bufsize=1)
            threading.Thread(target=_pump, args=(proc.stdout, out), daemon=True).start()
            procs.append(proc)
        # The banner gives both addresses, so both servers must be listening first.
        if not all(wait_ready(sock, procs) for _command, sock, _port in servers):
            out.write(_("The server did not start; its messages are above.") + "\n")
            return 1
        from ..voila.private import route

        def say(line: str) -> None:  # the fronts' words about waiting pages
            out.write(line + "\n")
            out.flush()

        fronts = [(application(Front(route(sock), "/", limits(opts), opts.lang, say)), port, opts.listen)
                  for _command, sock, port in servers]
        out.write("\n".join(lines) + "\n")
        out.flush()
        ready = (lambda front: say_when_ready(front, opts, out)) if opts.class_size else None
        asyncio.run(run_fronts(fronts, procs, asyncio.Event(), ready))
        code = next((p.returncode for p in procs if p.poll() is not None), 0) or 0
        time.sleep(0.2)  # let its last words through: why it stopped
        return code
    except KeyboardInterrupt:
        return 0
    finally:
        stop_servers(procs)
        remove_folder(folder)


