"""Change a rule, measure the game: seeded games under house rules (docs/rules.md, "House
rules"), each figure an :class:`~uno_lessons.simulation.estimate.Estimate` with its standard error.

One variant is a set of house-rule switch names (``HOUSE_SWITCHES``) turned on over a rule
set. :func:`measure_house` plays two tables of seeded games under it:

- four ``SensibleBot``s: how many **moves** a hand lasts (a move is one play, draw, keep,
  accept, challenge or pass; under H-DRAW-UNTIL one draw move may draw many cards, each its
  own event, and is still one move), the cards drawn, the biggest hand seen, and the first
  mover's edge (their share of wins minus the fair share 1 / players);
- one ``SensibleBot`` against ``RandomBot``s, its seat moving one place every game: its share
  of wins minus the fair share, how much skill the rule leaves.

:func:`compare_house` measures several variants with the same seed, so each variant plays the
same deals, and returns a :class:`HouseComparison`: a table, and ``plot()`` with a text
alternative.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..engine.rules import HOUSE_SWITCHES, Rules
from ..i18n import _
from .estimate import Estimate
from .figure import DescribedFigure
from .games import GameStats, _simulate, house_rules

__all__ = ["HouseComparison", "HouseMeasurement", "HOUSE_VARIANTS", "compare_house", "measure_house", "plot_house"]

#: The variants lesson 11 compares: no house rule, each house rule alone, and a party of three.
HOUSE_VARIANTS: tuple[tuple[str, ...], ...] = ((), *((name,) for name in HOUSE_SWITCHES),
                                                ("stacking", "jump_in", "seven_zero"))


@dataclass(frozen=True, repr=False)
class HouseMeasurement:
    """The figures of one variant, each an Estimate; ``sensible`` and ``mixed`` are the games."""

    label: str
    house: tuple[str, ...]
    players: int
    moves: Estimate  # moves per hand
    drawn: Estimate  # cards drawn per hand
    biggest_hand: Estimate  # the biggest hand of each game, averaged
    largest: int  # the biggest hand of all the games
    first_mover_edge: Estimate  # first mover's share of wins minus 1 / players
    skill: Estimate  # the sensible bot's share of wins against random bots, minus 1 / players
    sensible: GameStats
    mixed: GameStats

    def rows(self) -> list[tuple[str, Estimate]]:
        """The figures with their names, in the order the table shows them."""
        return [(_("moves per hand"), self.moves), (_("cards drawn per hand"), self.drawn),
                (_("biggest hand per game"), self.biggest_hand),
                (_("first mover's edge"), self.first_mover_edge),
                (_("skill left (sensible vs random)"), self.skill)]

    def __repr__(self) -> str:
        lines = [_("{label}: {games} games of sensible bots, {mixed} of one sensible bot against random ones, "
                   "{players} players", label=self.label, games=self.sensible.n, mixed=self.mixed.n,
                   players=self.players)]
        lines += [f"  {name:<34}{est!r}" for name, est in self.rows()]
        return "\n".join(lines)


def _skill_seating(players: int):
    """Game ``i`` seats the sensible bot at seat ``i % players`` and random bots elsewhere."""
    def seating(i: int) -> list[str]:
        return ["sensible" if s == i % players else "random" for s in range(players)]
    return seating


def measure_house(house: Iterable[str] = (), *, games: int = 300, players: int = 4, rules: Rules | None = None,
                  seed: int | None = 0, label: str | None = None) -> HouseMeasurement:
    """Measure one variant: ``games`` seeded games of sensible bots, and ``games`` of one
    sensible bot against random bots (its seat moving every game), under ``rules`` (Encanto
    by default) with the house rules ``house`` switched on."""
    house = (house,) if isinstance(house, str) else tuple(house)
    varied = house_rules(rules or Rules.encanto(), house)
    fair = 1 / players
    sensible = _simulate(games, lambda i: players, varied, seed, None)
    mixed = _simulate(games, _skill_seating(players), varied, seed, None)
    won = mixed.winner == np.arange(mixed.n) % players
    return HouseMeasurement(
        label=label if label is not None else (" + ".join(house) or _("no house rule")),
        house=house, players=players,
        moves=Estimate.of(sensible.moves), drawn=Estimate.of(sensible.drawn),
        biggest_hand=Estimate.of(sensible.max_hand), largest=int(sensible.max_hand.max()),
        first_mover_edge=Estimate.of((sensible.winner == sensible.first_player) - fair),
        skill=Estimate.of(won - fair), sensible=sensible, mixed=mixed)


@dataclass(frozen=True, repr=False)
class HouseComparison:
    """Several variants measured on the same seeded deals: ``table()``, ``plot()``, and
    ``[label]`` for one :class:`HouseMeasurement`."""

    measurements: tuple[HouseMeasurement, ...]

    def __getitem__(self, label: str) -> HouseMeasurement:
        # A label is in the page's language ("geen huisregel"); the code of a lesson cell is the
        # same in every language, so the English label and the switches' names ("stacking +
        # jump_in") find a variant too.
        for m in self.measurements:
            if label in (m.label, " + ".join(m.house) or "no house rule"):
                return m
        raise KeyError(label)

    def table(self) -> str:
        """One row per variant, one column per figure, each ``value ± SE``."""
        first = self.measurements[0]
        names = [name for name, _est in first.rows()]
        width = max(len(m.label) for m in self.measurements) + 2
        cols = [max(len(name), 15) + 2 for name in names]  # "102.04 ± 5.96" fits in 15
        lines = [f"{_('variant'):<{width}}" + "".join(f"{name:>{w}}" for name, w in zip(names, cols))]
        for m in self.measurements:
            cells = "".join(f"{f'{est.value:.2f} ± {est.stderr:.2f}':>{w}}" for (_name, est), w in zip(m.rows(), cols))
            lines.append(f"{m.label:<{width}}{cells}")
        lines.append(_("{games} games per variant and table, {players} players; ± is one standard error, "
                       "about 19 times in 20 the true value lies within two.", games=first.sensible.n,
                       players=first.players))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()

    def verdict(self, label: str, figure: str = "moves") -> str:
        """``"+"``, ``"-"`` or ``"="``: does ``figure`` of variant ``label`` lie more than two
        standard errors above or below the first variant's (the same deals), or neither?"""
        a, b = getattr(self[label], figure), getattr(self.measurements[0], figure)
        effect, error = a.value - b.value, float(np.hypot(a.stderr, b.stderr))
        return "+" if effect > 2 * error else "-" if effect < -2 * error else "="

    def against_guesses(self, guesses: Mapping[str, str], figure: str = "moves") -> str:
        """Each guess (``"+"`` more, ``"-"`` less, ``"="`` no clear change, against the first
        variant) beside the measured effect ± SE and its verdict, as :meth:`verdict` gives it."""
        base = getattr(self.measurements[0], figure)
        lines = [_("{figure}, against {base}: guess, measured effect ± standard error, verdict",
                   figure=_figure_name(figure), base=self.measurements[0].label)]
        width = max(len(label) for label in guesses) + 2
        right = 0
        for label, guess in guesses.items():
            est = getattr(self[label], figure)
            verdict = self.verdict(label, figure)
            right += guess.strip() == verdict
            lines.append(f"  {label:<{width}}{guess:^7}{est.value - base.value:>+10.2f} ± "
                         f"{float(np.hypot(est.stderr, base.stderr)):<7.2f}{verdict:^7}")
        lines.append(_("{right} of {count} guesses match the verdict (+ more, - less, = no clear change: within "
                       "two standard errors).", right=right, count=len(guesses)))
        return "\n".join(lines)

    def plot(self, figures: Sequence[str] = ("moves", "skill", "first_mover_edge", "biggest_hand")):
        """One panel per figure: each variant's value ± 2 standard errors, with a text alternative."""
        return plot_house(self, figures)


def compare_house(variants: Iterable[Iterable[str]] | Mapping[str, Iterable[str]] = HOUSE_VARIANTS, *,
                  games: int = 300, players: int = 4, rules: Rules | None = None,
                  seed: int | None = 0) -> HouseComparison:
    """Measure each variant (lists of switch names, or ``{label: switch names}``; by default
    :data:`HOUSE_VARIANTS`) on the same seeded deals: a difference between two rows is the
    rule's, not the deal's. Put the variant to compare against first (the plot marks it)."""
    pairs = (list(variants.items()) if isinstance(variants, Mapping)
             else [(None, (v,) if isinstance(v, str) else tuple(v)) for v in variants])
    return HouseComparison(tuple(measure_house(house, games=games, players=players, rules=rules, seed=seed,
                                               label=label) for label, house in pairs))


def _figure_name(figure: str) -> str:
    return {"moves": _("moves per hand"), "drawn": _("cards drawn per hand"),
            "biggest_hand": _("biggest hand per game"), "first_mover_edge": _("first mover's edge"),
            "skill": _("skill left (sensible vs random)")}[figure]


def plot_house(comparison: HouseComparison, figures: Sequence[str]):
    """Horizontal error bars (± 2 SE), one panel per figure, the variants down the side; the
    dashed line is the first variant's value (zero for the two edges)."""
    import matplotlib.pyplot as plt

    ms = comparison.measurements
    fig, axes = plt.subplots(1, len(figures), figsize=(3.4 * len(figures), 0.45 * len(ms) + 1.6),
                             sharey=True, squeeze=False)
    labels = [m.label for m in ms]
    parts = []
    for ax, figure in zip(axes[0], figures):
        est = [getattr(m, figure) for m in ms]
        y = np.arange(len(ms))
        ax.errorbar([e.value for e in est], y, xerr=[2 * e.stderr for e in est], fmt="o", capsize=3)
        ref = 0.0 if figure in ("skill", "first_mover_edge") else est[0].value
        ax.axvline(ref, color="black", ls="--", lw=1)
        ax.set_yticks(y, labels)
        ax.set_xlabel(_figure_name(figure))
        values = ", ".join(_("{variant} {value:.2f} ± {band:.2f}", variant=m.label, value=e.value,
                             band=2 * e.stderr) for m, e in zip(ms, est))
        parts.append(_("{figure}: {values}", figure=_figure_name(figure), values=values))
    axes[0][0].invert_yaxis()  # the first variant on top (the axes share y: once is enough)
    fig.tight_layout()
    text = _("Dots with bars of ± 2 standard errors, one panel per figure, one row per variant; the dashed "
             "line is zero for the two edges and the first variant's value for the others. {panels}.",
             panels="; ".join(parts))
    return DescribedFigure(fig, text)
