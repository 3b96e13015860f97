"""Checks for exercise 02, which cards may be played: colour, number, symbol, wild (E-MATCH-1..3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cards import Card, Color
from ..i18n import N_, _
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import colour_word, hand_text, norm, to_card, to_cards, to_color


def _on(card: str, top: str, color: str) -> str:
    return _("{card} on {top}, {colour} in force", card=card, top=top, colour=colour_word(color))


_ALL_WILDS = N_("E-MATCH-2: all three wild cards count (card.is_wild).")
_MATCH_ROWS = [
    # card, top, colour in force, can play?, reason, rule, hint
    ("G2", "G3", "G", True, "colour", "E-MATCH-1", N_("E-MATCH-1: what do G2 and G3 have in common?")),
    ("Y3", "G3", "G", True, "number", "E-MATCH-1", N_("E-MATCH-1 names three ways to match; one is the number.")),
    ("Y5", "G3", "G", False, None, "E-MATCH-1", N_("E-MATCH-1: Y5 and G3 share no colour, number or symbol.")),
    ("W", "G3", "G", True, "wild", "E-MATCH-2", N_("E-MATCH-2: what do wild cards match?")),
    ("W+4", "R7", "R", True, "wild", "E-MATCH-2", _ALL_WILDS),
    ("WDT", "BS", "B", True, "wild", "E-MATCH-2", _ALL_WILDS),
    ("BR", "YR", "Y", True, "symbol", "E-MATCH-1",
     N_("E-MATCH-1 and E-MATCH-4: action cards can match by symbol (Skip on Skip, Reverse on Reverse…).")),
    ("G+2", "R+2", "R", True, "symbol", "E-MATCH-1",
     N_("E-MATCH-1: Draw Two on Draw Two is a symbol match (compare card.rank).")),
    ("BS", "YR", "Y", False, None, "E-MATCH-1", N_("E-MATCH-1: a Skip and a Reverse are different symbols.")),
    ("G5", "W", "G", True, "colour", "E-MATCH-3",
     N_("E-MATCH-3: after a wild, compare with the colour in force (the color argument), not the top card's colour.")),
    ("R5", "W", "G", False, None, "E-MATCH-3", N_("E-MATCH-3: after a wild, only the chosen colour in force counts.")),
    ("B4", "W+4", "B", True, "colour", "E-MATCH-3",
     N_("E-MATCH-3: a wild card has no colour of its own; use the color argument.")),
    ("G3", "G3", "G", True, "colour", "E-MATCH-1",
     N_("E-MATCH-1: G3 on G3 matches; for the reason, the order is wild, colour, number, symbol.")),
]


def check_can_play(func: Callable[[Card, Card, Color], bool]) -> CheckResult:
    """``can_play(card, top, color)``: may the card be played (E-MATCH-1..3)?"""
    cases = [Case((to_card(card), to_card(top), to_color(color)), want, _on(card, top, color), rule, _(hint))
             for card, top, color, want, _why, rule, hint in _MATCH_ROWS]
    return run_cases(func, cases, "can_play")


def check_playable_cards(func: Callable[[list, Card, Color], list]) -> CheckResult:
    """``playable_cards(hand, top, color)``: the cards of the hand that may be played, in order.

    The package's own ``can_play`` stands in for the learner's while this runs."""
    rows = [
        ("G2 Y3 Y5 W BR", "G3", "G", "G2 Y3 W", "E-MATCH-1",
         _("E-MATCH-1 and E-MATCH-2: test every card of the hand with the matching rule. Keep the cards "
           "in the order of the hand, repeats included (one entry per card).")),
        ("R1 YS W+4 B8", "BS", "B", "YS W+4 B8", "E-MATCH-1",
         _("E-MATCH-1: a Skip on a Skip matches by symbol; wilds match too (E-MATCH-2).")),
        ("R1 Y2 B3", "W", "G", "", "E-MATCH-3",
         _("E-MATCH-3: after a wild only the chosen colour matches; return an empty list when nothing does.")),
        ("G7 G7 R7 WDT", "B7", "B", "G7 G7 R7 WDT", "E-MATCH-1",
         _("E-MATCH-1: number matches count whatever the colour. Keep the cards in the order of the hand, "
           "repeats included (one entry per card).")),
        ("", "R5", "R", "", "E-MATCH-1", _("An empty hand has nothing to play: return an empty list.")),
    ]
    cases = [Case((to_cards(hand), to_card(top), to_color(color)), tuple(want.split()),
                  _("hand {hand}, top {top}, {colour} in force", hand=hand_text(hand), top=top,
                    colour=colour_word(color)), rule, hint)
             for hand, top, color, want, rule, hint in rows]
    return run_cases(func, cases, "playable_cards", uses=DEPENDS["playable_cards"],
                     normalize=lambda got: tuple(norm(got)) if isinstance(got, list) else got)


def _reason(got: Any) -> Any:
    if isinstance(got, str):
        got = got.strip().lower()
        return {"color": "colour"}.get(got, got)
    return got


def check_match_reason(func: Callable[[Card, Card, Color], str | None]) -> CheckResult:
    """``match_reason(card, top, color)``: "wild", "colour", "number", "symbol" or None."""
    cases = []
    for card, top, color, _can, reason, rule, hint in _MATCH_ROWS:
        if reason in ("number", "symbol"):
            hint = N_("E-MATCH-1: number cards match by number; Skip, Reverse and Draw Two match "
                      "by symbol (card.is_number tells them apart).")
        cases.append(Case((to_card(card), to_card(top), to_color(color)), reason, _on(card, top, color), rule,
                          _(hint)))
    return run_cases(func, cases, "match_reason", normalize=_reason)
