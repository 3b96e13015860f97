"""Checks for exercise 11, house rules: a figure with its standard error, a share above the
fair share, the effect of a rule measured deal by deal on the same deals, and whether that
effect is clear of chance; then two graded readings: a prediction of forced play's error
(H-FORCE) and how many separate games would match the same deals' error (H-STACK)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

import numpy as np

from ..i18n import N_, _
from .answers import Choice, Number
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import list_as_tuple

STATISTICS = "statistics"


def _mean_and_error(values: Any) -> tuple[float, float]:
    numbers = [float(v) for v in values]
    return statistics.fmean(numbers), statistics.stdev(numbers) / math.sqrt(len(numbers))


def check_mean_and_error(func: Callable[[Any], tuple[float, float]]) -> CheckResult:
    """``mean_and_error(values)``: the mean of per-game figures and its standard error s/√n."""
    mean = _("The mean is the sum of the values divided by how many there are.")
    spread = _("The standard error is the standard deviation s divided by √n; for s, divide the squared "
               "deviations from the mean by n − 1, not n.")
    given: list[tuple[Any, str]] = [
        ([2, 4, 6], spread), ([1, 0, 1, 1], spread),
        ([5, 5, 5, 5, 5], _("All values equal: no spread, so no error.")), ([10, 30], spread),
        (np.array([21, 25, 18, 30, 26, 20]),
         _("A numpy array of per-game figures, as GameStats holds them: the same sums work.")),
        ([7, 9, 8], mean),
    ]
    # The expected values come from the standard library, not from numpy as a learner may use it.
    rows = [(values, _mean_and_error(values), hint) for values, hint in given]
    cases = [Case((values,), want, _("values {values}", values=list(np.asarray(values).tolist())),
                  STATISTICS, hint) for values, want, hint in rows]
    return run_cases(func, cases, "mean_and_error", normalize=list_as_tuple)


def check_share_above_fair(func: Callable[[Any, int], float]) -> CheckResult:
    """``share_above_fair(won, players)``: the share of games won minus the fair share 1 / players."""
    share = _("The share won is the games won divided by all the games.")
    fair = _("With the given number of players, a fair share is one game in that many: subtract 1 / players.")
    rows = [
        ([True, False, False, False], 4, 0.0, fair),
        ([True, True, False, False], 4, 0.25, share),
        ([False, False, False], 3, -1 / 3, fair),
        ([True, True, True, False], 2, 0.25, fair),
        (np.array([True, False, True, False, False]), 5, 0.2, share),
        (np.array([1, 0, 0, 0, 0, 1, 0, 0]) == 1, 4, 0.0, fair),
    ]
    cases = [Case((won, players), want,
                  _("won {won}, {players} players", won=list(np.asarray(won).tolist()), players=players),
                  STATISTICS, hint) for won, players, want, hint in rows]
    return run_cases(func, cases, "share_above_fair")


def _paired(with_rule: list[float], without: list[float]) -> tuple[float, float]:
    return _mean_and_error([a - b for a, b in zip(with_rule, without)])


def check_paired_difference(func: Callable[[Any, Any], tuple[float, float]]) -> CheckResult:
    """``paired_difference(with_rule, without)``: one figure per deal with the rule and without it,
    the same deals in the same order; the effect (the mean of the deal-by-deal differences)
    and its standard error (their standard deviation over √n)."""
    deal = _("The same deals: subtract deal by deal (with the rule minus without it) first, then take the mean "
             "and the standard error of those differences, not of each list alone.")
    same = _("When every deal comes out the same with and without the rule, every difference is 0: so is their "
             "spread.")
    shift = _("Every deal changed by the same amount: the differences do not spread at all, however much the deals "
              "differ from each other.")
    rows: list[tuple[Any, Any, str]] = [
        ([49, 50, 52, 44], [47, 49, 50, 45], deal),
        ([30, 41, 52, 66], [30, 41, 52, 66], same),
        ([10, 20, 30, 45], [7, 17, 27, 42], shift),
        ([1, 0, 1, 1, 0], [1, 0, 0, 1, 1], deal),
        (np.array([102, 48, 75, 60]), np.array([47, 40, 52, 61]),
         _("numpy arrays, as GameStats holds them: subtract them, then the same sums.")),
    ]
    cases = [Case((a, b), _paired([float(x) for x in a], [float(y) for y in b]),
                  _("with the rule {a}, without it {b}", a=list(np.asarray(a).tolist()), b=list(np.asarray(b).tolist())),
                  STATISTICS, hint) for a, b, hint in rows]
    return run_cases(func, cases, "paired_difference", normalize=list_as_tuple, uses=DEPENDS["paired_difference"])


def check_is_clear(func: Callable[[Any, Any], bool]) -> CheckResult:
    """``is_clear(with_rule, without)``: True when the effect measured deal by deal is more than
    two of its standard errors away from zero. The package's own ``paired_difference`` stands
    in for the learner's."""
    two = _("Compare the size of the effect with two of its standard errors, whichever its sign.")
    rows: list[tuple[Any, Any, bool, str]] = [
        ([49, 50, 52, 44], [47, 49, 50, 45], False, two),
        ([10, 20, 30, 45], [7, 17, 27, 42], True,
         _("An error of 0 with an effect that is not 0: no chance could give it, so it is clear.")),
        ([30, 41, 52, 66], [30, 41, 52, 66], False,
         _("No effect at all is never clear, even with an error of 0: it has to be more than two errors away.")),
        ([40, 41, 39, 40, 38], [46, 45, 47, 44, 46], True,
         _("An effect that makes a figure smaller counts too: use its size (its absolute value).")),
        ([52, 40, 61, 47], [47, 49, 50, 45], False,
         _("An effect smaller than two of its standard errors may be chance alone.")),
    ]
    cases = [Case((a, b), want,
                  _("with the rule {a}, without it {b}", a=list(a), b=list(b)), STATISTICS, hint)
             for a, b, want, hint in rows]
    return run_cases(func, cases, "is_clear", uses=DEPENDS["is_clear"])


#: Predict, then check (H-FORCE): forced play's effect on four sensible bots' moves per hand.
#: The right letter is in the solution's hidden test, not here (see :mod:`.answers`).
FORCE_ERROR = Choice("force_error", ("A", "B", "C", "D"), {
    "A": N_("√(1.25² + 1.25²) is the error of two separate measurements. Did the two rows play separate games, "
            "or the same 300 deals?"),
    "B": N_("If forced play changes no game of four sensible bots, what is each deal's difference, and what is "
            "the spread of 300 such differences?"),
    "C": N_("Do standard errors add like lengths? And did the two rows play separate games, or the same deals?"),
    "D": N_("A difference deal by deal can be taken for any two rows played on the same deals: what is it here, "
            "and what is its standard deviation?"),
}, STATISTICS)

#: Reading a result (H-STACK): how many separate games would give the paired error. The
#: number and its tolerance are in the solution's hidden test.
GAMES_NEEDED = Number("games_needed", N_(
    "How does a standard error change with the number of games? Use that to go from 1.82 down to 1.04."),
    STATISTICS, slips=(
    (300 * 1.82 / 1.04, 40, N_("Does the standard error fall like 1/n, or like 1/√n?")),
    (300 * (1.04 / 1.82) ** 2, 40, N_("Do more games make the error smaller or larger? Which way up is your "
                                     "ratio?")),
    (300 * 1.04 / 1.82, 40, N_("Do more games make the error smaller or larger? And does it fall like 1/n, or "
                               "like 1/√n?")),
))
