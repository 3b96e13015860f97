"""What the page benchmarks share about a running Voilà server: its pools and kernels.

``class_load.py`` and ``dashboard_speed.py`` both time pages only once the server is quiet:
the preheated pool is full (Voilà logs it) and the kernels have finished running their
notebooks (their CPU use has dropped), so one measurement does not pay for the previous one.
"""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import psutil

from uno_lessons.voila.forkserver import TITLE, kernel_pids

REPO = Path(__file__).resolve().parents[1]


def pools_filled(log: Path) -> int:
    """How many times the server logged that a kernel pool is full."""
    return len(re.findall(r"Kernel pool of .* is filled", log.read_text()))


def wait_pool(proc: subprocess.Popen, log: Path, timeout: float, count: int = 1) -> float:
    """Seconds until Voilà has said ``count`` times that a pool is filled."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError("voila exited:\n" + log.read_text()[-3000:])
        if pools_filled(log) >= count:
            return time.monotonic() - t0
        time.sleep(0.1)
    raise TimeoutError("the kernel pool was not filled in time:\n" + log.read_text()[-2000:])


def _children_running(server: psutil.Process, marker: str, recursive: bool) -> list[psutil.Process]:
    """The server's child processes (grandchildren too if ``recursive``) whose command line
    contains ``marker``."""
    out = []
    for child in server.children(recursive=recursive):
        try:
            if marker in " ".join(child.cmdline()):
                out.append(child)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return out


#: What a kernel's command line holds: the title the fork server gives the kernels it forks
#: (``uno_lessons.voila.kernel``, which launches one it cannot fork, sets it too, once started),
#: or ipykernel's launcher for a kernel launched the stock way (without the package's provisioner).
KERNEL_MARKERS = (TITLE, "uno_lessons.voila.kernel", "ipykernel_launcher")


def kernels_by_id(server: psutil.Process) -> dict[str, psutil.Process]:
    """Kernel id -> process of every running kernel of the server. A page kernel's command
    line does not name it (``ps`` shows every command line to every user): it is found by
    its ``ipc`` sockets (``forkserver.kernel_pids``; voila.json sets the ipc transport). A
    kernel launched the stock way (``ipykernel_launcher -f …/kernel-<id>.json``, e.g. on TCP
    without the package's provisioner) is found by its command line, as before."""
    try:
        family = {p.pid: p for p in server.children(recursive=True)}
    except psutil.NoSuchProcess:
        return {}
    out = {kid: family[pid] for kid, pid in kernel_pids().items() if pid in family}
    for proc in family.values():
        try:
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(proc.cmdline()))
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        if m and m.group(1) not in out:
            out[m.group(1)] = proc
    return out


def kernel_processes(server: psutil.Process) -> list[psutil.Process]:
    """The kernel processes started by the server (forked kernels are the fork server's
    children), found by their command line (:data:`KERNEL_MARKERS`: this finds a kernel that
    is still starting, before its sockets exist) or their ipc sockets (:func:`kernels_by_id`).
    Not the fork server itself."""
    found = {p.pid: p for p in kernels_by_id(server).values()}
    for marker in KERNEL_MARKERS:
        for proc in _children_running(server, marker, recursive=True):
            found.setdefault(proc.pid, proc)
    return list(found.values())


def kernel_memory(server: psutil.Process) -> dict[str, tuple[float, float]]:
    """Kernel id -> (RSS, USS) in MB of every kernel of the server (USS: what it does not
    share, e.g. with the fork server its modules were imported in)."""
    out = {}
    for kid, kernel in kernels_by_id(server).items():
        try:
            info = kernel.memory_full_info()
            out[kid] = (info.rss / 2**20, info.uss / 2**20)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return out


def fork_servers(server: psutil.Process) -> list[psutil.Process]:
    """The server's kernel fork server (``uno_lessons.voila.forkserver``), if it has one."""
    return _children_running(server, "uno_lessons.voila.forkserver", recursive=False)


def _quiet(busy_over_a_second, limit: float, timeout: float) -> float | None:
    """Seconds until ``busy_over_a_second()`` (CPU percent, measured over one second) stayed
    under ``limit`` twice in a row; None if that did not happen within ``timeout``."""
    t0 = time.monotonic()
    quiet = 0
    while time.monotonic() - t0 < timeout:
        quiet = quiet + 1 if busy_over_a_second() < limit else 0
        if quiet >= 2:
            return time.monotonic() - t0
    return None


def wait_idle(server: psutil.Process, timeout: float) -> float:
    """Seconds until the server's kernels have finished preheating (their CPU use stays under
    5 % of a core for two seconds): only then is the pool really filled."""

    def kernels_busy() -> float:
        kernels = kernel_processes(server)
        for k in kernels:
            k.cpu_percent(None)
        time.sleep(1.0)
        busy = 0.0
        for k in kernels:
            try:
                busy += k.cpu_percent(None)
            except psutil.NoSuchProcess:
                pass
        return busy

    took = _quiet(kernels_busy, 5, timeout)
    if took is None:
        raise TimeoutError("the preheated kernels did not settle")
    return took


def wait_quiet(timeout: float, busy_percent: float = 20.0) -> float:
    """Seconds until the whole machine is quiet (all cores together under ``busy_percent``
    for two seconds): a refill that is still starting, a browser that is still closing the
    last pages or another program would otherwise be paid for by the next page. Gives up
    after ``timeout`` (the caller then measures on a busy machine, and the load average it
    prints says so)."""
    t0 = time.monotonic()
    _quiet(lambda: psutil.cpu_percent(interval=1.0), busy_percent, timeout)
    return time.monotonic() - t0


def voila_pool_size(notebook: str, config: Path = REPO / "voila.json") -> int:
    """The preheated pool that ``voila.json`` gives ``notebook`` (a path relative to the folder
    Voilà serves, as Voilà looks it up); 0 when preheating is off."""
    cfg = json.loads(config.read_text())
    if not cfg.get("VoilaConfiguration", {}).get("preheat_kernel", False):
        return 0
    pools = cfg.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    default = pools.get("default", {"pool_size": cfg["VoilaConfiguration"].get("default_pool_size", 1)})
    return int(pools.get(notebook, default).get("pool_size", default.get("pool_size", 1)))


def fill_delay(config: Path = REPO / "voila.json") -> float:
    """Seconds Voilà waits after handing out a preheated kernel before starting its replacement."""
    return float(json.loads(config.read_text()).get("VoilaKernelManager", {}).get("fill_delay", 1))
