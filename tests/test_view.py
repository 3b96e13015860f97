"""A seat's view hides the other hands (for the dashboard's player view)."""

import pytest

from uno_lessons import Game


def test_view_shows_own_hand_and_only_counts_of_others():
    game = Game.new(3, seed=4)
    view = game.view(2)
    assert list(view.hand) == game.hands[2]
    assert view.hand_sizes == (7, 7, 7)
    assert view.hidden_hands() == [7, 7]
    text = repr(view)
    for seat in (0, 1):  # no other hand appears as a tuple of cards in the view
        assert repr(tuple(game.hands[seat])) not in text


def test_view_hides_cards_drawn_by_others():
    game = Game.from_position([["R1", "R2"], ["B5", "B6"]], discard=["G3"], draw_pile="Y9 Y8")
    game.draw()
    assert "Y9" in " ".join(game.view(0).log)
    assert "Y9" not in " ".join(game.view(1).log)
    assert "draws 1 card" in game.view(1).log[-1]


def test_view_legal_moves_only_for_the_seat_to_move():
    game = Game.new(2, seed=1)
    me = game.current_player
    assert game.view(me).my_turn and game.view(me).legal_moves
    assert game.view(1 - me).legal_moves == ()


def test_view_rejects_missing_seat():
    with pytest.raises(ValueError, match="no seat 5"):
        Game.new(2, seed=1).view(5)
