"""How good is a policy? Win rates over seeded games with 95% intervals, and two described plots.

Every contestant plays the *same* seeded deals against the same opponents, its seat moving
one place every game, so differences come from the play and not from luckier cards. Two
contestants are compared deal by deal (:meth:`Evaluation.compare`): the deals only one of them
won, and the sign test on that split, never by whether two intervals overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.bots import Bot, make_bots, run_hand
from ..engine.game import Game
from ..engine.rules import Rules
from ..i18n import _
from ..simulation.estimate import Z95, Estimate, wilson
from ..simulation.figure import DescribedFigure
from ..simulation.paired import Paired, compare_paired
from .features import feature_matrix
from .policy import Policy, PolicyBot, move_probabilities

__all__ = ["Z95", "Evaluation", "evaluate", "explain", "plot_evaluation", "plot_training"]


@dataclass(frozen=True, repr=False)
class Evaluation:
    """Each contestant's win rate (an Estimate) against ``opponents`` over the same games."""

    opponents: tuple[str, ...]
    games: int
    win_rates: dict[str, Estimate]
    wins: dict[str, np.ndarray]  # per contestant, whether it won each game (the same deals for all)

    @property
    def players(self) -> int:
        """Players at the table (the contestant and its opponents)."""
        return len(self.opponents) + 1

    @property
    def fair_share(self) -> float:
        """The win rate of a player no better or worse than the others: 1 / players."""
        return 1 / self.players

    def interval(self, name: str) -> tuple[float, float]:
        """The 95% interval of ``name``'s win rate: Wilson's score interval, which is about
        value ± 1.96 standard errors but, unlike that, is not squeezed to nothing when a
        contestant won no game or every game (0 wins in 100 games still allows about 4%)."""
        won = self.wins[name]
        return wilson(int(won.sum()), int(won.size), Z95)

    def compare(self, a: str, b: str) -> Paired:
        """``a`` against ``b`` on the same deals: the difference of their win rates deal by deal
        with its standard error, the deals only one of them won, and the sign test's p."""
        return compare_paired(self.wins[a], self.wins[b], labels=(a, b), figure=_("win rate"))

    def beats(self, better: str, worse: str, level: float = 0.05) -> bool:
        """True when ``better`` won more of the deals only one of the two won, and the sign test
        says a split that uneven would come less often than ``level`` if they were equally good."""
        c = self.compare(better, worse)
        return c.higher > c.lower and c.p < level

    def both(self, a: str, b: str) -> dict[str, int]:
        """On the same deals: games both won, only ``a`` won, only ``b`` won, neither won."""
        x, y = self.wins[a], self.wins[b]
        return {"both": int((x & y).sum()), "only " + a: int((x & ~y).sum()), "only " + b: int((~x & y).sum()),
                "neither": int((~x & ~y).sum())}

    def __repr__(self) -> str:
        fair = percent(self.fair_share, 0)
        lines = [_("{games} games each against {opponents} (a fair share is {fair}); {level} intervals:",
                   level="95%", games=self.games, opponents=", ".join(self.opponents), fair=fair)]
        width = max(len(n) for n in self.win_rates) + 2
        for name, est in self.win_rates.items():
            low, high = self.interval(name)
            lines.append(f"  {name:<{width}}{est.value:6.1%}  [{low:.1%}, {high:.1%}]")
        lines.append(_("The intervals are Wilson's: made this way, about 19 intervals in 20 hold the true win rate. "
                       "Every contestant played the same deals: compare two deal by deal with compare(a, b)."))
        return "\n".join(lines)


def percent(x: float, digits: int = 1) -> str:
    """``x`` as a percentage with ``digits`` decimals: ``percent(0.2625) == "26.2%"``."""
    return format(float(x), f".{digits}%")


def _bot_spec(contestant: Any) -> str | Callable[[np.random.SeedSequence], Bot]:
    if isinstance(contestant, Policy):
        return lambda seed: PolicyBot(contestant, seed)
    return contestant


def evaluate(contestants: Policy | Mapping[str, Any], opponents: Sequence[str] = ("sensible",) * 3,
             games: int = 400, seed: int = 0, rules: Rules | None = None) -> Evaluation:
    """Win rates with 95% intervals: each contestant (a Policy, a bot name such as "random",
    or a function ``seed -> Bot``) plays ``games`` seeded games against ``opponents``.

    One Policy alone is named by its own name."""
    if isinstance(contestants, Policy):
        contestants = {contestants.name: contestants}
    if games < 2:
        raise ValueError(_("An evaluation needs at least two games."))
    rules = rules or Rules.encanto()
    players = len(opponents) + 1
    seeds = np.random.SeedSequence(seed).spawn(games)
    rates, won = {}, {}
    for name, contestant in contestants.items():
        spec = _bot_spec(contestant)
        wins = np.zeros(games, dtype=bool)
        for i, game_seed in enumerate(seeds):
            seat = i % players
            seating: list[Any] = list(opponents)
            seating.insert(seat, spec)
            deal, bots = game_seed.spawn(2)
            game = run_hand(Game.new(players, rules=rules, seed=deal), make_bots(seating, bots))
            wins[i] = game.winner == seat
        rates[name] = Estimate.of_proportion(int(wins.sum()), games)
        won[name] = wins
    return Evaluation(tuple(str(o) for o in opponents), games, rates, won)


def explain(policy: Policy, game: Game) -> str:
    """The legal moves of the player to move as ``policy`` sees them: each move's score, its
    chance under the softmax, and its features that are not 0, best move first."""
    moves = game.legal_moves()
    matrix = feature_matrix(game, game.current_player, moves, policy.features)
    scores = policy.scores(matrix)
    chances = move_probabilities(scores)
    lines = [_("{n} legal moves for {name}, best first (score, chance, features that are not 0):",
               n=len(moves), name=game.names[game.current_player])]
    for i in np.argsort(-scores, kind="stable"):
        shown = ", ".join(f"{f}={v:.2f}" for f, v in zip(policy.features, matrix[i]) if v)
        lines.append(f"  {moves[i].describe():<34} {scores[i]:+6.2f} {chances[i]:6.1%}  {shown or '-'}")
    return "\n".join(lines)


def plot_evaluation(evaluation: Evaluation, ax: Any = None) -> DescribedFigure:
    """Each contestant's win rate as a dot with its 95% interval, and the fair share as a line."""
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 3.5))
    else:
        fig = ax.figure
    names = list(evaluation.win_rates)
    values = np.array([evaluation.win_rates[n].value for n in names])
    bounds = np.array([evaluation.interval(n) for n in names])
    errors = np.abs(bounds.T - values)
    ax.errorbar(values, np.arange(len(names)), xerr=errors, fmt="o", capsize=4)
    ax.axvline(evaluation.fair_share, color="black", ls="--", lw=1, label=_("fair share"))
    ax.set_yticks(np.arange(len(names)), names)
    ax.set_xlabel(_("win rate ({level} interval)", level="95%"))
    ax.set_xlim(0, max(0.6, float(bounds.max()) + 0.05))
    ax.legend(loc="lower right")
    parts = []
    for n, value, (low, high) in zip(names, values, bounds):
        parts.append(_("{name} {value} ({level} interval {low} to {high})", level="95%", name=n,
                       value=percent(value), low=percent(low), high=percent(high)))
    fair = percent(evaluation.fair_share, 0)
    text = _("Win rates over {games} seeded games against {opponents}, each with its {level} interval, and the "
             "fair share {fair} as a dashed line: {rates}.", level="95%", games=evaluation.games,
             opponents=", ".join(evaluation.opponents), fair=fair, rates="; ".join(parts))
    return DescribedFigure(fig, text)


def plot_training(run: Any, blocks: int = 10, fair: float | None = None, ax: Any = None) -> DescribedFigure:
    """A training run's win rate in ``blocks`` equal runs of games, first to last."""
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 3.5))
    else:
        fig = ax.figure
    rates = run.win_rate_by_block(blocks)
    per = run.wins.size / blocks
    x = (np.arange(blocks) + 0.5) * per
    ax.plot(x, rates, marker="o", label=_("win rate while learning"))
    if fair is not None:
        ax.axhline(fair, color="black", ls="--", lw=1, label=_("fair share"))
    ax.set_xlabel(_("games played"))
    ax.set_ylabel(_("win rate"))
    ax.set_ylim(0, max(0.6, float(rates.max()) + 0.05))
    ax.legend(loc="lower right")
    shown = [percent(r, 0) for r in rates]
    text = _("The learner's win rate in each of {blocks} runs of {per} training games: {first} in the first run, "
             "{last} in the last ({rates}).", blocks=blocks, per=round(per), first=shown[0], last=shown[-1],
             rates=", ".join(shown))
    return DescribedFigure(fig, text)
