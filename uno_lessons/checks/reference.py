"""The package's own answers to the steps that later steps build on, and how a check uses them.

A step such as ``playable_cards`` is meant to call the learner's ``can_play``. If the check
ran it with the learner's ``can_play``, one slip in ``can_play`` would fail both steps (and
cost two points in nbgrader). So while a step is checked, :func:`standing_in` puts these
reference functions in place of the ones it depends on, in the learner's own namespace, and
puts the learner's back afterwards: each step is graded on its own code only.

Each reference asks the engine (``matches``, ``build_deck``, ``wild_draw_four_honest``,
``Card.points``; where the rule lives inside ``Game``, such as where play goes after a card,
a small position played by a real ``Game``): no rule is written a second time here.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..engine.cards import Card, Color, build_deck
from ..engine.game import Game
from ..engine.kinds import MoveKind
from ..engine.moves import matches, wild_draw_four_honest
from ..engine.rules import Rules


def _color(color: Color | str | None) -> Color | None:
    return None if color is None else Color.parse(color)


def can_play(card: Card, top: Card, color: Color) -> bool:
    """E-MATCH-1..3: may ``card`` go on ``top`` while ``color`` is in force (the engine's rule)."""
    return matches(Card.parse(card), Card.parse(top), _color(color))


def cards_in_deck(code: str, rules: Rules) -> int:
    """E-DECK: copies of the card ``code`` in the deck of ``rules``, counted in the engine's deck."""
    return build_deck(rules.wild_dont_talk).count(Card.parse(code))


def _after_playing(card: Card | str, seat: int, direction: int, players: int) -> Game:
    """The engine playing ``card`` from ``seat`` (it matches the top card; every hand keeps a
    card, so nobody wins): the game just after, to read where play went."""
    played = Card.parse(card)
    color = played.color
    top = Card.parse("R1") if color is None else Card.parse(color.value + ("3" if played.code.endswith("2") else "2"))
    # Plain number cards for everyone else and the draw pile: they change nothing.
    spare = [c for c in build_deck() if c.rank.is_number and c not in (played, top)]
    hands = [[spare.pop(), spare.pop()] for _ in range(players)]
    hands[seat] = [played, hands[seat][0]]
    game = Game.from_position(hands, [top], [spare.pop() for _ in range(6)], current=seat, direction=direction)
    game.apply(next(m for m in game.legal_moves() if m.kind is MoveKind.PLAY and m.card == played))
    return game


def next_seat_after(card: Card, seat: int, direction: int, players: int) -> int:
    """E-ACT-1..5: the seat to move after ``seat`` plays ``card``, as the engine moves play on."""
    return _after_playing(card, seat, direction, players).current_player


def direction_after(card: Card, direction: int) -> int:
    """E-ACT-3: the direction of play after ``card``, as the engine turns it (only a Reverse)."""
    return _after_playing(card, 0, direction, 3).direction


def wild_draw_four_is_legal(hand: Sequence[Card], color: Color, rules: Rules) -> bool:
    """E-WD4-2 / C-WD4-2: the engine's test of an honest Wild Draw Four."""
    cards = [Card.parse(c) for c in hand]
    return wild_draw_four_honest(cards, _color(color), rules.wilds_block_wild_draw_four)


def card_points(code: str) -> int:
    """E-SCORE-2: the engine's points of one card."""
    return Card.parse(code).points


def mean_and_error(values: Any) -> tuple[float, float]:
    """The mean of ``values`` and its standard error s/√n (s with n − 1)."""
    numbers = [float(v) for v in values]
    mean = math.fsum(numbers) / len(numbers)
    if len(numbers) < 2:
        return mean, 0.0
    s = math.sqrt(math.fsum((x - mean) ** 2 for x in numbers) / (len(numbers) - 1))
    return mean, s / math.sqrt(len(numbers))


def paired_difference(with_rule: Any, without: Any) -> tuple[float, float]:
    """The effect of a rule measured on the same deals: the mean of the deal-by-deal
    differences ``with_rule − without`` and its standard error."""
    return mean_and_error([float(a) - float(b) for a, b in zip(with_rule, without)])


def best_color(hand: Sequence[Card]) -> Color:
    """The colour held most; ties (and a hand of wilds only) go to the first in ``list(Color)``."""
    cards = [Card.parse(c) for c in hand]
    return max(Color, key=lambda color: sum(card.color is color for card in cards))


#: The reference answer for each step other steps build on, by the learner's function name.
REFERENCE = {f.__name__: f for f in (can_play, cards_in_deck, next_seat_after, direction_after,
                                     wild_draw_four_is_legal, card_points, best_color, mean_and_error,
                                     paired_difference)}

#: The learner's functions each step may call, by the step's function name.
DEPENDS = {
    "deck_size": ("cards_in_deck",),
    "playable_cards": ("can_play",),
    "seat_after_sequence": ("next_seat_after", "direction_after"),
    "challenge_outcome": ("wild_draw_four_is_legal",),
    "hand_score": ("card_points",),
    "MyBot": ("best_color",),
    "paired_difference": ("mean_and_error",),
    "is_clear": ("paired_difference",),
}


def namespace_of(answer: Any) -> dict | None:
    """The module namespace a learner's function (or class) looks its other names up in."""
    found = getattr(answer, "__globals__", None)
    if found is None and isinstance(answer, type):
        for attr in vars(answer).values():
            found = getattr(attr, "__globals__", None)
            if found is not None:
                break
    return found if isinstance(found, dict) else None


@contextmanager
def standing_in(answer: Any, names: Sequence[str]) -> Iterator[None]:
    """Within the block the reference functions ``names`` replace the learner's in the
    namespace ``answer`` uses; afterwards the learner's (or their absence) are restored."""
    space = namespace_of(answer)
    if space is None or not names:
        yield
        return
    missing = object()
    saved = {name: space.get(name, missing) for name in names}
    space.update({name: REFERENCE[name] for name in names})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is missing:
                space.pop(name, None)
            else:
                space[name] = value
