"""E-SCORE: points of a hand and matches of several hands to 500."""

import pytest

from uno_lessons import Game, Rules, hand_points
from uno_lessons.engine.bots import make_bots, run_hand
from uno_lessons.engine.scoring import Match


def test_e_score_2_points_per_card():
    """E-SCORE-2: face value, 20 per action card, 50 per wild."""
    assert hand_points(["R0", "G9"]) == 9
    assert hand_points(["YS", "BR", "G+2"]) == 60
    assert hand_points(["W", "W+4", "WDT"]) == 150


def test_e_score_3_the_227_point_hand():
    """E-SCORE-3: 4 + 5 + 8, three action cards, three wilds = 227."""
    assert hand_points(["R4", "G5", "B8", "YS", "BR", "G+2", "W", "W+4", "WDT"]) == 227


def test_e_score_2_winner_scores_the_other_hands():
    game = Game.from_position([["G5"], ["R4", "W"], ["YS", "B8"]], discard=["G3"])
    game.play("G5")
    assert game.winner == 0 and game.points == 4 + 50 + 20 + 8


def test_e_score_4_match_records_hands_until_500():
    match = Match(["Ana", "Ben", "Caro"], seed=5)
    bots = make_bots(3, seed=5)
    while not match.is_over:
        game = run_hand(match.new_hand(), bots)
        result = match.record(game)
        assert result.totals[result.winner] >= result.points
    assert match.totals[match.winner] >= 500
    assert [r.number for r in match.results] == list(range(1, len(match.results) + 1))
    with pytest.raises(ValueError, match="over"):
        match.new_hand()


def test_e_score_4_dealer_rotates_and_seeds_repeat():
    a, b = Match(3, seed=9), Match(3, seed=9)
    first, second = a.new_hand(), a.new_hand()
    assert (first.dealer, second.dealer) == (0, 1)
    assert first.to_json() == b.new_hand().to_json()


def test_match_refuses_unfinished_hands_and_bad_sizes():
    match = Match(2, seed=1)
    with pytest.raises(ValueError, match="no winner"):
        match.record(match.new_hand())
    with pytest.raises(ValueError, match="2 to 10"):
        Match(11)


def test_match_target_is_a_rule_switch():
    match = Match(2, rules=Rules.encanto().replace(target_score=50), seed=2)
    bots = make_bots(2, seed=2)
    while not match.is_over:
        match.record(run_hand(match.new_hand(), bots))
    assert max(match.totals) >= 50
    assert "hand" in match.table_text().splitlines()[0]
