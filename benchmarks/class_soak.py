"""A class playing one table for minutes while things break: a soak through Voilà's real protocol.

It serves ``notebooks/dashboard.ipynb`` as ``bash dev.sh serve --class N --store URL`` does
(a preheated pool, refills held back), opens a class table (``--learners`` learner seats and
``--bots`` bot seats; the match is played to a score no table reaches, so hands keep being
dealt), and ``--pages`` light clients (``class_load.Page``: the page's GET, the kernel
websocket, the widget states, the page's client-side link) arrive: the teacher's page
(``&teacher=KEY``), which deals the next hand when one is over, one page per learner seat
(choose the seat, type a name, Sit down), and watchers (``&watch=1``, one of them the
projector). Learners play whenever their page says it is their turn, after a short think:
a raised card (a wild's colour and target from the picker), else Accept/Challenge, Keep,
Draw or Pass, as the page's widgets offer them, and "Say UNO!" when the button is on; the
bots are played by the pages' kernels, as in class.

Faults come at random moments (``--faults``, or one every ``--fault-every`` seconds):

- ``lock`` (SQLite): another process opens the same file and holds the write lock
  (``BEGIN IMMEDIATE`` ... sleep ... ``ROLLBACK``) for ``--lock-extra`` seconds longer than the
  store's busy timeout (read from the store the server uses: ``?busy=SECONDS`` on the URL
  with ``--busy``, else the store's default);
- ``restart`` (``--store redis``): the benchmark's own ``redis-server`` (a free loopback port,
  ``--appendonly yes --appendfsync always``, its ``--dir`` in a temp folder) gets SIGTERM, stays
  down ``--redis-down`` seconds and is started again on the same port and dir;
- ``kill``: ``kill -9`` of a random page's kernel; ``--notice`` seconds later that client does
  what a person does: reloads its page (a learner with its seat's token in the address,
  ``?table=CODE&token=...``, read from the page bridge's ``query``, which the page writes
  into its address after sitting down) and must be back at its seat.

Convergence signal. The harness keeps its own replica of the store (records read as they
land, replayed with ``TableState``) and, for every record count, the position it gives: hand
number, seat to move, phase, winner and each hand's size. A page shows a position in its
status line (``data-seq``, ``data-hand``, ``data-current``, ``data-phase``, ``data-winner``; the
kernel sends the status last in every redraw, so the rest of the page is already there) and a
learner's page its hand (the number of card buttons). A page has converged after a fault when
it shows a position with at least the records the store held when the fault ended and that
position is the store's own at that count: what the page shows equals a replay of the
store. The time is from the fault's end (lock released; Redis answering again; the killed
page's reload sent) to the moment the page first showed that position (0 when it already
showed it). The game goes on meanwhile, so "the store's position right now" is a moving
target; "caught up with what the store held when the fault ended, and agreeing with it" is
not, and a page whose replica ran ahead of the store (a move shown that the store does not
hold) never matches. Because a table where nobody can move would also "agree" with its
store, each fault also reports when the store got its next record and when every page
showed it (play resumed), and the run reports its longest pause without a new record.

The pool is ``--pages`` plus one kernel for each planned kill plus one: a reload needs a
fresh kernel, and with a pool of just the class (``dev.sh serve --class N``) it waits for
the refill Voilà holds back for 5 minutes (``--pool 6`` with ``--pages 6`` shows it).

When ten seconds pass without a new record, the report says what the store and the pages
involved showed then, and whether their kernels still answer (``kernel_info``) and where
their processes wait (``/proc/PID/wchan``). If the Voilà server stops, the report says so
with the end of its log; ``--keep-logs DIR`` keeps the server's (and Redis's) log.

A learner's click is believed stored when the page then shows a newer position and no error
came up on its message line; such a click must be in the store exactly once, at a position
between the one it was made at and the first one shown after it. At the end the store is
replayed from scratch (``open_store(url).load(code)``), its record numbers checked for gaps
and repeats, and every learner/teacher record matched to the click that made it.

    python benchmarks/class_soak.py                                  # 30 pages, 10 minutes, SQLite
    python benchmarks/class_soak.py --store redis
    python benchmarks/class_soak.py --pages 6 --minutes 0.75 --faults lock,kill --busy 2

It prints what it measured (the figures at the end, one per line); nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import re
import shlex
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs

import psutil
from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import websocket_connect

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from class_load import Page, percentile  # noqa: E402  (benchmarks/ is on sys.path)
from serving import kernels_by_id, wait_idle, wait_pool  # noqa: E402

TARGET = 2.0  # seconds: every page converged this soon after each fault ends
LOCKER = r"""
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
db.execute("pragma busy_timeout=60000")
db.execute("begin immediate")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("rollback")
print("released", flush=True)
"""
STATUS_RE = re.compile(r"data-phase='(\w*)' data-current='(\d*)' data-human-turn='(\d)' data-winner='(\d*)' "
                       r"data-hand='(\d+)' data-seq='(\d+)'")


def now() -> float:
    return time.monotonic()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def css_card(code: str | None) -> str | None:
    """A card code as the card button's class spells it (``uno_lessons.render.css_code``)."""
    return None if code is None else re.sub(r"[^A-Za-z0-9_-]", "", code.replace("+", "p"))


# ---------------------------------------------------------------------- servers
def start_voila(port: int, pool: int, data_dir: Path, log: Path, store_url: str) -> subprocess.Popen:
    """Voilà as ``dev.sh serve --class POOL --store URL`` starts it."""
    env = dict(os.environ, UNO_LESSONS_DATA=str(data_dir), PYTHONPATH=str(REPO), UNO_LESSONS_SPARE="0",
               UNO_LESSONS_STORE=store_url)
    cmd = [sys.executable, "-m", "voila", "notebooks/dashboard.ipynb", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--port_retries=0",
           f"--VoilaKernelManager.kernel_pools_config={json.dumps({'dashboard.ipynb': {'pool_size': pool}})}",
           "--VoilaKernelManager.fill_delay=300"]
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)


class Redis:
    """A redis-server of our own: loopback, a free port, AOF with fsync on every write."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.dir = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30.0) -> None:
        self.starts += 1
        log = open(self.dir / "redis.log", "a")
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                                      "--appendonly", "yes", "--appendfsync", "always", "--save", "",
                                      "--dir", str(self.dir), "--daemonize", "no"],
                                     stdout=log, stderr=subprocess.STDOUT)
        end = now() + timeout
        while now() < end:
            if self.proc.poll() is not None:
                raise RuntimeError("redis-server exited:\n" + (self.dir / "redis.log").read_text()[-2000:])
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise TimeoutError("redis-server did not answer")

    def stop(self, timeout: float = 15.0) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# ---------------------------------------------------------------------- a light client
@dataclass
class Pos:
    """What a page shows: its status line's position, and its hand's size on a learner page."""

    seq: int
    hand: int
    current: int | None
    phase: str
    winner: int | None
    my_turn: bool
    cards: int | None


@dataclass
class SoakPage(Page):
    """``class_load.Page`` that also keeps what the soak looks at: the position shown and since
    when, every error its message lines showed, what the kernel wrote to stderr, the bridge's
    query (a learner's token), and whether its websocket is gone."""

    seat: int | None = None  # the learner seat this page plays (None: teacher or watcher)
    pos: Pos | None = None
    pos_since: float = 0.0
    errors: list[tuple[float, str]] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)
    closed: bool = False
    info_replies: int = 0
    listener: asyncio.Task | None = None
    _status_id: str | None = None

    async def open(self, timeout: float = 600.0) -> None:  # class_load's, with a bound and our listener
        self.t_start = now()
        http = AsyncHTTPClient(max_clients=200)
        resp = await http.fetch(f"{self.base}?{self.query}", connect_timeout=timeout, request_timeout=timeout)
        html = resp.body.decode()
        self.t_page = now()
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
        if not found:
            text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))[:300]
            raise RuntimeError(f"{self.name}: the page (HTTP {resp.code}, {len(html)} bytes) names no kernel: {text}")
        self.kernel_id = found.group(1)
        ws_url = self.base.replace("http", "ws") + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self.ws = await asyncio.wait_for(websocket_connect(ws_url, max_message_size=2**28), timeout)
        comm = os.urandom(16).hex()
        await self.ws.write_message(self._msg("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                                            "data": {}}, {"version": "1.0.0"}))
        await self.ws.write_message(self._msg("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}))
        self.listener = asyncio.ensure_future(self._listen())

    async def _listen(self) -> None:
        try:
            while True:
                raw = await self.ws.read_message()
                if raw is None:
                    break
                if isinstance(raw, bytes):
                    continue
                m = json.loads(raw)
                kind, content = m.get("msg_type"), m.get("content", {})
                data = content.get("data") or {}
                touched: list[str] = []
                if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                    self.models[content["comm_id"]] = dict(data.get("state", {}))
                    touched = [content["comm_id"]]
                    await self._link(content["comm_id"])
                elif kind == "comm_msg" and data.get("method") == "update_states":
                    self.t_states = now()
                    for mid, st in data["states"].items():
                        self.models[mid] = dict(st.get("state", st))
                    touched = list(data["states"])
                    for mid in list(self.models):
                        await self._link(mid)
                elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
                    self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
                    touched = [content["comm_id"]]
                elif kind == "comm_close":  # a widget the kernel closed (the join form once seated)
                    self.models.pop(content.get("comm_id"), None)
                elif kind == "kernel_info_reply":
                    self.info_replies += 1
                    self.changed.set()
                    continue
                elif kind == "error" or (kind == "stream" and content.get("name") == "stderr"):
                    text = content.get("text") or " ".join(content.get("traceback") or []) or content.get("evalue", "")
                    self.stderr.append(re.sub(r"\x1b\[[0-9;]*m", "", text)[:300])
                    continue
                else:
                    continue
                t = now()
                for mid in touched:
                    self._seen(mid, t)
                self._update_pos(t)
                if self.t_interactive is None and self._interactive():
                    self.t_interactive = t
                self.changed.set()
        except Exception:  # noqa: BLE001 - a websocket that breaks is a page gone; the soak sees it
            pass
        self.closed = True
        self.changed.set()

    def _seen(self, mid: str, t: float) -> None:
        st = self.models.get(mid, {})
        if "uno-message-view" in (st.get("_dom_classes") or ()) and "uno-msg-error" in (st.get("value") or ""):
            text = unescape(re.sub(r"<[^>]+>", "", st["value"])).replace("✖", "").strip()
            self.errors.append((t, text))

    def status_model(self) -> str | None:
        if self._status_id not in self.models:
            found = self.find("uno-status-view")
            self._status_id = found[0] if found else None
        return self._status_id

    def hand_buttons(self) -> list[str] | None:
        boxes = self.find("uno-hand-btns")
        if not boxes:
            return None
        return [c.replace("IPY_MODEL_", "") for c in self.models[boxes[0]].get("children", [])]

    def _update_pos(self, t: float) -> None:
        sid = self.status_model()
        hit = STATUS_RE.search(self.models[sid].get("value", "")) if sid else None
        if not hit:
            return
        phase, current, turn, winner, hand, seq = hit.groups()
        cards = None
        if self.seat is not None:
            kids = self.hand_buttons()
            cards = None if kids is None else len(kids)
        pos = Pos(int(seq), int(hand), int(current) if current else None, phase,
                  int(winner) if winner else None, turn == "1", cards)
        self.seq_seen.setdefault(pos.seq, t)
        if pos != self.pos:
            self.pos, self.pos_since = pos, t

    def _interactive(self) -> bool:
        if self.pos is None:
            return False
        if self.seat is None:
            return True
        return bool(self.hand_buttons()) and not self.find("uno-join-sit")

    def token(self) -> str | None:
        """The seat's token in the page's address (the bridge's ``query`` after sitting down)."""
        for st in self.models.values():
            q = st.get("query")
            if isinstance(q, str) and "token=" in q:
                return parse_qs(q).get("token", [None])[-1]
        return None

    def enabled(self, cls: str) -> list[str]:
        out = []
        for m in self.find(cls):
            st = self.models[m]
            lay = self.models.get(str(st.get("layout", "")).replace("IPY_MODEL_", ""), {})
            if not st.get("disabled") and lay.get("display") != "none":
                out.append(m)
        return out

    def shown(self, cls: str) -> bool:
        """Whether the widget with DOM class ``cls`` is displayed (its layout not ``none``)."""
        for m in self.find(cls):
            lay = self.models.get(str(self.models[m].get("layout", "")).replace("IPY_MODEL_", ""), {})
            if lay.get("display") != "none":
                return True
        return False

    def seat_name_shown(self) -> bool:
        return any("uno-your-hand" in str(st.get("value", "")) and f"Kid{self.seat}" in str(st.get("value", ""))
                   for st in self.models.values())

    async def close(self) -> None:
        self.closed = True
        try:
            if self.ws is not None:
                self.ws.close()
        except Exception:  # noqa: BLE001
            pass
        if self.listener is not None:
            self.listener.cancel()


# ---------------------------------------------------------------------- what the soak records
@dataclass
class Slot:
    """One person's browser tab: its role and the page it shows now (a new one after a reload)."""

    index: int
    role: str  # "teacher", "learner", "watcher", "projector"
    query: str
    seat: int | None = None
    page: SoakPage | None = None
    ready: bool = False
    generation: int = 0
    reloads: list[dict] = field(default_factory=list)
    old_pages: list[SoakPage] = field(default_factory=list)

    def pages(self) -> list[SoakPage]:
        return [*self.old_pages, *([self.page] if self.page else [])]


@dataclass
class Click:
    slot: int
    key: tuple
    base: int
    t: float
    generation: int
    outcome: str = "no answer"  # "stored" (page moved on, no error), "error", "no answer", "page died"
    shown: int | None = None
    error: str = ""
    answer: float | None = None  # seconds from the click until the page answered (new position or error)


@dataclass
class Fault:
    kind: str
    t_start: float
    t_end: float | None = None
    s0: int | None = None
    detail: str = ""
    slot: int | None = None
    converged: dict[int, float] = field(default_factory=dict)
    open: bool = True
    t_close: float | None = None
    next_record: float | None = None
    all_next: float | None = None
    lost_on_restart: int = 0
    stuck: list[str] = field(default_factory=list)  # pages that did not converge, as they were


class Harness:
    def __init__(self, args, store, url: str, code: str, key: str, base: str, server: psutil.Process,
                 redis: Redis | None, db_path: str | None, busy: float, learners: int, bots: int) -> None:
        self.args, self.store, self.url, self.code, self.key, self.base = args, store, url, code, key, base
        self.server, self.redis, self.db_path, self.busy = server, redis, db_path, busy
        self.rng = random.Random(args.seed)
        self.learner_seats = list(range(learners))
        self.bot_seats = list(range(learners, learners + bots))
        self.slots: list[Slot] = []
        self.clicks: list[Click] = []
        self.faults: list[Fault] = []
        self.replica = store.load(code)
        self.records: list[str] = []
        self.fp: dict[int, tuple] = {self.replica.seq: self._fingerprint()}
        self.first_seen: dict[int, float] = {}
        self.replay_problem = ""
        self.poll_errors = 0
        self.deadline = 0.0
        self.t0 = 0.0
        self.nothing_to_click = 0
        self.reload_failures: list[str] = []
        self._polling = asyncio.Lock()
        self.loads: list[float] = []
        self.arrival_failures: list[str] = []
        self.t_play_end = 0.0
        self.stalled: dict[int, tuple[float, list[str]]] = {}  # record count -> (when, what pages showed)
        self.server_exit: tuple[float, int] | None = None  # (seconds into play, exit code) if Voilà stopped

    # ------------------------------------------------------------------ the store, as the harness reads it
    def _fingerprint(self) -> tuple:
        g = self.replica.game
        return (self.replica.hand_number, g.current_player, g.phase, g.winner, tuple(len(h) for h in g.hands))

    def _poll(self) -> list[str]:
        return self.store.records(self.code, self.replica.seq)

    async def poll_store(self) -> None:
        from uno_lessons.table.records import decode

        async with self._polling:  # one look at a time: two would apply the same records twice
            if self.replay_problem:
                return
            try:
                new = await asyncio.to_thread(self._poll)
            except Exception:  # noqa: BLE001 - the store is away (a fault): look again next time
                self.poll_errors += 1
                return
            self._take(new, decode)

    def _take(self, new: list[str], decode) -> None:
        t = now()
        for text in new:
            try:
                self.replica.apply(decode(text))
            except Exception as exc:  # noqa: BLE001
                self.replay_problem = f"record {self.replica.seq + 1} does not replay: {exc}"
                return
            self.records.append(text)
            self.fp[self.replica.seq] = self._fingerprint()
            self.first_seen[self.replica.seq] = t

    def agrees(self, page: SoakPage | None, at_least: int) -> bool:
        """The page shows a position with at least ``at_least`` records, equal to the store's."""
        if page is None or page.closed or page.pos is None:
            return False
        p = page.pos
        if p.seq < at_least or p.seq not in self.fp:
            return False
        hand, current, phase, winner, sizes = self.fp[p.seq]
        if (p.hand, p.phase, p.winner) != (hand, phase, winner):
            return False
        if winner is None and p.current != current:
            return False
        return page.seat is None or p.cards == sizes[page.seat]

    # ------------------------------------------------------------------ arriving
    async def arrive(self) -> None:
        learners = len(self.learner_seats)
        roles = ["teacher"] + ["learner"] * learners
        roles += ["projector" if i == 0 else "watcher" for i in range(self.args.pages - len(roles))]
        for i, role in enumerate(roles[:self.args.pages]):
            seat = i - 1 if role == "learner" else None
            query = {"teacher": f"table={self.code}&teacher={self.key}", "learner": f"table={self.code}",
                     "watcher": f"table={self.code}&watch=1",
                     "projector": f"table={self.code}&watch=1&view=projector"}[role]
            self.slots.append(Slot(i, role, query, seat))

        async def one(slot: Slot) -> None:
            await asyncio.sleep(slot.index * self.args.every)
            for attempt in range(3):  # a page that does not come is loaded again, as a person would
                page = SoakPage(self.base, slot.query, f"page{slot.index}", seat=slot.seat)
                slot.page = page
                step = "loading"
                try:
                    await page.open(timeout=300)
                    if slot.role == "learner" and "token=" not in slot.query:
                        step = "sitting down"
                        await page.sit(slot.seat, f"Kid{slot.seat}")
                        step = "waiting for its token"
                        await page.wait_for(lambda page=page: page.token() is not None, 120)
                        slot.query = f"table={self.code}&token={page.token()}"
                    step = "waiting for its widgets"
                    await page.wait_for(page._interactive, timeout=120)
                    slot.ready = True
                    return
                except Exception as exc:  # noqa: BLE001
                    shown = "; ".join(text for _t, text in page.errors[-2:])
                    why = (f"{page.name} ({slot.role}) failed while {step}: {type(exc).__name__} {exc}"
                           + (f"; the page says: {shown}" if shown else ""))
                    self.arrival_failures.append(why)
                    await page.close()
                    slot.old_pages.append(page)
                    if attempt == 2:
                        raise RuntimeError(why) from exc
                    await asyncio.sleep(2)

        await asyncio.gather(*(one(s) for s in self.slots))

    async def reload(self, slot: Slot, why: str) -> None:
        """What a person does with a dead page: load its address again (three tries)."""
        old = slot.page
        slot.ready = False
        slot.generation += 1
        if old is not None:
            await old.close()
            slot.old_pages.append(old)
        rec = {"why": why, "t": now(), "back": None, "seat_back": None, "kernel": ""}
        slot.reloads.append(rec)
        for attempt in range(3):
            page = SoakPage(self.base, slot.query, f"page{slot.index}.{slot.generation}.{attempt}", seat=slot.seat)
            slot.page = page
            try:
                await page.open(timeout=120)
                await page.wait_for(page._interactive, 30)
            except Exception as exc:  # noqa: BLE001 - not back: the person reads the page, then reloads again
                shown = "; ".join(text for _t, text in page.errors[-2:])
                self.reload_failures.append(f"{page.name}: {type(exc).__name__}: {str(exc)[:120]}"
                                            + (f"; the page says: {shown}" if shown else ""))
                await page.close()
                slot.old_pages.append(page)
                await asyncio.sleep(2)
                continue
            rec["kernel"] = page.kernel_id
            rec["back"] = now() - rec["t"]
            if slot.seat is not None:
                rec["seat_back"] = page._interactive() and page.seat_name_shown()
            slot.ready = page._interactive()
            return
        slot.page = None

    # ------------------------------------------------------------------ people
    async def learner(self, slot: Slot) -> None:
        rng = random.Random(self.rng.random())
        for _round in range(100_000):
            if now() >= self.deadline:
                return
            page = slot.page
            if page is None or not slot.ready or page.closed or page.pos is None or not page.pos.my_turn:
                await self._wait(page, 0.3)
                continue
            base = page.pos.seq
            await asyncio.sleep(rng.uniform(*self.args.think))
            if slot.page is not page or page.closed or page.pos is None or not page.pos.my_turn or page.pos.seq != base:
                continue
            await self._turn(slot, page, rng)

    async def _turn(self, slot: Slot, page: SoakPage, rng: random.Random) -> None:
        base = page.pos.seq
        seat = slot.seat
        kids = page.hand_buttons() or []
        legal = [k for k in kids if k in page.models and "uno-legal" in (page.models[k].get("_dom_classes") or ())
                 and not page.models[k].get("disabled")]
        if len(kids) == 2 and page.enabled("uno-act-uno") and rng.random() < 0.8:
            await self._click(slot, page, page.enabled("uno-act-uno")[0], ("uno", seat))
            return
        if legal:
            mid = rng.choice(legal)
            classes = page.models[mid].get("_dom_classes") or ()
            card = next((c[len("uno-card-"):] for c in classes if c.startswith("uno-card-") and c != "uno-card-btn"),
                        None)
            key = ("move", seat, "play", card)
            if card and card.startswith("W"):
                await self._wild(slot, page, mid, key, rng)
            else:
                await self._click(slot, page, mid, key)
            return
        answers = page.enabled("uno-act-accept") + page.enabled("uno-act-challenge")
        if answers:
            choice = answers[0] if rng.random() < 0.8 or len(answers) < 2 else answers[1]
            kind = "accept" if "uno-act-accept" in page.models[choice]["_dom_classes"] else "challenge"
            await self._click(slot, page, choice, ("move", seat, kind, None))
            return
        for cls, kind in (("uno-act-keep", "keep"), ("uno-act-draw", "draw"), ("uno-act-pass", "pass")):
            buttons = page.enabled(cls)
            if buttons:
                if kind == "draw" and page.pos.phase == "turn" and page.pos.seq == base:
                    await self._click(slot, page, buttons[0], ("move", seat, "draw", None), picker_ok=True, rng=rng)
                else:
                    await self._click(slot, page, buttons[0], ("move", seat, kind, None))
                return
        self.nothing_to_click += 1
        await self._wait(page, 1.0)

    async def _wild(self, slot: Slot, page: SoakPage, mid: str, key: tuple, rng: random.Random) -> None:
        await page.click(mid)
        try:
            await page.wait_for(lambda: page.shown("uno-picker") or page.closed, 15)
        except TimeoutError:
            return
        await self._click(slot, page, None, key, picker_ok=True, rng=rng)

    async def _click(self, slot: Slot, page: SoakPage, mid: str | None, key: tuple, *, picker_ok: bool = False,
                     rng: random.Random | None = None) -> None:
        """Click ``mid`` (None: the picker is open already); answer the colour/target picker
        if it opens; then wait for the page's answer: a newer position, or an error."""
        base = page.pos.seq
        click = Click(slot.index, key, base, now(), slot.generation)
        self.clicks.append(click)
        errors_before = len(page.errors)
        if mid is not None:
            await page.click(mid)
        for _step in range(3):  # colour, then maybe the player to silence
            if not picker_ok:
                break
            try:
                await page.wait_for(lambda: (page.pos and page.pos.seq != base) or len(page.errors) > errors_before
                                    or page.closed or (page.shown("uno-picker") and (
                                        page.shown("uno-color-picker") or bool(page.find("uno-target-btn")))), 10)
            except TimeoutError:
                break
            if page.closed or (page.pos and page.pos.seq != base) or len(page.errors) > errors_before:
                break
            colours = page.enabled("uno-color-btn") if page.shown("uno-color-picker") else []
            targets = page.find("uno-target-btn")
            if colours:
                await page.click(rng.choice(colours))
            elif targets:
                await page.click(rng.choice(targets))
            else:
                break
            await asyncio.sleep(0.2)
        limit = max(20.0, self.busy + 10.0)
        try:
            await page.wait_for(lambda: page.closed or (page.pos is not None and page.pos.seq > base)
                                or len(page.errors) > errors_before, limit)
        except TimeoutError:
            pass
        if len(page.errors) > errors_before or (page.pos is not None and page.pos.seq > base):
            click.answer = now() - click.t
        if len(page.errors) > errors_before:
            click.outcome, click.error = "error", page.errors[errors_before][1]
            await asyncio.sleep(1.0)  # reads the message, then tries again if it is still their turn
        elif page.closed or slot.page is not page:
            click.outcome = "page died"
        elif page.pos is not None and page.pos.seq > base:
            click.outcome, click.shown = "stored", page.pos.seq

    async def teacher(self, slot: Slot) -> None:
        for _round in range(100_000):
            if now() >= self.deadline:
                return
            page = slot.page
            if (page is None or not slot.ready or page.pos is None or page.pos.winner is None
                    or not page.enabled("uno-next-hand")):
                await self._wait(page, 0.5)
                continue
            await asyncio.sleep(2.0)  # the teacher reads the scores, then deals
            if slot.page is page and page.pos is not None and page.pos.winner is not None and page.enabled("uno-next-hand"):
                await self._click(slot, page, page.enabled("uno-next-hand")[0], ("deal",))

    @staticmethod
    async def _wait(page: SoakPage | None, timeout: float) -> None:
        if page is None:
            await asyncio.sleep(timeout)
            return
        page.changed.clear()
        try:
            await asyncio.wait_for(page.changed.wait(), timeout)
        except TimeoutError:
            pass

    # ------------------------------------------------------------------ faults
    def plan(self, duration: float) -> list[tuple[float, str]]:
        """(seconds after the start of play, kind) of each fault: one per equal slice of the
        run after a short warm-up, at a random moment that leaves it time to be measured."""
        kinds = self.args.faults
        if not kinds:
            menu = ["lock", "kill"] if self.db_path else ["restart", "kill"]
            count = max(1, int(duration // self.args.fault_every))
            kinds = [menu[i % 2] for i in range(count)]
            self.rng.shuffle(kinds)
        warm = min(5.0, duration / 10)
        part = (duration - warm) / len(kinds)
        out = []
        for i, kind in enumerate(kinds):
            length = {"lock": self.busy + self.args.lock_extra, "restart": self.args.redis_down + 1,
                      "kill": self.args.notice + 2}.get(kind, 2)
            room = max(0.0, part - length - min(12.0, part / 2))
            out.append((warm + i * part + self.rng.uniform(0, room), kind))
        return out

    async def run_faults(self, plan: list[tuple[float, str]]) -> None:
        for at, kind in plan:
            wait = self.t0 + at - now()
            if wait > 0:
                await asyncio.sleep(wait)
            if now() >= self.deadline:
                return
            for f in self.faults:  # a fault still measuring is closed by the next one
                if f.open:
                    self._close(f)
            await {"lock": self.lock, "restart": self.restart, "kill": self.kill}[kind]()

    async def lock(self) -> None:
        hold = self.busy + self.args.lock_extra
        proc = subprocess.Popen([sys.executable, "-c", LOCKER, self.db_path, str(hold)], stdout=subprocess.PIPE,
                                text=True)
        try:
            line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), 60)
            f = Fault("lock", now(), detail=f"write lock held {hold:g} s (store's busy timeout {self.busy:g} s)")
            if "locked" not in line:
                f.detail = "the lock could not be taken"
            self.faults.append(f)
            await asyncio.to_thread(proc.wait, hold + 60)
            await self._ended(f)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    async def restart(self) -> None:
        before = self.replica.seq
        await self.poll_store()
        before = max(before, self.replica.seq)
        f = Fault("restart", now())
        self.faults.append(f)
        await asyncio.to_thread(self.redis.stop)
        await asyncio.sleep(self.args.redis_down)
        await asyncio.to_thread(self.redis.start)
        f.detail = f"redis-server down {now() - f.t_start:.1f} s"
        try:
            after = await asyncio.to_thread(self.store.seq, self.code)
            f.lost_on_restart = max(0, before - after)
        except Exception as exc:  # noqa: BLE001
            f.detail += f"; the harness could not read it again ({type(exc).__name__})"
        await self._ended(f)

    async def kill(self) -> None:
        ready = [s for s in self.slots if s.ready and s.page is not None
                 and self.args.kill_who in ("any", s.role, "watcher" if s.role == "projector" else s.role)]
        if not ready:
            return
        slot = self.rng.choice(ready)
        kid = slot.page.kernel_id
        found = kernels_by_id(self.server).get(kid)  # by its ipc sockets: ps does not name it
        procs = [] if found is None else [found]
        f = Fault("kill", now(), slot=slot.index)
        self.faults.append(f)
        if not procs:
            f.detail = f"{slot.role} page{slot.index}: its kernel process was not found"
        else:
            for p in procs:
                try:
                    p.send_signal(signal.SIGKILL)
                except psutil.NoSuchProcess:
                    pass
            f.detail = f"kernel of page{slot.index} ({slot.role}{'' if slot.seat is None else f' seat {slot.seat}'}) killed"
        await asyncio.sleep(self.args.notice)
        await self.poll_store()
        f.t_end, f.s0 = now(), self.replica.seq
        await self.reload(slot, "kernel killed")
        rec = slot.reloads[-1]
        if rec["back"] is None:
            f.detail += "; the reload failed"
        else:
            f.detail += f"; reloaded page interactive after {rec['back']:.1f} s"
            if rec["seat_back"] is not None:
                f.detail += ", back at its seat" if rec["seat_back"] else ", NOT back at its seat"

    async def _ended(self, f: Fault) -> None:
        await self.poll_store()
        f.t_end, f.s0 = now(), self.replica.seq

    def _close(self, f: Fault) -> None:
        f.open, f.t_close = False, now()
        for slot in self.slots:  # what a page that did not converge shows, for the report
            if slot.index not in f.converged and len(f.stuck) < 4:
                f.stuck.append(f"page{slot.index} ({slot.role}): " + self.describe(slot))

    def describe(self, slot: Slot) -> str:
        page = slot.page
        if page is None:
            return "no page (its reloads failed)"
        p = page.pos
        store = f"the store {self.replica.seq} records"
        if self.replica.seq in self.fp:
            hand, current, phase, winner, sizes = self.fp[self.replica.seq]
            store += f" (hand {hand}, seat {current} to move, {phase}{f', won by {winner}' if winner is not None else ''})"
        if p is None:
            return f"no position shown{' (its websocket closed)' if page.closed else ''}; {store}"
        mine = self.fp.get(p.seq)
        agree = "not a position the store held" if mine is None else (
            "the store's position at that count" if self.agrees(page, p.seq) else f"the store had {mine[:4]} there")
        last = [c for c in self.clicks if c.slot == slot.index][-1:]
        return (f"shows {p.seq} records (hand {p.hand}, seat {p.current} to move, {p.phase}, "
                f"{'its turn' if p.my_turn else 'not its turn'}{f', {p.cards} cards' if p.cards is not None else ''}"
                f"; {agree}) since {now() - page.pos_since:.1f} s; {store}"
                + (f"; its last error: {page.errors[-1][1][:80]!r}" if page.errors else "")
                + (f"; its last click: {last[0].key} {last[0].outcome}" if last else "")
                + ("; websocket closed" if page.closed else ""))

    # ------------------------------------------------------------------ watching
    def measure(self) -> None:
        t = now()
        for f in self.faults:
            if not f.open or f.t_end is None:
                continue
            for slot in self.slots:
                if slot.index not in f.converged and self.agrees(slot.page, f.s0):
                    f.converged[slot.index] = max(0.0, slot.page.pos_since - f.t_end)
            if f.next_record is None and self.replica.seq > f.s0:
                f.next_record = self.first_seen[f.s0 + 1] - f.t_end
            if f.all_next is None and f.next_record is not None and all(
                    self.agrees(s.page, f.s0 + 1) for s in self.slots):
                f.all_next = max(min(t for q, t in s.page.seq_seen.items() if q > f.s0) for s in self.slots) - f.t_end
            done = len(f.converged) == len(self.slots) and (f.all_next is not None or f.kind == "end")
            if done or t - f.t_end > self.args.settle:
                self._close(f)

    async def monitor(self, until) -> None:
        last_load = 0.0
        for _tick in range(10_000_000):
            if until():
                return
            proc = getattr(self, "server_proc", None)
            if proc is not None and self.server_exit is None and proc.poll() is not None:
                self.server_exit = (now() - self.t0, proc.returncode)
            if now() - last_load >= 30:
                last_load = now()
                self.loads.append(os.getloadavg()[0])
            await self.poll_store()
            self.measure()
            self.watch_stall()
            await asyncio.sleep(0.05)

    def watch_stall(self) -> None:
        """Ten seconds of play without a new record: note what the pages show then."""
        seq = self.replica.seq
        last = self.first_seen.get(seq, self.t0)
        if not self.t0 or now() >= self.deadline or now() - max(last, self.t0) < 10 or seq in self.stalled:
            return
        fp = self.fp.get(seq)
        to_move = None if fp is None or fp[3] is not None else fp[1]
        who = ("the hand is over (the teacher deals)" if to_move is None
               else f"seat {to_move} ({'bot' if to_move in self.bot_seats else 'learner'}) to move")
        suspects = [s for s in self.slots if s.seat == to_move or not self.agrees(s.page, seq)
                    or (to_move is None and s.role == "teacher")]
        if not suspects:  # a bots' turn every page agrees on: any page's clock should play it
            suspects = self.slots[:2]
        notes = [f"the store: {who}; {sum(self.agrees(s.page, seq) for s in self.slots)}/{len(self.slots)} pages "
                 "show its position"]
        notes += [f"page{s.index} ({s.role}): {self.describe(s)}" for s in suspects[:3]]
        self.stalled[seq] = (now() - self.t0, notes)
        suspects = suspects[:3]
        for s in suspects:
            asyncio.ensure_future(self.probe(s, self.stalled[seq][1]))

    async def probe(self, slot: Slot, notes: list[str]) -> None:
        """Whether a page's kernel still answers (``kernel_info``), and where its process waits."""
        page = slot.page
        if page is None or page.closed or page.ws is None:
            return
        where = ""
        p = kernels_by_id(self.server).get(page.kernel_id)
        if p is not None:
            try:
                wchan = Path(f"/proc/{p.pid}/wchan").read_text().strip()
                where = f"; its process {p.pid}: {p.status()}, waiting in {wchan or '-'}, cpu {sum(p.cpu_times()[:2]):.1f} s"
            except (OSError, psutil.Error):
                pass
        seen = page.info_replies
        t = now()
        try:
            await page.ws.write_message(page._msg("kernel_info_request", {}))
            await page.wait_for(lambda: page.info_replies > seen, 5)
            answer = f"answers kernel_info in {now() - t:.2f} s"
        except Exception:  # noqa: BLE001
            answer = "does NOT answer kernel_info within 5 s"
        notes.append(f"page{slot.index}'s kernel {answer}{where}")


def busiest_others(mine: set[int], seconds: float = 1.0) -> str:
    """The processes outside this benchmark that used the most CPU over ``seconds``."""
    procs = []
    for p in psutil.process_iter(["pid", "name", "cmdline"]):
        if p.pid in mine:
            continue
        try:
            p.cpu_percent(None)
            procs.append(p)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    time.sleep(seconds)
    used = []
    for p in procs:
        try:
            used.append((p.cpu_percent(None), " ".join(p.info["cmdline"] or [p.info["name"] or ""])[:70]))
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    used = [u for u in sorted(used, reverse=True) if u[0] >= 5][:3]
    return "; ".join(f"{c:.0f}% {cmd}" for c, cmd in used) or "none over 5% of a core"


def our_pids(*procs: subprocess.Popen | None) -> set[int]:
    mine = {os.getpid()}
    for proc in procs:
        if proc is None:
            continue
        try:
            p = psutil.Process(proc.pid)
            mine |= {p.pid, *(c.pid for c in p.children(recursive=True))}
        except psutil.NoSuchProcess:
            pass
    return mine


# ---------------------------------------------------------------------- the report
def record_key(text: str) -> tuple | None:
    rec = json.loads(text)
    if rec[0] == "move":
        return ("move", rec[1], rec[2], css_card(rec[3]) if rec[2] == "play" else None)
    if rec[0] == "uno":
        return ("uno", rec[1])
    if rec[0] == "deal":
        return ("deal",)
    return None


def report(h: Harness, final_records: list[str], replay_ok: str, seq_check: str, log_text: str) -> None:
    print()
    human = set(h.learner_seats)
    kinds = Counter()
    for text in final_records:
        rec = json.loads(text)
        if rec[0] == "move":
            kinds["learner moves" if rec[1] in human else "bot moves"] += 1
        else:
            kinds[f"{rec[0]}"] += 1
    # Every click believed stored, matched to the record it made: in (base, first position shown after].
    claimed: dict[int, int] = {}
    lost: list[Click] = []
    double = 0
    for i, c in enumerate(h.clicks):
        if c.outcome != "stored":
            continue
        spots = [p for p in range(c.base + 1, (c.shown or c.base) + 1)
                 if p <= len(final_records) and record_key(final_records[p - 1]) == c.key]
        free = [p for p in spots if p not in claimed]
        if not free:
            lost.append(c)
            continue
        claimed[free[0]] = i
        if len(spots) > 1:
            double += 1
    # Records a learner or the teacher made that no believed-stored click accounts for.
    stray_error, stray_none = [], []
    for p, text in enumerate(final_records, 1):
        key = record_key(text)
        if key is None or p in claimed or (key[0] != "deal" and key[1] not in human):
            continue
        if rec_is_join(text):
            continue
        if any(c.key == key and c.base < p and c.outcome != "stored" for c in h.clicks):
            stray_error.append(p)
        else:
            stray_none.append(p)
    outcomes = Counter(c.outcome for c in h.clicks)

    print("figures:")
    print(f"  moves: {len(final_records)} records in the store ("
          + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ")")
    print(f"  clicks: {len(h.clicks)} by learners and the teacher: {outcomes['stored']} believed stored, "
          f"{outcomes['error']} answered with an error, {outcomes['no answer']} unanswered, "
          f"{outcomes['page died']} on a page that died; {h.nothing_to_click} turns with nothing to click")
    answers = [c.answer for c in h.clicks if c.answer is not None]
    during = [c.answer for c in h.clicks if c.answer is not None and any(
        f.kind != "end" and f.t_start <= c.t <= (f.t_end or f.t_start) for f in h.faults)]
    if answers:
        print(f"  click to the page's answer (s, {len(answers)} answered): p50 {percentile(answers, 50):.2f}  "
              f"p95 {percentile(answers, 95):.2f}  max {max(answers):.2f}"
              + (f"; clicked during a fault ({len(during)}): max {max(during):.2f}" if during else ""))
    print(f"  lost: {len(lost)} (clicks believed stored that the store does not hold)"
          + ("; e.g. " + ", ".join(f"{c.key} at {c.base} shown {c.shown}" for c in lost[:3]) if lost else ""))
    print(f"  duplicated: {double + len(stray_none)} (a believed-stored click held twice: {double}; a learner/"
          f"teacher record no click made: {len(stray_none)}{' at ' + str(stray_none[:5]) if stray_none else ''})")
    print(f"  stored though the page said otherwise: {len(stray_error)} (a click answered with an error, "
          f"unanswered or on a dying page, found in the store)")
    print(f"  store replays: {replay_ok}; {seq_check}"
          + (f"; the harness's replica: {h.replay_problem}" if h.replay_problem else ""))
    errors = [(t, text, s.index) for s in h.slots for p in s.pages() for t, text in p.errors]
    texts = Counter(text for _t, text, _s in errors)
    print(f"  errors shown: {len(errors)} on {len({s for _t, _x, s in errors})} of {len(h.slots)} pages"
          + "".join(f"\n      {n} x {text[:150]!r}" for text, n in texts.most_common(6)))
    stderr = [x for s in h.slots for p in s.pages() for x in p.stderr]
    if stderr:
        print(f"  kernel stderr/tracebacks sent to pages: {len(stderr)}; first: {stderr[0][:200]!r}")
    tracebacks = log_text.count("Traceback")
    warnings = re.findall(r"\[uno_lessons \w+\] .*", log_text)
    print(f"  server log: {tracebacks} tracebacks, {len(warnings)} store messages"
          + (f"; e.g. {Counter(w[:140] for w in warnings).most_common(1)[0][0]!r}" if warnings else ""))
    faults = [f for f in h.faults if f.kind != "end"]
    times = [v for f in faults for v in f.converged.values()]
    pairs = len(faults) * len(h.slots)
    within = sum(1 for f in faults for v in f.converged.values() if v <= TARGET)
    print(f"  pages converged: {within}/{pairs} page-faults within {TARGET:g} s, {len(times)}/{pairs} at all "
          f"(within {h.args.settle:g} s or before the next fault)")
    if times:
        print(f"  convergence (s, each page after each fault): p50 {percentile(times, 50):.2f}  "
              f"p95 {percentile(times, 95):.2f}  max {max(times):.2f}")
        worst = [max(f.converged.values()) if len(f.converged) == len(h.slots) else float("inf") for f in faults]
        print("  slowest page per fault (s): " + " ".join("never" if w == float("inf") else f"{w:.2f}" for w in worst))
    # Pauses between records while play went on (from its start, and to its end).
    seen = [h.t0] + [t for k, t in sorted(h.first_seen.items()) if t >= h.t0] + [h.t_play_end or now()]
    gaps = sorted(b - a for a, b in zip(seen[:-1], seen[1:]))
    if gaps:
        print(f"  longest pause without a new record: {gaps[-1]:.1f} s (median gap {statistics.median(gaps):.2f} s)")
    for seq, (at, notes) in sorted(h.stalled.items()):
        print(f"  no new record for 10 s at {at:.0f} s into play ({seq} records):")
        for text in notes:
            print(f"        {text}")
    for f in h.faults:
        name = f"{f.kind} at {f.t_start - h.t0:6.1f} s" if f.kind != "end" else "after the run"
        errs = sum(1 for t, _x, _s in errors if f.t_start <= t <= (f.t_close or now()))
        conv = f"{len(f.converged)}/{len(h.slots)} pages converged"
        if f.converged:
            conv += f", slowest {max(f.converged.values()):.2f} s"
        missing = [s.index for s in h.slots if s.index not in f.converged]
        if missing:
            conv += f" (not: page{', page'.join(map(str, missing[:8]))}{' …' if len(missing) > 8 else ''})"
        if f.kind == "end":
            nxt = f"{f.s0} records"
        else:
            nxt = "no new record" if f.next_record is None else f"next record +{f.next_record:.1f} s"
            if f.all_next is not None:
                nxt += f", on every page +{f.all_next:.1f} s"
        lost_r = f"; {f.lost_on_restart} records lost by the restart" if f.kind == "restart" else ""
        print(f"    {name}: {f.detail}; {conv}; {nxt}; {errs} errors shown{lost_r}")
        for text in f.stuck[:3]:
            print(f"        not converged: {text}")
    reloads = [r for s in h.slots for r in s.reloads]
    if reloads:
        back = [r["back"] for r in reloads if r["back"] is not None]
        seats = [r["seat_back"] for r in reloads if r["seat_back"] is not None]
        print(f"  reloads: {len(reloads)}, interactive again after (s): {' '.join(f'{b:.1f}' for b in back) or '-'}; "
              f"learners back at their seat: {sum(seats)}/{len(seats)}"
              + (f"; failures: {h.reload_failures[:3]}" if h.reload_failures else ""))


def server_errors(log_text: str) -> list[str]:
    """The notebook errors Voilà logged while running a page (exception name and message)."""
    out = []
    for hit in re.finditer(r"'ename': '([^']*)', 'evalue': (\"[^\"]*\"|'[^']*')", log_text):
        text = f"{hit.group(1)}: {hit.group(2)[1:-1][:200]}"
        if text not in out:
            out.append(text)
    return out


def rec_is_join(text: str) -> bool:
    return text.startswith('["join"')


# ---------------------------------------------------------------------- main
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--store", choices=("sqlite", "redis"), default="sqlite")
    ap.add_argument("--learners", type=int, default=None, help="learner seats (default: 6, fewer for few pages)")
    ap.add_argument("--bots", type=int, default=2, help="bot seats")
    ap.add_argument("--faults", type=lambda s: [k for k in s.split(",") if k], default=None,
                    help="faults in order, e.g. lock,kill (default: lock/restart and kill, one every --fault-every s)")
    ap.add_argument("--fault-every", type=float, default=40.0)
    ap.add_argument("--busy", type=float, default=None, help="?busy=SECONDS on the sqlite URL (default: none)")
    ap.add_argument("--lock-extra", type=float, default=2.0, help="seconds the lock is held past the busy timeout")
    ap.add_argument("--redis-down", type=float, default=2.0, help="seconds redis-server stays stopped")
    ap.add_argument("--notice", type=float, default=1.0, help="seconds until a person reloads a dead page")
    ap.add_argument("--kill-who", choices=("any", "learner", "watcher", "teacher"), default="any",
                    help="whose page's kernel a kill fault kills (default: any page's)")
    ap.add_argument("--settle", type=float, default=30.0, help="at most this long is a fault's convergence watched")
    ap.add_argument("--think", type=float, nargs=2, default=(0.4, 1.5), help="a learner's think time (s), min max")
    ap.add_argument("--every", type=float, default=0.5, help="seconds between two pages arriving")
    ap.add_argument("--pool", type=int, default=None, help="preheated kernels (default: pages + kernel kills + 1)")
    ap.add_argument("--keep-logs", default=None, metavar="DIR", help="copy the server's (and Redis's) log here")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--port", type=int, default=0)
    args = ap.parse_args()
    for kind in args.faults or []:
        if kind not in ("lock", "restart", "kill") or (kind == "lock" and args.store != "sqlite") or (
                kind == "restart" and args.store != "redis"):
            ap.error(f"fault {kind!r} does not apply to --store {args.store}")
    learners = args.learners if args.learners is not None else max(1, min(6, args.pages - 2))
    if not 1 <= learners <= args.pages - 1 or learners + args.bots > 10 or learners + args.bots < 2:
        ap.error("a table seats 2 to 10; the pages are the teacher, the learners, then watchers")

    from dataclasses import replace

    from uno_lessons.engine.rules import Rules
    from uno_lessons.table import open_store

    # The store's own warnings in this process are about the harness's reads during a fault
    # (the kernels' go to the server's log, which the report counts).
    logging.getLogger("uno_lessons.table").setLevel(logging.CRITICAL)

    print("# command: " + " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv]))
    load = os.getloadavg()
    mem = psutil.virtual_memory()
    print(f"# machine: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"{mem.available / 2**30:.1f} of {mem.total / 2**30:.1f} GB free; busiest other processes: "
          f"{busiest_others(our_pids())}")
    try:
        head = subprocess.run(["git", "log", "-1", "--format=%h %s"], cwd=REPO, capture_output=True, text=True).stdout
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "uno_lessons"], cwd=REPO, capture_output=True,
                               text=True).stdout.split("\n")
        print(f"# code: {head.strip()[:90]}" + (f"; uncommitted changes in {len([d for d in dirty if d])} "
                                              "files of uno_lessons/ (measured as they are)" if any(dirty) else ""))
    except OSError:
        pass

    def stopped(signum, _frame):  # SIGTERM (a timeout, a test) cleans up like Ctrl+C
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stopped)
    tmp = Path(tempfile.mkdtemp(prefix="class-soak-"))
    redis = proc = None
    try:
        db_path = None
        if args.store == "redis":
            redis = Redis(tmp / "redis")
            redis.start()
            url = redis.url
        else:
            db_path = str(tmp / "tables.db")
            url = f"sqlite:///{db_path}" + (f"?busy={args.busy:g}" if args.busy is not None else "")
        store = open_store(url)
        busy = float(getattr(store.backend, "busy", 0) or 0)  # SQLite's ?busy= (its busy_timeout)
        rules = replace(Rules.encanto(), target_score=10**6)  # hands are dealt on for the whole run
        seats = ["human"] * learners + ["sensible"] * args.bots
        code, key = store.create(learners + args.bots, seats, rules=rules, seed=args.seed)

        harness_args = args
        duration = args.minutes * 60
        probe = Harness(args, store, url, code, key, "", None, redis, db_path, busy, learners, args.bots)
        plan = probe.plan(duration)
        kills = sum(1 for _t, k in plan if k == "kill")
        pool = args.pool if args.pool is not None else args.pages + kills + 1
        port = args.port or free_port()
        log = tmp / "voila.log"
        proc = start_voila(port, pool, tmp, log, url)
        server = psutil.Process(proc.pid)
        fill = wait_pool(proc, log, timeout=900)
        fill += wait_idle(server, timeout=900)
        base = f"http://127.0.0.1:{port}/"
        print(f"# class_soak: {args.pages} pages (the teacher, {learners} learners, {args.pages - 1 - learners} "
              f"watching) at a table of {learners} learners and {args.bots} bots, store {args.store}"
              f"{f' (busy timeout {busy:g} s)' if db_path else ''}, {args.minutes:g} min; pool of {pool} "
              f"preheated in {fill:.0f} s")
        print("# faults planned (s after play starts): " + ", ".join(f"{k} {t:.0f}" for t, k in plan))

        h = Harness(harness_args, store, url, code, key, base, server, redis, db_path, busy, learners, args.bots)
        h.rng = probe.rng
        h.server_proc = proc

        async def run() -> None:
            t_arrive = now()
            await asyncio.wait_for(h.arrive(), 900)
            ready = [s.page.t_interactive - s.page.t_start for s in h.slots]
            print(f"# arrived: every page interactive {now() - t_arrive:.1f} s after the first came "
                  f"(each: median {statistics.median(ready):.2f} s, slowest {max(ready):.2f} s)")
            for why in h.arrival_failures:
                print(f"# a page loaded again while arriving: {why[:400]}")
            h.t0 = now()
            h.deadline = h.t0 + duration
            stop = False
            mon = asyncio.ensure_future(h.monitor(lambda: stop))
            people = [h.teacher(s) if s.role == "teacher" else h.learner(s) for s in h.slots
                      if s.role in ("teacher", "learner")]
            await asyncio.gather(h.run_faults(plan), *people)
            h.t_play_end = now()
            # Play has stopped: how soon does every page show the store's last position?
            await asyncio.sleep(0.2)
            await h.poll_store()
            for f in h.faults:
                if f.open:
                    h._close(f)
            end = Fault("end", now(), t_end=now(), s0=h.replica.seq, detail="play stopped")
            h.faults.append(end)
            for _i in range(400):
                h.measure()
                if not end.open:
                    break
                await asyncio.sleep(0.05)
                await h.poll_store()
            stop = True
            await mon
            for s in h.slots:
                if s.page is not None:
                    await s.page.close()

        try:
            asyncio.run(run())
        except RuntimeError as exc:
            print(f"# the run stopped: {exc}")
            for line in server_errors(log.read_text(errors="replace"))[:3]:
                print(f"#   the server says: {line}")
            raise SystemExit(1) from None
        final = open_store(url)
        records = final.records(code, 0)
        try:
            final.load(code)
            replay_ok = f"yes ({len(records)} records)"
        except Exception as exc:  # noqa: BLE001
            replay_ok = f"NO: {exc}"
        if db_path:
            db = sqlite3.connect(db_path)
            seqs = [r[0] for r in db.execute("select seq from records where code = ? order by seq", (code,))]
            db.close()
            gaps = len(set(range(1, len(seqs) + 1)) ^ set(seqs))
            seq_check = f"record numbers 1..{len(seqs)}: {'no gaps or repeats' if not gaps else f'{gaps} out of place'}"
        else:
            seq_check = "a Redis list (numbered by position)"
        if h.loads:
            print(f"# load average (1 min) during the run, every 30 s: {' '.join(f'{x:.1f}' for x in h.loads)}")
        load = os.getloadavg()
        print(f"# load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; busiest other processes: "
              f"{busiest_others(our_pids(proc))}")
        log_text = log.read_text(errors="replace")
        if h.server_exit is None and proc.poll() is not None:
            h.server_exit = (now() - h.t0, proc.returncode)
        if h.server_exit is not None:
            how = {-9: "SIGKILL", -15: "SIGTERM", -2: "SIGINT"}.get(h.server_exit[1], f"exit code {h.server_exit[1]}")
            print(f"# THE VOILÀ SERVER STOPPED {h.server_exit[0]:.0f} s into play ({how}); the last lines of its log:")
            for line in [x for x in log_text.splitlines() if x.strip()][-12:]:
                print(f"#   {line[:200]}")
        if args.keep_logs:
            keep = Path(args.keep_logs)
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(log, keep / "voila.log")
            if redis is not None and (redis.dir / "redis.log").exists():
                shutil.copy(redis.dir / "redis.log", keep / "redis.log")
            print(f"# logs kept in {keep}")
        report(h, records, replay_ok, seq_check, log_text)
        final.close()
        store.close()
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if redis is not None:
            redis.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
