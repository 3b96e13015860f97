"""Pages that wait for a kernel (issue 39): never a silent blank page.

The pure parts first: the queue and a page's place in it, what the terminal says, the
waiting page, a reloaded page's old kernel, and the pool (uno_lessons.voila.pool) that starts
one kernel at a time and hands out a ready one first. Then a real ``uno-lessons serve``
whose pool (3 kernels, refilled 5 s after use) six browsers empty at once: every one of them
gets an answer within seconds, the ones beyond the pool a page that says it waits and its
place, and then their own page; the terminal says that pages wait."""

from __future__ import annotations

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.serve_fixture import running_serve
from uno_lessons.voila import pool, waiting
from uno_lessons.voila.front import Pages


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_page_keeps_its_place_and_a_reload_asks_for_no_second_kernel():
    queue = waiting.Queue()
    first, second, third = (queue.add(who, "/?table=A") for who in ("ana", "ben", "cy"))
    assert [queue.place(t) for t in (first, second, third)] == [1, 2, 3]
    # Two tabs opened at once are two pages; once Ben was told his page waits, loading it
    # again is the same request, with the same place.
    assert queue.find("ben", "/?table=A") is None
    second.told = True
    assert queue.find("ben", "/?table=A") is second and queue.find("ben", "/?table=B") is None
    queue.answered(first, waiting.Answer(200, "OK", [], b"page", "k1"))
    assert queue.place(second) == 1 and queue.place(third) == 2 and queue.place(first) == 0
    assert queue.take(first).kernel == "k1" and queue.take(first) is None  # one page, one tab
    assert queue.waiting() == [second]  # third's browser has not been told yet (it came within NOTICE)


def test_the_terminal_says_when_pages_wait_and_when_none_does():
    clock, said = Clock(), []
    queue = waiting.Queue(clock)
    notices = waiting.Notices(said.append, None, clock)
    tickets = [queue.add(f"p{i}", "/") for i in range(3)]
    notices.update(queue)
    assert said == []  # nobody told to wait: nothing to say
    for t in tickets:
        t.told = True
    clock.now += 4
    notices.update(queue)
    assert said == ["3 pages are waiting for the server (the longest for 4 s); each says so and opens by itself."]
    clock.now += 1
    notices.update(queue)
    assert len(said) == 1  # not again at once
    more = [queue.add(f"q{i}", "/") for i in range(3)]
    for t in more:
        t.told = True
    notices.update(queue)
    assert said[-1].startswith("6 pages are waiting")  # unless twice as many wait: a class arriving
    for t in more:
        queue.answered(t, waiting.Answer(200, None, [], b"", None))
    for t in tickets[:2]:
        queue.answered(t, waiting.Answer(200, None, [], b"", None))
    clock.now += waiting.SAY_EVERY
    notices.update(queue, {"notebooks": {"a": {"size": 5, "ready": 0, "starting": 1},
                                         "b": {"size": 1, "ready": 1, "starting": 0}}})
    assert said[-1] == ("1 page is waiting for the server (for 15 s); it says so and opens by itself. "
                        "Prepared pages free: 1 of 6; 1 more being prepared.")
    queue.answered(tickets[2], waiting.Answer(200, None, [], b"", None))
    notices.update(queue)
    assert said[-1] == "No page is waiting any more."
    notices.update(queue)
    assert len(said) == 4


def test_the_waiting_page_says_it_waits_and_its_place_in_its_language():
    html, lang = waiting.page_text("nl", 4)
    assert lang == "nl" and html.startswith("<!doctype html><html lang='nl'>")
    assert "role='status'" in html and "aria-live='polite'" in html and "http-equiv='refresh'" in html
    assert re.search(r"<p id='uno-place'[^>]*data-place='4'>Je plaats in de wachtrij: 4</p>", html)  # in Dutch
    assert "is being prepared" in waiting.page_text(None, 1)[0]  # the first in the queue
    assert waiting.update_script(3) == "<script>unoWait(3)</script>\n"
    assert "location.replace" in waiting.DONE_SCRIPT
    assert waiting.page_text("xx", 2)[1] == "xx" and "Your place" in waiting.page_text("xx", 2)[0]


def test_a_reloaded_pages_old_kernel_is_closed_and_a_second_tab_kept():
    pages = Pages()
    for kernel in ("old", "tab", "new"):
        pages.admit("ana")
        pages.served("ana", kernel, "/?table=A")
    pages.admit("ben")
    pages.served("ben", "bens", "/?table=A")
    assert pages.connected("old", +1) == [] and pages.connected("tab", +1) == []
    assert pages.connected("old", -1) == []  # the reload unloads the old page
    assert pages.connected("bens", +1) == []  # another owner's page at the same address: not hers
    assert pages.connected("new", +1) == ["old"]  # the new page connects: the old one goes
    assert "old" not in pages.kernels and {"tab", "new", "bens"} <= set(pages.kernels)


class FakeManager:
    """The parts of Voilà's kernel manager that pool.refilling changes."""

    kernel_pools_config = {"nb.ipynb": {"pool_size": 3}}

    def __init__(self) -> None:
        self._pools: dict[str, list] = {}
        self.running = self.most = 0

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        self.running += 1
        self.most = max(self.most, self.running)
        await asyncio.sleep(0.01)
        self.running -= 1
        return {"kernel_id": kernel_id or f"k{len(self._pools.get(notebook_path, []))}"}

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        return await self._pools[notebook_name].pop(0)


def test_the_pool_starts_one_kernel_at_a_time_and_gives_a_ready_one_first():
    manager = pool.refilling(FakeManager)()

    async def run():
        loop = asyncio.get_running_loop()
        waiting_one: asyncio.Future = loop.create_future()
        failed: asyncio.Future = loop.create_future()
        failed.set_exception(RuntimeError("the kernel died"))
        ready = asyncio.ensure_future(manager._initialize("nb.ipynb"))
        others = [asyncio.ensure_future(manager._initialize("nb.ipynb")) for _ in range(3)]
        await asyncio.gather(ready, *others)
        assert manager.most == 1  # one start at a time
        manager._pools["nb.ipynb"] = [waiting_one, failed, ready]
        assert manager.pool_status() == {"nb.ipynb": {"size": 3, "ready": 1, "starting": 1}}
        assert await manager.get_rendered_notebook("nb.ipynb") == ready.result()
        assert manager._pools["nb.ipynb"] == [waiting_one] and manager.taken == 1
        assert await pool.refilling(FakeManager)()._initialize("nb.ipynb", "k9") == {"kernel_id": "k9"}

    asyncio.run(run())
    plain = type("Plain", (), {})
    assert pool.refilling(plain) is plain  # no pool (preheating off): Voilà's own manager


# ------------------------------------------------------------------ a real server
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``uno-lessons serve`` (the dashboard only; voila.json: a pool of 3, refilled 5 s after use)."""
    with running_serve(tmp_path_factory.mktemp("waiting")) as (base, _proc, log):
        yield base, log


def visit(base: str) -> tuple[float, bool, str]:
    """One browser opens the dashboard: seconds to the first bytes of an answer, whether it
    was told to wait, and its page's kernel in the end."""
    session = requests.Session()
    t0 = time.monotonic()
    told = False
    with session.get(f"{base}/?table=ABCDEF", timeout=180, stream=True) as r:
        chunks = r.iter_content(256)
        body = [next(chunks)]
        took = time.monotonic() - t0
        text = b"".join([*body, *chunks]).decode()
    while "uno-place" in text:  # the waiting page ended (its page is ready): load it, as its script does
        assert re.search(r"Your place in the queue: \d+|Your page is being prepared", text), text[:2000]
        told = True
        text = session.get(f"{base}/?table=ABCDEF", timeout=180).text
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', text)
    assert kernel, text[:500]
    return took, told, kernel.group(1)


def test_pages_beyond_the_pool_say_at_once_that_they_wait_then_open(server):
    base, log = server
    assert requests.get(f"{base}/voila/api/uno-pool", timeout=30).status_code == 404  # the front's, not a browser's
    time.sleep(8)  # the pool of 3 fills (one kernel at a time)
    with ThreadPoolExecutor(6) as run:
        results = list(run.map(lambda _i: visit(base), range(6)))
    # Every browser had an answer within seconds (NOTICE is 1 s; this machine is shared), the
    # pages beyond the pool one that says they wait, and then each its own kernel.
    assert max(took for took, _told, _k in results) < 5, results
    assert sum(told for _took, told, _k in results) >= 2, results
    assert len({k for _took, _told, k in results}) == 6
    said = log.read_text()
    assert "waiting for the server" in said and "No page is waiting any more." in said, said


def test_ready_for_a_class_is_said_once_its_pages_are_prepared():
    from io import StringIO

    from uno_lessons.cli.serve import say_when_ready
    from uno_lessons.voila.servers import ServeOptions

    def pool(ready: int) -> dict:
        return {"notebooks": {"dashboard.ipynb": {"size": 37, "ready": ready, "starting": 37 - ready}}}

    answers = iter([{}, pool(20), pool(37)])  # the server not answering yet, filling, full

    class Front:
        asked = 0

        async def pool_status(self) -> dict:
            self.asked += 1
            return next(answers)

    out, front = StringIO(), Front()
    asyncio.run(say_when_ready(front, ServeOptions(class_size=30), out, every=0))
    assert front.asked == 3
    answers = iter([{"notebooks": {}, "single": None, "taken": 0}])  # preheating off: no pool to wait for
    silent = StringIO()
    asyncio.run(say_when_ready(Front(), ServeOptions(class_size=30), silent, every=0))
    assert silent.getvalue() == ""
    assert out.getvalue() == ("Ready for a class of 30: 37 pages are prepared, and each one used is replaced at once. "
                              "A page that finds none free says it is waiting, and so does this terminal.\n")
