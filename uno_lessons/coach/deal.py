"""Dealing again what a seat cannot see (determinization).

A seat knows its own hand and the face-up discard pile; every other card of the deck is
somewhere it cannot see: in another hand or in the draw pile. The coach guesses where, many
times over: each guess deals those unseen cards at random into the other hands and the draw
pile, in the sizes the seat sees (its :class:`~uno_lessons.engine.view.PlayerView`), and
:meth:`~uno_lessons.engine.game.Game.from_view` makes a game of the view and the guess.

Only the view is read here, never the game: a deal cannot depend on where the hidden cards
really are (tests/test_coach_secret.py exchanges them and checks that nothing changes).
What the seat may have seen and this ignores: the cards it was shown when it challenged a
Wild Draw Four (E-WD4-4), and a hand it gave away in an H-SEVEN-ZERO swap. Ignoring what one
knows is safe for the secret; it only makes the guesses a little less sharp.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..engine.cards import Card, build_deck
from ..engine.game import Game
from ..engine.kinds import Phase
from ..engine.moves import matches
from ..engine.view import PlayerView
from ..i18n import _

__all__ = ["Hidden", "Dealer", "unseen_cards", "deal_hidden", "dealt_game"]


@dataclass(frozen=True, slots=True)
class Hidden:
    """One guess of the cards a seat cannot see: every seat's hand (the seat's own as its
    view shows it), the draw pile (``[0]`` drawn next) and, in phase "drawn" when another
    seat is to move, the card that seat just drew."""

    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    drawn: Card | None = None


#: How a guess is made: ``(view, unseen cards, Generator) -> Hidden``. :func:`deal_hidden`
#: is the coach's; a test hands in one that peeks, to show the secret tests can fail.
Dealer = Callable[[PlayerView, list[Card], np.random.Generator], Hidden]


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards of the deck the seat of ``view`` cannot see, in deck order: the whole deck
    of the view's rules without the seat's own hand and the discard pile. (A position set up
    with part of a deck leaves more unseen cards than hidden places: a deal then uses some.)"""
    left: dict[Card, int] = {}
    for card in build_deck(view.rules.wild_dont_talk):
        left[card] = left.get(card, 0) + 1
    for card in (*view.hand, *view.discard_pile):
        left[card] = left.get(card, 0) - 1
    return [card for card, count in left.items() for _copy in range(count)]


def deal_hidden(view: PlayerView, unseen: list[Card], rng: np.random.Generator) -> Hidden:
    """One uniform guess: ``unseen`` shuffled by ``rng`` and dealt into the other hands (in
    seat order) and the draw pile, in the sizes ``view`` shows. In phase "drawn" with another
    seat to move, that seat's card just drawn is one it could play (E-DRAW-2 gave it the
    choice), chosen first from the unseen cards that match."""
    pool = list(unseen)
    rng.shuffle(pool)
    drawn = None
    mover = view.current_player
    if view.drawn is None and view.phase is Phase.DRAWN:
        drawn = next((c for c in pool if matches(c, view.top_card, view.current_color)), None)
        if drawn is None:
            raise ValueError(_("No unseen card could be the card just drawn: this view is not a position of play."))
        pool.remove(drawn)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        take = size - 1 if seat == mover and drawn is not None else size
        hand = tuple(pool[at:at + take])
        at += take
        hands.append(hand + (drawn,) if seat == mover and drawn is not None else hand)
    pile = tuple(pool[at:at + view.draw_pile_size])
    if len(pile) != view.draw_pile_size:
        raise ValueError(_("The unseen cards are too few for the hands and the draw pile this view shows."))
    return Hidden(tuple(hands), pile, drawn)


def dealt_game(view: PlayerView, hidden: Hidden, rng: np.random.Generator) -> Game:
    """The game of ``view`` with the guess ``hidden`` dealt into it; ``rng`` makes its
    reshuffles (:meth:`~uno_lessons.engine.game.Game.from_view`)."""
    return Game.from_view(view, hidden.hands, hidden.draw_pile, drawn=hidden.drawn, rng=rng)
