"""A class, not a table: one class code seats 30 learners at tables of at most ten, by the
server, balanced, and safely when they arrive at once (SQLite and Redis from several
processes, memory from threads); the teacher moves a learner and hands a seat to a bot."""

from __future__ import annotations

import json
import multiprocessing
import threading
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from class_workers import arrive, init_worker
from table_backends import count_lost_races

from uno_lessons.table import TableError, open_store
from uno_lessons.table.classroom import (
    HOLD_SECONDS,
    ClassTeacher,
    follow,
    is_class,
    load_class,
    moved_token,
    open_class,
    plan_tables,
    seat_learner,
)

#: Processes (or threads, for memory) arriving at once in the concurrency test.
ARRIVERS = 5
CLASS = 30


def sizes(store, code: str) -> list[int]:
    """How many learners sit at each of the class's tables."""
    return [len(store.load(t).claimed) for t in load_class(store, code).tables]


# ---------------------------------------------------------------------- the plan
@pytest.mark.parametrize(("learners", "per_table", "bots", "fill", "learner_seats", "bot_seats"), [
    (30, None, 0, False, (10, 10, 10), (0, 0, 0)),
    (31, None, 0, False, (8, 8, 8, 7), (0, 0, 0, 0)),
    (30, 4, 0, False, (4, 4, 4, 4, 4, 4, 3, 3), (0,) * 8),
    (30, 4, 0, True, (4, 4, 4, 4, 4, 4, 3, 3), (0,) * 6 + (1, 1)),
    (30, 5, 1, False, (4, 4, 4, 4, 4, 4, 3, 3), (1,) * 8),
    (1, None, 1, False, (1,), (1,)),
    (12, 6, 0, False, (6, 6), (0, 0)),
])
def test_as_few_tables_as_hold_the_class_balanced(learners, per_table, bots, fill, learner_seats, bot_seats):
    plan = plan_tables(learners, per_table, bots, fill=fill)
    assert (plan.learners, plan.bots) == (learner_seats, bot_seats)
    assert sum(plan.learners) == learners
    assert max(plan.learners) - min(plan.learners) <= 1
    assert all(2 <= n + b <= 10 for n, b in zip(plan.learners, plan.bots))


@pytest.mark.parametrize(("args", "words"), [
    ((0,), "1 to 200 learners"),
    ((201,), "1 to 200 learners"),
    ((30, 11), "2 to 10 players"),
    ((30, 1), "2 to 10 players"),
    ((30, 4, 4), "fewer than 4 bots"),
    ((1,), "at least 2 players"),
    ((2.5,), "whole numbers"),
])
def test_a_plan_no_table_can_have_is_refused_in_words(args, words):
    with pytest.raises(TableError, match=words):
        plan_tables(*args)


# ---------------------------------------------------------------------- seating
def test_thirty_learners_one_code_three_tables_of_ten_balanced_at_every_arrival(store):
    code, key = open_class(store, CLASS)
    state = load_class(store, code)
    assert len(state.tables) == 3 and is_class(store, code) and not is_class(store, state.tables[0])
    seats = set()
    for i in range(CLASS):
        handle = seat_learner(store, code, f"Learner {i}")
        seats.add((handle.code, handle.seat))
        now = sizes(store, code)
        assert max(now) - min(now) <= 1, f"after {i + 1} arrivals the tables hold {now}"
        assert handle.state.names[handle.seat] == f"Learner {i}"
        assert store.rejoin(handle.code, handle.token).seat == handle.seat  # the token brings them back
    assert len(seats) == CLASS and sizes(store, code) == [10, 10, 10]
    with pytest.raises(TableError, match="Every learner's seat in class .* is taken"):
        seat_learner(store, code, "Latecomer")
    assert load_class(store, code).seq == CLASS  # the refused latecomer held nothing
    teacher = ClassTeacher(store, code, key)
    tables = teacher.tables()
    assert [len(t.claimed) for t in tables] == [10, 10, 10] and all(t.role == "spectator" and t.hands is None for t in tables)
    assert teacher.table(state.tables[1]).view().hands is not None  # the class key opens each table


def test_bots_at_each_table_and_an_empty_name_holds_nothing(store):
    code, _key = open_class(store, 7, per_table=4, bots=1, bot="random")
    state = load_class(store, code)
    kinds = [store.load(t).kinds for t in state.tables]
    assert [k.count("random") for k in kinds] == [1, 1, 1] and [len(k) for k in kinds] == [4, 3, 3]
    with pytest.raises(TableError, match="type a name"):
        seat_learner(store, code, "  ")
    assert load_class(store, code).seq == 0


def test_wrong_codes_and_keys_are_refused_in_words(store):
    code, key = open_class(store, 3)
    table = load_class(store, code).tables[0]
    with pytest.raises(TableError, match="code of a table, not of a class"):
        seat_learner(store, table, "Ana")
    with pytest.raises(TableError, match="There is no class"):
        load_class(store, "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY")
    with pytest.raises(TableError, match="does not open class"):
        ClassTeacher(store, code, key + "x")
    with pytest.raises(TableError, match="does not open class"):
        ClassTeacher(store, table, key)


def test_a_hold_whose_learner_never_sat_frees_the_seat_again(store, monkeypatch):
    code, _key = open_class(store, 2, bots=1)
    state = load_class(store, code)
    # A page that died between holding seat 0 and sitting down:
    assert store.append_checked(code, 0, [json.dumps(["hold", 0, 0, 1000.0])])
    monkeypatch.setattr("uno_lessons.table.classroom.time.time", lambda: 1000.0 + HOLD_SECONDS / 2)
    assert seat_learner(store, code, "Ana").seat == 1  # seat 0 is still held
    with pytest.raises(TableError, match="is taken"):
        seat_learner(store, code, "Ben")
    monkeypatch.setattr("uno_lessons.table.classroom.time.time", lambda: 1001.0 + HOLD_SECONDS)
    ben = seat_learner(store, code, "Ben")
    assert (ben.code, ben.seat) == (state.tables[0], 0)


def test_a_learner_who_loses_the_race_to_a_seat_is_seated_at_the_next_table(store_url):
    store, rival = open_store(store_url), open_store(store_url)
    try:
        code, _key = open_class(store, 4, per_table=2)
        # Ben arrives between Ana's choice (table 0, seat 0) and her hold: her hold is refused,
        # she looks again and is seated at table 1, which now has the most free seats.
        lost = count_lost_races(store, first_rival=lambda: seat_learner(rival, code, "Ben"))
        ana = seat_learner(store, code, "Ana")
        tables = load_class(store, code).tables
        assert lost[0] >= 1
        assert (ana.code, ana.seat) == (tables[1], 0)
        assert store.load(tables[0]).names[0] == "Ben" and sizes(store, code) == [1, 1]
    finally:
        store.close()
        rival.close()


def _together(url: str, code: str, names: list[str], pool) -> list[tuple[str, int, str, str]]:
    groups = [names[i::ARRIVERS] for i in range(ARRIVERS)]
    if url.startswith("memory://"):
        barrier = threading.Barrier(ARRIVERS)
        with ThreadPoolExecutor(ARRIVERS) as ex:
            futures = [ex.submit(arrive, url, code, g, barrier=barrier) for g in groups]
            return [r for f in futures for r in f.result(timeout=300)]
    futures = [pool.submit(arrive, url, code, g) for g in groups]
    return [r for f in futures for r in f.result(timeout=300)]


@pytest.fixture(scope="module")
def pool():
    """Worker processes started with "spawn" (fresh interpreters, like other kernels) and
    the barrier they all wait at, so they arrive together."""
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(ARRIVERS)
    with ProcessPoolExecutor(ARRIVERS, mp_context=ctx, initializer=init_worker, initargs=(barrier,)) as ex:
        yield ex


def test_thirty_learners_arriving_at_once_never_share_a_seat(store_url, pool):
    store = open_store(store_url)
    try:
        code, _key = open_class(store, CLASS)
        names = [f"Learner {i}" for i in range(CLASS)]
        seated = _together(store_url, code, names, pool)
        places = [(table, seat) for table, seat, _token, _name in seated]
        assert len(set(places)) == CLASS, "two learners were given one seat"
        assert sorted(Counter(t for t, _s in places).values()) == [10, 10, 10]
        assert sorted(name for *_rest, name in seated) == sorted(names)
        for table, seat, token, name in seated:  # every learner's token opens their own seat
            handle = store.rejoin(table, token)
            assert handle.seat == seat and handle.state.names[seat] == name
        assert load_class(store, code).seq >= CLASS  # at least one hold per learner, lost races none
    finally:
        store.close()


# ---------------------------------------------------------------------- the teacher
def test_the_teacher_moves_a_learner_and_their_page_follows(store):
    code, key = open_class(store, 5, per_table=3)  # tables of 3 and 2 learners
    state = load_class(store, code)
    ana = seat_learner(store, code, "Ana")
    ben = seat_learner(store, code, "Ben")
    assert (ana.code, ben.code) == (state.tables[0], state.tables[0])  # 3 free seats, then a tie
    teacher = ClassTeacher(store, code, key)
    assert follow(store, code, ana.code, ana.token) is None  # not moved
    table, seat = teacher.move(ana.code, ana.seat, state.tables[1])
    assert table == state.tables[1] and store.load(ana.code).is_bot(ana.seat)  # a bot plays on for her
    # The seat kept for Ana is nobody else's: two newcomers fill the other free seats.
    others = [seat_learner(store, code, n) for n in ("Caro", "Dan")]
    assert (table, seat) not in {(h.code, h.seat) for h in others}
    with pytest.raises(TableError, match="is taken"):
        seat_learner(store, code, "Eve")
    with pytest.raises(TableError, match="does not hold a seat"):
        follow(store, code, ana.code, "guessed-token")
    assert follow(store, code, ben.code, ben.token) is None  # Ben was not moved: he stays
    moved = follow(store, code, ana.code, ana.token)
    assert moved is not None and (moved.code, moved.seat) == (table, seat)
    assert moved.state.names[seat] == "Ana" and moved.token == moved_token(ana.token, table, seat)
    again = follow(store, code, ana.code, ana.token)  # a reload of her old address
    assert again is not None and (again.code, again.seat, again.token) == (moved.code, moved.seat, moved.token)
    assert [len(t.claimed) for t in teacher.tables()] == [3, 2]


def test_moves_that_cannot_be_made_change_nothing(store):
    code, key = open_class(store, 4, per_table=2)
    state = load_class(store, code)
    ana = seat_learner(store, code, "Ana")
    teacher = ClassTeacher(store, code, key)
    with pytest.raises(TableError, match="No learner plays seat 1"):
        teacher.move(ana.code, 1, state.tables[1])
    with pytest.raises(TableError, match="already sits at table"):
        teacher.move(ana.code, ana.seat, ana.code)
    with pytest.raises(TableError, match="not one of class"):
        teacher.move(ana.code, ana.seat, "ZZZZZZ")
    for name in ("Ben", "Caro", "Dan"):
        seat_learner(store, code, name)
    with pytest.raises(TableError, match="no free learner seat"):
        teacher.move(ana.code, ana.seat, state.tables[1])
    assert load_class(store, code).seq == 4 and not store.load(ana.code).is_bot(ana.seat)


def test_a_seat_handed_to_a_bot_and_back_keeps_its_learner(store):
    code, key = open_class(store, 6, per_table=3)
    ana = seat_learner(store, code, "Ana")
    other = load_class(store, code).tables[1]
    teacher = ClassTeacher(store, code, key)
    teacher.to_bot(ana.code, ana.seat, "random")
    assert store.load(ana.code).kinds[ana.seat] == "random"
    teacher.to_bot(ana.code, ana.seat, "human")
    assert not store.load(ana.code).is_bot(ana.seat)
    teacher.move(ana.code, ana.seat, other)
    teacher.to_bot(ana.code, ana.seat, "human")  # the teacher gave her old seat back: she stays
    assert follow(store, code, ana.code, ana.token) is None


def test_every_learner_of_a_class_of_thirty_plays(store):
    code, _key = open_class(store, CLASS)
    learners = [seat_learner(store, code, f"Learner {i}") for i in range(CLASS)]
    moved: set[tuple[str, int]] = set()
    for _round in range(40):
        for handle in learners:
            handle.sync()
            moves = handle.legal_moves()
            if moves:
                handle.apply(moves[0])
                moved.add((handle.code, handle.seat))
        if len(moved) == CLASS:
            break
    assert len(moved) == CLASS, f"only {len(moved)} of {CLASS} learners could move"
