"""Checks for exercise 03, action cards: whose turn is next and which way play goes (E-ACT)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import Card
from .core import Case, CheckResult, run_cases
from .values import hand_text, list_as_tuple, to_card


def check_next_seat_after(func: Callable[[Card, int, int, int], int]) -> CheckResult:
    """``next_seat_after(card, seat, direction, players)``: whose turn comes next (E-ACT)."""
    num = "E-ACT-1 and E-DRAW-4: after a number card play passes to the next seat in the direction."
    wrap = "Seats wrap around: after the last seat comes seat 0, before seat 0 the last one (think %)."
    skip = "E-ACT-4: the next player loses their turn, so who plays after them?"
    two = "E-ACT-2: the next player draws two and loses their turn."
    rev = "E-ACT-3: the direction changes first; who is next in the new direction?"
    rev2 = "E-ACT-3 (official): with two players a Reverse acts like a Skip."
    rows = [
        ("G5", 0, 1, 4, 1, "E-ACT-1", num), ("G5", 3, 1, 4, 0, "E-ACT-1", wrap),
        ("G5", 0, -1, 4, 3, "E-ACT-1", wrap), ("YS", 0, 1, 4, 2, "E-ACT-4", skip),
        ("YS", 3, 1, 4, 1, "E-ACT-4", wrap + " " + skip), ("YS", 1, -1, 3, 2, "E-ACT-4", skip),
        ("YS", 0, 1, 2, 0, "E-ACT-4", skip), ("G+2", 2, 1, 4, 0, "E-ACT-2", two),
        ("R+2", 1, -1, 5, 4, "E-ACT-2", two), ("BR", 1, 1, 4, 0, "E-ACT-3", rev),
        ("BR", 0, -1, 3, 1, "E-ACT-3", rev), ("BR", 0, 1, 2, 0, "E-ACT-3", rev2),
        ("RR", 1, -1, 2, 1, "E-ACT-3", rev2), ("W", 2, 1, 3, 0, "E-ACT-5", "E-ACT-5: a Wild only sets the colour."),
        ("WDT", 1, 1, 3, 2, "E-WDT-1", "E-WDT-1: a Wild Don't Talk does not skip anyone."),
    ]
    cases = [Case((to_card(code), seat, d, n), want,
                  f"seat {seat} plays {code}, direction {d:+d}, {n} players", rule, hint)
             for code, seat, d, n, want, rule, hint in rows]
    return run_cases(func, cases, "next_seat_after")


def check_direction_after(func: Callable[[Card, int], int]) -> CheckResult:
    """``direction_after(card, direction)``: the direction of play after the card (E-ACT-3)."""
    rev = "E-ACT-3: a Reverse changes the direction: +1 becomes -1 and -1 becomes +1."
    other = "E-ACT-3 is the only rule that changes direction; E-ACT-2 and E-ACT-4 do not."
    rows = [("BR", 1, -1, rev), ("BR", -1, 1, rev), ("YS", 1, 1, other), ("G5", -1, -1, other),
            ("G+2", 1, 1, other), ("W", -1, -1, other), ("RR", 1, -1, rev)]
    cases = [Case((to_card(code), d), want, f"{code} played, direction {d:+d}", "E-ACT-3", hint)
             for code, d, want, hint in rows]
    return run_cases(func, cases, "direction_after")


def check_seat_after_sequence(func: Callable[..., tuple[int, int]]) -> CheckResult:
    """``seat_after_sequence(codes, players, seat=0, direction=1)``: (seat, direction) after
    each card is played in turn by whoever is to move."""
    rows = [
        ("", 4, 0, 1, (0, 1), "E-DRAW-4", "With no cards played nothing changes: return (seat, direction)."),
        ("G5 G6 G7", 4, 0, 1, (3, 1), "E-ACT-1", "E-ACT-1: each number card passes play to the next seat."),
        ("GS", 4, 0, 1, (2, 1), "E-ACT-4", "E-ACT-4: use next_seat_after for each card."),
        ("GR G5", 4, 0, 1, (2, -1), "E-ACT-3",
         "E-ACT-3: keep the new direction for the cards that follow (use direction_after)."),
        ("GR", 2, 0, 1, (0, -1), "E-ACT-3", "E-ACT-3: two players, a Reverse acts like a Skip (and still reverses)."),
        ("G+2 GS GR", 3, 0, 1, (0, -1), "E-ACT-2",
         "E-ACT-2, E-ACT-4, E-ACT-3: each card is played by the seat whose turn it is."),
        ("W YR YR", 5, 2, 1, (3, 1), "E-ACT-3", "E-ACT-3: two Reverses cancel out; start from the seat given."),
        ("B1 BS", 3, 1, -1, (1, -1), "E-ACT-4", "Start from the seat and direction given; E-ACT-4 for the Skip."),
    ]
    cases = []
    for codes, n, seat, d, want, rule, hint in rows:
        label = f"{hand_text(codes) if codes else 'no cards'} played from seat {seat}, direction {d:+d}, {n} players"
        cases.append(Case((codes.split(), n), want, label, rule, hint, {"seat": seat, "direction": d}))
    return run_cases(func, cases, "seat_after_sequence",
                     normalize=list_as_tuple)


