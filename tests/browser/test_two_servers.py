"""Two dashboard servers on one Redis serve one table (issue 22, items 2 and 5).

A real ``redis-server`` on a free port and two real ``uno-lessons serve`` dashboards (A and
B) with ``UNO_LESSONS_STORE`` pointing at it. The teacher's page opens the table on A; Ana
sits down through A and Ben through B, in headless Chromium, and they play turns, each
seeing the other's moves. How long a record took from the store to each page is measured
(the test's own pub/sub subscription timestamps each record as Redis publishes it; each page
timestamps the moment its status shows it) and printed in the log, not asserted: timing is
the benchmark's business (``benchmarks/idle_pages.py``).
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from table_backends import RedisServer

from uno_lessons.table import open_store
from uno_lessons.table.redis import news_channel

from .conftest import PAGE_TIMEOUT_MS, free_port, leave, voila_env
from .helpers import STATUS, TIMEOUT, play_one_human_turn, status
from .test_class_table import wait_seq

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
TURNS = 10
#: Each server's preheated dashboard kernels: A serves the teacher and Ana, B serves Ben.
POOL = json.dumps({"dashboard.ipynb": {"pool_size": 2}})

#: Each page writes down when its status first showed each record number (wall clock, ms).
SEEN_JS = """() => {
  window.unoSeen = {};
  const note = () => {
    const s = document.querySelector('.uno-status');
    const n = s && s.dataset.seq;
    if (n && !(n in window.unoSeen)) window.unoSeen[n] = Date.now();
  };
  new MutationObserver(note).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq']});
  note();
}"""


class Stored:
    """When Redis published each record number of one table (wall clock, seconds)."""

    def __init__(self, url: str, code: str) -> None:
        import redis

        self.at: dict[int, float] = {}
        self._pubsub = redis.Redis.from_url(url, decode_responses=True).pubsub()
        self._pubsub.subscribe(news_channel(code))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            message = self._pubsub.get_message(timeout=0.5)
            if message and message["type"] == "message":
                self.at.setdefault(int(message["data"]), time.time())

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self._pubsub.close()


def start_server(redis_url: str, folder: Path, name: str) -> tuple[subprocess.Popen, str, Path]:
    """``uno-lessons serve`` (the dashboard only) on a free port with tables in Redis."""
    port = free_port()
    env = voila_env()
    env["UNO_LESSONS_STORE"] = redis_url
    log = folder / f"serve-{name}.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "uno_lessons", "serve", f"--port={port}",
                                 "--lessons-port=0", "--host=127.0.0.1",
                                 f"--VoilaKernelManager.kernel_pools_config={POOL}"],
                                cwd=folder, env=env, stdout=fh, stderr=subprocess.STDOUT)
    return proc, f"http://127.0.0.1:{port}/", log


def wait_running(proc: subprocess.Popen, log: Path, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while "UNO lessons is running" not in log.read_text():
        assert proc.poll() is None and time.monotonic() < end, log.read_text()[-3000:]
        time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    """Redis and two dashboard servers on it; yields (redis URL, base A, base B)."""
    folder = tmp_path_factory.mktemp("two-servers")
    redis_server = RedisServer(folder)
    procs = []
    try:
        a = start_server(redis_server.url, folder, "a")
        procs.append(a[0])
        b = start_server(redis_server.url, folder, "b")
        procs.append(b[0])
        for proc, _base, log in (a, b):
            wait_running(proc, log)
        yield redis_server.url, a[1], b[1]
    finally:
        for proc in procs:
            stop(proc)
        redis_server.stop()


def open_page(browser, contexts: list, base: str, query: str, selector: str):
    """A dashboard page at ``base`` with ``query``, in its own browser context (a person)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    contexts.append(ctx)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.goto(f"{base}?{query}", wait_until="domcontentloaded")
    page.wait_for_selector(selector, state="visible", timeout=PAGE_TIMEOUT_MS)
    return page


def sit_down(page, seat: int, name: str) -> None:
    """Choose ``seat`` on the join page, type ``name`` and sit down."""
    options = page.locator(".uno-join-seat select option").evaluate_all("os => os.map(o => o.textContent)")
    label = next(o for o in options if re.match(rf"\D*{seat}\D", o))
    page.locator(".uno-join-seat select").select_option(label=label)
    page.fill(".uno-join-name input", name)
    page.click(".uno-join-sit")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('token=')", timeout=TIMEOUT)


def test_learners_on_two_servers_play_at_one_table(two_servers, browser, capsys):
    redis_url, base_a, base_b = two_servers
    store = open_store(redis_url)  # the test looks at the store as a third machine would
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=21)
    stored = Stored(redis_url, code)
    contexts: list = []
    try:
        teacher = open_page(browser, contexts, base_a, f"table={code}&teacher={key}", ".uno-teacher-panel")
        ana = open_page(browser, contexts, base_a, f"table={code}", ".uno-join-sit")
        sit_down(ana, 0, "Ana")
        ben = open_page(browser, contexts, base_b, f"table={code}", ".uno-join-sit")
        sit_down(ben, 1, "Ben")
        learners = {0: ana, 1: ben}
        pages = {"teacher (A)": teacher, "Ana (A)": ana, "Ben (B)": ben}
        for page in pages.values():
            page.evaluate(SEEN_JS)
        state = store.load(code)
        assert state.claimed == {0, 1} and state.names[:2] == ["Ana", "Ben"]
        for page in pages.values():
            wait_seq(page, state.seq)  # both joins, through both servers, on every page
        first = state.seq
        for _turn in range(TURNS):
            state = store.load(code)
            if state.game.winner is not None:
                break
            mover = learners[state.game.current_player]
            wait_seq(mover, state.seq)
            assert status(mover)["humanTurn"] == "1", status(mover)
            play_one_human_turn(mover, prefer_wild=False)
        final = store.load(code)
        assert final.seq > first + TURNS // 2, "the learners did not get to play"
        for page in pages.values():
            wait_seq(page, final.seq)  # every move reached every page, whichever server made it
            assert status(page)["seq"] == str(final.seq)
        for page in (ana, ben):
            hand = page.locator(".uno-hand-btns .uno-card-btn").count()
            seat = 0 if page is ana else 1
            assert hand == len(final.game.hands[seat]), (hand, final.game.hands[seat])
        lines = [f"two servers on one Redis, table {code}: records {first + 1}-{final.seq}"]
        for name, page in pages.items():
            seen = page.evaluate("() => window.unoSeen")
            delays = [seen[str(n)] / 1000 - stored.at[n] for n in range(first + 1, final.seq + 1)
                      if str(n) in seen and n in stored.at]
            assert delays, name
            lines.append(f"  store -> {name}: median {1000 * statistics.median(delays):.0f} ms, "
                         f"max {1000 * max(delays):.0f} ms over {len(delays)} records")
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "two-servers-latency.txt").write_text("\n".join(lines) + "\n")
        with capsys.disabled():
            print("\n" + "\n".join(lines))
        for page in pages.values():
            assert not page.errors, page.errors
    finally:
        stored.close()
        for ctx in contexts:
            leave(ctx)
        store.close()
