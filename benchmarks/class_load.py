"""A class arriving at one table, measured on this machine through Voilà's real protocol.

It starts ``voila notebooks/dashboard.ipynb`` the way ``bash dev.sh serve --class N`` does
(a preheated pool of N kernels, refills held back while the class arrives), waits until the
pool is filled and its kernels are idle, opens a class table, and then N light clients
arrive, one every ``--every`` seconds (0.5 by default; 0: all at once). Each is what a
browser does on the wire, without drawing: GET the page (``?table=CODE``), open the kernel's
websocket, ask for the widget states, emulate the page's one client-side link, and, for the
first ten (a table seats at most ten, RULES.md), choose a seat, type a name and sit down; the
others watch (``&watch=1``). A page is interactive when its widgets for play have arrived:
the hand's buttons for a learner, the status line for a watcher. Then learners play cards
and every page's time to see each move is measured (click to the page's status update).
Finally the same with 5 real Chromium pages (Playwright), as a check on the light client.

    python benchmarks/class_load.py               # 30 pages, 20 moves, 5 Chromium pages
    python benchmarks/class_load.py --pages 10 --moves 10 --chromium 0
    python benchmarks/class_load.py --server both --pages 30 --moves 10 --chromium 0

``--server serve`` starts ``uno-lessons serve --class N`` instead: Voilà on its private
Unix socket behind the front (``uno_lessons.voila.front``), which checks every request and
relays every websocket message; the clients keep the front's session cookie, as a browser
does. ``--server both`` runs plain Voilà first, then the front, with the same pool, clients
and moves, and prints the front's figures as ratios to plain Voilà's (the cost of the
front), in the same run.

``--server serve --teacher --within 10`` is issue 39's class: ``uno-lessons serve --class N``
as a teacher starts it (its own pool: the class, the teacher's pages, reloads; refilled as
it is used), and N pages plus the teacher's and the projector's arriving within 10 s; it
prints the slowest page, and how soon every page had the first bytes of an answer (its page,
or the front's page saying it waits and its place, which a client here follows as the
page's script does). ``--class-size M`` (smaller than ``--pages``) starts the server for a
smaller class, so that pages wait for refills. ``--reloads K`` reloads K watching pages at
once after the moves, without the page's own shutdown (a lost beacon): their time to
interactive, and whether their old kernels were freed.

    python benchmarks/class_load.py --server serve --pages 30 --teacher --within 10 --chromium 0 --moves 10
    python benchmarks/class_load.py --server serve --class-size 10 --pages 30 --teacher --within 3 --chromium 0

``--whole-class`` is issue 39's class of several tables: the store opens a class of N learners
(``classroom.open_class``: three tables of ten for 30), and every page arrives at the one
class code (``?class=CODE``), types a name and sits down where the server seats it; with
``--teacher`` the class's teacher page and its projector (every table) come first. Then
every table plays at once, ``--moves`` moves each, and the report says how many learners
made a move.

    python benchmarks/class_load.py --server serve --whole-class --pages 30 --teacher --within 15 --chromium 0 --moves 25

It prints what it measured; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from serving import kernel_memory, kernels_by_id, wait_idle, wait_pool  # noqa: E402  (benchmarks/ is on sys.path)

SEATS = 10  # UNO is played by 2 to 10 (RULES.md): the rest of a class watches


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


# ---------------------------------------------------------------------- the server
def start_voila(port: int, pool: int, data_dir: Path, log: Path) -> subprocess.Popen:
    """Voilà as ``dev.sh serve --class`` starts it (pool of ``pool``, refills held back)."""
    env = dict(os.environ, UNO_LESSONS_DATA=str(data_dir), PYTHONPATH=str(REPO), UNO_LESSONS_SPARE="0")
    env.pop("UNO_LESSONS_STORE", None)
    cmd = [sys.executable, "-m", "voila", "notebooks/dashboard.ipynb", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--port_retries=0",
           f"--VoilaKernelManager.kernel_pools_config={json.dumps({'dashboard.ipynb': {'pool_size': pool}})}",
           "--VoilaKernelManager.fill_delay=300"]
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)


def start_serve(port: int, class_size: int, data_dir: Path, log: Path, extra: list[str]) -> subprocess.Popen:
    """``uno-lessons serve --class N`` (the front before a private Voilà) as a teacher starts
    it: its own pool (the class, the teacher's pages, reloads; refilled as it is used)."""
    env = dict(os.environ, UNO_LESSONS_DATA=str(data_dir), PYTHONPATH=str(REPO))
    env.pop("UNO_LESSONS_STORE", None)
    cmd = [sys.executable, "-m", "uno_lessons", "serve", f"--port={port}", "--lessons-port=0",
           f"--class={class_size}", *(["--", *extra] if extra else [])]
    return subprocess.Popen(cmd, cwd=data_dir, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)


def wait_said(proc: subprocess.Popen, log: Path, words: str, timeout: float) -> float:
    """Seconds until the server's terminal has said ``words``."""
    t0 = time.monotonic()
    while words not in log.read_text():
        if proc.poll() is not None or time.monotonic() - t0 > timeout:
            raise RuntimeError(f"the server did not say {words!r}:\n" + log.read_text()[-3000:])
        time.sleep(0.1)
    return time.monotonic() - t0


def voila_process(proc: subprocess.Popen) -> psutil.Process:
    """The Voilà server of ``proc``: itself, or the private one ``uno-lessons serve`` runs."""
    me = psutil.Process(proc.pid)
    if "serve" not in me.cmdline():
        return me
    end = time.monotonic() + 60
    while time.monotonic() < end:
        for child in me.children():
            if "uno_lessons.voila.private" in " ".join(child.cmdline()):
                return child
        time.sleep(0.2)
    raise TimeoutError("the private Voilà server did not start")


# ---------------------------------------------------------------------- a light client
@dataclass
class Page:
    """One page: the HTTP request, the kernel websocket, and the widget models it holds."""

    base: str
    query: str
    name: str
    kernel_id: str = ""
    models: dict[str, dict] = field(default_factory=dict)
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    ws: object = None
    t_start: float = 0.0
    t_interactive: float | None = None
    t_page: float = 0.0  # the page's HTML has arrived
    t_states: float = 0.0  # the widget states have arrived
    t_answer: float = 0.0  # the first bytes of an answer have arrived (the page or its waiting notice)
    told_to_wait: bool = False  # the front answered with its waiting page first (uno_lessons.voila.waiting)
    place: int = 0  # the furthest place in the queue that page gave
    cookie: str = ""  # the front's session cookie, kept as a browser keeps it (a reload sends it)
    seq_seen: dict[int, float] = field(default_factory=dict)  # record count -> time first seen
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    ended: str | None = None  # why the page stopped reading its websocket, if it did

    def _msg(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "bench", "session": self.session,
                                      "msg_type": msg_type, "version": "5.3",
                                      "date": datetime.now(UTC).isoformat()},
                           "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
                           "buffers": []})

    def find(self, cls: str) -> list[str]:
        """Model ids whose DOM classes include ``cls``."""
        return [m for m, s in self.models.items() if cls in (s.get("_dom_classes") or ())]

    def status_seq(self) -> int | None:
        for m in self.find("uno-status-view"):
            hit = re.search(r"data-seq='(\d+)'", self.models[m].get("value", ""))
            if hit:
                return int(hit.group(1))
        return None

    async def open(self) -> None:
        self.t_start = time.monotonic()
        http = AsyncHTTPClient(max_clients=200)  # a class arrives at once: no client-side queue
        cookie = self.cookie
        while True:
            chunks: list[bytes] = []

            def arrived(chunk: bytes, chunks: list[bytes] = chunks) -> None:
                if not self.t_answer:
                    self.t_answer = time.monotonic()
                chunks.append(chunk)

            resp = await http.fetch(HTTPRequest(f"{self.base}?{self.query}", connect_timeout=600, request_timeout=600,
                                                headers={"Cookie": cookie} if cookie else {},
                                                streaming_callback=arrived))
            html = b"".join(chunks).decode()
            cookie = cookie or "; ".join(c.split(";", 1)[0] for c in resp.headers.get_list("Set-Cookie"))
            self.cookie = cookie
            if "uno-place" not in html:
                break
            # The front's waiting page: it ends once the page is ready, whose script loads it again.
            self.told_to_wait = True
            places = [int(n) for n in re.findall(r"data-place='(\d+)'|unoWait\((\d+)\)", html) for n in n if n]
            self.place = max([self.place, *places])
        self.t_page = time.monotonic()
        self.kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html).group(1)
        ws_url = self.base.replace("http", "ws") + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        # The cookies the page set (the front's session) go with the websocket, as a browser's do.
        self.ws = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookie} if cookie else {}),
                                          max_message_size=2**28)
        comm = uuid.uuid4().hex
        await self.ws.write_message(self._msg("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                                            "data": {}}, {"version": "1.0.0"}))
        await self.ws.write_message(self._msg("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}))
        asyncio.ensure_future(self._listen())

    async def _listen(self) -> None:
        """Read the websocket until it closes; a reader that fails says why (:attr:`ended`)
        instead of leaving the page silently deaf."""
        try:
            await self._read()
        except Exception as exc:  # noqa: BLE001 - said by wait_for's timeout, not lost in a task
            self.ended = f"its reader failed: {type(exc).__name__}: {exc}"
        self.changed.set()

    async def _read(self) -> None:
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                self.ended = "its websocket closed"
                return
            if isinstance(raw, bytes):
                continue
            m = json.loads(raw)
            kind, content = m.get("msg_type"), m.get("content", {})
            data = content.get("data") or {}
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(data.get("state", {}))
                await self._link(content["comm_id"])
            elif kind == "comm_msg" and data.get("method") == "update_states":
                self.t_states = time.monotonic()
                for mid, st in data["states"].items():
                    self.models[mid] = dict(st.get("state", st))
                for mid in list(self.models):
                    await self._link(mid)
            elif kind == "comm_msg" and data.get("method") in ("update", "echo_update"):
                self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif kind == "comm_close":  # a browser drops a closed model (a stale copy would be read)
                self.models.pop(content.get("comm_id"), None)
            else:
                continue
            seq = self.status_seq()
            now = time.monotonic()
            if seq is not None:
                self.seq_seen.setdefault(seq, now)
            if self.t_interactive is None and self._interactive():
                self.t_interactive = now
            self.changed.set()

    async def _link(self, mid: str) -> None:
        """What the browser's jsdlink does: copy the source value to the target model."""
        st = self.models.get(mid, {})
        if st.get("_model_name") != "DirectionalLinkModel" or st.get("_done"):
            return
        (src, src_attr), (dst, dst_attr) = st["source"], st["target"]
        src, dst = src.replace("IPY_MODEL_", ""), dst.replace("IPY_MODEL_", "")
        if src in self.models:
            st["_done"] = True
            await self.update(dst, {dst_attr: self.models[src].get(src_attr)})

    def _interactive(self) -> bool:
        if "class=" in self.query and ("teacher=" in self.query or "view=projector" in self.query):
            return bool(self.find("uno-class-view"))  # the class's board: every table
        if "watch=1" in self.query or "teacher=" in self.query:
            return self.status_seq() is not None
        return any("uno-card-btn" in (self.models[m].get("_dom_classes") or ()) for m in self.models)

    async def reload(self) -> None:
        """What a reload does, but for the page's own shutdown as it unloads, which is not sent
        (a lost beacon): the websocket closes, the same address is asked for again with the
        same cookie, until the new page is interactive."""
        self.ws.close()
        self.models, self.t_interactive, self.t_answer, self.told_to_wait = {}, None, 0.0, False
        await self.open()
        await self.wait_for(self._interactive, timeout=600)

    async def update(self, mid: str, state: dict) -> None:
        await self.ws.write_message(self._msg("comm_msg", {"comm_id": mid, "data": {
            "method": "update", "state": state, "buffer_paths": []}}))

    async def click(self, mid: str) -> None:
        await self.ws.write_message(self._msg("comm_msg", {"comm_id": mid, "data": {
            "method": "custom", "content": {"event": "click"}}}))

    async def wait_for(self, predicate, timeout: float = 120.0) -> None:
        end = time.monotonic() + timeout
        while not predicate():
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: timed out (shows {self.status_seq()} records"
                                   + (f"; {self.ended})" if self.ended else ")"))
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def sit(self, seat: int, name: str) -> None:
        """Choose ``seat`` on the join form, type ``name``, click Sit down."""
        await self.wait_for(lambda: self.find("uno-join-sit"))
        seat_dd = self.find("uno-join-seat")[0]
        labels = self.models[seat_dd].get("_options_labels", [])
        index = next(i for i, label in enumerate(labels) if re.match(rf"\D*{seat}\D", label))
        await self.update(seat_dd, {"index": index})
        await self.update(self.find("uno-join-name")[0], {"value": name})
        await self.click(self.find("uno-join-sit")[0])

    async def sit_in_class(self, name: str) -> None:
        """Type ``name`` on a class's join form and click Sit down (the server seats it)."""
        await self.wait_for(lambda: self.find("uno-join-sit"))
        await self.update(self.find("uno-join-name")[0], {"value": name})
        await self.click(self.find("uno-join-sit")[0])


async def arrive_class(base: str, code: str, pages: int, every: float, teacher: str | None = None) -> list[Page]:
    """``pages`` learners at class ``code``, one every ``every`` seconds: each types a name
    ("Kid0"…) and sits down where the server seats it; with ``teacher`` (the class's key), its
    teacher page and projector come first. The learners' pages, then the teacher's."""
    clients = [Page(base, f"class={code}", f"Kid{i}") for i in range(pages)]
    extra = [Page(base, f"class={code}&teacher={teacher}", "teacher"),
             Page(base, f"class={code}&view=projector", "projector")] if teacher else []

    async def one(at: int, page: Page) -> None:
        await asyncio.sleep(at * every)
        await page.open()
        if page in clients:
            await page.sit_in_class(page.name)
        await page.wait_for(page._interactive, timeout=600)

    await asyncio.gather(*(one(at, page) for at, page in enumerate(extra + clients)))
    return clients + extra


def class_tables(store, code: str, clients: list[Page]) -> dict[str, list[Page]]:
    """Each table of class ``code`` with its pages in seat order (the server seated them: a
    page is found by the name it typed)."""
    from uno_lessons.table.classroom import load_class

    by_name = {c.name: c for c in clients}
    return {t: [by_name[n] for n in store.load(t).names] for t in load_class(store, code).tables}


async def arrive(base: str, code: str, pages: int, every: float, teacher: str | None = None) -> list[Page]:
    """``pages`` clients, one every ``every`` seconds (0: all at once): the first ten sit
    down, the others watch; with ``teacher`` (the table's teacher key), the teacher's page
    and the projector's come first. The learners' pages are returned (the teacher's
    pages after them)."""
    clients = []
    for i in range(pages):
        query = f"table={code}" if i < SEATS else f"table={code}&watch=1"
        clients.append(Page(base, query, f"page{i}"))
    extra = [Page(base, f"table={code}&teacher={teacher}", "teacher"),
             Page(base, f"table={code}&watch=1&view=projector", "projector")] if teacher else []

    async def one(at: int, page: Page, seat: int | None) -> None:
        await asyncio.sleep(at * every)
        await page.open()
        if seat is not None:
            await page.sit(seat, f"Kid{seat}")
        await page.wait_for(page._interactive, timeout=600)

    arrivals = [(page, None) for page in extra] + [(p, i if i < SEATS else None) for i, p in enumerate(clients)]
    await asyncio.gather(*(one(at, page, seat) for at, (page, seat) in enumerate(arrivals)))
    return clients + extra


async def play(clients: list[Page], store, code: str, moves: int) -> list[float]:
    """The learner to move clicks a playable card (else Draw / Keep / Pass / Accept); the
    time from the click until each other page shows the new record, in ms."""
    latencies: list[float] = []
    for _ in range(moves):
        state = store.load(code)
        if state.game.winner is not None:
            break
        seat = state.game.current_player
        page = clients[seat]
        target = state.seq
        await page.wait_for(lambda page=page, target=target: (page.status_seq() or 0) >= target)
        # Only the cards in the hand now: a shorter hand keeps its spare buttons (with their
        # old classes) out of the hand's box, and a click on one of those plays nothing.
        held = {c.replace("IPY_MODEL_", "") for box in page.find("uno-hand-btns")
                for c in page.models[box].get("children", ())}
        legal = [m for m in page.find("uno-legal") if m in held and not page.models[m].get("disabled")]
        buttons = legal or [m for cls in ("uno-act-accept", "uno-act-keep", "uno-act-draw", "uno-act-pass")
                            for m in page.find(cls) if not page.models[m].get("disabled")]
        wild = [m for m in buttons if re.search(r"uno-card-W", " ".join(page.models[m]["_dom_classes"]))]
        plain = [m for m in buttons if m not in wild]
        t0 = time.monotonic()
        await page.click((plain or buttons)[0])
        if not plain and wild:  # a wild asks for a colour (and a target) first
            await page.wait_for(lambda page=page: page.find("uno-color-btn"))
            await page.click(page.find("uno-color-btn")[0])
            # A Wild Don't Talk then asks whom to silence; the other wilds are played at once.
            # Wait for either (on a loaded server the question can take more than a moment).
            await page.wait_for(lambda page=page, target=target: page.find("uno-target-btn")
                                or store.seq(code) > target, 30)
            targets = page.find("uno-target-btn")
            if targets and store.seq(code) == target:
                await page.click(targets[0])
        new = target + 1
        others = [c for c in clients if c is not page]
        try:
            await asyncio.gather(*(c.wait_for(lambda c=c, new=new: (c.status_seq() or 0) >= new, 30) for c in others))
        except TimeoutError as exc:  # say what the click was and where the table stood
            st = store.load(code)
            clicked = page.models.get((plain or buttons)[0], {}).get("_dom_classes")
            raise TimeoutError(f"{exc}; table {code} holds {store.seq(code)} records (the click was for "
                               f"{target}): {page.name} at seat {seat} clicked {clicked}, phase "
                               f"{st.game.phase}, top card {st.game.top_card}") from None
        latencies += [(c.seq_seen[min(s for s in c.seq_seen if s >= new)] - t0) * 1000 for c in others]
    return latencies


def chromium_pages(base: str, store, count: int) -> dict[str, float]:
    """``count`` real Chromium pages join a new table at once; time to a clickable card, and
    click-to-other-pages latency for a few moves."""
    from concurrent.futures import ThreadPoolExecutor

    from playwright.sync_api import sync_playwright

    code, _key = store.create(count, ["human"] * count, seed=7)

    def one(i: int) -> tuple[float, str]:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium",
                                        args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            t0 = time.monotonic()
            page.goto(f"{base}?table={code}", timeout=300_000)
            page.wait_for_selector(".uno-join-sit", timeout=300_000)
            options = page.locator(".uno-join-seat select option").evaluate_all("os => os.map(o => o.textContent)")
            label = next(o for o in options if re.match(rf"\D*{i}\D", o))
            page.locator(".uno-join-seat select").select_option(label=label)
            page.click(".uno-join-sit")
            page.wait_for_selector(".uno-hand-btns .uno-card-btn", timeout=300_000)
            took = time.monotonic() - t0
            url = page.url
            browser.close()
            return took, url

    with ThreadPoolExecutor(count) as pool:
        results = list(pool.map(one, range(count)))
    times = sorted(t for t, _u in results)
    return {"first": times[0], "median": statistics.median(times), "last": times[-1]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--moves", type=int, default=20)
    ap.add_argument("--chromium", type=int, default=5)
    ap.add_argument("--every", type=float, default=0.5,
                    help="seconds between two pages arriving (0: all at once)")
    ap.add_argument("--within", type=float, default=None,
                    help="every page (the teacher's too) arrives within this many seconds: sets --every")
    ap.add_argument("--class-size", type=int, default=None,
                    help="with --server serve: start it with --class N (default: --pages); smaller "
                         "than the pages, the pages beyond its pool wait for refills")
    ap.add_argument("--reloads", type=int, default=0,
                    help="after the moves, this many watching pages reload at once (without the page's own "
                         "shutdown, as when its beacon is lost); their time to interactive, and their old kernels")
    ap.add_argument("--voila-arg", action="append", default=[],
                    help="with --server serve: an option for its Voilà, e.g. --VoilaKernelManager.fill_delay=300")
    ap.add_argument("--whole-class", action="store_true",
                    help="a class of --pages learners at one class code, seated by the server at tables of "
                         "at most ten; every table plays --moves moves at once")
    ap.add_argument("--teacher", action="store_true",
                    help="the teacher's page and the projector's arrive too (first), as the class does")
    ap.add_argument("--port", type=int, default=8879)
    ap.add_argument("--server", choices=("voila", "serve", "both"), default="voila",
                    help="plain Voilà, uno-lessons serve (the front before a private Voilà), or both in turn")
    args = ap.parse_args()
    if args.within is not None:
        args.every = args.within / max(1, args.pages + (2 if args.teacher else 0) - 1)
    kinds = ("voila", "serve") if args.server == "both" else (args.server,)
    results = {kind: measure(args, kind) for kind in kinds}
    if len(results) == 2:
        plain, front = results["voila"], results["serve"]
        print("# the front against plain Voilà, same run (front / plain; above 1: the front is slower)")
        for key, label in (("ready_median", "page to interactive, median"), ("ready_slowest", "slowest page"),
                           ("html_median", "page HTML, median"), ("click_p50", "click to other pages, p50"),
                           ("click_p95", "click to other pages, p95")):
            if plain.get(key) and front.get(key):
                print(f"  {label}: {front[key]:.3f} / {plain[key]:.3f} = {front[key] / plain[key]:.2f}")


def measure(args: argparse.Namespace, kind: str) -> dict[str, float]:
    """One server of ``kind`` (``voila`` or ``serve``) with the class; its figures printed
    and returned."""
    from uno_lessons.table import open_store

    tmp = Path(tempfile.mkdtemp(prefix="class-load-"))
    log = tmp / "voila.log"
    if kind == "voila":
        pool = args.pages + args.chromium
        proc = start_voila(args.port, pool, tmp, log)
    else:
        from uno_lessons.voila.servers import class_pool

        size = args.class_size or args.pages
        pool = class_pool(size)
        proc = start_serve(args.port, size, tmp, log, args.voila_arg)
    out: dict[str, float] = {}
    try:
        server = voila_process(proc)
        fill = wait_pool(proc, log, timeout=900) if kind == "voila" else wait_said(proc, log, "Ready for a class", 900)
        fill += wait_idle(server, timeout=900)
        base = f"http://127.0.0.1:{args.port}/"
        store = open_store(f"sqlite:///{tmp / 'tables.db'}")
        if args.whole_class:
            from uno_lessons.table.classroom import open_class

            seats = args.pages
            code, key = open_class(store, args.pages)
        else:
            seats = min(args.pages, SEATS)
            code, key = store.create(seats, ["human"] * seats, seed=11)
        teacher = " and the teacher's and the projector's" if args.teacher else ""
        seated = "all seated by the server at one class code" if args.whole_class else f"{seats} seated"
        print(f"# class_load ({'plain Voilà' if kind == 'voila' else 'uno-lessons serve: the front'}): "
              f"{args.pages} pages ({seated}, {args.pages - seats} watching){teacher}, one every "
              f"{args.every:.2f} s, {os.cpu_count()} cores; pool of {pool} preheated in {fill:.0f} s; "
              f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

        async def run():
            come = arrive_class if args.whole_class else arrive
            every = await come(base, code, args.pages, args.every, key if args.teacher else None)
            arrived = [copy.copy(c) for c in every]  # the arrival's figures, before any reload
            ready = sorted(c.t_interactive - c.t_start for c in every)
            if args.whole_class:  # every table plays at once
                tables = class_tables(store, code, every[:args.pages])
                before = {t: store.seq(t) for t in tables}
                lats = await asyncio.gather(*(play(pages, store, t, args.moves) for t, pages in tables.items()))
                lat = [x for one in lats for x in one]
                movers = {(t, r[1]) for t in tables for r in (json.loads(x) for x in store.records(t, before[t]))
                          if r[0] == "move"}
                print(f"tables: {', '.join(f'{t} ({len(p)} learners)' for t, p in tables.items())}; "
                      f"{len(movers)} of {args.pages} learners made a move")
            else:
                lat = await play(every[:args.pages], store, code, args.moves)
            watchers = [c for c in every[:args.pages] if "watch=1" in c.query][:args.reloads]
            old = [c.kernel_id for c in watchers]
            await asyncio.gather(*(c.reload() for c in watchers))
            return arrived, every, ready, lat, (watchers, old)

        everyone, live, ready, lat, reloaded = asyncio.run(run())
        clients = everyone[:args.pages]
        done = max(c.t_interactive for c in everyone) - min(c.t_start for c in everyone)
        slowest = max(everyone, key=lambda c: c.t_interactive - c.t_start)
        print(f"each page to interactive (s, {len(everyone)} pages): first {ready[0]:.2f}  "
              f"median {statistics.median(ready):.2f}  slowest {ready[-1]:.2f} ({slowest.name}); "
              f"the whole class interactive {done:.1f} s after the first arrived")
        answers = sorted(c.t_answer - c.t_start for c in everyone)
        told = [c for c in everyone if c.told_to_wait]
        print(f"  first bytes of an answer (s): median {statistics.median(answers):.2f}  slowest {answers[-1]:.2f}; "
              f"{len(told)} pages told to wait" + (f" (places up to {max(c.place for c in told)}; they waited up to "
                                                   f"{max(c.t_page - c.t_start for c in told):.1f} s)" if told else ""))
        html = sorted(c.t_page - c.t_start for c in clients)
        states = sorted(c.t_states - c.t_start for c in clients)
        print(f"  of which the page's HTML (s): first {html[0]:.2f} median {statistics.median(html):.2f} "
              f"last {html[-1]:.2f}; widget states: first {states[0]:.2f} median {statistics.median(states):.2f} "
              f"last {states[-1]:.2f}")
        out.update(ready_median=statistics.median(ready), ready_slowest=ready[-1], html_median=statistics.median(html))
        if lat:
            print(f"click to every other page (ms, {len(lat)} page updates): "
                  f"p50 {percentile(lat, 50):.0f}  p95 {percentile(lat, 95):.0f}  max {max(lat):.0f}")
            out.update(click_p50=percentile(lat, 50), click_p95=percentile(lat, 95))
        watchers, old = reloaded
        if watchers:
            times = sorted(c.t_interactive - c.t_start for c in watchers)
            time.sleep(5)
            running = kernels_by_id(server)
            print(f"{len(watchers)} watching pages reloaded at once, no shutdown sent: to interactive (s) median "
                  f"{statistics.median(times):.2f}  slowest {times[-1]:.2f}; {sum(c.told_to_wait for c in watchers)} "
                  f"told to wait; their old kernels still running 5 s later: {sum(k in running for k in old)}")
        mem = kernel_memory(server)
        used = [mem[c.kernel_id] for c in live[:args.pages] if c.kernel_id in mem]
        rss = [r for r, _u in used]
        uss = [u for _r, u in used]
        print(f"kernel memory (MB, {len(used)} page kernels): RSS median {statistics.median(rss):.0f} "
              f"max {max(rss):.0f}; USS median {statistics.median(uss):.0f} max {max(uss):.0f}")
        print(f"server memory (MB): RSS {server.memory_info().rss / 2**20:.0f}")
        if kind == "serve":
            print(f"front memory (MB): RSS {psutil.Process(proc.pid).memory_info().rss / 2**20:.0f}")
        if args.chromium:
            ch = chromium_pages(base, store, args.chromium)
            print(f"{args.chromium} Chromium pages at once, to a clickable card (s): first {ch['first']:.2f}  "
                  f"median {ch['median']:.2f}  last {ch['last']:.2f}")
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        store.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
    return out


if __name__ == "__main__":
    main()
