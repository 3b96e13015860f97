"""A simulated value with its standard error, Wilson's interval for a share, and how the
estimate settles as samples grow.

Two spreads are told apart here. The **standard deviation** ``sd`` says how much single games
differ from each other (a hand of UNO lasts 20 moves or 100); the **standard error**
``stderr = sd / √n`` says how far the mean of ``n`` games may lie from the long-run mean. Every
``±`` the package prints is one standard error.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..i18n import _

#: How many standard errors either side of a value make a 95% interval (normal approximation).
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A simulated value with its standard error and sample size: ``0.4321 ± 0.0016 (n=100,000)``."""

    value: float
    stderr: float
    n: int

    @classmethod
    def of(cls, samples: Any) -> Estimate:
        """The mean of ``samples`` (numbers or booleans), with standard error s/√n."""
        x = np.asarray(samples, dtype=float).ravel()
        if x.size == 0:
            raise ValueError("An estimate needs at least one sample")
        sd = float(x.std(ddof=1)) if x.size > 1 else 0.0
        return cls(float(x.mean()), sd / math.sqrt(x.size), int(x.size))

    @classmethod
    def of_proportion(cls, hits: int, n: int) -> Estimate:
        """A proportion ``hits / n`` with the same standard error as ``Estimate.of`` gives."""
        if n < 1:
            raise ValueError("An estimate needs at least one sample")
        p = hits / n
        se = math.sqrt(p * (1 - p) / (n - 1)) if n > 1 else 0.0
        return cls(p, se, n)

    @property
    def sd(self) -> float:
        """The standard deviation of the samples (with n − 1): how much single samples differ,
        which more samples do not shrink; ``stderr`` is ``sd / √n``."""
        return self.stderr * math.sqrt(self.n)

    def describe(self) -> str:
        """The mean with both spreads named, in one sentence: the standard deviation of single
        samples beside the standard error of the mean."""
        return _("mean {mean:.2f}; standard deviation {sd:.2f}: how far single samples lie from the mean; standard "
                 "error {se:.2f}: how far the mean of {n:,} may lie from the long-run mean", mean=self.value,
                 sd=self.sd, se=self.stderr, n=self.n)

    def interval(self, k: float = 2.0) -> tuple[float, float]:
        """``value ± k·stderr``. For k = 2, intervals made this way hold the true value about
        95 times in 100 (over many repeats with new seeds); one interval either holds it or not."""
        return (self.value - k * self.stderr, self.value + k * self.stderr)

    def z(self, exact: float) -> float:
        """How many standard errors the estimate lies from ``exact``."""
        diff = self.value - float(exact)
        if self.stderr == 0:
            return 0.0 if diff == 0 else math.copysign(math.inf, diff)
        return diff / self.stderr

    def agrees_with(self, exact: float, k: float = 4.0) -> bool:
        """True when ``exact`` lies within ``k`` standard errors of the estimate."""
        return abs(self.z(exact)) <= k

    def __repr__(self) -> str:
        return f"{self.value:.4f} ± {self.stderr:.4f} (n={self.n:,})"

    __str__ = __repr__


def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a share of ``hits`` in ``n`` (95% for the default ``z``).

    Close to ``share ± z·SE`` away from 0 and 1, but not squeezed to nothing near them: 0 wins
    in 100 games still allows about 3.7%, and 299 in 300 allows 98.1% to 99.9%, where
    ``share ± SE`` would say 99.7% ± 0.3%."""
    if n < 1:
        raise ValueError("An interval needs at least one sample")
    if not 0 <= hits <= n:
        raise ValueError("hits must lie between 0 and n")
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def se_note() -> str:
    """The sentence a table of estimates ends with: what its ``±`` is, once."""
    return _("± is one standard error (SE) of the mean. Single samples spread far more: their standard deviation "
             "is SE × √n.")


def label_rows(rows: Sequence[tuple[str, Estimate]]) -> list[str]:
    """Indented ``label  estimate`` lines, the estimates lined up after the longest label."""
    width = max([24, *(len(label) for label, _est in rows)]) + 2
    return [f"  {label:<{width}}{est!r}" for label, est in rows]


def running_estimate(samples: Any, points: int = 200) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The estimate after the first n samples, for log-spaced n: arrays ``(n, mean, stderr)``."""
    x = np.asarray(samples, dtype=float).ravel()
    if x.size < 2:
        raise ValueError("A running estimate needs at least two samples")
    ns = np.unique(np.geomspace(2, x.size, num=points).astype(np.int64))
    s1, s2 = np.cumsum(x)[ns - 1], np.cumsum(x * x)[ns - 1]
    mean = s1 / ns
    var = np.maximum(s2 - ns * mean * mean, 0.0) / (ns - 1)
    return ns, mean, np.sqrt(var / ns)
