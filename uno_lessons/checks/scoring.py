"""Checks for exercise 06, scoring: card points, the winner's score and the match winner (E-SCORE)."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import _
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import players_text


def check_card_points(func: Callable[[str], int]) -> CheckResult:
    """``card_points(code)``: what a card left in a hand is worth (E-SCORE-2)."""
    num = _("E-SCORE-2: number cards are worth their face value.")
    act = _("E-SCORE-2: what are Skip, Reverse and Draw Two worth? (A Draw Two is not worth 2.)")
    wild = _("E-SCORE-2: wild cards are worth more than action cards.")
    rows = [("G3", 3, num), ("R0", 0, num), ("B9", 9, num), ("YS", 20, act), ("GR", 20, act),
            ("R+2", 20, act), ("W", 50, wild), ("W+4", 50, wild), ("WDT", 50, wild)]
    cases = [Case((code,), want, code, "E-SCORE-2", hint) for code, want, hint in rows]
    return run_cases(func, cases, "card_points")


def check_hand_score(func: Callable[[list], int]) -> CheckResult:
    """``hand_score(other_hands)``: points the winner scores from the other hands (E-SCORE-2).

    The package's own ``card_points`` stands in for the learner's while this runs."""
    rows = [
        ([["Y4", "BS", "W"], ["G5", "R+2", "W+4"], ["B8", "GR", "WDT"]], 227, "E-SCORE-3",
         _("E-SCORE-3: the worked example; add the points of every card in every other hand.")),
        ([], 0, "E-SCORE-2", _("No other hands, no points.")),
        ([[], ["R0"]], 0, "E-SCORE-2", _("E-SCORE-2: count points, not cards.")),
        ([["W"]], 50, "E-SCORE-2", _("E-SCORE-2: what is a wild card worth?")),
        ([["G9", "G9"], ["B1"]], 19, "E-SCORE-2", _("E-SCORE-2: every card counts, repeats included.")),
        ([["Y+2", "BS"], ["R7"]], 47, "E-SCORE-2", _("E-SCORE-2: action cards have a fixed value.")),
    ]

    def show(hands: list) -> str:
        if not hands:
            return _("no other hands")
        return _("hands {hands}", hands=" | ".join(" ".join(h) or _("(empty)") for h in hands))

    cases = [Case((hands,), want, show(hands), rule, hint) for hands, want, rule, hint in rows]
    return run_cases(func, cases, "hand_score", uses=DEPENDS["hand_score"])


def check_match_winner(func: Callable[..., int | None]) -> CheckResult:
    """``match_winner(results, players, target=500)``: first seat to reach the target, or None."""
    five_hundred = _("E-SCORE-4 says '500 points or more'.")
    target_arg = _("Use the target argument instead of always 500.")
    rows = [
        ([], 2, 500, None, "E-SCORE-4", _("E-SCORE-4: before any hand is played nobody has won.")),
        ([(0, 300), (1, 200), (0, 199)], 2, 500, None, "E-SCORE-4",
         _("E-SCORE-4: add up each seat's points; is anyone at 500 yet?")),
        ([(0, 300), (1, 200), (0, 200)], 2, 500, 0, "E-SCORE-4", five_hundred),
        ([(1, 450), (2, 10), (1, 60)], 3, 500, 1, "E-SCORE-4", _("E-SCORE-4: keep a total per seat (E-SCORE-2).")),
        ([(0, 400), (1, 300), (1, 250)], 2, 500, 1, "E-SCORE-4",
         _("E-SCORE-4: it is the total that counts, not the biggest single hand.")),
        ([(2, 250), (2, 250)], 3, 500, 2, "E-SCORE-4", five_hundred),
        ([(0, 100), (0, 60)], 2, 150, 0, "E-SCORE-4", target_arg),
        ([(0, 100), (1, 90)], 2, 150, None, "E-SCORE-4", target_arg),
    ]
    cases = [Case((results, n), want,
                  _("hands {hands}, {players}, target {target}", hands=results or "[]", players=players_text(n),
                    target=target), rule, hint, {"target": target})
             for results, n, target, want, rule, hint in rows]
    return run_cases(func, cases, "match_winner")
