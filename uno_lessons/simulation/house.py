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
same deals, and returns a :class:`HouseComparison`: a table, ``plot()`` with a text
alternative, and ``effect()``/``against_guesses()``, which compare a variant with the first
deal by deal (:mod:`.paired`): on the same deals the error of a difference is the spread of
the per-deal differences, not the two rows' errors added as squares.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..engine.rules import HOUSE_SWITCHES, Rules
from ..i18n import _
from .estimate import Z95, Estimate, wilson
from .figure import DescribedFigure
from .games import GameStats, _simulate, house_rules
from .paired import Paired, compare_paired

__all__ = ["FIGURES", "HouseComparison", "HouseMeasurement", "HOUSE_VARIANTS", "PAIRED_FIGURES", "compare_house",
           "measure_house", "plot_house"]

#: The variants lesson 11 compares: no house rule, each house rule alone, and a party of three.
HOUSE_VARIANTS: tuple[tuple[str, ...], ...] = ((), *((name,) for name in HOUSE_SWITCHES),
                                                ("stacking", "jump_in", "seven_zero"))


#: The figures of a variant, by attribute name, in the order the table shows them.
FIGURES = ("moves", "drawn", "biggest_hand", "first_mover_edge", "skill")
#: Figures compared only deal by deal (``effect``, ``against_guesses``), not in the table:
#: ``"moves_without_accepts"`` is moves per hand less the accept moves. Under H-STACK a player who
#: takes the penalty makes an ``accept`` move the rules without it have no such move for, so
#: "moves" alone counts that rule's new move as a longer hand.
PAIRED_FIGURES = ("moves_without_accepts",)
#: The figures that are a share of games won minus the fair share: shown with Wilson's interval.
SHARES = ("first_mover_edge", "skill")


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

    def per_game(self, figure: str) -> np.ndarray:
        """The figure ``figure`` (a name in :data:`FIGURES` or :data:`PAIRED_FIGURES`) of every game, in deal order: what
        a paired comparison subtracts deal by deal."""
        fair = 1 / self.players
        games = {"moves": lambda: self.sensible.moves, "drawn": lambda: self.sensible.drawn,
                 "moves_without_accepts": lambda: self.sensible.moves - self.sensible.accepts,
                 "biggest_hand": lambda: self.sensible.max_hand,
                 "first_mover_edge": lambda: (self.sensible.winner == self.sensible.first_player) - fair,
                 "skill": lambda: (self.mixed.winner == np.arange(self.mixed.n) % self.players) - fair}
        return np.asarray(games[figure](), dtype=float)

    def interval(self, figure: str) -> tuple[float, float]:
        """A 95% interval for ``figure``: Wilson's for the two shares (minus the fair share), which
        is not squeezed to nothing near 0% or 100% of the games won; ``value ± 1.96 SE`` for the others."""
        est = getattr(self, figure)
        if figure not in SHARES:
            return (est.value - Z95 * est.stderr, est.value + Z95 * est.stderr)
        fair = 1 / self.players
        hits = int(round((est.value + fair) * est.n))
        low, high = wilson(hits, est.n)
        return (low - fair, high - fair)

    def cell(self, figure: str) -> str:
        """The figure as the table shows it: ``47.56 ± 1.25``, or a share's ``0.75 [0.73, 0.75]``."""
        est = getattr(self, figure)
        if figure in SHARES:
            low, high = self.interval(figure)
            return f"{est.value:.2f} [{low:.2f}, {high:.2f}]"
        return f"{est.value:.2f} ± {est.stderr:.2f}"

    def rows(self) -> list[tuple[str, Estimate]]:
        """The figures with their names, in the order the table shows them."""
        return [(_figure_name(figure), getattr(self, figure)) for figure in FIGURES]

    def __repr__(self) -> str:
        lines = [_("{label}: {games} games of sensible bots, {mixed} of one sensible bot against random ones, "
                   "{players} players", label=self.label, games=self.sensible.n, mixed=self.mixed.n,
                   players=self.players)]
        lines += [f"  {_figure_name(figure):<34}{self.cell(figure)}" for figure in FIGURES]
        lines.append(_caption(self.sensible.n, self.players))
        return "\n".join(lines)


def _caption(games: int, players: int) -> str:
    """What the numbers of a house table are, said once under it."""
    return _("{games} games per variant and table, {players} players. ± is one standard error (SE); the two edges "
             "show a {level} interval in brackets (Wilson's). Made this way, about 19 intervals in 20 hold the true "
             "value.", games=games, players=players, level="95%")


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
        """One row per variant, one column per figure (``value ± SE``, or a share's 95% interval),
        and one line under it that says what ``±`` and the brackets are."""
        first = self.measurements[0]
        names = [_figure_name(figure) for figure in FIGURES]
        width = max(len(m.label) for m in self.measurements) + 2
        cols = [max(len(name), 17) + 2 for name in names]  # "102.04 ± 5.96" and "0.75 [0.73, 0.75]" fit in 17
        lines = [f"{_('variant'):<{width}}" + "".join(f"{name:>{w}}" for name, w in zip(names, cols))]
        for m in self.measurements:
            cells = "".join(f"{m.cell(figure):>{w}}" for figure, w in zip(FIGURES, cols))
            lines.append(f"{m.label:<{width}}{cells}")
        lines.append(_caption(first.sensible.n, first.players))
        lines.append(_("Every variant played the same deals: compare two rows deal by deal (effect, "
                       "against_guesses), not by these errors."))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()

    def effect(self, label: str, figure: str = "moves") -> Paired:
        """Variant ``label`` against the first variant on the same deals: ``figure`` compared
        deal by deal, with the paired standard error and the deals that came out differently."""
        a, b = self[label], self.measurements[0]
        return compare_paired(a.per_game(figure), b.per_game(figure), labels=(a.label, b.label),
                              figure=_figure_name(figure))

    def verdict(self, label: str, figure: str = "moves") -> str:
        """``"+"``, ``"-"`` or ``"="``: does ``figure`` of variant ``label`` lie more than two
        paired standard errors above or below the first variant's (the same deals), or neither?"""
        paired = self.effect(label, figure)
        if not paired.clear():
            return "="
        return "+" if paired.effect.value > 0 else "-"

    def against_guesses(self, guesses: Mapping[str, str], figure: str = "moves") -> str:
        """Each guess (``"+"`` more, ``"-"`` less, ``"="`` no clear change, against the first
        variant) beside the effect measured deal by deal ± its paired standard error, how many
        deals came out higher and lower, and the verdict as :meth:`verdict` gives it."""
        base = self.measurements[0]
        lines = [_("{figure}, against {base} on the same {n} deals: guess, effect ± standard error (deal by deal), "
                   "deals where it came out higher / lower, verdict", figure=_figure_name(figure), base=base.label,
                   n=base.sensible.n)]
        width = max(len(label) for label in guesses) + 2
        right = 0
        for label, guess in guesses.items():
            paired = self.effect(label, figure)
            verdict = self.verdict(label, figure)
            right += guess.strip() == verdict
            counts = f"{paired.higher} / {paired.lower}"
            lines.append(f"  {label:<{width}}{guess:^7}{paired.effect.value:>+10.2f} ± {paired.effect.stderr:<7.2f}"
                         f"{counts:>11}{verdict:^9}")
        lines.append(_("{right} of {count} guesses match the verdict (+ more, - less, = no clear change in the mean: "
                       "within two standard errors).", right=right, count=len(guesses)))
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
    return {"moves": _("moves per hand"), "moves_without_accepts": _("moves per hand, accept moves not counted"),
            "drawn": _("cards drawn per hand"),
            "biggest_hand": _("biggest hand per game"), "first_mover_edge": _("first mover's edge"),
            "skill": _("skill left (sensible vs random)")}[figure]


def plot_house(comparison: HouseComparison, figures: Sequence[str]):
    """Horizontal bars of 95% intervals (:meth:`HouseMeasurement.interval`), one panel per
    figure, the variants down the side; the dashed line is the first variant's value (zero for
    the two edges)."""
    import matplotlib.pyplot as plt

    ms = comparison.measurements
    fig, axes = plt.subplots(1, len(figures), figsize=(3.4 * len(figures), 0.45 * len(ms) + 1.6),
                             sharey=True, squeeze=False)
    labels = [m.label for m in ms]
    parts = []
    for ax, figure in zip(axes[0], figures):
        est = [getattr(m, figure) for m in ms]
        bounds = np.array([m.interval(figure) for m in ms])
        values = np.array([e.value for e in est])
        y = np.arange(len(ms))
        ax.errorbar(values, y, xerr=np.abs(bounds.T - values), fmt="o", capsize=3)
        ref = 0.0 if figure in SHARES else est[0].value
        ax.axvline(ref, color="black", ls="--", lw=1)
        ax.set_yticks(y, labels)
        ax.set_xlabel(_figure_name(figure))
        said = ", ".join(_("{variant} {value:.2f} ({low:.2f} to {high:.2f})", variant=m.label, value=e.value,
                           low=low, high=high) for m, e, (low, high) in zip(ms, est, bounds))
        parts.append(_("{figure}: {values}", figure=_figure_name(figure), values=said))
    axes[0][0].invert_yaxis()  # the first variant on top (the axes share y: once is enough)
    fig.tight_layout()
    text = _("Dots with bars of {level} intervals (Wilson's for the two edges), one panel per figure, one row per "
             "variant; the dashed line is zero for the two edges and the first variant's value for the others. "
             "{panels}.", panels="; ".join(parts), level="95%")
    return DescribedFigure(fig, text)
