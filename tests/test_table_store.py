"""The store suite: one set of tests run against every backend (SQLite file, Redis server,
memory), including several processes writing to one table at once."""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from table_backends import (
    count_lost_races,
    init_worker,
    memory_url,
    play_seat,
    race_to_catch,
    run_bots,
)

from uno_lessons import Game, IllegalMove
from uno_lessons.table import TableError, open_store
from uno_lessons.table.backend import default_folder
from uno_lessons.table.config import CODE_ALPHABET, CODE_LENGTH
from uno_lessons.table.handles import SeatHandle, Spectator, TeacherHandle
from uno_lessons.table.memory import MemoryBackend
from uno_lessons.table.records import encode, from_fields
from uno_lessons.table.redis import RedisBackend
from uno_lessons.table.sqlite import SQLiteBackend
from uno_lessons.table.views import table_view

#: How many workers race in the concurrency tests (processes for SQLite and Redis).
RACERS = 4


@pytest.fixture(scope="module")
def pool():
    """Four worker processes started with "spawn" (fresh interpreters, like other kernels)
    and one barrier they all wait at, so each round starts together."""
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(RACERS)
    with ProcessPoolExecutor(RACERS, mp_context=ctx, initializer=init_worker, initargs=(barrier,)) as ex:
        yield ex


def together(pool, url: str, fn, arg_lists: list[tuple]) -> list:
    """Run ``fn(*args)`` for each of the RACERS argument lists at once: in the worker
    processes for a shared store, in threads for a memory store (it lives in one process)."""
    assert len(arg_lists) == RACERS
    if url.startswith("memory://"):
        barrier = threading.Barrier(RACERS)
        with ThreadPoolExecutor(RACERS) as ex:
            futures = [ex.submit(fn, *args, barrier=barrier) for args in arg_lists]
            return [f.result(timeout=120) for f in futures]
    futures = [pool.submit(fn, *args) for args in arg_lists]
    return [f.result(timeout=120) for f in futures]


# ---------------------------------------------------------------------- create, join, rejoin, watch, teacher
def test_create_join_rejoin_watch_teacher(store):
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=5)
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    ana = store.join(code)
    assert isinstance(ana, SeatHandle) and ana.seat == 0 and ana.view().names[0] == "Ana"
    zoe = store.join(code, name="Zoe")
    assert zoe.seat == 1 and zoe.view().names == ("Ana", "Zoe", "Caro")

    back = store.rejoin(code.lower(), zoe.token)  # a code as typed: lower case is fine
    assert back.seat == 1 and back.view() == zoe.view()

    watcher = store.watch(code)
    assert isinstance(watcher, Spectator) and watcher.view().role == "spectator"
    assert watcher.view().play.hand == () and watcher.view().hands is None

    teacher = store.teacher(code, key)
    assert isinstance(teacher, TeacherHandle)
    hands = teacher.view().hands
    assert hands is not None and hands[1] == zoe.view().play.hand
    assert [len(h) for h in hands] == list(watcher.view().play.hand_sizes)


def test_join_takes_the_first_free_learner_seat(store):
    code, _key = store.create(4, ["random", "human", "sensible", "human"], seed=1)
    assert [store.join(code).seat, store.join(code).seat] == [1, 3]
    with pytest.raises(TableError, match="Every learner's seat"):
        store.join(code)


def test_taken_bot_and_missing_seats_raise_and_store_nothing(store):
    code, _key = store.create(3, ["human", "sensible", "human"], seed=2)
    store.join(code, seat=0, name="Ana")
    seq = store.load(code).seq
    with pytest.raises(TableError, match="already taken by Ana"):
        store.join(code, seat=0, name="Bo")
    with pytest.raises(TableError, match="played by a bot"):
        store.join(code, seat=1)
    with pytest.raises(TableError, match="no seat 7"):
        store.join(code, seat=7)
    with pytest.raises(TableError, match="type a name"):
        store.join(code, seat=2, name="  \n ")
    assert store.load(code).seq == seq and store.load(code).free_seats() == [2]


def test_wrong_code_token_or_key_raise(store):
    code, key = store.create(2, seed=3)
    other, other_key = store.create(2, seed=3)
    seat = store.join(code)
    stranger = store.join(other)
    for bad in ("ZZZZZZ", "not a code!", "", None):
        with pytest.raises(TableError):
            store.join(bad)
        with pytest.raises(TableError):
            store.watch(bad)
        with pytest.raises(TableError):
            store.teacher(bad, key)
    with pytest.raises(TableError, match="does not hold a seat"):
        store.rejoin(code, "a-guessed-token")
    with pytest.raises(TableError, match="does not hold a seat"):
        store.rejoin(code, stranger.token)  # a token of another table
    with pytest.raises(TableError, match="does not open"):
        store.teacher(code, other_key)
    with pytest.raises(TableError, match="does not open"):
        store.teacher(code, key + "x")
    assert store.rejoin(code, seat.token).seat == seat.seat


# ---------------------------------------------------------------------- compare-and-append
def test_compare_and_append_only_at_the_expected_length(store):
    code, _key = store.create(2, ["human", "human"], seed=4)
    backend = store.backend  # the Backend protocol itself: append-if-sequence
    base = backend.seq(code)
    assert backend.append(code, base, [encode(from_fields(["talk", 0]))])
    assert not backend.append(code, base, [encode(from_fields(["talk", 1]))]), "a stale position must be refused"
    assert backend.append(code, base + 1, [encode(from_fields(["talk", 1])), encode(from_fields(["talk", 0]))])
    assert backend.seq(code) == base + 3
    assert backend.records(code, base) == [encode(from_fields(r)) for r in (["talk", 0], ["talk", 1], ["talk", 0])]
    assert backend.records(code, base + 2) == [encode(from_fields(["talk", 0]))]
    # A seat claim and its record land together or not at all.
    assert backend.append(code, base + 3, [encode(from_fields(["join", 0, "Ana"]))], claim=(0, "hash-a"))
    assert not backend.append(code, base + 4, [encode(from_fields(["join", 0, "Bo"]))], claim=(0, "hash-b"))
    assert backend.seq(code) == base + 4 and backend.seat_tokens(code) == {0: "hash-a"}


def test_a_stale_page_acts_at_the_newest_position(store):
    # Two tabs of the same learner: the second one's replica is behind when it acts.
    start = Game.from_position(["R5 G2 B7", "Y3 Y4 Y5"], "R1", "R2 R3 R4").to_json()
    code, _key = store.create(["Ana", "Ben"], ["human", "human"], seed=6, start=start)
    first = store.join(code, seat=0)
    store.join(code, seat=1)
    second = store.rejoin(code, first.token)
    move = next(m for m in first.legal_moves() if m.card is not None and m.card.code == "R5")
    first.apply(move)
    with pytest.raises(IllegalMove, match="It is Ben's turn, not Ana's"):
        second.apply(move)  # no longer its turn: refused, nothing stored
    assert store.load(code).seq == first.seq
    second.talk()  # stored after the move, not in its place
    assert second.seq == first.seq + 1
    assert second.view() == table_view(store.load(code), code, "seat", 0)


def test_wait_returns_when_something_newer_is_stored(store):
    code, _key = store.create(2, ["human", "human"], seed=7)
    ana, ben = store.join(code), store.join(code)
    seq = ben.seq
    assert not ana.wait(seq, timeout=0.05)  # nothing newer than seq: False after the timeout
    assert ana.seq == seq  # ...but what was stored before (Ben's join) was taken in
    timer = threading.Timer(0.05, ben.talk)
    timer.start()
    try:
        assert ana.wait(seq, timeout=10)
    finally:
        timer.join()
    assert ana.seq == ben.seq == seq + 1


def test_a_lost_race_is_checked_again_at_the_new_position(store):
    start = Game.from_position(["R5 G2 B7", "Y3 Y4 Y5"], "R1", "R2 R3 R4").to_json()
    code, _key = store.create(["Ana", "Ben"], ["human", "human"], seed=6, start=start)
    ana, ben = store.join(code, seat=0), store.join(code, seat=1)
    base = store.seq(code)
    lost = count_lost_races(store, ben.talk)
    ana.apply(next(m for m in ana.legal_moves() if m.card is not None and m.card.code == "R5"))
    assert lost == [1]
    assert store.records(code, base) == [encode(from_fields(["talk", 1])), encode(from_fields(["move", 0, "play", "R5", None, None]))]
    assert ana.view() == table_view(store.load(code), code, "seat", 0)


def test_the_catch_that_loses_the_race_is_told_who_was_first(store):
    code, ben, caro = ana_forgets_uno(store)
    ben.sync()
    caro.sync()
    base = store.seq(code)
    lost = count_lost_races(store, lambda: ben.catch(0))
    with pytest.raises(IllegalMove, match=r"^Too late: Ben caught Ana first\.$"):
        caro.catch(0)
    assert lost == [1]
    assert store.records(code, base) == [encode(from_fields(["catch", 1, 0]))]
    assert caro.view() == table_view(store.load(code), code, "seat", 2)
    assert len(caro.state.game.hands[0]) == 3


# ---------------------------------------------------------------------- writers at once
def test_many_writers_at_once_lose_and_duplicate_nothing(store_url, pool):
    store = open_store(store_url)
    try:
        code, _key = store.create(RACERS, ["human"] * RACERS, seed=11)
        tokens = [store.join(code).token for _seat in range(RACERS)]
        joins = store.load(code).seq
        results = together(pool, store_url, play_seat,
                           [(store_url, code, token, 100 + i, 80) for i, token in enumerate(tokens)])
        stored = store.records(code)
        claims = [claim for r in results for claim in r["stored"]]
        seqs = [seq for seq, _record in claims]
        assert len(claims) > 3 * RACERS, "the workers should have stored many records"
        assert len(set(seqs)) == len(seqs), "two writers stored at the same position"
        for seq, record in claims:
            assert stored[seq - 1] == record, f"record {seq} was lost or replaced"
        assert len(stored) == joins + len(claims), "a record nobody stored is in the table"
        for r in results:
            mine = [seq for seq, _record in r["stored"]]
            assert mine == sorted(mine), "a worker's records must keep its own order"
        final = store.load(code)  # every stored game replays
        assert final.seq == len(stored)
        for r in results:
            assert r["view"] == table_view(final, code, "seat", r["seat"])
    finally:
        store.close()


def test_bots_moved_by_many_pages_at_once_move_exactly_once(store_url, pool):
    # Every page may store the bots' turn; the store must keep exactly one copy of each, so
    # the log is the one a single page running the bots alone would write.
    seats = ["sensible", "random", "sensible"]
    store = open_store(store_url)
    alone = open_store("memory://")
    try:
        code, _key = store.create(["Ana", "Ben", "Caro"], seats, seed=21)
        turns = together(pool, store_url, run_bots, [(store_url, code)] * RACERS)
        solo, _ = alone.create(["Ana", "Ben", "Caro"], seats, seed=21)
        watcher = alone.watch(solo)
        solo_turns = 0
        while watcher.step_bots():
            solo_turns += 1
        assert watcher.state.game.winner is not None
        assert store.records(code) == alone.records(solo)
        assert sum(turns) == solo_turns
        assert store.load(code).game.winner == watcher.state.game.winner
    finally:
        store.close()


def catch_position() -> str:
    """Five seats; Ana (seat 0) plays her second-to-last card and forgets to say UNO."""
    hands = ["R5 G2", "Y3 Y4", "B3 B4", "G3 G4", "Y7 Y8"]
    return Game.from_position(hands, "R1", "R2 R3 R4 R6 R7 R8 R9 Y1 Y2").to_json()


def ana_forgets_uno(store):
    """A table at ``catch_position`` where Ana has just played her R5 without saying UNO;
    returns (code, Ben's seat, Caro's seat)."""
    code, _key = store.create(["Ana", "Ben", "Caro", "Dev", "Eli"], ["human"] * 5, seed=31,
                              start=catch_position())
    ana, ben, caro = (store.join(code, seat=s) for s in range(3))
    ana.apply(next(m for m in ana.legal_moves() if m.card is not None and m.card.code == "R5"))
    return code, ben, caro


def test_racing_to_catch_the_same_player_only_one_wins(store_url, pool):
    store = open_store(store_url)
    try:
        tables, by_code = [], {}
        for _round in range(3):
            code, _key = store.create(["Ana", "Ben", "Caro", "Dev", "Eli"], ["human"] * 5,
                                      seed=31, start=catch_position())
            ana = store.join(code, seat=0)
            tokens = [store.join(code, seat=s).token for s in range(1, 5)]
            ana.apply(next(m for m in ana.legal_moves() if m.card is not None and m.card.code == "R5"))
            assert ana.state.catchable(0)
            by_code[code] = store.load(code).seq
            tables.append([(code, token) for token in tokens])
        results = together(pool, store_url, race_to_catch,
                           [(store_url, [t[i] for t in tables], 0) for i in range(RACERS)])
        for rnd, code in enumerate(by_code):
            outcomes = [r[rnd] for r in results]
            winners = [seat + 1 for seat, o in enumerate(outcomes) if o == ("caught", True)]
            assert len(winners) == 1, outcomes
            name = ["Ana", "Ben", "Caro", "Dev", "Eli"][winners[0]]
            losers = [o for o in outcomes if o[0] == "refused"]
            assert len(losers) == RACERS - 1, outcomes
            for _kind, message in losers:
                assert message == f"Too late: {name} caught Ana first."
            final = store.load(code)
            assert final.seq == by_code[code] + 1, "only the winning catch is stored"
            assert store.records(code)[-1] == encode(from_fields(["catch", winners[0], 0]))
            assert len(final.game.hands[0]) == 3
    finally:
        store.close()


# ---------------------------------------------------------------------- choosing and reopening a store
def test_the_default_sqlite_folder_honours_uno_lessons_data(tmp_path, monkeypatch):
    monkeypatch.delenv("UNO_LESSONS_STORE", raising=False)
    monkeypatch.setenv("UNO_LESSONS_DATA", str(tmp_path / "class data"))
    store = open_store()
    try:
        assert isinstance(store.backend, SQLiteBackend)
        assert store.backend.path == str(tmp_path / "class data" / "tables.db")
        code, _key = store.create(2, seed=1)
        assert (tmp_path / "class data" / "tables.db").exists()
    finally:
        store.close()
    again = open_store(None)
    try:
        assert again.load(code).seq == 0
    finally:
        again.close()
    monkeypatch.delenv("UNO_LESSONS_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_folder() == tmp_path / "xdg" / "uno_lessons"


def test_uno_lessons_store_names_the_default_store(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_LESSONS_DATA", str(tmp_path / "unused"))
    monkeypatch.setenv("UNO_LESSONS_STORE", "memory://from-the-environment")
    assert isinstance(open_store().backend, MemoryBackend)
    assert not (tmp_path / "unused").exists()


def test_open_store_picks_the_backend_by_url(tmp_path, redis_url):
    kinds = {f"sqlite:///{tmp_path / 'a.db'}": SQLiteBackend, redis_url: RedisBackend, "memory://": MemoryBackend}
    for url, kind in kinds.items():
        store = open_store(url)
        try:
            assert type(store.backend) is kind and store.url == url
        finally:
            store.close()
    with pytest.raises(TableError, match="not a store address"):
        open_store("ftp://example.org/tables")
    with pytest.raises(TableError, match="cannot be reached"):
        open_store("redis://127.0.0.1:1/0")
    with pytest.raises(TableError, match="cannot be opened"):
        open_store(f"sqlite:///{tmp_path / 'a.db' / 'inside a file.db'}")


def test_two_memory_stores_share_tables_only_by_name():
    name = memory_url()
    first, second = open_store(name), open_store(name)
    code, _key = first.create(2, seed=1)
    assert second.load(code).seq == 0
    with pytest.raises(TableError, match="There is no table"):
        open_store("memory://").load(code)


def test_a_reopened_store_loses_no_move_and_rejoin_works(store_url):
    store = open_store(store_url)
    code, key = store.create(3, ["human", "human", "sensible"], seed=8)
    seats = [store.join(code), store.join(code)]
    teacher = store.teacher(code, key)
    for _turn in range(12):  # a dozen turns of learners and the bot
        teacher.sync()
        mover = teacher.state.game.current_player
        if teacher.state.game.winner is not None:
            break
        if mover < 2:
            seats[mover].sync()
            seats[mover].apply(seats[mover].legal_moves()[0])
        else:
            teacher.step_bots()
    teacher.sync()
    before = teacher.view()
    store.close()  # the server restarts: every kernel and connection is gone

    store = open_store(store_url)
    try:
        assert store.teacher(code, key).view() == before
        back = [store.rejoin(code, s.token) for s in seats]
        assert [b.seat for b in back] == [0, 1]
        back[0].talk()
        assert store.load(code).seq == before.seq + 1
    finally:
        store.close()


def test_a_catch_clicked_after_the_news_arrived_is_still_too_late_not_a_harmless_call(store):
    # Caro's page already holds Ben's catch when her click is handled (the news reached the
    # kernel between her click and its handling): she is told who was first, nothing is
    # stored, and Ana is not called out a second time.
    code, ben, caro = ana_forgets_uno(store)
    ben.sync()
    assert ben.catch(0) is True
    caro.sync()
    base = store.seq(code)
    with pytest.raises(IllegalMove, match=r"^Too late: Ben caught Ana first\.$"):
        caro.catch(0)
    assert store.seq(code) == base
    # Once the next player has moved, a call-out is an ordinary one again (E-UNO-3: no effect).
    ben.sync()
    ben.apply(ben.legal_moves()[0])
    caro.sync()
    assert caro.catch(0) is False
    assert store.seq(code) == base + 2
