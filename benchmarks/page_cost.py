"""What one learner costs the dashboard's server: the memory and CPU of one page kernel.

    .venv/bin/python benchmarks/page_cost.py [--learners 4] [--watchers 2] [--moves 30]
        [--idle 30] [--runs 3]

On a hub every learner's table page is a kernel of the service's Voilà server (one per open
page: a seat, the teacher's page or a watcher's), so this is what a school sizes the
service's machine by. Voilà starts as ``uno-lessons serve`` does (voila.json: kernels forked
from the fork server, no preheated pool here), on a free port, with tables in a temporary
folder. Each run opens a new table: ``--learners`` pages sit down and ``--watchers`` pages
watch (a light client: the page's HTTP request and its kernel's websocket, as
``class_load.py``), then measures for each page kernel:

* memory: RSS and USS (what the kernel does not share with the fork server it was forked
  from) once the pages are built and the kernels idle;
* idle CPU: CPU seconds per minute of each kernel while nobody moves (``--idle`` s);
* playing CPU: CPU seconds of each kernel per move while the learners play ``--moves``
  moves (each move redraws every page), and per minute of that play.

Printed: each run's median and maximum over its kernels, then the spread (lowest to highest)
of the runs' medians; the fork server's own RSS as the reference a kernel shares.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_load import Page, start_voila  # noqa: E402  (benchmarks/ is on sys.path)
from serving import fork_servers, kernel_memory, kernels_by_id, wait_idle  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(port: int, proc, timeout: float = 180) -> None:
    """Until the server listens on ``port`` (a bare connection: no page, no kernel)."""
    import socket

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("voila did not start")


def cpu_of(kernels: dict[str, psutil.Process]) -> dict[str, float]:
    """Kernel id -> CPU seconds so far (user + system)."""
    out = {}
    for kid, proc in kernels.items():
        try:
            t = proc.cpu_times()
            out[kid] = t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return out


async def open_pages(base: str, code: str, tokens: list[str], watchers: int) -> list[Page]:
    """The seats' pages (by their tokens, as a reload opens them) and the watchers', one
    after another: a class arriving, not a storm."""
    clients = [Page(base, f"table={code}&token={t}", f"kid{i}") for i, t in enumerate(tokens)]
    clients += [Page(base, f"table={code}&watch=1", f"watcher{i}") for i in range(watchers)]
    for page in clients:
        await page.open()
        await page.wait_for(page._interactive, timeout=600)
    return clients


async def play(seats: list, clients: list[Page], moves: int) -> int:
    """``moves`` moves of the seeded hand (each seat's first legal move, a wild's colour
    chosen), each stored through the seat's handle; every page is told and redraws. Waits
    until every page shows each new record; returns the records played."""
    played = 0
    for _ in range(moves):
        seats[0].sync()
        game = seats[0].state.game
        if game.winner is not None:
            break
        handle = seats[game.current_player]
        handle.sync()
        legal = handle.legal_moves()
        if not legal:
            break
        handle.apply(legal[0])
        new = handle.seq
        await asyncio.gather(*(c.wait_for(lambda c=c, new=new: (c.status_seq() or 0) >= new, 60) for c in clients))
        played += 1
    return played


def one_run(base: str, server: psutil.Process, store, args, seed: int) -> dict[str, list[float]]:
    code, _key = store.create(args.learners, ["human"] * args.learners, seed=seed)
    seats = [store.join(code, seat=i, name=f"Kid{i}") for i in range(args.learners)]

    async def run():
        clients = await open_pages(base, code, [s.token for s in seats], args.watchers)
        wait_idle(server, timeout=300)
        ids = [c.kernel_id for c in clients]
        kernels = {k: p for k, p in kernels_by_id(server).items() if k in ids}
        mem = kernel_memory(server)
        before = cpu_of(kernels)
        await asyncio.sleep(args.idle)
        idle = cpu_of(kernels)
        t0 = time.monotonic()
        moves = await play(seats, clients, args.moves)
        took = time.monotonic() - t0
        played = cpu_of(kernels)
        for c in clients:
            if c.ws is not None:
                c.ws.close()
        return {
            "rss": [mem[k][0] for k in kernels if k in mem],
            "uss": [mem[k][1] for k in kernels if k in mem],
            "idle": [(idle[k] - before[k]) * 60 / args.idle for k in kernels if k in idle],
            "per_move": [(played[k] - idle[k]) / max(1, moves) for k in kernels if k in played],
            "playing": [(played[k] - idle[k]) * 60 / took for k in kernels if k in played],
        }

    return asyncio.run(run())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--learners", type=int, default=4)
    ap.add_argument("--watchers", type=int, default=2)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--idle", type=float, default=30.0)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    from uno_lessons.table import open_store

    tmp = Path(tempfile.mkdtemp(prefix="page-cost-"))
    port = free_port()
    proc = start_voila(port, 0, tmp, tmp / "voila.log")
    try:
        wait_http(port, proc)
        server = psutil.Process(proc.pid)
        base = f"http://127.0.0.1:{port}/"
        store = open_store(f"sqlite:///{tmp / 'tables.db'}")
        print(f"# page_cost: {args.runs} runs of {args.learners} seats + {args.watchers} watchers, "
              f"{args.moves} moves, {args.idle:g} s idle; {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.1f}")
        runs = []
        for r in range(args.runs):
            got = one_run(base, server, store, args, seed=100 + r)
            runs.append(got)
            print(f"run {r + 1}: RSS MB median {statistics.median(got['rss']):.0f} max {max(got['rss']):.0f}; "
                  f"USS MB median {statistics.median(got['uss']):.0f} max {max(got['uss']):.0f}; "
                  f"idle CPU-s/min median {statistics.median(got['idle']):.3f} max {max(got['idle']):.3f}; "
                  f"playing CPU-s/move median {statistics.median(got['per_move']):.3f} "
                  f"max {max(got['per_move']):.3f} "
                  f"(CPU-s/min median {statistics.median(got['playing']):.2f})", flush=True)
        for key, label, fmt in (("rss", "RSS MB", ".0f"), ("uss", "USS MB", ".0f"),
                                ("idle", "idle CPU-s/min", ".3f"), ("per_move", "CPU-s per move", ".3f"),
                                ("playing", "CPU-s/min while playing", ".2f")):
            medians = [statistics.median(r[key]) for r in runs]
            print(f"per page kernel, {label}: median of runs {statistics.median(medians):{fmt}} "
                  f"(runs from {min(medians):{fmt}} to {max(medians):{fmt}})")
        for fork in fork_servers(server):
            print(f"fork server RSS MB (shared by every kernel): {fork.memory_info().rss / 2**20:.0f}")
        print(f"Voilà server RSS MB: {server.memory_info().rss / 2**20:.0f}")
        store.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except Exception:  # noqa: BLE001 - a stuck server is killed
            proc.kill()


if __name__ == "__main__":
    main()
