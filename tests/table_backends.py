"""Helpers for the class-table tests: a real redis-server per test run, store URLs for every
backend, and the workers that play one table from several processes at once.

The workers are module-level functions so that ``multiprocessing`` (start method "spawn":
a fresh interpreter, as a second Jupyter kernel would be) can import them; each opens its
own store from the URL, exactly as another kernel would.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import numpy as np

from uno_lessons import IllegalMove
from uno_lessons.engine.asides import Catch, SayUno, Talk
from uno_lessons.table import open_store
from uno_lessons.table.records import Moved, encode

#: The backends the one store suite runs against; "memory" lives in one process only.
BACKENDS = ("sqlite", "redis", "memory")
SHARED_BACKENDS = ("sqlite", "redis")
REDIS_START_TIMEOUT = 15.0
#: How long a worker waits for the others at the starting line before failing.
BARRIER_TIMEOUT = 60.0

_BARRIER = None  # set in each worker process by init_worker


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_ping(url: str) -> None:
    """Raise (with the client's message) unless a Redis server answers at ``url``."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.ping()
    finally:
        client.close()


class RedisServer:
    """A private ``redis-server`` on a free port that keeps nothing on disk (with
    ``persist``: the append-only file the README asks a class to use, fsync'd on every
    write); ``stop`` ends it by its pid, ``start`` brings it back on the same port and
    folder. Raises RuntimeError with a clear message if it cannot be started."""

    def __init__(self, folder: Path, persist: bool = False) -> None:
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError(
                "redis-server is not installed, so the Redis store tests cannot run. Run `bash dev.sh "
                "test` (it installs Debian's redis-server where missing), or `apt-get install -y "
                "redis-server`, or point REDIS_URL at a running server.")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = folder / "redis.log"
        durable = ["--appendonly", "yes", "--appendfsync", "always"] if persist else ["--appendonly", "no"]
        self.args = [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", *durable,
                     "--dir", str(folder)]
        self.start()

    def start(self) -> None:
        """Start the server (again) on its port and folder; wait until it answers."""
        with open(self.log, "a") as fh:
            self.proc = subprocess.Popen(self.args, stdout=fh, stderr=subprocess.STDOUT)
        try:
            self._wait()
        except BaseException:
            self.stop()
            raise

    def _wait(self) -> None:
        end = time.monotonic() + REDIS_START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited at start (code {self.proc.returncode}):\n"
                                   + self.log.read_text()[-2000:])
            try:
                redis_ping(self.url)
                return
            except Exception as exc:  # not listening yet
                if time.monotonic() > end:
                    raise RuntimeError(f"redis-server did not answer on port {self.port} within "
                                       f"{REDIS_START_TIMEOUT:.0f} s ({exc}):\n"
                                       + self.log.read_text()[-2000:]) from exc
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop this server (SIGTERM to its pid, SIGKILL if it does not go)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def memory_url() -> str:
    """A named in-process store of its own (every ``open_store`` of it shares the tables)."""
    return f"memory://test-{uuid.uuid4().hex}"


def count_lost_races(store, first_rival: Callable[[], object] | None = None) -> list[int]:
    """Count this store's compare-and-appends that find the table changed (lost races), in
    the one-item list returned. With ``first_rival``, the next append loses on purpose:
    ``first_rival()`` writes first, between the page's check and its append."""
    lost = [0]
    append = store.backend.append
    rivals = [first_rival] if first_rival is not None else []

    def counting(*args, **kwargs) -> bool:
        if rivals:
            rivals.pop()()
        done = append(*args, **kwargs)
        lost[0] += not done
        return done

    store.backend.append = counting
    return lost


# ---------------------------------------------------------------------- the stored rows themselves
# Read and edit what a backend keeps, as a person with the SQLite file, redis-cli or a
# debugger would: for the tests that look at raw storage (hashes only) or edit it by hand.
def raw_texts(store, code: str) -> list[str]:
    """Every text the store keeps about table ``code`` (keys, config, hashes, records)."""
    backend = store.backend
    kind = type(backend).__name__
    if kind == "SQLiteBackend":
        import sqlite3

        with sqlite3.connect(backend.path) as db:
            rows = db.execute("select * from tables where code = ?", (code,)).fetchall()
            rows += db.execute("select * from seats where code = ?", (code,)).fetchall()
            rows += db.execute("select * from records where code = ?", (code,)).fetchall()
        return [str(cell) for row in rows for cell in row]
    if kind == "RedisBackend":
        import redis

        client = redis.Redis.from_url(backend.url, decode_responses=True)
        try:
            out = []
            for key in client.scan_iter(f"uno:{code}:*"):
                out.append(key)
                kind = client.type(key)
                if kind == "string":
                    out.append(client.get(key))
                elif kind == "list":
                    out += client.lrange(key, 0, -1)
                elif kind == "hash":
                    out += [x for pair in client.hgetall(key).items() for x in pair]
                else:
                    raise AssertionError(f"unexpected Redis type {kind} at {key}")
            return out
        finally:
            client.close()
    table = backend.tables[code]
    return [table["config"], table["teacher"], *table["log"],
            *(x for pair in table["seats"].items() for x in map(str, pair))]


def raw_edit(store, code: str, *, record: int | None = None, text: str) -> None:
    """Replace record number ``record`` (1 = the first) of table ``code`` with ``text``, or
    with ``record=None`` its config, bypassing every check."""
    backend = store.backend
    kind = type(backend).__name__
    if kind == "SQLiteBackend":
        import sqlite3

        with sqlite3.connect(backend.path) as db:
            if record is None:
                done = db.execute("update tables set config = ? where code = ?", (text, code))
            else:
                done = db.execute("update records set record = ? where code = ? and seq = ?",
                                  (text, code, record))
            assert done.rowcount == 1
    elif kind == "RedisBackend":
        import redis

        client = redis.Redis.from_url(backend.url, decode_responses=True)
        try:
            if record is None:
                assert client.set(f"uno:{code}:config", text, xx=True)
            else:
                client.lset(f"uno:{code}:log", record - 1, text)
        finally:
            client.close()
    elif record is None:
        backend.tables[code]["config"] = text
    else:
        backend.tables[code]["log"][record - 1] = text


# ---------------------------------------------------------------------- workers (other processes)
def init_worker(barrier) -> None:
    """Pool initializer: the barrier every worker of a round waits at, so they start together."""
    global _BARRIER
    _BARRIER = barrier


def _start(barrier) -> None:
    """Wait until every worker of the round is here."""
    (barrier or _BARRIER).wait(BARRIER_TIMEOUT)


def play_seat(url: str, code: str, token: str, seed: int, steps: int, barrier=None) -> dict:
    """Play one learner's seat for ``steps`` looks at the table: a random legal move on its
    turn, otherwise catch whoever can be caught, say UNO, talk, or wait for news. Returns
    what this worker stored (``(seq, record)`` in its order), how often it was refused, and
    its final view."""
    store = open_store(url)
    try:
        seat = store.rejoin(code, token)
        lost = count_lost_races(store)
        rng = np.random.default_rng(seed)
        stored: list[tuple[int, str]] = []
        refused = 0
        _start(barrier)
        for _step in range(steps):
            seat.sync()
            st = seat.state
            if st.game.winner is not None:
                break
            me = seat.seat
            moves = seat.legal_moves()
            targets = [t for t in range(st.players) if t != me and st.catchable(t)]
            try:
                if moves:
                    move = moves[int(rng.integers(len(moves)))]
                    seat.apply(move)
                    record = Moved(me, move)
                elif targets:
                    seat.catch(targets[0])
                    record = Catch(me, targets[0])
                elif len(st.game.hands[me]) == 1 and me not in st.game.uno_said:
                    seat.say_uno()
                    record = SayUno(me)
                elif rng.random() < 0.8:
                    seat.talk()
                    record = Talk(me)
                else:
                    seat.wait(seat.seq, 0.01)
                    continue
            except IllegalMove:
                refused += 1
                continue
            stored.append((seat.seq, encode(record)))
        _start(barrier)  # everyone has stopped writing: the final views must all agree
        seat.sync()
        return {"seat": seat.seat, "stored": stored, "refused": refused, "lost": lost[0],
                "view": seat.view()}
    finally:
        store.close()


def run_bots(url: str, code: str, barrier=None) -> int:
    """Watch the table and let its bots move until the hand is over, racing every other
    worker doing the same; returns how many bot turns this worker stored."""
    store = open_store(url)
    try:
        watcher = store.watch(code)
        _start(barrier)
        mine = 0
        while True:
            watcher.sync()
            if watcher.state.game.winner is not None:
                return mine
            mine += watcher.step_bots()
    finally:
        store.close()


def race_to_catch(url: str, tables: list[tuple[str, str]], target: int, barrier=None) -> list[tuple[str, object]]:
    """For each (code, token): take the seat, wait for every racer, then call ``target`` out.
    Returns ("caught", penalised) or ("refused", the IllegalMove message) per table."""
    store = open_store(url)
    try:
        seats = [store.rejoin(code, token) for code, token in tables]  # loaded before the race
        out: list[tuple[str, object]] = []
        for seat in seats:
            _start(barrier)
            try:
                out.append(("caught", seat.catch(target)))
            except IllegalMove as exc:
                out.append(("refused", str(exc)))
        return out
    finally:
        store.close()


def redis_url_from_env() -> str | None:
    """The server named by ``$REDIS_URL`` (the tests then start none of their own)."""
    return os.environ.get("REDIS_URL") or None
