"""Exact answers to the deal questions by counting hands (hypergeometric), as fractions."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

from ..engine.cards import Card, parse_cards
from ..engine.moves import matches
from ..engine.rules import Rules
from .deck import QUESTIONS, deck_layout, is_returned


def _deck_and_hand(rules: Rules | None, deck: Sequence[Card | str] | None, hand_size: int | None):
    rules = rules or Rules.encanto()
    cards_ = deck_layout(rules) if deck is None else parse_cards(deck)
    h = rules.hand_size if hand_size is None else hand_size
    if not 0 < h < len(cards_):
        raise ValueError(f"A hand of {h} cannot be dealt from {len(cards_)} cards with one left to turn")
    return rules, cards_, h


def p_wild_in_hand(rules: Rules | None = None, *, deck: Sequence[Card | str] | None = None,
                   hand_size: int | None = None) -> Fraction:
    """Exact chance a dealt hand holds at least one wild: 1 − C(N−W, h) / C(N, h)."""
    rules, cards_, h = _deck_and_hand(rules, deck, hand_size)
    n, w = len(cards_), sum(c.is_wild for c in cards_)
    return 1 - Fraction(math.comb(n - w, h), math.comb(n, h))


def p_reflip(rules: Rules | None = None, *, deck: Sequence[Card | str] | None = None) -> Fraction:
    """Exact chance the first card turned must go back (E-SETUP-4): returned cards / all cards."""
    rules, cards_, _ = _deck_and_hand(rules, deck, 1)
    return Fraction(sum(is_returned(c, rules) for c in cards_), len(cards_))


def p_can_play(rules: Rules | None = None, *, deck: Sequence[Card | str] | None = None,
               hand_size: int | None = None) -> Fraction:
    """Exact chance the first player to move holds a card that matches the starting card.

    The hand is dealt first; the starting card is then uniform among the cards that may start
    (E-SETUP-4) and are not in the hand. For each starting card t, count the hands made only
    of cards that do not match t, split by how many of them could have started (k), each
    weighted 1 / (cards that may start − k):
    P(cannot) = Σ_t Σ_k C(a_t, k)·C(b_t, h − k) / (C(N, h)·(K − k)).
    A Wild left on top (classic) lets the first player name any colour, so every hand can play.
    """
    rules, cards_, h = _deck_and_hand(rules, deck, hand_size)
    n = len(cards_)
    stays = [not is_returned(c, rules) for c in cards_]
    k_all = sum(stays)
    total = math.comb(n, h)
    cannot = Fraction(0)
    for i, top in enumerate(cards_):
        if not stays[i] or top.is_wild:
            continue
        a = b = 0  # non-matching cards that could / could not start the game
        for j, card in enumerate(cards_):
            if j != i and not matches(card, top, top.color):
                if stays[j]:
                    a += 1
                else:
                    b += 1
        for k in range(h + 1):
            ways = math.comb(a, k) * math.comb(b, h - k)
            if ways:
                cannot += Fraction(ways, total * (k_all - k))
    return 1 - cannot


_EXACT: dict[str, Callable[..., Fraction]] = {
    "wild_in_hand": p_wild_in_hand, "reflip": p_reflip, "can_play": p_can_play,
}


@cache
def exact_value(question: str, rules: Rules | None = None) -> Fraction:
    """The exact answer to one of ``QUESTIONS`` for a rule set, as a fraction."""
    if question not in _EXACT:
        raise ValueError(f"Unknown question {question!r}: use one of {', '.join(QUESTIONS)}")
    return _EXACT[question](rules or Rules.encanto())
