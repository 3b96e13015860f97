"""Two players, bots or rules measured on the *same* seeded deals: compare them deal by deal.

When A and B play the same deals, part of each result is the deal's (its cards were good or
bad for both), so the two measurements are not independent and the error of their difference
is not ``√(SE_A² + SE_B²)``. Subtract deal by deal instead: the effect is the mean of the
per-deal differences, and its standard error is their standard deviation over ``√n``. The
more the deal decides, the smaller that error: forced play changes no game of four sensible
bots, so its effect is exactly 0 ± 0, where the separate errors would have said ± 1.76.

Pairing helps only as long as the games stay alike: when A and B choose differently early in
a deal, the rest of the game (the cards drawn, who wins) drifts apart and the per-deal
differences are nearly as spread as separate games.

The **sign test** asks the same question with no formula beyond counting: of the deals whose
results differ, how many went A's way and how many B's? If A and B were equally good, each
such deal would be a fair coin toss, and ``p`` is the chance that a fair coin, tossed that
many times, splits at least as unevenly as the deals did.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..i18n import _
from .estimate import Estimate

__all__ = ["Paired", "compare_paired", "p_text", "sign_test"]


def sign_test(more: int, fewer: int) -> float:
    """The sign test's two-sided p: the chance that ``more + fewer`` tosses of a fair coin
    split at least as unevenly as ``more`` to ``fewer`` (exact, from the binomial counts).

    ``sign_test(83, 65)`` is about 0.16: 148 fair coin tosses come out 83 to 65 or more uneven,
    either way, about one time in six."""
    if more < 0 or fewer < 0:
        raise ValueError("The sign test counts deals: two numbers of at least 0")
    n, low = more + fewer, min(more, fewer)
    if n == 0 or more == fewer:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(low + 1))
    return min(1.0, 2 * tail / 2**n)  # Python's integers keep the count exact for any n


def p_text(p: float) -> str:
    """A p-value as the tables say it: ``p = 0.73``, ``p = 0.004`` or ``p < 0.001``."""
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.3f}" if p < 0.01 else f"p = {p:.2f}"


@dataclass(frozen=True, repr=False)
class Paired:
    """A against B on the same deals: the effect (A − B, deal by deal) with its standard error,
    what that error would be for separate games, and how many deals came out higher, lower or
    the same for A."""

    a: str
    b: str
    figure: str
    effect: Estimate  # the mean of the per-deal differences A − B, with their SE
    separate: float  # √(SE_A² + SE_B²): the error if A and B had played separate games
    higher: int  # deals where A's figure was higher (for wins: deals only A won)
    lower: int  # deals where B's figure was higher (for wins: deals only B won)
    kind: str = "deals"  # "deals", "wins" (True/False per deal: "won only by") or "trainings" (per seed)

    @property
    def n(self) -> int:
        """How many deals both played."""
        return self.effect.n

    @property
    def differ(self) -> int:
        """Deals whose results differ between A and B."""
        return self.higher + self.lower

    @property
    def p(self) -> float:
        """The sign test's p for ``higher`` against ``lower`` (see :func:`sign_test`)."""
        return sign_test(self.higher, self.lower)

    def clear(self, k: float = 2.0) -> bool:
        """True when the effect lies more than ``k`` paired standard errors from zero."""
        return abs(self.effect.value) > k * self.effect.stderr

    def __repr__(self) -> str:
        a, b, n = self.a, self.b, self.n
        if self.kind == "trainings":
            head = _("{a} against {b}, trained with the same {n} seeds, {figure}:", a=a, b=b, n=n, figure=self.figure)
            error = _("effect {effect:+.3f} ± {error:.3f} (one standard error of the seed-by-seed differences; as "
                      "separate trainings it would be ± {separate:.3f})", effect=self.effect.value,
                      error=self.effect.stderr, separate=self.separate)
            split = _("with {higher} of {n} seeds {a} came out higher, with {lower} {b}", higher=self.higher,
                      lower=self.lower, n=n, a=a, b=b)
        else:
            head = (_("{a} against {b} on the same {n} deals, {figure}:", a=a, b=b, n=n, figure=self.figure)
                    if self.figure else _("{a} against {b} on the same {n} deals:", a=a, b=b, n=n))
            error = _("effect {effect:+.3f} ± {error:.3f} (one standard error of the deal-by-deal differences; as "
                      "separate games it would be ± {separate:.3f})", effect=self.effect.value,
                      error=self.effect.stderr, separate=self.separate)
            split = (_("{differ} of {n} deals had different winners: {higher} won only by {a}, {lower} only by {b}",
                       differ=self.differ, n=n, higher=self.higher, lower=self.lower, a=a, b=b)
                     if self.kind == "wins" else
                     _("{differ} of {n} deals came out differently: {higher} higher for {a}, {lower} higher for {b}",
                       differ=self.differ, n=n, higher=self.higher, lower=self.lower, a=a, b=b))
        test = _("sign test: {p}, the chance of a split at least this uneven if there were no real difference "
                 "between {a} and {b}", p=p_text(self.p), a=a, b=b)
        return "\n".join([head, "  " + error, "  " + split, "  " + test])


def compare_paired(a: Any, b: Any, *, labels: tuple[str, str] = ("A", "B"), figure: str = "",
                   kind: str | None = None) -> Paired:
    """Compare per-deal figures ``a`` and ``b`` (numbers or booleans, one per deal, the same
    deals in the same order): the effect ``a − b`` deal by deal, with its paired standard error.
    ``kind`` says what is paired ("deals", "wins", "trainings"); by default "wins" for two
    boolean arrays, else "deals"."""
    if kind is None:
        kind = "wins" if np.asarray(a).dtype == bool and np.asarray(b).dtype == bool else "deals"
    x, y = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if x.size != y.size:
        raise ValueError("A paired comparison needs one figure per deal for both, on the same deals")
    d = x - y
    separate = math.hypot(Estimate.of(x).stderr, Estimate.of(y).stderr)
    return Paired(labels[0], labels[1], figure, Estimate.of(d), separate, int((d > 0).sum()), int((d < 0).sum()),
                  kind)
