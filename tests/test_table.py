"""The Table controller without widgets: the one-screen (hot seat) table, pages opened with
a token, a teacher key or to watch, bots' turns, the clock (with a fake ``now``), listeners."""

from __future__ import annotations

import asyncio

import pytest
from table_backends import count_lost_races

from uno_lessons import Game, IllegalMove
from uno_lessons.engine import events as ev
from uno_lessons.table import SPEEDS, Table, TableError, open_store

PILE = "R2 R3 R4 R6 R7 R8 R9 Y1 Y2 Y6"
#: A time long after any pause, and one before the last change: the clock never sleeps here.
LATER, EARLIER = 1e9, -1e9


def hot_seat(current: int = 0) -> Table:
    """Ana and Ben play at one screen, Caro is a bot; R1 on top."""
    start = Game.from_position(["R5 G2 G3", "R7 Y3 Y4", "B1 B2 B3"], "R1", PILE, current=current).to_json()
    return Table.local(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=3, start=start)


def play_code(table: Table, code: str, seat: int | None = None) -> None:
    """Play the card ``code`` for the acting seat (or ``seat``)."""
    acting = table.acting_seat() if seat is None else seat
    moves = [m for m in table.seats[acting].legal_moves() if m.card is not None and m.card.code == code]
    table.apply(moves[0], seat)


# ---------------------------------------------------------------------- one screen, every learner seat
def test_a_local_table_takes_every_learner_seat_for_the_screen():
    table = hot_seat()
    assert table.role == "local" and table.is_local and table.is_teacher
    assert table.my_seats == [0, 1] and table.state.claimed == {0, 1} and table.state.free_seats() == []
    assert table.state.seq == table.handle.store.seq(table.code)


def test_hot_seat_acts_for_the_learner_to_move_else_the_viewed_seat():
    table = hot_seat()
    assert table.acting_seat() == 0 and table.acting_seat(viewed=1) == 0  # Ana is to move
    play_code(table, "R5")
    assert table.acting_seat() == 1 and table.acting_seat(viewed=0) == 1  # now Ben
    play_code(table, "R7")
    assert table.state.game.current_player == 2  # the bot's turn: the screen shows whom it views
    assert table.acting_seat() == 0 and table.acting_seat(viewed=1) == 1
    assert table.acting_seat(viewed=2) == 0  # a bot's seat is not the screen's to act for
    with pytest.raises(IllegalMove, match="You are watching this table"):
        table.apply(table.state.game.legal_moves()[0], seat=2)


def test_a_local_table_may_look_at_any_seat_and_at_every_hand():
    table = hot_seat()
    assert table.view(2).seat == 2 and [c.code for c in table.view(2).play.hand] == ["B1", "B2", "B3"]
    assert table.view(teacher=True).hands is not None
    assert table.view().role == "spectator" and table.view().play.hand == ()


def test_run_bots_moves_until_a_learner_is_to_move_or_the_hand_ends():
    table = Table.local(["Ana", "Ben", "Caro", "Dev"], ["sensible", "human", "random", "sensible"], seed=14)
    for _turn in range(200):
        table.run_bots()
        g = table.state.game
        assert not table.bots_due()
        if g.winner is not None:
            break
        assert g.current_player == 1
        table.apply(table.seats[1].legal_moves()[0])
    assert table.state.game.winner is not None
    assert table.state.seq == table.handle.store.seq(table.code)


# ---------------------------------------------------------------------- the clock
def test_tick_lets_a_bot_move_only_after_the_pause():
    table = hot_seat(current=2)
    store, seq = table.handle.store, table.state.seq
    assert table.pause == SPEEDS["normal"]
    assert table.tick(now=EARLIER) is False and store.seq(table.code) == seq  # too soon
    assert table.tick(now=LATER) is True and store.seq(table.code) > seq  # Caro moved
    assert table.state.game.current_player == 0 and table.tick(now=LATER) is False  # Ana's turn


def test_tick_does_nothing_when_the_clock_is_off():
    table = hot_seat(current=2)
    table.auto = False
    assert table.tick(now=LATER) is False and table.bots_due()
    assert table.step() is True and not table.bots_due()  # the Step button still works


def test_the_pause_follows_the_tables_speed_unless_the_screen_overrides_it():
    table = hot_seat()
    table.set_speed("slow")
    assert table.pause == SPEEDS["slow"] == 1.5
    table.speed_override = 0.0
    assert table.pause == 0.0


def test_a_bots_only_match_deals_on_by_itself():
    table = Table.local(3, ["random", "sensible", "random"], seed=9)
    assert table.role == "local" and table.my_seats == []
    for _tick in range(2000):
        table.tick(now=LATER)
        if table.state.hand_number == 2:
            break
    assert table.state.hand_number == 2 and len(table.state.match.results) == 1
    assert table.state.game.winner is None and table.state.history[-1] == (7, 7, 7)


def test_a_match_with_a_learner_waits_for_the_teacher_to_deal():
    table = Table.local(["Ana", "Ben"], ["sensible", "human"], seed=10)
    for _turn in range(500):
        table.run_bots()
        if table.state.game.winner is not None:
            break
        table.apply(table.seats[1].legal_moves()[0])
    seq = table.state.seq
    assert table.tick(now=LATER) is False and table.state.seq == seq
    table.deal()
    assert table.state.hand_number == 2


def test_start_runs_the_clock_on_the_event_loop_only():
    table = hot_seat(current=2)
    assert table.start() is False  # plain Python: no loop, call tick yourself

    async def main() -> None:
        table.poll, table.speed_override = 0.005, 0.0
        assert table.start() is True and table.start() is True  # one clock, not two
        for _ in range(400):
            if not table.bots_due():
                break
            await asyncio.sleep(0.005)
        table.stop()

    asyncio.run(main())
    assert not table.bots_due() and table.state.game.current_player == 0


# ---------------------------------------------------------------------- pages of a shared table
@pytest.fixture
def shared():
    """A shared table (memory store) with Ana and Ben seated, and its teacher key."""
    store = open_store("memory://")
    start = Game.from_position(["R5 G2 G3", "R7 Y3 Y4", "B1 B2 B3"], "R1", PILE).to_json()
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=3, start=start)
    return store, code, key, store.join(code).token, store.join(code).token


def test_connect_opens_a_seat_a_spectator_or_the_teacher(shared):
    store, code, key, ana, _ben = shared
    seat = Table.connect(store, code, token=ana)
    assert seat.role == "seat" and seat.my_seats == [0] and seat.acting_seat() == 0
    assert seat.view().seat == 0 and seat.view(1).seat == 0  # only its own hand
    assert seat.view(teacher=True).hands is None
    with pytest.raises(IllegalMove, match="Only the teacher"):
        seat.deal()
    watcher = Table.connect(store, code, watch=True)
    assert watcher.role == "spectator" and watcher.acting_seat() is None
    assert watcher.view(0).play.hand == () and watcher.view(teacher=True).hands is None
    with pytest.raises(IllegalMove, match="You are watching this table"):
        watcher.apply(seat.seats[0].legal_moves()[0])
    with pytest.raises(IllegalMove, match="Only the teacher"):
        watcher.set_seat(1, "random")
    teacher = Table.connect(store, code, teacher=key)
    assert teacher.role == "teacher" and teacher.view(teacher=True).hands is not None
    with pytest.raises(IllegalMove, match="You are watching this table"):
        teacher.say_uno(0)  # the teacher never acts for a learner
    with pytest.raises(TableError, match="Open a table with a seat"):
        Table.connect(store, code)
    assert store.seq(code) == 2  # the two joins, nothing else


def test_listeners_hear_their_pages_and_other_pages_changes(shared):
    store, code, _key, ana, ben = shared
    ana_page, ben_page = Table.connect(store, code, token=ana), Table.connect(store, code, token=ben)
    heard: list[list[ev.Event]] = []
    ben_page.observe(heard.append)
    assert ben_page.sync() is False and heard == []
    ana_page.apply(ana_page.seats[0].legal_moves()[0])  # Ana plays on her page
    assert ben_page.sync() is True
    assert [type(e) for e in heard[-1]] == [ev.Played]
    ben_page.talk()
    assert [type(e) for e in heard[-1]] == [ev.Talked]
    ben_page.unobserve(heard.append)
    ana_page.talk()
    ben_page.sync()
    assert len(heard) == 2


def test_a_refused_click_leaves_the_page_as_it_was(shared):
    store, code, _key, _ana, ben = shared
    page = Table.connect(store, code, token=ben)
    before = page.view()
    with pytest.raises(IllegalMove, match="It is Ana's turn, not Ben's"):
        page.apply(page.state.game.legal_moves()[0])  # Ana's move, clicked on Ben's page
    assert page.view() == before and store.seq(code) == before.seq


def test_two_teacher_pages_racing_to_deal_on_deal_once_and_both_clocks_go_on():
    # The teacher's laptop and the projector both hold the teacher key of a bots-only match;
    # both clocks want to deal the next hand at the same moment.
    store = open_store("memory://")
    code, key = store.create(3, ["random", "sensible", "random"], seed=9)
    laptop, projector = Table.connect(store, code, teacher=key), Table.connect(store, code, teacher=key)
    laptop.run_bots()
    assert laptop.state.game.winner is not None
    projector.sync()
    seq = store.seq(code)
    lost = count_lost_races(store, laptop.deal)  # the laptop deals just before the projector
    projector.tick(now=LATER)
    assert lost == [1] and store.records(code, seq) == ['["deal"]']
    assert projector.state.hand_number == 2 and projector.problem is None
    assert projector.tick(now=LATER) is True  # its clock goes on: the first bot moves


def flaky_table(fault: BaseException):
    """A bots-only local table whose store's reads fail twice with ``fault`` (raised inside
    the backend, so it goes through the store's own guard), then work again."""
    from uno_lessons.table import Store, Table
    from uno_lessons.table.memory import MemoryBackend

    calls = {"n": 0}

    class Flaky(MemoryBackend):
        def records(self, code, since=0):
            calls["n"] += 1
            if 3 <= calls["n"] <= 4:
                raise fault
            return super().records(code, since)

    table = Table.local(["Ana", "Ben"], ["sensible", "sensible"], seed=5, store=Store(Flaky()))
    table.poll = 0.01
    return table, calls


def run_clock(table, calls) -> list[str | None]:
    import asyncio

    seen: list[str | None] = []
    table.observe(lambda _events: seen.append(table.problem))

    async def scenario():
        assert table.start()
        for _ in range(400):
            await asyncio.sleep(0.01)
            if calls["n"] > 5 and table.problem is None and table.state.seq > 2:
                break
        table.stop()

    asyncio.run(scenario())
    return seen


def test_the_clock_says_when_the_store_is_away_and_carries_on_when_it_is_back():
    table, calls = flaky_table(ConnectionError("connection refused to /srv/secret/path"))
    seen = run_clock(table, calls)
    problems = [p for p in seen if p]
    assert problems and all(p == "The table cannot be reached just now; it will try again in a moment."
                            for p in problems), problems  # a sentence: no detail, no path
    assert table.problem is None and table.state.seq > 2  # back, and the bots played on


def test_a_fault_of_the_code_on_the_clock_is_one_sentence_and_the_clock_goes_on():
    table, calls = flaky_table(RuntimeError("bug at /srv/uno_lessons/table/x.py line 3"))
    seen = run_clock(table, calls)
    problems = [p for p in seen if p]
    assert problems and all("/srv" not in p and "line 3" not in p for p in problems)
    assert "Something went wrong on the server" in problems[0]
    assert table.problem is None and table.state.seq > 2
