"""What idle class-table pages cost their kernels, told of new records or polling the store.

It starts two Voilà dashboard servers side by side, as ``uno-lessons serve`` runs the
dashboard, on the same store kind: one whose kernels poll the store every 0.1 s as before
(``UNO_LESSONS_NEWS=poll``, the reference) and one whose kernels are told of new records
(the default: SQLite's ``PRAGMA data_version`` watch, Redis pub/sub). On each, ``--pages``
light clients (``class_load.Page``: what a browser does on the wire, without drawing) open a
class table: the first ten sit down, the rest watch. Then nobody moves, as while a learner
thinks, and the CPU time of the pages' kernels is measured over ``--window`` seconds, on both
servers in the same windows (same machine, same load), ``--windows`` times. Finally learners
click cards on both servers in turn and the time from a click until every other page of that
table shows the new record is measured.

    python benchmarks/idle_pages.py                  # SQLite, 30 pages per server
    python benchmarks/idle_pages.py --store redis    # a redis-server of its own on a free port

It prints what it measured (CPU-seconds per window, the ratio poll/told in each window, what
a preheated kernel without a page costs meanwhile, the latency median and max); nothing is
asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import class_load  # noqa: E402  (benchmarks/ is on sys.path)
from class_load import SEATS, Page, arrive, percentile  # noqa: E402
from serving import kernels_by_id, wait_idle, wait_pool  # noqa: E402

MODES = ("poll", "told")
#: Preheated kernels no page takes: what a kernel costs idle without any table (the floor).
SPARE = 6


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(folder: Path) -> tuple[subprocess.Popen, str]:
    """A private redis-server on a free port that keeps nothing on disk."""
    exe = shutil.which("redis-server")
    if exe is None:
        sys.exit("redis-server is not installed (apt-get install -y redis-server)")
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                             "no", "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"redis://127.0.0.1:{port}/0"
    import redis

    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            return proc, url
        except redis.RedisError:
            time.sleep(0.1)
    proc.kill()
    sys.exit("redis-server did not answer")


def start_voila(port: int, pool: int, store: str, mode: str, log: Path) -> subprocess.Popen:
    """Voilà for the dashboard as ``uno-lessons serve`` starts it, with a pool of ``pool``
    kernels and no refill during the run; its kernels poll (``mode`` "poll") or are told."""
    env = dict(os.environ, UNO_LESSONS_STORE=store, PYTHONPATH=str(REPO), UNO_LESSONS_SPARE="0",
               UNO_LESSONS_NEWS="poll" if mode == "poll" else "told")
    cmd = [sys.executable, "-m", "voila", "notebooks/dashboard.ipynb", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--port_retries=0",
           f"--VoilaKernelManager.kernel_pools_config={json.dumps({'dashboard.ipynb': {'pool_size': pool}})}",
           "--VoilaKernelManager.fill_delay=3600"]
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)


class IdlePage(Page):
    """``class_load.Page`` that opens the page again (as a person reloads) when what came back
    held no kernel, which happened here under load with 30 pages on each of two servers."""

    reloads = 0

    async def open(self) -> None:
        for attempt in range(3):
            try:
                await super().open()
                return
            except AttributeError:
                if attempt == 2:
                    raise RuntimeError(f"{self.name}: three times the page held no kernel") from None
                IdlePage.reloads += 1
                await asyncio.sleep(2.0)


def page_kernels(server: psutil.Process, clients: list[Page]) -> list[psutil.Process]:
    """The kernel processes of these pages (not any other kernel of the server)."""
    ids = {c.kernel_id for c in clients}
    return [k for kid, k in kernels_by_id(server).items() if kid in ids]


def cpu(procs: list[psutil.Process]) -> float:
    """User + system CPU-seconds used so far by ``procs``."""
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def report_idle(args, kernels: dict[str, list[psutil.Process]], rows: list[dict[str, float]]) -> None:
    """Print the idle windows: CPU-seconds per mode, the ratio, the floor."""
    print(f"page kernels found: poll {len(kernels['poll'])}, told {len(kernels['told'])}; "
          f"pages opened again after an answer without a kernel: {IdlePage.reloads}")
    print(f"CPU-seconds of the {args.pages} idle pages' kernels per {args.window:g} s window:")
    ratios = []
    for i, row in enumerate(rows, 1):
        ratio = row["poll"] / row["told"] if row["told"] > 0 else float("inf")
        ratios.append(ratio)
        print(f"  window {i}: polling {row['poll']:.2f}  told {row['told']:.2f}  ratio {ratio:.1f}x")
    per = {m: statistics.median(r[m] for r in rows) / args.window / args.pages * 1000 for m in MODES}
    print(f"per idle page: polling {per['poll']:.2f} ms CPU per second, told {per['told']:.2f}; "
          f"ratio median {statistics.median(ratios):.1f}x (min {min(ratios):.1f}x, max {max(ratios):.1f}x)")
    spare = len(kernels["spare"])
    if spare:
        floor = statistics.median(r["spare"] for r in rows) / args.window / spare * 1000
        print(f"a preheated kernel without a page (the floor, {spare} kernels): {floor:.2f} ms CPU per second")


async def clicks(clients: list[Page], store, code: str, moves: int) -> list[float]:
    """``moves`` clicks at one table (see ``class_load.play``): ms from each click until each
    other page shows it."""
    from class_load import play

    return await play(clients, store, code, moves)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=30, help="pages per server (the first ten sit down)")
    ap.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    ap.add_argument("--window", type=float, default=20.0, help="seconds per idle measurement")
    ap.add_argument("--windows", type=int, default=3)
    ap.add_argument("--settle", type=float, default=10.0, help="seconds of quiet before measuring")
    ap.add_argument("--every", type=float, default=0.5, help="seconds between two pages arriving")
    ap.add_argument("--moves", type=int, default=10, help="clicks per server for the latency")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: the servers are stopped too

    from uno_lessons.table import open_store

    tmp = Path(tempfile.mkdtemp(prefix="idle-pages-"))
    redis_proc = None
    if args.store == "redis":
        redis_proc, redis_url = start_redis(tmp)
    procs: dict[str, subprocess.Popen] = {}
    try:
        stores, bases, logs, fills = {}, {}, {}, {}
        for mode in MODES:
            url = redis_url if args.store == "redis" else f"sqlite:///{tmp / mode / 'tables.db'}"
            if args.store == "sqlite":
                (tmp / mode).mkdir()
            port = free_port()
            logs[mode] = tmp / f"voila-{mode}.log"
            procs[mode] = start_voila(port, args.pages + SPARE, url, mode, logs[mode])
            # One server's pool after the other: kernels started at once by two servers can be
            # given the same free port (ZMQError "Address already in use", a dead kernel).
            fills[mode] = wait_pool(procs[mode], logs[mode], timeout=1200)
            stores[mode] = open_store(url)
            bases[mode] = f"http://127.0.0.1:{port}/"
        fill = sum(fills.values())
        servers = {m: psutil.Process(procs[m].pid) for m in MODES}
        # Preheated kernels have not started a table clock yet: both pools settle, polling or not.
        fill += sum(wait_idle(servers[m], timeout=1200) for m in MODES)
        seats = min(args.pages, SEATS)
        codes = {m: stores[m].create(seats, ["human"] * seats, seed=11)[0] for m in MODES}
        print(f"# idle_pages: {args.store} store, {args.pages} pages per server ({seats} seated, "
              f"{args.pages - seats} watching), {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
              f"pools filled in {fill:.0f} s")

        class_load.Page = IdlePage  # arrive() makes its pages with this class
        stuck: dict[str, str] = {}

        async def run():
            clients = {}
            for m in MODES:  # one server's class after the other: arrivals do not overlap
                clients[m] = await arrive(bases[m], codes[m], args.pages, args.every)
            await asyncio.sleep(args.settle)
            kernels = {m: page_kernels(servers[m], clients[m]) for m in MODES}
            taken = {k.pid for m in MODES for k in kernels[m]}
            kernels["spare"] = [k for m in MODES for k in kernels_by_id(servers[m]).values() if k.pid not in taken]
            rows = []
            for _w in range(args.windows):
                before = {m: cpu(kernels[m]) for m in kernels}
                await asyncio.sleep(args.window)
                rows.append({m: cpu(kernels[m]) - before[m] for m in kernels})
            report_idle(args, kernels, rows)
            lat: dict[str, list[float]] = {m: [] for m in MODES}
            for _ in range(args.moves):  # one click on each server in turn
                for m in MODES:
                    if m in stuck:
                        continue
                    try:
                        lat[m] += await clicks(clients[m], stores[m], codes[m], 1)
                    except TimeoutError as exc:  # a page that did not show a move in 30 s: say so
                        # ...and whether the move reached the store at all (a lost click) or
                        # only some pages did not show it (their clock or kernel).
                        seq = stores[m].load(codes[m]).seq
                        shown = [c.status_seq() or 0 for c in clients[m]]
                        stuck[m] = (f"{exc}; the store holds {seq} records, {sum(s < seq for s in shown)} of "
                                    f"{len(shown)} pages show fewer ({min(shown)} to {max(shown)})")
            return kernels, rows, lat

        _kernels, _rows, lat = asyncio.run(run())
        for m, why in stuck.items():
            print(f"{'polling' if m == 'poll' else 'told'}: the clicks stopped: {why} (a page did not show a move "
                  "within 30 s)")
        for m in MODES:
            if lat[m]:
                print(f"click to every other page, {'polling' if m == 'poll' else 'told'} "
                      f"({len(lat[m])} page updates): median {statistics.median(lat[m]):.0f} ms  "
                      f"p95 {percentile(lat[m], 95):.0f} ms  max {max(lat[m]):.0f} ms")
        for store in stores.values():
            store.close()
    finally:
        for proc in procs.values():
            proc.terminate()
        for proc in procs.values():
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait(timeout=10)


if __name__ == "__main__":
    main()
