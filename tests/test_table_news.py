"""Pages are told of new records instead of reading the store every 0.1 s (issue 22, item 2).

Each test runs a page's clock on an event loop, as a kernel does, with the slow fallback look
(``idle_poll``) set far beyond the test's length: a page that hears of a record in time can
only have been told. Other pages are other store objects on the same URL, as other kernels
(or, with Redis, other servers) are.
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from table_backends import RedisServer

from uno_lessons.table import Table, open_store
from uno_lessons.table.table import news_wanted

NEVER = 600.0  # the fallback look, far beyond every test here


def counting(store):
    """Count the store's record reads (what an idle page must not do)."""
    calls = {"n": 0}
    read = store.records

    def records(code, since=0):
        calls["n"] += 1
        return read(code, since)

    store.records = records
    return calls


async def until(check, seconds: float = 20.0) -> bool:
    """Wait (on the loop, so the clock beats) until ``check()``; False after ``seconds``."""
    for _ in range(int(seconds / 0.01)):
        if check():
            return True
        await asyncio.sleep(0.01)
    return check()


def two_learners(store):
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    return code, key, store.join(code), store.join(code)


def a_move(*seats):
    """The learner to move makes a move (as their page would after a click)."""
    for seat in seats:
        seat.sync()
    mover = next(s for s in seats if s.state.game.current_player == s.seat)
    mover.apply(mover.legal_moves()[0])


def test_an_idle_page_reads_nothing_and_hears_another_kernels_record(store_url):
    mine, other = open_store(store_url), open_store(store_url)
    code, _key, ana, ben = two_learners(other)
    page = Table.connect(mine, code, watch=True)
    page.idle_poll = NEVER
    heard = []
    page.observe(heard.append)

    async def main() -> tuple[int, bool]:
        assert page.start()
        await asyncio.sleep(0.3)  # the first look, then the subscription settles
        calls = counting(mine)
        await asyncio.sleep(1.0)
        idle_reads, seq = calls["n"], page.state.seq
        # Another kernel's thread writes, as another server's kernel would.
        threading.Thread(target=a_move, args=(ana, ben)).start()
        got = await until(lambda: page.state.seq == other.seq(code) > seq)
        page.stop()
        return idle_reads, got

    idle_reads, got = asyncio.run(main())
    assert idle_reads == 0, "an idle page must not read the store"
    assert got and heard, "the page must be told of the new record"
    assert page.state.log == other.records(code)


def test_a_page_polls_as_before_when_news_is_off(store_url, monkeypatch):
    monkeypatch.setenv("UNO_LESSONS_NEWS", "poll")
    assert not news_wanted()
    store = open_store(store_url)
    code, _key, _ana, _ben = two_learners(store)
    page = Table.connect(store, code, watch=True)
    page.poll = 0.02

    async def main() -> int:
        assert page.start()
        calls = counting(store)
        await asyncio.sleep(0.5)
        page.stop()
        return calls["n"]

    assert asyncio.run(main()) >= 5  # the reference the benchmark compares with: it reads


def test_bots_still_move_on_their_clock_while_the_page_is_told(store_url):
    store = open_store(store_url)
    code, key = store.create(["Ana", "Ben", "Caro"], ["sensible", "random", "sensible"], seed=8)
    page = Table.connect(store, code, teacher=key)
    page.idle_poll = NEVER
    page.set_speed("turbo")
    seq = page.state.seq

    async def main() -> bool:
        assert page.start()
        ok = await until(lambda: page.state.seq >= seq + 6)
        page.stop()
        return ok

    assert asyncio.run(main()), "the bots' pause ends the wait, not the fallback look"


def test_redis_away_the_idle_page_says_so_and_hears_again_when_it_is_back(tmp_path):
    server = RedisServer(tmp_path, persist=True)
    try:
        mine, other = open_store(server.url), open_store(server.url)
        code, _key, ana, ben = two_learners(other)
        page = Table.connect(mine, code, watch=True)
        page.idle_poll = NEVER

        told: list[str | None] = []

        async def main() -> tuple[bool, bool, bool]:
            assert page.start()
            await asyncio.sleep(0.3)
            await asyncio.to_thread(server.stop)
            said = await until(lambda: page.problem is not None)
            told.append(page.problem)
            await asyncio.to_thread(server.start)
            back = await until(lambda: page.problem is None)
            await asyncio.sleep(0.5)  # the news resubscribes
            seq = page.state.seq
            await asyncio.to_thread(a_move, ana, ben)
            heard = await until(lambda: page.state.seq == other.seq(code) > seq)
            page.stop()
            return said, back, heard

        said, back, heard = asyncio.run(main())
        assert said and told == ["The table cannot be reached just now; it will try again in a moment."]
        assert back and heard
        mine.close()
        other.close()
    finally:
        server.stop()


@pytest.mark.parametrize("kind", ["sqlite", "redis"])
def test_the_news_thread_ends_when_nobody_listens(kind, request, tmp_path):
    url = request.getfixturevalue("redis_url") if kind == "redis" else f"sqlite:///{tmp_path}/t.db"
    store = open_store(url)
    code, _key, _ana, _ben = two_learners(store)
    entry = store.news.listen(code, lambda: None)
    assert store.news._thread is not None and store.news._thread.is_alive()
    entry.close()
    store.news._nudge()
    thread = store.news._thread
    if thread is not None:
        thread.join(35)
    assert store.news._thread is None or not store.news._thread.is_alive()
    store.close()


def test_news_does_not_start_a_second_clock(store_url):
    store = open_store(store_url)
    code, _key, ana, ben = two_learners(store)
    page = Table.connect(store, code, watch=True)
    page.idle_poll = 0.3
    beats = {"n": 0}
    tick = page.tick

    def counted(now=None):
        beats["n"] += 1
        return tick(now)

    page.tick = counted

    async def main() -> int:
        assert page.start()
        for _ in range(5):  # five records, each told
            a_move(ana, ben)
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        beats["n"] = 0
        await asyncio.sleep(1.5)  # idle: one clock beats every idle_poll, about five times
        page.stop()
        return beats["n"]

    assert asyncio.run(main()) <= 7, "every hint must not leave a clock of its own behind"


def test_a_page_whose_drawing_fails_keeps_its_clock(store_url, monkeypatch):
    """A listener (the page's drawing) that raises while the clock says the fault left the
    clock with no beat set: the page never looked again. Polling only here (news off), so
    only the clock's own beats can bring the second record."""
    monkeypatch.setenv("UNO_LESSONS_NEWS", "poll")
    mine, other = open_store(store_url), open_store(store_url)
    code, _key, ana, ben = two_learners(other)
    page = Table.connect(mine, code, watch=True)
    page.poll = 0.02
    fails = {"left": 2}

    def drawing(_events):
        if fails["left"] > 0:
            fails["left"] -= 1
            raise RuntimeError("the drawing failed")

    page.observe(drawing)

    async def main() -> bool:
        assert page.start()
        await asyncio.sleep(0.2)
        await asyncio.to_thread(a_move, ana, ben)  # its beat: the drawing fails twice
        await until(lambda: fails["left"] == 0, 10)
        await asyncio.to_thread(a_move, ana, ben)
        got = await until(lambda: page.state.seq == other.seq(code), 10)
        page.stop()
        return got

    assert asyncio.run(main()), "the page's clock must beat on after its drawing failed"
    assert fails["left"] == 0


def test_a_dead_redis_news_thread_starts_again(redis_url):
    """A fault nobody planned for in the Redis news thread ended it for good, and the pages,
    still believing the news live, were told of nothing more (only the fallback look)."""
    mine, other = open_store(redis_url), open_store(redis_url)
    code, _key, ana, ben = two_learners(other)
    page = Table.connect(mine, code, watch=True)
    page.idle_poll = NEVER
    make = mine.news._client.pubsub
    broken = {"left": 1}

    def pubsub():
        if broken["left"]:
            broken["left"] -= 1
            raise KeyError("a fault nobody planned for")
        return make()

    mine.news._client.pubsub = pubsub

    async def main() -> bool:
        assert page.start()
        await until(lambda: broken["left"] == 0, 5)
        await asyncio.sleep(1.5)  # the thread starts again after news.RETRY
        seq = page.state.seq
        await asyncio.to_thread(a_move, ana, ben)
        got = await until(lambda: page.state.seq == other.seq(code) > seq, 10)
        page.stop()
        return got

    assert asyncio.run(main()), "the news must flow again after its thread failed"
    mine.close()
    other.close()


def test_the_watchdog_beats_a_clock_that_lost_its_beat(store_url):
    """Whatever left the clock without a beat, the page's own watchdog looks again."""
    mine, other = open_store(store_url), open_store(store_url)
    code, _key, ana, ben = two_learners(other)
    page = Table.connect(mine, code, watch=True)
    page.idle_poll = 0.5
    page.notify = False  # no hints: only beats and the watchdog look

    async def main() -> bool:
        assert page.start()
        await asyncio.sleep(0.2)
        assert page._timer is not None
        page._timer.cancel()
        page._timer = None  # a beat lost, as the failures above lost theirs
        await asyncio.to_thread(a_move, ana, ben)
        got = await until(lambda: page.state.seq == other.seq(code), 5)
        page.stop()
        return got

    assert asyncio.run(main()), "the watchdog must look when no beat is set"
