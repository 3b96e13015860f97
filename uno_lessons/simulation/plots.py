"""Figures for the simulation lesson; each imports matplotlib only when it is drawn.

Every figure comes back as a :class:`~uno_lessons.simulation.figure.DescribedFigure`: the
matplotlib figure with a text alternative that says, with the numbers drawn, what it shows
(the page shows the plot with that text as its ``alt``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine.rules import Rules, rule_set_name
from ..i18n import _, ngettext
from .challenge import ChallengeCheck, break_even, challenge_value
from .estimate import Estimate, running_estimate
from .figure import DescribedFigure
from .games import GameStats


def _join(parts: Sequence[str]) -> str:
    return "; ".join(parts)


def _axes(ax: Any = None, figsize: tuple[float, float] = (7, 4)):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=figsize)
    return ax.figure, ax


def plot_convergence(samples: Any, exact: float, *, ax: Any = None, label: str | None = None):
    """The running estimate with a band two standard errors either side and the exact value, and
    the error on log-log axes.

    The second panel (left out when ``ax`` is given) shows the error and 2 SE shrinking like 1/√n.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        fig, (ax, err_ax) = plt.subplots(1, 2, figsize=(11, 4))
    else:
        fig, err_ax = ax.figure, None
    label = _("estimate") if label is None else label
    ns, mean, se = running_estimate(samples)
    exact = float(exact)
    last, band = float(mean[-1]), float(2 * se[-1])
    inside = abs(last - exact) <= band
    text = _("The running estimate of {label} for sample sizes n from {first:,} to {n:,} (log scale), with a "
             "band reaching two standard errors either side and the exact value {exact:.4f} as a dashed line.",
             label=label, first=int(ns[0]), n=int(ns[-1]), exact=exact)
    # Two whole sentences, not a fragment glued in: a translator can say "holds" and "just
    # misses" each in their own word order.
    if inside:
        text += " " + _("At n = {n:,} the estimate is {value:.4f}, with a band from {low:.4f} to {high:.4f} that "
                        "holds the exact value.", n=int(ns[-1]), value=last, low=last - band, high=last + band)
    else:
        text += " " + _("At n = {n:,} the estimate is {value:.4f}, with a band from {low:.4f} to {high:.4f} that "
                        "just misses the exact value.", n=int(ns[-1]), value=last, low=last - band, high=last + band)
    ax.fill_between(ns, mean - 2 * se, mean + 2 * se, alpha=0.3, label=_("two standard errors either side"))
    ax.plot(ns, mean, lw=1.5, label=label)
    ax.axhline(exact, color="black", ls="--", lw=1, label=_("exact {value:.4f}", value=exact))
    ax.set_xscale("log")
    late = ns >= 20
    ax.set_ylim(max(-0.02, float((mean - 2 * se)[late].min())), min(1.02, float((mean + 2 * se)[late].max())))
    ax.set_xlabel(_("sample size n (log scale)"))
    ax.set_ylabel(_("estimate"))
    ax.legend(loc="best")
    if err_ax is not None:
        keep = late & (se > 0)
        err_ax.loglog(ns[keep], np.abs(mean - exact)[keep], lw=1, label=_("|estimate − exact|"))
        err_ax.loglog(ns[keep], 2 * se[keep], lw=1.5, label=_("2 standard errors"))
        ref = 2 * se[keep][-1] * np.sqrt(ns[keep][-1] / ns[keep])
        err_ax.loglog(ns[keep], ref, color="black", ls=":", lw=1, label=_("slope 1/√n"))
        err_ax.set_xlabel(_("sample size n"))
        err_ax.set_ylabel(_("error"))
        err_ax.legend(loc="lower left")
        fig.tight_layout()
        text += " " + _("Right: on log-log axes, the error |estimate − exact| and 2 standard errors both "
                        "fall like the dotted 1/√n line.")
    return DescribedFigure(fig, text)


def plot_lengths(results: Mapping[str, Mapping[int, GameStats]]):
    """Mean game length (bars two SE either side) by player count for each rule set, and the spread
    of single games at 4 players."""
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    means, spreads = [], []
    for name, by_n in results.items():
        ns = sorted(by_n)
        est = [Estimate.of(by_n[n].moves) for n in ns]
        means.append(_("{rules}: {low:.1f} moves at {n0} players to {high:.1f} at {n1}", rules=rule_set_name(name),
                       low=est[0].value, n0=ns[0], high=est[-1].value, n1=ns[-1]))
        if 4 in by_n:
            moves = np.asarray(by_n[4].moves)
            spreads.append(_("{rules}: median {median:.0f} moves, longest {longest}", rules=rule_set_name(name),
                             median=float(np.median(moves)), longest=int(moves.max())))
        left.errorbar(ns, [e.value for e in est], yerr=[2 * e.stderr for e in est], marker="o",
                      capsize=3, label=name)
        if 4 in by_n:
            right.hist(by_n[4].moves, bins=30, alpha=0.5, label=_("{rules}, 4 players", rules=rule_set_name(name)))
    left.set_xlabel(_("players"))
    left.set_ylabel(_("moves per game (mean, bars 2 SE either side)"))
    left.legend()
    right.set_xlabel(_("moves in one game"))
    right.set_ylabel(_("games"))
    right.legend()
    fig.tight_layout()
    text = _("Left: mean moves per game (bars reach two standard errors either side) by number of players: "
             "{means}.",
             means=_join(means))
    if spreads:
        text += " " + _("Right: how many games took how many moves at 4 players; {spreads}.",
                        spreads=_join(spreads))
    return DescribedFigure(fig, text)


def plot_win_shares(stats: Sequence[GameStats]):
    """Each seat's share of wins (bars two SE either side), one panel per player count, with the fair share."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(stats), figsize=(5 * len(stats), 3.5), squeeze=False)
    panels = []
    for ax, s in zip(axes[0], stats):
        shares = s.win_shares()
        seats = ", ".join(_("seat {seat} {share:.3f}", seat=i, share=e.value) for i, e in enumerate(shares))
        panels.append(_("{players} players ({n} {rules} games), fair share {fair:.3f}: {seats}",
                        players=s.players, n=s.n, rules=rule_set_name(s.rules), fair=1 / s.players, seats=seats))
        ax.bar(range(s.players), [e.value for e in shares], yerr=[2 * e.stderr for e in shares], capsize=3)
        ax.axhline(1 / s.players, color="black", ls="--", lw=1, label=_("fair share"))
        ax.set_xticks(range(s.players))
        ax.set_xlabel(_("seat (0 deals, 1 moves first)"))
        ax.set_ylabel(_("share of wins"))
        ax.set_title(ngettext("{players} players, {n} {rules} game", "{players} players, {n} {rules} games", s.n,
                              players=s.players, rules=rule_set_name(s.rules)))
        ax.legend()
    fig.tight_layout()
    text = _("Bars: each seat's share of wins (error bars reach two standard errors either side) against the fair "
             "share. {panels}.",
             panels=_join(panels))
    return DescribedFigure(fig, text)


def plot_first_mover(results: Mapping[str, Mapping[int, GameStats]]):
    """The first mover's share of wins divided by the fair share (bars two SE either side), by player count."""
    fig, ax = _axes()
    lines = []
    for k, (name, by_n) in enumerate(results.items()):
        ns = sorted(by_n)
        est = [by_n[n].first_mover_share() for n in ns]
        ratios = [e.value * n for e, n in zip(est, ns)]
        above = sum(r > 1 for r in ratios)
        lines.append(_("{rules}: from {low:.2f} to {high:.2f}, above 1 at {above} of {count} player counts",
                       rules=rule_set_name(name), low=min(ratios), high=max(ratios), above=above, count=len(ns)))
        x = np.array(ns) + (k - (len(results) - 1) / 2) * 0.15
        ax.errorbar(x, [e.value * n for e, n in zip(est, ns)], yerr=[2 * e.stderr * n for e, n in zip(est, ns)],
                    fmt="o", capsize=3, label=name)
    ax.axhline(1, color="black", ls="--", lw=1, label=_("fair share"))
    ax.set_xlabel(_("players"))
    ax.set_ylabel(_("first mover's wins / fair share"))
    ax.legend()
    text = _("Points (bars reach two standard errors either side): the first mover's share of wins divided by the "
             "fair share, by "
             "number of players; the dashed line at 1 is a fair game. {lines}.", lines=_join(lines))
    return DescribedFigure(fig, text)


def plot_challenge(check: ChallengeCheck | None = None, rules: Rules | None = None):
    """Expected swing of accepting and challenging against the bluff share, with simulated points."""
    rules = check.rules if check is not None else (rules or Rules.encanto())
    fig, ax = _axes()
    q = np.linspace(0, 1, 101)
    accept, challenge = challenge_value(q, rules)
    ax.plot(q, accept, label=_("accept (formula)"))
    ax.plot(q, challenge, label=_("challenge (formula)"))
    be = float(break_even(rules))
    ax.axvline(be, color="grey", ls=":", lw=1, label=_("break-even q = {be:.3f}", be=be))
    text = _("Lines: the expected swing (their cards gained minus your cards drawn) against the share q of "
             "Wild Draw Fours that are bluffs ({rules} rules). Accepting stays at {accept:.0f}; challenging "
             "rises from {low:.0f} at q = 0 to {high:.0f} at q = 1 and passes accepting at the break-even "
             "q = {be:.3f}, marked by a dotted line: above it, challenge.", rules=rules.display_name,
             accept=float(accept[0]), low=float(challenge[0]), high=float(challenge[-1]), be=be)
    if check is not None:
        xs = [e.value for e in check.bluff_share]
        ax.errorbar(xs, [e.value for e in check.challenge], yerr=[2 * e.stderr for e in check.challenge],
                    fmt="o", color="C1", capsize=3, label=_("challenge (simulated, 2 SE either side)"))
        ax.errorbar(xs, [e.value for e in check.accept], yerr=[2 * e.stderr for e in check.accept],
                    fmt="s", color="C0", capsize=3, label=_("accept (simulated, 2 SE either side)"))
    ax.set_xlabel(_("share of Wild Draw Fours that are bluffs (q)"))
    ax.set_ylabel(_("their cards gained − your cards drawn"))
    ax.set_title(_("Answering a Wild Draw Four ({rules})", rules=rules.display_name))
    ax.legend(loc="best")
    if check is not None:
        points = _join([_("at q = {q:.3f} challenge {c:.2f}, accept {a:.2f}", q=q.value, c=c.value, a=a.value)
                        for q, c, a in zip(check.bluff_share, check.challenge, check.accept)])
        text += " " + _("Simulated points (bars reach two standard errors either side): {points}.", points=points)
    return DescribedFigure(fig, text)
