"""The referee (state.py) and the bots' turns as records (bots.py): named scenarios from
positions, replay, and refusals that change nothing."""

from __future__ import annotations

import numpy as np
import pytest

from uno_lessons import Game, IllegalMove
from uno_lessons.engine.asides import Catch
from uno_lessons.table import TableConfig, TableError, TableState
from uno_lessons.table.bots import bot_records, bots_only
from uno_lessons.table.records import Join, Speed, fields_of, from_fields
from uno_lessons.table.views import table_view

PILE = "R2 R3 R4 R6 R7 R8 R9 Y1 Y2 Y6"
NAMES = ["Ana", "Ben", "Caro"]


def state_at(hands, top, *, kinds=("human",) * 3, current=0, seed=1) -> TableState:
    """A table (no store) starting from a position."""
    start = Game.from_position(hands, top, PILE, current=current).to_json()
    return TableState(TableConfig.make(NAMES[:len(hands)], list(kinds)[:len(hands)], seed=seed, start=start))


def play(state: TableState, seat: int, code: str, color=None, target=None) -> list:
    return state.apply(from_fields(["move", seat, "play", code, color, target]))


def snapshot(state: TableState):
    return table_view(state, "", "teacher"), state.seq, sorted(state.claimed), list(state.kinds), state.speed


# ---------------------------------------------------------------------- refusals change nothing
REFUSED = {
    "out of turn": (from_fields(["move", 1, "play", "R7", None, None]), IllegalMove, "It is Ana's turn, not Ben's"),
    "a card not held": (from_fields(["move", 0, "play", "R9", None, None]), IllegalMove, "does not hold R9"),
    "not matching": (from_fields(["move", 0, "play", "G2", None, None]), IllegalMove, "does not match"),
    "a deal mid-hand": (from_fields(["deal"]), IllegalMove, "once this hand is over"),
    "calling out oneself": (from_fields(["catch", 1, 1]), IllegalMove, "cannot call out themselves"),
    "no such seat": (from_fields(["uno", 5]), TableError, "no seat 5"),
    "a bot's seat joined": (from_fields(["join", 2, "Mallory"]), TableError, "played by a bot"),
    "a blank name": (from_fields(["join", 0, "  "]), TableError, "type a name"),
    "no such record": (("fly", 0), TableError, "not something that can happen at a table"),
}


@pytest.mark.parametrize(("record", "error", "reason"), REFUSED.values(), ids=REFUSED.keys())
def test_a_refused_record_changes_nothing(record, error, reason):
    state = state_at(["R5 G2", "R7 Y3", "B1 B2"], "R1", kinds=["human", "human", "sensible"])
    state.apply(from_fields(["join", 1, "Ben"]))
    before = snapshot(state)
    with pytest.raises(error, match=reason):
        state.apply(record)
    assert snapshot(state) == before


def test_a_taken_seat_cannot_be_joined_twice():
    state = state_at(["R5 G2", "R7 Y3", "B1 B2"], "R1")
    state.apply(from_fields(["join", 0, "Zoë"]))
    with pytest.raises(TableError, match="already taken by Zoë"):
        state.apply(from_fields(["join", 0, "Mallory"]))
    assert state.names[0] == "Zoë" and state.free_seats() == [1, 2]


# ---------------------------------------------------------------------- what the referee keeps
def test_replaying_the_records_gives_the_same_table():
    config = TableConfig.make(4, ["sensible", "human", "random", "sensible"], seed=17)
    live = TableState(config)
    rng = np.random.default_rng(17)
    records = [Join(1, "Zoë"), Speed("fast")]
    for rec in records:
        live.apply(rec)
    while live.game.winner is None:
        turn = bot_records(live) or [from_fields(["move", 1, *_move_fields(rng, live)])]
        for rec in turn:
            live.apply(rec)
            records.append(rec)
    again = TableState.replay(config, records, "K7QM3X")
    assert table_view(again, "K7QM3X", "teacher") == table_view(live, "K7QM3X", "teacher")
    assert again.match.results == live.match.results and again.seq == len(records)


def _move_fields(rng, state: TableState) -> list:
    moves = state.game.legal_moves()
    move = moves[int(rng.integers(len(moves)))]
    return [move.kind, move.card and move.card.code, move.color and move.color.value, move.target]


def test_skipped_history_and_hand_number_follow_the_play():
    state = state_at(["RS G2 G3", "R7 Y3", "B1 B2"], "R1")
    assert state.hand_number == 1 and state.history == [(3, 2, 2)]
    play(state, 0, "RS")
    assert state.skipped == 1 and state.game.current_player == 2
    assert state.history == [(3, 2, 2), (2, 2, 2)]
    state.apply(from_fields(["talk", 1]))  # a table action that changes no hand adds no point to the chart
    assert state.history[-1] == (2, 2, 2) and len(state.history) == 2
    state.apply(from_fields(["move", 2, "draw", None, None, None]))
    assert state.skipped is None and state.history[-1] == (2, 2, 3)


def test_the_first_catch_wins_and_is_remembered():
    state = state_at(["R5 G2", "R7 Y3", "B1 B2"], "R1")
    assert not state.catchable(0)
    play(state, 0, "R5")  # one card left, no UNO said
    assert state.catchable(0) and state.last_catch_of(0) is None
    state.apply(from_fields(["catch", 2, 0]))
    assert not state.catchable(0) and state.last_catch_of(0) == 2
    assert len(state.game.hands[0]) == 3
    state.apply(from_fields(["catch", 1, 0]))  # too late: stored as a call that costs nothing
    assert state.last_catch_of(0) == 2 and len(state.game.hands[0]) == 3


def test_a_finished_hand_is_scored_once_and_the_next_deal_keeps_the_names():
    state = state_at(["R5", "R7 Y3", "B1 B2"], "R1")
    state.apply(from_fields(["join", 0, "Zoë"]))
    play(state, 0, "R5")
    assert state.recorded and [r.winner for r in state.match.results] == [0]
    assert state.hand_number == 1
    state.apply(from_fields(["deal"]))
    assert state.hand_number == 2 and state.game.names == ["Zoë", "Ben", "Caro"]
    assert state.history == [(7, 7, 7)] and state.game.winner is None


def test_a_start_position_for_another_number_of_seats_is_refused():
    start = Game.from_position(["R1", "R2"], "R3", "R4").to_json()
    with pytest.raises(TableError, match="starting position has 2 seats, the table 3"):
        TableState(TableConfig.make(3, seed=1, start=start))


# ---------------------------------------------------------------------- bots' turns as records
def test_bots_turns_are_the_same_on_every_page():
    config = TableConfig.make(3, ["sensible", "random", "human"], seed=23)
    one, two = TableState(config), TableState(config)
    for _turn in range(30):
        records = bot_records(one)
        if not records:
            break
        assert bot_records(two) == records  # two pages compute the very same turn
        for rec in records:
            one.apply(rec)
            two.apply(rec)
    assert table_view(one, "", "teacher") == table_view(two, "", "teacher")


def test_no_bot_turn_for_a_learner_or_a_finished_hand():
    state = state_at(["R5 G2", "R7 Y3", "B1 B2"], "R1", kinds=["human", "sensible", "sensible"])
    assert bot_records(state) == [] and not bots_only(state)
    play(state, 0, "R5")
    records = bot_records(state)
    assert Catch(1, 0) in records or Catch(2, 0) in records  # sensible bots catch
    assert fields_of(records[-1])[:2] == ["move", 1]
    won = state_at(["R5", "R7 Y3", "B1 B2"], "R1", kinds=["human", "sensible", "sensible"])
    play(won, 0, "R5")
    assert bot_records(won) == []
    assert bots_only(state_at(["R5", "R7", "B1"], "R1", kinds=["random", "sensible", "random"]))
