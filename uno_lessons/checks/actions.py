"""Checks for exercise 03, action cards: whose turn is next and which way play goes (E-ACT)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import Card
from ..i18n import _
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import direction_text, hand_text, list_as_tuple, players_text, to_card


def check_next_seat_after(func: Callable[[Card, int, int, int], int]) -> CheckResult:
    """``next_seat_after(card, seat, direction, players)``: whose turn comes next (E-ACT)."""
    num = _("E-ACT-1 and E-DRAW-4: after a number card play passes to the next seat in the direction.")
    wrap = _("Seats wrap around: after the last seat comes seat 0, before seat 0 the last one (think %).")
    skip = _("E-ACT-4: the next player loses their turn, so who plays after them?")
    wrap_skip = _("Seats wrap around (think %). E-ACT-4: the next player loses their turn, so who plays "
                  "after them?")
    two = _("E-ACT-2: the next player draws two and loses their turn.")
    rev = _("E-ACT-3: the direction changes first; who is next in the new direction?")
    rev2 = _("E-ACT-3 (official): with two players a Reverse acts like a Skip.")
    rows = [
        ("G5", 0, 1, 4, 1, "E-ACT-1", num), ("G5", 3, 1, 4, 0, "E-ACT-1", wrap),
        ("G5", 0, -1, 4, 3, "E-ACT-1", wrap), ("YS", 0, 1, 4, 2, "E-ACT-4", skip),
        ("YS", 3, 1, 4, 1, "E-ACT-4", wrap_skip), ("YS", 1, -1, 3, 2, "E-ACT-4", skip),
        ("YS", 0, 1, 2, 0, "E-ACT-4", skip), ("G+2", 2, 1, 4, 0, "E-ACT-2", two),
        ("R+2", 1, -1, 5, 4, "E-ACT-2", two), ("BR", 1, 1, 4, 0, "E-ACT-3", rev),
        ("BR", 0, -1, 3, 1, "E-ACT-3", rev), ("BR", 0, 1, 2, 0, "E-ACT-3", rev2),
        ("RR", 1, -1, 2, 1, "E-ACT-3", rev2),
        ("W", 2, 1, 3, 0, "E-ACT-5", _("E-ACT-5: a Wild only sets the colour.")),
        ("WDT", 1, 1, 3, 2, "E-WDT-1", _("E-WDT-1: a Wild Don't Talk does not skip anyone.")),
    ]
    cases = [Case((to_card(code), seat, d, n), want,
                  _("seat {seat} plays {card}, direction {direction}, {players}",
                    seat=seat, card=code, direction=direction_text(d), players=players_text(n)), rule, hint)
             for code, seat, d, n, want, rule, hint in rows]
    return run_cases(func, cases, "next_seat_after")


def check_direction_after(func: Callable[[Card, int], int]) -> CheckResult:
    """``direction_after(card, direction)``: the direction of play after the card (E-ACT-3)."""
    rev = _("E-ACT-3: a Reverse changes the direction: +1 becomes -1 and -1 becomes +1.")
    other = _("E-ACT-3 is the only rule that changes direction; E-ACT-2 and E-ACT-4 do not.")
    rows = [("BR", 1, -1, rev), ("BR", -1, 1, rev), ("YS", 1, 1, other), ("G5", -1, -1, other),
            ("G+2", 1, 1, other), ("W", -1, -1, other), ("RR", 1, -1, rev)]
    cases = [Case((to_card(code), d), want, _("{card} played, direction {direction}", card=code, direction=direction_text(d)),
                  "E-ACT-3", hint)
             for code, d, want, hint in rows]
    return run_cases(func, cases, "direction_after")


def check_seat_after_sequence(func: Callable[..., tuple[int, int]]) -> CheckResult:
    """``seat_after_sequence(codes, players, seat=0, direction=1)``: (seat, direction) after
    each card is played in turn by whoever is to move.

    The package's own ``next_seat_after`` and ``direction_after`` stand in for the learner's
    while this runs."""
    rows = [
        ("", 4, 0, 1, (0, 1), "E-DRAW-4", _("With no cards played nothing changes: return (seat, direction).")),
        ("G5 G6 G7", 4, 0, 1, (3, 1), "E-ACT-1", _("E-ACT-1: each number card passes play to the next seat.")),
        ("GS", 4, 0, 1, (2, 1), "E-ACT-4", _("E-ACT-4: use next_seat_after for each card.")),
        ("GR G5", 4, 0, 1, (2, -1), "E-ACT-3",
         _("E-ACT-3: keep the new direction for the cards that follow (use direction_after).")),
        ("GR", 2, 0, 1, (0, -1), "E-ACT-3",
         _("E-ACT-3: two players, a Reverse acts like a Skip (and still reverses).")),
        ("G+2 GS GR", 3, 0, 1, (0, -1), "E-ACT-2",
         _("E-ACT-2, E-ACT-4, E-ACT-3: each card is played by the seat whose turn it is.")),
        ("W YR YR", 5, 2, 1, (3, 1), "E-ACT-3", _("E-ACT-3: two Reverses cancel out; start from the seat given.")),
        ("B1 BS", 3, 1, -1, (1, -1), "E-ACT-4", _("Start from the seat and direction given; E-ACT-4 for the Skip.")),
    ]
    cases = []
    for codes, n, seat, d, want, rule, hint in rows:
        played = hand_text(codes) if codes else _("no cards")
        label = _("{cards} played from seat {seat}, direction {direction}, {players}",
                  cards=played, seat=seat, direction=direction_text(d), players=players_text(n))
        cases.append(Case((codes.split(), n), want, label, rule, hint, {"seat": seat, "direction": d}))
    return run_cases(func, cases, "seat_after_sequence", uses=DEPENDS["seat_after_sequence"],
                     normalize=list_as_tuple)
