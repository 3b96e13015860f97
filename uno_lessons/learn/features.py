"""Features a learner can read: numbers that describe one legal move from one seat's view.

A policy (:mod:`.policy`) scores each legal move as a weighted sum of its features and
prefers the move with the highest score. Every feature is a function ``(situation, move) ->
float`` in :data:`FEATURE_FUNCTIONS`, under a readable name. A :class:`Situation` is made
from the seat's own view (``game.view(seat)``, the engine's definition of what a seat may
see): its own hand, the top card and the colour in force, every hand's *size*, the direction
of play, the phase and the card it just drew. It never holds another player's cards, so no
feature can peek.

The default features (:data:`FEATURES`), each 0 or 1 unless it says otherwise:

``plays_card``            the move plays a card (not draw, keep or pass)
``draws``                 the move draws a card (or passes when nothing can be drawn)
``keeps_drawn``           the move keeps the card just drawn
``is_number``             the card played is a number card (0-9)
``is_action``             the card played is a Skip, Reverse or Draw Two
``is_wild``               the card played is a Wild or a Wild Don't Talk
``is_wild_draw_four``     the card played is a Wild Draw Four
``is_bluff``              the play is a Wild Draw Four against E-WD4-2 (a bluff)
``card_points``           the card's points over 50 (a 7 gives 0.14, a Skip 0.4, a wild 1)
``keeps_colour``          share of the cards left that have the colour in force after the move
``wilds_left``            wild cards left in the hand after the move, over 4
``cards_left_after``      cards in the hand after the move, over 10
``hits_next_near_uno``    a Skip, Draw Two or Wild Draw Four while the next player holds 2 or fewer
``targets_fewest_cards``  a Wild Don't Talk (or a house-rule 7) aimed at the seat holding fewest

More features for learners to try are in :data:`EXTRA_FEATURES`: ``keeps_colour_red`` (and
yellow, green, blue: cards of that colour left after the move, over 7), ``changes_colour``,
``next_player_cards`` (the next player's card count over 10, times ``plays_card``) and
``plays_seven_or_zero``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..engine.cards import Card, Color, Rank
from ..engine.game import Game
from ..engine.kinds import MoveKind, Phase
from ..engine.moves import COLORS, Move
from ..engine.view import PlayerView
from ..i18n import _

__all__ = ["EXTRA_FEATURES", "FEATURES", "FEATURE_FUNCTIONS", "Situation", "Feature",
           "feature_matrix", "situation", "situation_of"]

_PLAY, _DRAW, _PASS, _KEEP = MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS, MoveKind.KEEP
_HITS = (Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)


@dataclass(frozen=True)
class Situation:
    """What ``seat`` may know when it is to move: nothing of another hand but its size.

    ``counts`` (cards of each colour in the hand) and ``wilds`` (wild cards in it) are
    summaries of ``hand``, worked out once so that each feature is a few sums."""

    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top_card: Card
    current_color: Color | None
    direction: int
    phase: Phase
    drawn: Card | None
    counts: dict[Color | None, int]
    wilds: int

    @property
    def next_seat(self) -> int:
        """The seat that plays after this one."""
        return (self.seat + self.direction) % len(self.hand_sizes)


def situation(game: Game, seat: int) -> Situation:
    """The :class:`Situation` of ``seat`` in ``game``: what its view holds (the log left
    out: no feature reads it), with the hand's colours counted."""
    return situation_of(game.view(seat, log=False))


def situation_of(view: PlayerView) -> Situation:
    """The :class:`Situation` a seat's :class:`~uno_lessons.engine.view.PlayerView` holds."""
    seat = view.seat
    if seat is None:
        raise ValueError(_("A spectator holds no hand: features are read from a seat's view."))
    hand = view.hand
    counts: dict[Color | None, int] = dict.fromkeys(COLORS, 0)
    counts[None] = 0
    for card in hand:
        counts[card.color] += 1
    return Situation(seat, hand, view.hand_sizes, view.top_card, view.current_color, view.direction,
                     Phase(view.phase), view.drawn, counts, counts[None])


Feature = Callable[[Situation, Move], float]


def _card(move: Move) -> Card | None:
    return move.card if move.kind is _PLAY else None


def _colour_after(s: Situation, move: Move) -> Color | None:
    card = _card(move)
    if card is None:
        return s.current_color if move.color is None else move.color
    return move.color if card.is_wild else card.color


def _cards_after(s: Situation, move: Move) -> int:
    n = len(s.hand)
    if move.kind is _PLAY:
        return n - 1
    if move.kind is _DRAW:
        return n + 1
    return n


def _left_of(s: Situation, move: Move, colour: Color | None) -> int:
    """Cards of ``colour`` (None: wilds) left in the hand after ``move`` (a drawn card unseen)."""
    card = _card(move)
    return s.counts[colour] - (card is not None and card.color is colour)


def _keeps_colour(s: Situation, move: Move) -> float:
    colour = _colour_after(s, move)
    n = len(s.hand) - (move.kind is _PLAY)
    if n <= 0 or colour is None:
        return 0.0
    return _left_of(s, move, colour) / n


def _targets_fewest(s: Situation, move: Move) -> float:
    if move.kind is not _PLAY or move.target is None:
        return 0.0
    others = [n for seat, n in enumerate(s.hand_sizes) if seat != s.seat]
    return float(s.hand_sizes[move.target] == min(others))


def _hits_next(s: Situation, move: Move) -> float:
    card = _card(move)
    return float(card is not None and card.rank in _HITS and s.hand_sizes[s.next_seat] <= 2)


def _keeps(colour: Color) -> Feature:
    def feature(s: Situation, move: Move) -> float:
        return _left_of(s, move, colour) / 7

    feature.__doc__ = f"Cards of colour {colour.label} left in the hand after the move, over 7."
    return feature


def _changes_colour(s: Situation, move: Move) -> float:
    after = _colour_after(s, move)
    return float(move.kind is _PLAY and after is not None and after is not s.current_color)


FEATURE_FUNCTIONS: dict[str, Feature] = {
    "plays_card": lambda s, m: float(m.kind is _PLAY),
    "draws": lambda s, m: float(m.kind is _DRAW or m.kind is _PASS),
    "keeps_drawn": lambda s, m: float(m.kind is _KEEP),
    "is_number": lambda s, m: float((c := _card(m)) is not None and c.is_number),
    "is_action": lambda s, m: float((c := _card(m)) is not None and c.is_action and not c.is_wild),
    "is_wild": lambda s, m: float((c := _card(m)) is not None and c.rank in (Rank.WILD, Rank.WILD_DONT_TALK)),
    "is_wild_draw_four": lambda s, m: float((c := _card(m)) is not None and c.rank is Rank.WILD_DRAW_FOUR),
    "is_bluff": lambda s, m: float(m.honest is False),
    "card_points": lambda s, m: 0.0 if (c := _card(m)) is None else c.points / 50,
    "keeps_colour": _keeps_colour,
    "wilds_left": lambda s, m: _left_of(s, m, None) / 4,
    "cards_left_after": lambda s, m: _cards_after(s, m) / 10,
    "hits_next_near_uno": _hits_next,
    "targets_fewest_cards": _targets_fewest,
    # EXTRA_FEATURES from here on
    **{f"keeps_colour_{c.label}": _keeps(c) for c in COLORS},
    "changes_colour": _changes_colour,
    "next_player_cards": lambda s, m: float(m.kind is _PLAY) * s.hand_sizes[s.next_seat] / 10,
    "plays_seven_or_zero": lambda s, m: float((c := _card(m)) is not None and c.rank in (Rank.SEVEN, Rank.ZERO)),
}

#: The features a new policy uses unless told otherwise (the module's docstring says each).
FEATURES: tuple[str, ...] = tuple(FEATURE_FUNCTIONS)[:14]
#: Features that are defined but not in :data:`FEATURES`: a learner may add them.
EXTRA_FEATURES: tuple[str, ...] = tuple(FEATURE_FUNCTIONS)[14:]


#: The package's own feature functions, as defined above (``_row`` computes them all at once).
_BUILT_IN: dict[str, Feature] = dict(FEATURE_FUNCTIONS)
_COLUMNS: dict[tuple[str, ...], np.ndarray] = {}
_WILD_RANKS = (Rank.WILD, Rank.WILD_DONT_TALK)
_SEVEN_ZERO = (Rank.SEVEN, Rank.ZERO)


def _row(s: Situation, m: Move) -> list[float]:
    """Every built-in feature of ``m``, in :data:`FEATURE_FUNCTIONS`' order: the same values as
    the functions one by one (a test compares them), in one pass."""
    kind = m.kind
    play = kind is _PLAY
    card = m.card if play else None
    n = len(s.hand)
    counts = s.counts
    after = _colour_after(s, m)
    own = card.color if card is not None else None
    left = {c: counts[c] - (card is not None and own is c) for c in COLORS}
    wilds = counts[None] - (card is not None and card.is_wild)
    rest = n - play
    rank = card.rank if card is not None else None
    return [
        float(play), float(kind is _DRAW or kind is _PASS), float(kind is _KEEP),
        float(card is not None and card.is_number),
        float(card is not None and not card.is_number and not card.is_wild),
        float(rank in _WILD_RANKS), float(rank is Rank.WILD_DRAW_FOUR), float(m.honest is False),
        0.0 if card is None else card.points / 50,
        0.0 if rest <= 0 or after is None else left[after] / rest,
        wilds / 4, _cards_after(s, m) / 10, _hits_next(s, m), _targets_fewest(s, m),
        *(left[c] / 7 for c in COLORS),
        float(play and after is not None and after is not s.current_color),
        float(play) * s.hand_sizes[s.next_seat] / 10,
        float(rank in _SEVEN_ZERO),
    ]


def feature_matrix(game: Game, seat: int, moves: Sequence[Move], features: Sequence[str] = FEATURES) -> np.ndarray:
    """One row per move, one column per feature (floats), from what ``seat`` may know.

    ``features`` are names in :data:`FEATURE_FUNCTIONS`; an unknown name is a ValueError
    that lists the known ones."""
    features = tuple(features)
    columns = _COLUMNS.get(features)
    s = situation(game, seat)
    if columns is not None and all(FEATURE_FUNCTIONS.get(f) is _BUILT_IN.get(f) for f in features):
        return np.array([_row(s, move) for move in moves], dtype=float).reshape(len(moves), -1)[:, columns]
    functions = []
    for name in features:
        f = FEATURE_FUNCTIONS.get(name)
        if f is None:
            raise ValueError(_("There is no feature called {name}. The features are: {known}.",
                               name=repr(name), known=", ".join(FEATURE_FUNCTIONS)))
        functions.append(f)
    if all(f is _BUILT_IN.get(name) for name, f in zip(features, functions)):
        order = list(_BUILT_IN)
        _COLUMNS[features] = np.array([order.index(name) for name in features], dtype=np.intp)
    return np.array([[f(s, move) for f in functions] for move in moves], dtype=float).reshape(
        len(moves), len(functions))
