"""Figures for the simulation lesson; each imports matplotlib only when it is drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine.rules import Rules
from .challenge import ChallengeCheck, break_even, challenge_value
from .estimate import Estimate, running_estimate
from .games import GameStats


def _axes(ax: Any = None, figsize: tuple[float, float] = (7, 4)):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=figsize)
    return ax.figure, ax


def plot_convergence(samples: Any, exact: float, *, ax: Any = None, label: str = "estimate"):
    """The running estimate with its ±2 SE band and the exact value, and the error on log-log axes.

    The second panel (left out when ``ax`` is given) shows the error and 2 SE shrinking like 1/√n.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        fig, (ax, err_ax) = plt.subplots(1, 2, figsize=(11, 4))
    else:
        fig, err_ax = ax.figure, None
    ns, mean, se = running_estimate(samples)
    exact = float(exact)
    ax.fill_between(ns, mean - 2 * se, mean + 2 * se, alpha=0.3, label="± 2 standard errors")
    ax.plot(ns, mean, lw=1.5, label=label)
    ax.axhline(exact, color="black", ls="--", lw=1, label=f"exact {exact:.4f}")
    ax.set_xscale("log")
    late = ns >= 20
    ax.set_ylim(max(-0.02, float((mean - 2 * se)[late].min())), min(1.02, float((mean + 2 * se)[late].max())))
    ax.set_xlabel("sample size n (log scale)")
    ax.set_ylabel("estimate")
    ax.legend(loc="best")
    if err_ax is not None:
        keep = late & (se > 0)
        err_ax.loglog(ns[keep], np.abs(mean - exact)[keep], lw=1, label="|estimate − exact|")
        err_ax.loglog(ns[keep], 2 * se[keep], lw=1.5, label="2 standard errors")
        ref = 2 * se[keep][-1] * np.sqrt(ns[keep][-1] / ns[keep])
        err_ax.loglog(ns[keep], ref, color="black", ls=":", lw=1, label="slope 1/√n")
        err_ax.set_xlabel("sample size n")
        err_ax.set_ylabel("error")
        err_ax.legend(loc="lower left")
        fig.tight_layout()
    return fig


def plot_lengths(results: Mapping[str, Mapping[int, GameStats]]):
    """Mean game length ± 2 SE by player count for each rule set, and the spread at 4 players."""
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    for name, by_n in results.items():
        ns = sorted(by_n)
        est = [Estimate.of(by_n[n].moves) for n in ns]
        left.errorbar(ns, [e.value for e in est], yerr=[2 * e.stderr for e in est], marker="o",
                      capsize=3, label=name)
        if 4 in by_n:
            right.hist(by_n[4].moves, bins=30, alpha=0.5, label=f"{name}, 4 players")
    left.set_xlabel("players")
    left.set_ylabel("moves per game (mean ± 2 SE)")
    left.legend()
    right.set_xlabel("moves in one game")
    right.set_ylabel("games")
    right.legend()
    fig.tight_layout()
    return fig


def plot_win_shares(stats: Sequence[GameStats]):
    """Each seat's share of wins ± 2 SE, one panel per player count, with the fair share."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(stats), figsize=(5 * len(stats), 3.5), squeeze=False)
    for ax, s in zip(axes[0], stats):
        shares = s.win_shares()
        ax.bar(range(s.players), [e.value for e in shares], yerr=[2 * e.stderr for e in shares], capsize=3)
        ax.axhline(1 / s.players, color="black", ls="--", lw=1, label="fair share")
        ax.set_xticks(range(s.players))
        ax.set_xlabel("seat (0 deals, 1 moves first)")
        ax.set_ylabel("share of wins")
        ax.set_title(f"{s.players} players, {s.n} {s.rules} games")
        ax.legend()
    fig.tight_layout()
    return fig


def plot_first_mover(results: Mapping[str, Mapping[int, GameStats]]):
    """The first mover's share of wins divided by the fair share, ± 2 SE, by player count."""
    fig, ax = _axes()
    for k, (name, by_n) in enumerate(results.items()):
        ns = sorted(by_n)
        est = [by_n[n].first_mover_share() for n in ns]
        x = np.array(ns) + (k - (len(results) - 1) / 2) * 0.15
        ax.errorbar(x, [e.value * n for e, n in zip(est, ns)], yerr=[2 * e.stderr * n for e, n in zip(est, ns)],
                    fmt="o", capsize=3, label=name)
    ax.axhline(1, color="black", ls="--", lw=1, label="fair share")
    ax.set_xlabel("players")
    ax.set_ylabel("first mover's wins / fair share")
    ax.legend()
    return fig


def plot_challenge(check: ChallengeCheck | None = None, rules: Rules | None = None):
    """Expected swing of accepting and challenging against the bluff share, with simulated points."""
    rules = check.rules if check is not None else (rules or Rules.encanto())
    fig, ax = _axes()
    q = np.linspace(0, 1, 101)
    accept, challenge = challenge_value(q, rules)
    ax.plot(q, accept, label="accept (formula)")
    ax.plot(q, challenge, label="challenge (formula)")
    be = float(break_even(rules))
    ax.axvline(be, color="grey", ls=":", lw=1, label=f"break-even q = {be:.3f}")
    if check is not None:
        xs = [e.value for e in check.bluff_share]
        ax.errorbar(xs, [e.value for e in check.challenge], yerr=[2 * e.stderr for e in check.challenge],
                    fmt="o", color="C1", capsize=3, label="challenge (simulated ± 2 SE)")
        ax.errorbar(xs, [e.value for e in check.accept], yerr=[2 * e.stderr for e in check.accept],
                    fmt="s", color="C0", capsize=3, label="accept (simulated ± 2 SE)")
    ax.set_xlabel("share of Wild Draw Fours that are bluffs (q)")
    ax.set_ylabel("their cards gained − your cards drawn")
    ax.set_title(f"Answering a Wild Draw Four ({rules.name})")
    ax.legend(loc="best")
    return fig
