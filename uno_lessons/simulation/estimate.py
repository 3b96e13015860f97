"""A simulated value with its standard error, and how the estimate settles as samples grow."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


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

    def interval(self, k: float = 2.0) -> tuple[float, float]:
        """``value ± k·stderr``: about 95% of such intervals hold the true value for k = 2."""
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
