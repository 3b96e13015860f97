"""``Game.from_view``: the position a seat's view shows, with its hidden cards given (the
coach's way to play a position on from what a seat knows)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from positions import pos

from uno_lessons import Game, Rules
from uno_lessons.engine.bots import make_bots, run_hand


def _state(game: Game) -> dict:
    """The saved game without what ``from_view`` does not carry: the log, the Generator, the dealer."""
    data = json.loads(game.to_json())
    for key in ("events", "rng", "dealer"):
        data.pop(key)
    return data


def _positions():
    """Positions from seeded games of sensible bots, stopped after a number of moves."""
    for seed, players, stop, rules in [(1, 4, 0, Rules.encanto()), (2, 2, 7, Rules.classic()),
                                       (3, 10, 25, Rules.encanto()), (4, 3, 12, Rules.classic()),
                                       (5, 4, 9, Rules.encanto().replace(stacking=True, seven_zero=True))]:
        game = Game.new(players, seed=seed, rules=rules)
        run_hand(game, make_bots(players, seed), max_moves=stop)
        if not game.is_over:
            yield game


@pytest.mark.parametrize("game", list(_positions()), ids=lambda g: f"{g.players}p-{g.rules.name}")
def test_the_true_hidden_cards_give_back_the_game(game):
    for seat in range(game.players):
        view = game.view(seat, log=False)
        again = Game.from_view(view, game.hands, game.draw_pile, drawn=game.drawn)
        assert _state(again) == _state(game)
        assert again.legal_moves() == game.legal_moves()
        assert again.events == []


def test_a_wild_draw_four_to_answer_is_honest_as_the_given_hand_says():
    # Ana plays a Wild Draw Four on G7 holding G5: a bluff (E-WD4-2). Ben answers.
    game = pos([["W+4", "G5", "B2"], ["R1", "R2"]], ["G7"])
    game.play("W+4", color="blue")
    view = game.view(1, log=False)
    assert view.phase == "challenge" and view.previous_color.value == "G"
    bluff = Game.from_view(view, game.hands, game.draw_pile)
    assert bluff.pending == game.pending == (0, view.previous_color, False)
    honest = Game.from_view(view, [["B3", "B2"], game.hands[1]], game.draw_pile)
    assert honest.pending == (0, view.previous_color, True)
    honest.challenge()  # Ben pays for challenging an honest card: 4 + 2 in Encanto
    assert len(honest.hands[1]) == 2 + Rules.encanto().innocent_challenge_draw
    assert view.previous_color is not None and game.view(0).previous_color is not None
    game.accept()
    assert game.view(0).previous_color is None  # only while an answer is awaited


def test_a_card_just_drawn_by_another_seat_must_be_given():
    game = pos([["R5", "B1"], ["G2", "Y9"]], ["G3"], ["G8", "R9"])
    game.draw()  # G8 can be played: phase "drawn", seat 0 to play or keep it
    mine, theirs = game.view(0, log=False), game.view(1, log=False)
    assert mine.drawn is not None and theirs.drawn is None
    Game.from_view(mine, game.hands, game.draw_pile)
    with pytest.raises(ValueError, match="the card just drawn must be given"):
        Game.from_view(theirs, game.hands, game.draw_pile)
    again = Game.from_view(theirs, game.hands, game.draw_pile, drawn="G8")
    assert again.drawn is game.drawn and again.legal_moves() == game.legal_moves()
    with pytest.raises(ValueError, match="R9, must be in the hand of the player to move and match G3"):
        Game.from_view(theirs, [["R5", "B1", "R9"], ["G2", "Y9"]], ["G8"], drawn="R9")


def test_cards_that_do_not_fit_the_view_are_refused_with_a_sentence():
    game = Game.new(3, seed=8)
    view = game.view(0, log=False)
    hands, pile = [list(h) for h in game.hands], game.draw_pile
    with pytest.raises(ValueError, match="2 hands were given for the 3 seats"):
        Game.from_view(view, hands[:2], pile)
    with pytest.raises(ValueError, match="Seat 1 holds 7 cards in this view, but 8 were given"):
        Game.from_view(view, [hands[0], hands[1] + [pile[0]], hands[2]], pile[1:])
    with pytest.raises(ValueError, match="Seat 0's own hand is in its view"):
        Game.from_view(view, [hands[1], hands[0], hands[2]], pile)
    with pytest.raises(ValueError, match="The draw pile holds"):
        Game.from_view(view, hands, pile[1:])
    with pytest.raises(ValueError, match="deck has 1 × W\\+4|× W\\+4"):
        Game.from_view(view, [hands[0], ["W+4"] * 7, hands[2]], pile)
    assert game.to_json() == Game.from_json(game.to_json()).to_json()  # nothing changed


def test_the_generator_given_makes_the_reshuffles():
    game = pos([["R5", "B1"], ["G2", "Y9"]], ["Y1", "Y2", "G3"], [])
    view = game.view(0, log=False)
    a = Game.from_view(view, game.hands, [], rng=np.random.default_rng(3))
    b = Game.from_view(view, game.hands, [], seed=3)
    a.draw(), b.draw()
    assert a.hands == b.hands
