"""Lesson 8's measurement: the hand sizes each answered Wild Draw Four is recorded with, and the
bluff share by the answerer's cards (a sensible bot bluffs only against two cards or fewer)."""

from __future__ import annotations

import pytest

from uno_lessons import Rules
from uno_lessons import simulation as sim
from uno_lessons.engine.bots import SensibleBot


class Recording(SensibleBot):
    """A sensible bot that writes down both hand sizes whenever it accepts or challenges a Wild
    Draw Four."""

    seen: list[tuple[int, int]] = []

    def choose(self, game):
        move = super().choose(game)
        if move.kind in ("accept", "challenge"):
            Recording.seen.append((len(game.hands[game.current_player]), len(game.hands[game.pending[0]])))
        return move


@pytest.mark.parametrize("house", [(), ("seven_zero",), ("jump_in",), ("seven_zero", "draw_until_playable")])
def test_answers_record_the_hand_sizes_the_bots_saw(house):
    Recording.seen = []
    stats = sim.simulate_games(120, [Recording] * 4, seed=3, house=house)
    answers = stats.answers
    recorded = list(zip(answers.answerer_hand.tolist(), answers.player_hand.tolist()))
    assert len(recorded) > 50 and recorded == Recording.seen


def test_sensible_bots_never_bluff_a_hand_of_three_cards_or_more():
    table = sim.bluff_situations(600, 4, seed=2)
    many = table.answerer_hand >= 3
    assert many.sum() > 300 and not table.bluff[many].any()
    assert table.share(3, sim.bluffs.MANY).value == 0.0 and table.better_answer(3, sim.bluffs.MANY) == "accept"
    low, high = table.interval(3, sim.bluffs.MANY)
    assert low == 0.0 and 0 < high < 0.02  # Wilson's interval is not squeezed to nothing at 0
    q = table.share(2)
    assert q.value > 0.3 and table.better_answer(2) == "challenge"
    assert table.interval(2)[0] > float(sim.break_even(Rules.encanto()))


def test_the_table_says_each_situation_and_its_answer():
    text = repr(sim.bluff_situations(600, 4, seed=2, bluff_rate=1.0))
    assert "bluff_rate 1" in text and "challenge above q = 1/5" in text
    rows = [line.split()[0] for line in text.splitlines()[2:-1]]
    assert rows == ["1", "2", "3", "5"]  # 1, 2, 3 to 4, 5 or more
    assert "accept" in text.splitlines()[-2] and "Wilson" in text.splitlines()[-1]
    classic = repr(sim.bluff_situations(300, 4, seed=2, rules=Rules.classic()))
    assert "challenge above q = 2/11" in classic


def test_a_situation_no_game_reached_is_said_in_words():
    table = sim.bluff_situations(50, 4, seed=1)
    with pytest.raises(ValueError, match="No Wild Draw Four was played on a hand of that size"):
        table.share(40)
