"""Saving and loading games as JSON, mid-hand included."""

import json

import pytest

from uno_lessons import Card, Color, Game, Rules
from uno_lessons.engine.saving import game_from_json, game_to_json


def test_new_game_round_trips():
    for rules in (Rules.encanto(), Rules.classic()):
        game = Game.new(5, rules=rules, seed=3)
        text = game.to_json()
        again = Game.from_json(text)
        assert again.to_json() == text
        assert again.rules == rules
        assert again.hands == game.hands and again.draw_pile == game.draw_pile
        assert again.narrate() == game.narrate()
        assert game_to_json(game_from_json(text)) == text


SCRIPT = [
    ("play", ("WDT", "B", 2)),  # E-WDT-2: Caro silenced
    ("play", ("B1",)),
    ("draw", ()),  # Caro draws B6: it matches, phase "drawn"
    ("keep", ()),
    ("play", ("W+4", "B")),  # E-WD4-3: Ben must answer
    ("challenge", ()),  # Ana had B7: guilty
    ("play", ("B2",)),  # Ben: one card left, UNO not said: window open
    ("draw", ()),  # Caro's move closes the window; the pile has run out: reshuffle
    ("first", ()),
    ("first", ()),
]


def act(game, name, args):
    if name == "first":
        return game.apply(game.legal_moves()[0])
    return getattr(game, name)(*args)


def test_mid_hand_states_round_trip_and_continue_identically():
    """E-WDT-2, E-DRAW-2, E-WD4-3, E-UNO-4, E-DRAW-3: a silence, a drawn card, a pending Wild Draw
    Four, an UNO window and a reshuffle all survive saving; a loaded game plays on identically."""
    game = Game.from_position(["WDT W+4 B7 G5", "B1 B2 B3", "Y8 Y9"], ["R9", "Y3", "G7"],
                              ["B6", "R2", "R3", "R4", "R5"], seed=11)
    seen = set()
    for name, args in SCRIPT:
        text = game.to_json()
        twin = Game.from_json(text)
        assert twin.to_json() == text
        assert twin.legal_moves() == game.legal_moves()
        act(game, name, args)
        act(twin, name, args)
        assert twin.to_json() == game.to_json()
        data = json.loads(game.to_json())
        seen.add(data["phase"])
        if data["silenced"] is not None:
            seen.add("silenced")
        if data["pending"] is not None:
            seen.add("pending")
        if data["uno_window"] is not None:
            seen.add("uno_window")
    assert {"drawn", "challenge", "silenced", "pending", "uno_window"} <= seen
    assert any(e.kind == "reshuffled" for e in game.events)


def test_saved_game_is_readable_json_with_codes():
    game = Game.from_position(["G2 W", "B1"], ["G7"], ["R1"])
    data = json.loads(game.to_json())
    assert data["hands"] == [["G2", "W"], ["B1"]]
    assert data["discard_pile"] == ["G7"]
    assert data["draw_pile"] == ["R1"]
    assert data["current_color"] == "G"
    assert data["rules"]["name"] == "encanto"


def test_finished_game_round_trips():
    """E-WIN-1, E-SCORE-2: winner and points are saved."""
    game = Game.from_position(["G2", "B1 W"], ["G7"])
    game.play("G2")
    again = Game.from_json(game.to_json())
    assert again.is_over and again.winner == 0 and again.points == 51
    assert again.legal_moves() == []


def test_copy_is_independent_with_the_same_future():
    game = Game.new(3, seed=5)
    twin = game.copy()
    move = game.legal_moves()[0]
    game.apply(move)
    assert twin.to_json() != game.to_json()
    twin.apply(twin.legal_moves()[0])
    assert twin.to_json() == game.to_json()


def test_classic_wild_start_saves_no_colour():
    """C-SETUP-4: with a Wild turned first no colour is in force; that survives saving."""
    game = Game.from_position(["G2 W", "B1"], ["W"], ["R1"], color="G", rules=Rules.classic())
    game.current_color = None  # as after a Wild turned first in classic
    again = Game.from_json(game.to_json())
    assert again.current_color is None
    again.draw(Color.YELLOW)
    assert again.current_color is Color.YELLOW
    assert again.hands[0][-1] == Card.parse("R1")


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"format": 99}', '{"format": 1}'])
def test_not_a_saved_game_is_a_value_error(text):
    with pytest.raises(ValueError):
        Game.from_json(text)
