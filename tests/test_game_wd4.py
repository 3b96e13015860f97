"""The Wild Draw Four and its challenge (E-WD4-1..6, C-WD4-2, C-WD4-5)."""

import pytest
from positions import BOTH, CLASSIC, ENCANTO, PILE, pos  # noqa: F401

from uno_lessons import Card, Color, IllegalMove, Move, parse_cards, sort_cards
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE


def wd4_moves(game):
    return [m for m in game.legal_moves() if m.card == Card.parse("W+4")]


@BOTH
def test_e_wd4_1_chosen_colour_stands_when_accepted(rules):
    """E-WD4-1: the Wild Draw Four matches anything; its player chooses the colour."""
    game = pos(["W+4 Y2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=rules)
    assert len(wd4_moves(game)) == 4
    game.play("W+4", "blue")
    assert game.current_color is Color.BLUE
    game.accept()
    assert game.current_color is Color.BLUE
    assert game.top_card == Card.parse("W+4")


@BOTH
def test_e_wd4_2_legal_moves_mark_honest_and_bluff(rules):
    """E-WD4-2: with a card of the current colour the Wild Draw Four is a bluff, but still playable."""
    honest = pos(["W+4 Y2 B5", "R1 B2"], ["G7"], rules=rules)
    assert all(m.honest is True and not m.is_bluff for m in wd4_moves(honest))
    bluff = pos(["W+4 G2 B5", "R1 B2"], ["G7"], rules=rules)
    assert all(m.is_bluff for m in wd4_moves(bluff))
    assert "(bluff)" in str(wd4_moves(bluff)[0])
    bluff.play("W+4", "R")  # a bluff is allowed; the challenge is what catches it
    assert bluff.phase == "challenge"


def test_e_wd4_2_encanto_wild_in_hand_makes_it_a_bluff():
    """E-WD4-2: in the Encanto text wild cards in the hand count as matching the colour."""
    game = pos(["W+4 W Y2", "R1 B2"], ["G7"], rules=ENCANTO)
    assert all(m.is_bluff for m in wd4_moves(game))


def test_c_wd4_2_classic_wild_in_hand_does_not_count():
    """C-WD4-2: in classic UNO only a card of the top card's colour counts; wilds do not."""
    game = pos(["W+4 W Y2", "R1 B2"], ["G7"], rules=CLASSIC)
    assert all(m.honest for m in wd4_moves(game))


def test_e_wd4_2_vs_c_wd4_2_challenge_outcome_differs_for_a_held_wild():
    """E-WD4-2 / C-WD4-2: holding a Wild, the same challenge is lost by a different player."""
    enc = pos(["W+4 W Y2", "R1 B2", "Y9 Y8"], ["G7"], rules=ENCANTO)
    enc.play("W+4", "Y")
    enc.challenge()
    assert len(enc.hands[0]) == 2 + 4 and len(enc.hands[1]) == 2
    cla = pos(["W+4 W Y2", "R1 B2", "Y9 Y8"], ["G7"], rules=CLASSIC)
    cla.play("W+4", "Y")
    cla.challenge()
    assert len(cla.hands[0]) == 2 and len(cla.hands[1]) == 2 + 6


@BOTH
def test_e_wd4_2_after_a_wild_the_chosen_colour_is_the_current_colour(rules):
    """E-WD4-2: on a Wild with red chosen, holding a red card makes a Wild Draw Four a bluff."""
    game = pos(["W+4 R2 G5", "R1 B2"], ["G7", "W"], color="R", rules=rules)
    assert all(m.is_bluff for m in wd4_moves(game))
    game2 = pos(["W+4 G7 G5", "R1 B2"], ["G7", "W"], color="R", rules=rules)
    assert all(m.honest for m in wd4_moves(game2))


@BOTH
def test_e_wd4_3_accept_draws_four_and_loses_turn(rules):
    """E-WD4-3: the next player accepts: draws four cards and loses their turn."""
    game = pos(["W+4 Y2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=rules)
    game.play("W+4", "Y")
    assert game.current_player == 1 and game.phase == "challenge"
    assert [str(m) for m in game.legal_moves()] == ["accept", "challenge"]
    game.accept()
    assert game.hands[1] == parse_cards("R1 B2 R1 R2 R3 R4")
    assert game.current_player == 2
    assert game.pending is None
    assert [type(e) for e in game.events[-3:]] == [ev.Accepted, ev.Drew, ev.Skipped]
    assert game.narrate(EVERYONE)[-3] == "Ben accepts the Wild Draw Four."


@BOTH
def test_e_wd4_3_must_answer_before_anything_else(rules):
    """E-WD4-3: while a Wild Draw Four waits for an answer, only accept or challenge is allowed."""
    game = pos(["W+4 Y2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=rules)
    with pytest.raises(IllegalMove, match="no Wild Draw Four to accept"):
        game.accept()
    with pytest.raises(IllegalMove, match="no Wild Draw Four to challenge"):
        game.challenge()
    game.play("W+4", "Y")
    before = game.to_json()
    for action in (lambda: game.draw(), lambda: game.play("B2"), lambda: game.keep(),
                   lambda: game.pass_turn()):
        with pytest.raises(IllegalMove, match="must first accept or challenge"):
            action()
        assert game.to_json() == before


@BOTH
def test_e_wd4_4_innocent_challenger_draws_six_and_loses_turn(rules):
    """E-WD4-4: played legally: the challenger draws six instead of four and loses their turn."""
    game = pos(["W+4 Y2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=rules)
    game.play("W+4", "B")
    game.challenge()
    assert len(game.hands[1]) == 2 + 6
    assert len(game.hands[0]) == 2
    assert game.current_player == 2
    assert game.top_card == Card.parse("W+4") and game.current_color is Color.BLUE
    shown = [e for e in game.events if isinstance(e, ev.Challenged)][0]
    assert shown.hand == tuple(parse_cards("Y2 B5")) and shown.honest
    assert "no card matched green: the Wild Draw Four was legal" in shown.describe(["Ana", "Ben", "Caro"], EVERYONE)
    assert "for losing the challenge" in game.narrate(EVERYONE)[-2]


def test_e_wd4_5_guilty_player_draws_four_challenger_plays_encanto():
    """E-WD4-5: played illegally: the player draws four; the challenger draws nothing and plays."""
    game = pos(["W+4 G2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=ENCANTO)
    game.play("W+4", "B")
    game.challenge()
    assert game.hands[0] == parse_cards("G2 B5 R1 R2 R3 R4")
    assert game.hands[1] == parse_cards("R1 B2")
    assert game.current_player == 1 and game.phase == "turn"
    # E-WD4-1: the card stays and its colour stands, challenged or not
    assert game.top_card == Card.parse("W+4") and game.current_color is Color.BLUE
    game.play("B2")
    assert game.current_player == 2
    assert "as the penalty for an illegal Wild Draw Four" in game.narrate(EVERYONE)[-2]


def test_c_wd4_5_guilty_player_takes_it_back_and_draws_four():
    """C-WD4-5: classic: the guilty player takes the Wild Draw Four back and draws four; the card
    before it is the top card again."""
    game = pos(["W+4 G2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=CLASSIC)
    game.play("W+4", "B")
    game.challenge()
    assert sort_cards(game.hands[0]) == sort_cards(parse_cards("W+4 G2 B5 R1 R2 R3 R4"))
    assert game.hands[1] == parse_cards("R1 B2")
    assert game.top_card == Card.parse("G7") and game.current_color is Color.GREEN
    assert game.current_player == 1 and game.phase == "turn"
    assert any(isinstance(e, ev.TookBack) for e in game.events)
    assert "takes the Wild Draw Four back; green 7 (G7) is on top again" in " ".join(game.narrate(EVERYONE))
    # the challenger now plays on the green 7
    with pytest.raises(IllegalMove, match="B2 does not match the top card G7"):
        game.play("B2")
    game.draw()


def test_e_wd4_6_worked_example_green_7_no_green_challenger_draws_six():
    """E-WD4-6: previous top G7, the player had no green card: the challenger draws six."""
    for rules in (ENCANTO, CLASSIC):
        game = pos(["W+4 R3 Y5", "B1 B2", "Y9 Y8"], ["G7"], rules=rules)
        game.play("W+4", "R")
        game.challenge()
        assert len(game.hands[1]) == 8, rules.name
        assert len(game.hands[0]) == 2, rules.name


def test_e_wd4_6_worked_example_green_7_had_a_green_player_draws_four():
    """E-WD4-6: previous top G7, the player had held a green card: they draw four instead."""
    enc = pos(["W+4 G3 Y5", "B1 B2", "Y9 Y8"], ["G7"], rules=ENCANTO)
    enc.play("W+4", "R")
    enc.challenge()
    assert len(enc.hands[0]) == 2 + 4 and len(enc.hands[1]) == 2
    assert enc.top_card == Card.parse("W+4")
    # C-WD4-5: in classic the card comes back too
    cla = pos(["W+4 G3 Y5", "B1 B2", "Y9 Y8"], ["G7"], rules=CLASSIC)
    cla.play("W+4", "R")
    cla.challenge()
    assert len(cla.hands[0]) == 3 + 4 and len(cla.hands[1]) == 2
    assert cla.top_card == Card.parse("G7")


@BOTH
def test_e_wd4_4_honest_flag_is_taken_from_the_engine_not_the_caller(rules):
    """E-WD4-4: a Move built by hand with honest=True cannot fake the verdict."""
    game = pos(["W+4 G2 B5", "R1 B2", "Y9 Y8"], ["G7"], rules=rules)
    game.apply(Move("play", Card.parse("W+4"), Color.RED, honest=True))
    game.challenge()
    assert len(game.hands[1]) == 2  # the bluff was caught
    assert len(game.hands[0]) >= 6


@BOTH
def test_e_wd4_5_guilty_penalty_ends_a_counted_uno(rules):
    """E-WD4-5: a player who said UNO and bluffed down to one card loses the UNO with the penalty."""
    game = pos(["W+4 G2", "R1 B2", "Y9 Y8"], ["G7"], rules=rules)
    assert game.say_uno(0)
    game.play("W+4", "R")
    assert 0 in game.uno_said
    game.challenge()
    assert 0 not in game.uno_said
    assert len(game.hands[0]) == (1 if rules is ENCANTO else 2) + 4


def test_c_wd4_5_take_back_when_the_discard_was_reshuffled_meanwhile():
    """C-WD4-5 with E-DRAW-3: a penalty drawn while the challenge waits may reshuffle the
    discards; the card under the Wild Draw Four must still be there to be on top again."""
    game = pos(["W+4 G2", "R1 B2", "Y9 Y8"], ["B5", "G7"], [], rules=CLASSIC)
    game.play("W+4", "R")  # one card left, UNO not said
    assert game.catch(2, 0)  # E-UNO-2: Caro catches Ana: the pile is empty, discards reshuffle
    before_cards = sum(len(h) for h in game.hands) + game.draw_pile_size + len(game.discard_pile)
    game.challenge()
    assert game.top_card == Card.parse("G7")
    assert game.current_color is Color.GREEN
    assert Card.parse("W+4") in game.hands[0]
    assert sum(len(h) for h in game.hands) + game.draw_pile_size + len(game.discard_pile) == before_cards


@BOTH
def test_e_wd4_2_drawn_wild_draw_four_is_judged_on_the_whole_hand(rules):
    """E-WD4-2 with E-DRAW-1: a Wild Draw Four just drawn is a bluff if the hand holds the colour."""
    game = pos(["G2 B5", "R1 B2", "Y9 Y8"], ["G7"], ["W+4", "R1"], rules=rules)
    game.draw()
    assert game.phase == "drawn"
    plays = [m for m in game.legal_moves() if m.kind == "play"]
    assert len(plays) == 4 and all(m.is_bluff for m in plays)
    game.play("W+4", "Y")
    game.challenge()
    assert len(game.hands[1]) == 2  # the challenger drew nothing


def test_c_wd4_2_classic_wild_draw_four_on_a_wild_turned_first():
    """C-WD4-2 with C-SETUP-4: with no colour in force yet, any coloured card makes it a bluff."""
    game = pos(["W+4 G2", "R1 B2", "Y9 Y8"], ["W"], rules=CLASSIC, color="G")
    game.current_color = None  # as after a Wild turned first in classic
    assert all(m.is_bluff for m in wd4_moves(game))
    only_wilds = pos(["W+4 W", "R1 B2", "Y9 Y8"], ["W"], rules=CLASSIC, color="G")
    only_wilds.current_color = None
    assert all(m.honest for m in wd4_moves(only_wilds))
