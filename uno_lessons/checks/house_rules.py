"""Checks for exercise 09, house rules: a figure with its standard error, a share above the
fair share, the effect of a rule as a difference, and whether that effect is clear of chance
(H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL, H-FORCE; docs/rules.md, "House rules")."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

import numpy as np

from ..i18n import _
from ..simulation.estimate import Estimate
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import list_as_tuple


def _mean_and_error(values: Any) -> tuple[float, float]:
    numbers = [float(v) for v in values]
    return statistics.fmean(numbers), statistics.stdev(numbers) / math.sqrt(len(numbers))


def check_mean_and_error(func: Callable[[Any], tuple[float, float]]) -> CheckResult:
    """``mean_and_error(values)``: the mean of per-game figures and its standard error s/√n."""
    mean = _("H-DRAW-UNTIL: the mean is the sum of the values divided by how many there are.")
    spread = _("The standard error is the spread s divided by √n; for s, divide the squared deviations by "
               "n − 1, not n (numpy: ddof=1).")
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
                  "H-DRAW-UNTIL", hint) for values, want, hint in rows]
    return run_cases(func, cases, "mean_and_error", normalize=list_as_tuple)


def check_share_above_fair(func: Callable[[Any, int], float]) -> CheckResult:
    """``share_above_fair(won, players)``: the share of games won minus the fair share 1 / players."""
    share = _("E-SETUP-5: the share won is the games won divided by all the games.")
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
                  "E-SETUP-5", hint) for won, players, want, hint in rows]
    return run_cases(func, cases, "share_above_fair")


def _est(value: float, stderr: float, n: int = 300) -> Estimate:
    return Estimate(value, stderr, n)


def check_difference(func: Callable[[Estimate, Estimate], tuple[float, float]]) -> CheckResult:
    """``difference(with_rule, without)``: the effect (value minus value) and its standard error,
    the square root of the sum of the two squared errors."""
    value = _("H-STACK: the effect of the rule is the figure with the rule minus the figure without it.")
    error = _("Independent errors add as squares: the error of a difference is the square root of the sum of "
              "the two squared errors, not their sum.")
    rows = [
        (_est(49.0, 1.5), _est(47.0, 2.0), (2.0, 2.5), error),
        (_est(0.5, 0.03), _est(0.75, 0.04), (-0.25, 0.05), value),
        (_est(10.0, 0.0), _est(7.0, 0.0), (3.0, 0.0), value),
        (_est(74.4, 4.7), _est(22.0, 0.75), (52.4, float(np.hypot(4.7, 0.75))), error),
    ]
    cases = [Case((a, b), want, _("with the rule {a}, without it {b}", a=repr(a), b=repr(b)), "H-STACK", hint)
             for a, b, want, hint in rows]
    return run_cases(func, cases, "difference", normalize=list_as_tuple)


def check_is_clear(func: Callable[[Estimate, Estimate], bool]) -> CheckResult:
    """``is_clear(with_rule, without)``: True when the effect is more than two of its standard
    errors away from zero. The package's own ``difference`` stands in for the learner's."""
    two = _("H-SEVEN-ZERO: compare the size of the effect with two of its standard errors, whichever its sign.")
    rows = [
        (_est(49.0, 1.5), _est(47.0, 2.0), False, two),
        (_est(74.4, 4.7), _est(22.0, 0.75), True, two),
        (_est(0.5, 0.03), _est(0.75, 0.04), True,
         _("H-SEVEN-ZERO: an effect that makes a figure smaller counts too: use its size (abs).")),
        (_est(10.0, 0.1), _est(10.0, 0.1), False, two),
        (_est(3.0, 0.3), _est(2.2, 0.4), False,
         _("H-SEVEN-ZERO: an effect smaller than two of its standard errors may be chance alone.")),
        (_est(3.0, 0.3), _est(1.9, 0.4), True, two),
    ]
    cases = [Case((a, b), want, _("with the rule {a}, without it {b}", a=repr(a), b=repr(b)), "H-SEVEN-ZERO",
                  hint) for a, b, want, hint in rows]
    return run_cases(func, cases, "is_clear", uses=DEPENDS["is_clear"])
