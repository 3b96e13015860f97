"""Winning a hand (E-WIN-1..2) and its points (E-SCORE-1..3 as game.points)."""

import pytest
from positions import BOTH, PILE, pos  # noqa: F401

from uno_lessons import Card, IllegalMove
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE


@BOTH
def test_e_win_1_last_card_wins_the_hand(rules):
    """E-WIN-1: the first player to play their last card wins the hand."""
    game = pos(["G2", "B1 B5", "Y9 Y8"], ["G7"], rules=rules)
    assert game.winner is None and not game.is_over
    game.play("G2")
    assert game.is_over and game.winner == 0 and game.phase == "over"
    assert game.legal_moves() == []
    assert game.uno_window is None  # nobody can be caught once the hand is over
    assert isinstance(game.events[-1], ev.Won)
    assert game.narrate(EVERYONE)[-1] == "Ana wins the hand, scoring 23 points."


@BOTH
def test_e_win_1_no_move_after_the_end(rules):
    """E-WIN-1: once the hand is over, every move is refused and nothing changes."""
    game = pos(["G2", "B1 B5", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G2")
    before = game.to_json()
    for action in (game.draw, game.keep, game.accept, game.challenge, game.pass_turn,
                   lambda: game.play("B1")):
        with pytest.raises(IllegalMove, match="The hand is over: Ana won"):
            action()
    assert game.to_json() == before


@BOTH
def test_e_win_1_last_card_can_be_an_action_or_a_wild(rules):
    """E-WIN-1: any last card wins: a Skip, a Reverse, a Wild."""
    for last, color in (("GS", None), ("GR", None), ("W", "R")):
        game = pos([last, "B1 B5", "Y9 Y8"], ["G7"], rules=rules)
        game.play(last, color)
        assert game.winner == 0, last


def test_e_win_1_last_card_wild_dont_talk_wins():
    """E-WIN-1: a last Wild Don't Talk wins as well."""
    game = pos(["WDT", "B1 B5", "Y9 Y8"], ["G7"])
    game.play("WDT", "R", target=1)
    assert game.winner == 0 and game.points == 23


@BOTH
def test_e_win_2_last_draw_two_still_makes_next_player_draw(rules):
    """E-WIN-2: a last Draw Two: the next player still draws two, and they count for scoring."""
    game = pos(["G+2", "B1 B5", "Y9 Y8"], ["G7"], rules=rules)
    game.play("G+2")
    assert game.winner == 0
    assert game.hands[1] == [Card.parse(c) for c in ("B1", "B5", "R1", "R2")]
    assert game.points == 1 + 5 + 1 + 2 + 9 + 8


@BOTH
def test_e_win_2_last_wild_draw_four_cannot_be_challenged(rules):
    """E-WIN-2: a last Wild Draw Four: the next player draws four; it cannot be challenged."""
    game = pos(["W+4", "B1 B5", "Y9 Y8"], ["G7"], rules=rules)
    game.play("W+4", "B")
    assert game.winner == 0 and game.pending is None
    assert len(game.hands[1]) == 6
    assert game.points == (1 + 5) + (1 + 2 + 3 + 4) + (9 + 8)
    with pytest.raises(IllegalMove, match="The hand is over"):
        game.challenge()


def test_e_win_2_last_wild_draw_four_even_as_a_bluff():
    """E-WIN-2: even when it would have been a bluff, a last Wild Draw Four stands."""
    game = pos(["W+4", "B1 B5", "Y9 Y8"], ["G7"])
    game.play("W+4", "G")
    assert game.winner == 0 and len(game.hands[1]) == 6


@BOTH
def test_e_score_1_one_hand_decides_the_standard_game(rules):
    """E-SCORE-1: in the standard game the hand's winner is the winner; game.points is recorded."""
    game = pos(["G2", "B1", "Y9"], ["G7"], rules=rules)
    game.play("G2")
    assert game.winner == 0 and game.points == 10


@BOTH
def test_e_score_2_points_of_the_other_hands(rules):
    """E-SCORE-2: the winner scores face values, 20 per Skip/Reverse/Draw Two, 50 per wild."""
    game = pos(["G2", "B1 YS RR", "Y9 B+2 W W+4"], ["G7"], rules=rules)
    game.play("G2")
    assert game.points == (1 + 20 + 20) + (9 + 20 + 50 + 50)


def test_e_score_3_worked_example_227_points_in_a_game():
    """E-SCORE-3: nine cards left in the other hands, 4 5 8, three action cards, three wilds: 227."""
    game = pos(["G2", "R4 Y5 B8 GS", "YR B+2 W W+4 WDT"], ["G7"])
    game.play("G2")
    assert game.points == 227
    assert "scoring 227 points" in game.narrate(EVERYONE)[-1]


def test_e_score_4_points_are_recorded_for_the_winner_only():
    """E-SCORE-4 (single hand part): the winner's own cards are not counted."""
    game = pos(["B9 W", "B1", "Y9"], ["B7"], current=1)
    game.play("B1")
    assert game.winner == 1 and game.points == 9 + 50 + 9
