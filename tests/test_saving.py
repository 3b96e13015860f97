"""Saving and loading games as JSON, mid-hand included."""

import copy
import json
import pickle
import re

import pytest

from uno_lessons import Card, Color, Game, Rules
from uno_lessons.engine.bots import make_bots, run_hand
from uno_lessons.engine.events import EVERYONE
from uno_lessons.engine.saving import game_from_json, game_to_json


def test_new_game_round_trips():
    for rules in (Rules.encanto(), Rules.classic()):
        game = Game.new(5, rules=rules, seed=3)
        text = game.to_json()
        again = Game.from_json(text)
        assert again.to_json() == text
        assert again.rules == rules
        assert again.hands == game.hands and again.draw_pile == game.draw_pile
        assert again.narrate(EVERYONE) == game.narrate(EVERYONE)
        assert game_to_json(game_from_json(text, Game)) == text


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


def _bot_game(game: Game, seed: int) -> Game:
    return run_hand(game, make_bots(["random"] * game.players, seed))


def test_copy_copies_every_field_and_plays_on_alone():
    """Game.copy copies field by field (no JSON): every field is there and equal, each list,
    set and the Generator is a new object, and playing the copy leaves the original as it was."""
    game = Game.new(4, rules=Rules.encanto().replace(hand_size=12), seed=21)
    for _ in range(12):
        game.apply(game.legal_moves()[0])
    assert game.events and game._log == []  # some events built, and then some only noted
    for _ in range(3):
        game.apply(game.legal_moves()[0])
    assert game._log
    game.legal_moves()  # the cached legal moves are copied too
    twin = game.copy()
    assert type(twin) is Game
    if hasattr(game, "__dict__"):  # the Python engine; the compiled one keeps its fields in slots
        assert vars(twin).keys() == vars(game).keys() == set(Game.FIELDS)
    for name in Game.FIELDS:
        value, mine = getattr(game, name), getattr(twin, name)
        if name == "rng":
            assert mine is not value and mine.bit_generator.state == value.bit_generator.state
        else:
            assert mine == value, name
            if isinstance(value, (list, set)):
                assert mine is not value, name
    assert all(a is not b for a, b in zip(twin.hands, game.hands))
    assert twin.to_json() == game.to_json()
    before = game.to_json()
    _bot_game(twin, seed=3)
    assert twin.is_over and any(e.kind == "reshuffled" for e in twin.events)
    assert game.to_json() == before


def test_copies_continue_identically():
    """The copy's Generator is in the original's state: the same moves give the same game,
    reshuffles included, as the original and as its JSON twin."""
    game = Game.new(5, rules=Rules.classic().replace(hand_size=12), seed=8)
    for _ in range(20):
        game.apply(game.legal_moves()[-1])
    reshuffles = sum(e.kind == "reshuffled" for e in game.events)
    copies = [game.copy(), game.copy(), Game.from_json(game.to_json())]
    ends = [_bot_game(g, seed=4).to_json() for g in [*copies, game]]
    assert len(set(ends)) == 1
    assert sum(e.kind == "reshuffled" for e in game.events) > reshuffles  # the Generator was used


def test_pickle_and_deepcopy_make_the_same_game_that_plays_on_alone():
    """Game.__reduce__ makes a game again from its FIELDS (the compiled engine has no
    __dict__ to restore): pickled or deep-copied, mid-hand, it is the same game, playing on
    alone with the same future."""
    game = Game.new(4, rules=Rules.encanto().replace(hand_size=12), seed=21)
    game.track_hands()
    for _ in range(15):
        game.apply(game.legal_moves()[0])
    game.legal_moves()
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert type(twin) is Game and twin.to_json() == game.to_json()
        assert twin.tallies == game.tallies and twin.tallies is not game.tallies and twin.hands is not game.hands
        assert _bot_game(twin, seed=3).is_over and not game.is_over
    shallow = copy.copy(game)  # as copy.copy of any object: the same lists, shared
    assert shallow.hands is game.hands and shallow.to_json() == game.to_json()
    assert _bot_game(game.copy(), seed=3).to_json() == _bot_game(pickle.loads(pickle.dumps(game)), seed=3).to_json()


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


# ----------------------------------------------------------------------------- tampered saves
# E-DECK, E-SETUP, E-MATCH, E-WD4-3, E-DRAW-2, E-WIN-1, E-SCORE-2: Game.from_json refuses a save
# that play cannot reach, with a ValueError saying what is wrong.

def saved(game=None) -> dict:
    """A real dealt game a few moves in, as the JSON dict of its save."""
    if game is None:
        game = Game.new(4, seed=8)
        for _ in range(6):
            game.apply(game.legal_moves()[0])
    return json.loads(game.to_json())


def refused(data: dict, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Game.from_json(json.dumps(data))


def test_untampered_saves_load():
    data = saved()
    assert Game.from_json(json.dumps(data)).to_json() == json.dumps(data, separators=(",", ":"))


def test_a_save_with_113_cards_is_refused():
    """The case from issue 13: one card duplicated, so the Encanto save holds 113 cards."""
    data = saved()
    data["hands"][1].append(data["hands"][1][0])
    refused(data, r"deck of 112 cards \(the save holds 113\)")
    card = data["hands"][1][0]
    refused(data, rf"{re.escape(card)} appears \d times but the deck has")


def test_a_missing_card_is_refused():
    data = saved()
    gone = data["draw_pile"].pop()
    refused(data, r"the save holds 111\).*" + re.escape(gone))


def test_a_card_swapped_for_another_is_refused():
    data = saved()
    data["draw_pile"][0] = "W"  # the deck has 4 Wilds: now there are 5 and one card is missing
    refused(data, "W appears 5 times but the deck has 4")


def test_a_card_from_another_deck_is_refused():
    data = saved(Game.new(3, rules=Rules.classic(), seed=2))
    data["draw_pile"][0] = "WDT"
    refused(data, "WDT is not in this deck")


def test_an_unknown_card_code_is_refused():
    data = saved()
    data["hands"][0][0] = "Q7"
    refused(data, "is not a card code")


def test_a_position_may_hold_fewer_cards_but_not_more_copies():
    """Game.from_position sets up part of a deck (no dealer); a save of one loads, but never with
    more copies of a card than the deck has."""
    game = Game.from_position(["G2 W", "B1"], ["G7"], ["R1"])
    assert Game.from_json(game.to_json()).hands == game.hands
    data = saved(game)
    data["hands"][0] += ["WDT"] * 5
    refused(data, "WDT appears 5 times but the deck has 4")


@pytest.mark.parametrize(("field", "value", "match"), [
    ("current_player", 4, "gives the turn to seat 4, but the seats are 0 to 3"),
    ("current_player", "1", "gives the turn to seat '1'"),
    ("dealer", 9, "dealer is seat 9"),
    ("direction", 2, "direction of play is 2"),
    ("silenced", 5, "silences seat 5"),
    ("uno_window", -1, "caught not saying UNO, but the seats are 0 to 3"),
    ("uno_said", [7], "seat 7 has said UNO"),
    ("names", ["Ana", "Ben"], "4 hands but a different number of player names \\(2\\)"),
    ("phase", "dancing", "phase 'dancing', which does not exist"),
    ("phase", "over", "in phase 'over', but nobody has won"),
    ("phase", "challenge", "no Wild Draw Four to answer"),
    ("phase", "drawn", "no card has just been drawn"),
    ("winner", 2, r"names a winner \(seat 2\), but it is in phase 'turn'"),
    ("points", 30, "scores 30 points, but nobody has won yet"),
    ("drawn", "G3", r"a card just drawn \(G3\), but it is in phase 'turn'"),
    ("pending", [0, None, True], "Wild Draw Four waiting for an answer, but it is in phase 'turn'"),
    ("current_color", "X", "names the colour 'X'"),
])
def test_impossible_state_is_refused(field, value, match):
    data = saved()
    data[field] = value
    refused(data, match)


def test_too_few_or_too_many_seats_are_refused():
    data = saved()
    data["hands"] = [sum(data["hands"], [])]
    data["names"] = ["Ana"]
    data["current_player"] = data["dealer"] = 0
    data["uno_said"] = []
    refused(data, "1 hand, but UNO is played by 2 to 10 players")


def test_colour_in_force_must_fit_the_top_card():
    """E-MATCH: a coloured top card's colour is in force; a Wild on top has one named."""
    data = saved()
    top = Card.parse(data["discard_pile"][-1])
    assert not top.is_wild
    data["current_color"] = next(c.value for c in Color if c is not top.color)
    refused(data, rf"top card is {re.escape(top.code)}, so {top.color.display_name} must be in force, not")
    refused(dict(data, current_color=None), "must be in force, but no colour is")
    game = Game.from_position(["G2", "B1"], ["G7", "W"], color="B")
    data = saved(game)
    data["current_color"] = None
    refused(data, "top card is a Wild but no colour is in force")


def _pending_save():
    game = Game.from_position(["W+4 G2 B5", "R1 B2", "Y9 Y8"], ["G7"])
    game.play("W+4", "B")
    return saved(game)


def test_a_pending_wild_draw_four_must_be_on_top_and_played_by_the_seat_before():
    """E-WD4-3: the next player answers the Wild Draw Four just played."""
    data = _pending_save()
    assert Game.from_json(json.dumps(data)).phase == "challenge"
    wrong_seat = dict(data, pending=[2, "G", True])
    refused(wrong_seat, "says seat 2 played the Wild Draw Four, but the player before the one to answer is seat 0")
    wrong_top = dict(data, discard_pile=["W+4", "G7"])
    refused(wrong_top, "waits for an answer to a Wild Draw Four, but the top card is G7")
    refused(dict(data, pending=[0, "G", "yes"]), "whether the Wild Draw Four was played honestly")


def test_the_card_just_drawn_must_be_in_hand_and_playable():
    """E-DRAW-1, E-DRAW-2: after drawing a card that can be played, the player plays or keeps it."""
    game = Game.from_position(["R1", "B2 B3"], ["G7"], ["G5", "Y9"])
    game.draw()
    data = saved(game)
    assert data["phase"] == "drawn" and data["drawn"] == "G5"
    refused(dict(data, drawn="Y9"), "Y9, is not in the hand of the player to move")
    unplayable = dict(data, hands=[["R1", "Y9"], ["B2", "B3"]], draw_pile=["G5"], drawn="Y9")
    refused(unplayable, "Y9, cannot be played on G7")


def test_a_finished_game_must_have_an_empty_winning_hand_and_its_points():
    """E-WIN-1, E-SCORE-2."""
    game = Game.from_position(["G2", "B1 W"], ["G7"])
    game.play("G2")
    data = saved(game)
    refused(dict(data, points=50), "scores 50 points for the winner, but the cards left in the other hands are worth 51")
    refused(dict(data, winner=1), "winner, seat 1, still holds cards")
    refused(dict(data, uno_window=0), "is over but still lets seat 0 be caught")


def test_a_bad_random_state_is_refused():
    data = saved()
    refused(dict(data, rng=dict(data["rng"], bit_generator="os")), "not a numpy bit generator")
    refused(dict(data, rng=dict(data["rng"], state={"state": "x"})), "random number state cannot be restored")


def test_check_game_is_reusable_and_changes_nothing():
    """check_game is the same check for any game object (the class-table store calls it)."""
    from uno_lessons.engine.saving import check_game

    game = Game.new(3, seed=4)
    before = game.to_json()
    check_game(game)
    assert game.to_json() == before
    game.hands[0].append(game.hands[1][0])
    with pytest.raises(ValueError, match="113"):
        check_game(game)
