"""Is one way of training better than another? Several trainings per variant, one change at a time.

A training run is itself random: its seed decides the games it learns from and the moves it
tries, and two seeds can end far apart (one may even get stuck drawing). So one training per
variant cannot tell two variants apart, however many games the evaluation plays: the
evaluation's interval covers the luck of the evaluation's deals, not the luck of the training.

:func:`compare_training` trains every variant with the same few seeds and evaluates every
trained policy on the same deals (:func:`~uno_lessons.learn.evaluate.evaluate`). Its table
puts the **spread between trainings** (the standard deviation of their win rates) beside
**one evaluation's error** (the standard error of a win rate like the variant's over those deals), and
:meth:`TrainingComparison.compare` compares two variants seed by seed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..i18n import _
from ..simulation.estimate import Estimate
from ..simulation.paired import Paired, compare_paired
from .evaluate import Evaluation, evaluate
from .features import FEATURES
from .train import TrainingRun, train

__all__ = ["TrainingComparison", "compare_training", "describe_variant"]


def describe_variant(change: Mapping[str, Any]) -> str:
    """A variant's change to the default training, in words: ``{"reward": "cards"}`` is
    "reward cards", ``{}`` is "the default training"."""
    parts = []
    if "features" in change:
        chosen = tuple(change["features"])
        added = [f for f in chosen if f not in FEATURES]
        removed = [f for f in FEATURES if f not in chosen]
        if added:
            parts.append(_("features + {names}", names=", ".join(added)))
        if removed:
            parts.append(_("features − {names}", names=", ".join(removed)))
    if "reward" in change:
        reward = change["reward"]
        parts.append(_("reward {name}", name=reward if isinstance(reward, str) else getattr(reward, "__name__", "?")))
    if "games" in change:
        parts.append(_("{games} training games", games=change["games"]))
    if "learning_rate" in change:
        parts.append(_("learning rate {rate}", rate=change["learning_rate"]))
    if "opponents" in change:
        parts.append(_("against {opponents}", opponents=", ".join(map(str, change["opponents"]))))
    return ", ".join(parts) or _("the default training")


@dataclass(frozen=True, repr=False)
class TrainingComparison:
    """Each variant trained with the same seeds, every policy evaluated on the same deals."""

    labels: tuple[str, ...]
    seeds: tuple[int, ...]
    games: int  # training games per run
    runs: dict[str, tuple[TrainingRun, ...]]  # per variant, one run per seed
    evaluation: Evaluation  # contestants named by :meth:`contestant`

    @staticmethod
    def contestant(label: str, seed: int) -> str:
        """The name of the policy variant ``label`` trained with ``seed`` in the evaluation."""
        return f"{label} · {seed}"

    def win_rates(self, label: str) -> np.ndarray:
        """Variant ``label``'s win rate over the evaluation's deals, one per training seed."""
        return np.array([self.evaluation.win_rates[self.contestant(label, s)].value for s in self.seeds])

    def mean(self, label: str) -> Estimate:
        """The mean win rate of the variant's trainings, with its standard error (spread / √seeds)."""
        return Estimate.of(self.win_rates(label))

    def spread(self, label: str) -> float:
        """The spread between trainings: the standard deviation of their win rates (with n − 1)."""
        return self.mean(label).sd

    def evaluation_error(self, label: str) -> float:
        """One evaluation's error: the standard error of a win rate like the variant's mean one
        over the evaluation's deals, √(p(1 − p)/n). (Taken at the mean, not policy by policy: a
        policy that won no deal would have a standard error of 0, which says nothing.)"""
        p, n = self.mean(label).value, self.evaluation.games
        return math.sqrt(p * (1 - p) / n)

    def compare(self, a: str | int, b: str | int = 0) -> Paired:
        """Variant ``a`` against ``b`` (by default the first variant), training seed by training
        seed: the same seed gives both the same training games and both play the same deals.
        A variant is named by its label or its place in the list (``compare(1)``: the second
        against the first), which a notebook in any language can use."""
        a, b = (self.labels[x] if isinstance(x, int) else x for x in (a, b))
        return compare_paired(self.win_rates(a), self.win_rates(b), labels=(a, b), figure=_("win rate"),
                              kind="trainings")

    def __repr__(self) -> str:
        e = self.evaluation
        lines = [_("Each variant trained {k} times (seeds {seeds}), {games} games each unless it says otherwise; "
                   "every trained policy then "
                   "played the same {deals} deals against {opponents} (a fair share is {fair}).",
                   k=len(self.seeds), seeds=", ".join(map(str, self.seeds)), games=self.games, deals=e.games,
                   opponents=", ".join(e.opponents), fair=format(e.fair_share, ".0%"))]
        width = max(len(label) for label in self.labels) + 2
        heads = [_("seed {seed}", seed=s) for s in self.seeds]
        first = self.labels[0]
        lines.append(f"{_('variant'):<{width}}" + "".join(f"{h:>9}" for h in heads)
                     + f"{_('mean'):>17}{_('spread between trainings'):>27}{_('error of one evaluation'):>26}"
                     + "   " + _("against {first}, seed by seed", first=first))
        for label in self.labels:
            rates, mean = self.win_rates(label), self.mean(label)
            line = (f"{label:<{width}}" + "".join(f"{r:>9.1%}" for r in rates)
                    + f"{mean.value:>10.1%} ± {mean.stderr:>4.1%}{self.spread(label):>27.1%}"
                    f"{'± ' + format(self.evaluation_error(label), '.1%'):>26}")
            if label != first:
                c = self.compare(label, first)
                line += f"   {100 * c.effect.value:+.1f} ± {100 * c.effect.stderr:.1f} " + _("points")
            lines.append(line)
        lines.append(_("Win rates on the evaluation's deals. ± is one standard error: of a mean over the {k} "
                       "trainings, of a win rate like it over the deals, or of a difference taken seed by "
                       "seed. The spread between trainings is the standard deviation of their win rates; with "
                       "{k} trainings it is itself only a rough figure.", k=len(self.seeds)))
        return "\n".join(lines)


def compare_training(variants: Sequence[Mapping[str, Any]] | Mapping[str, Mapping[str, Any]], *,
                     seeds: Sequence[int] = (1, 2, 3), games: int = 800, learning_rate: float = 0.3,
                     eval_games: int = 200, eval_seed: int = 0,
                     opponents: Sequence[str] = ("sensible",) * 3) -> TrainingComparison:
    """Train each variant with every seed in ``seeds`` and evaluate every trained policy on the
    same ``eval_games`` deals (``eval_seed``) against ``opponents``.

    A variant is what it changes in :func:`~uno_lessons.learn.train.train` (``{"reward":
    "cards"}``, ``{"features": FEATURES + ("next_player_cards",)}``; ``{}`` is the default),
    in a list (labelled in words by :func:`describe_variant`) or a mapping ``label -> change``.
    Change one thing at a time: then a difference between two variants is that change's.
    ``games`` and ``learning_rate`` are the same for every variant unless a variant sets them."""
    items = (list(variants.items()) if isinstance(variants, Mapping)
             else [(describe_variant(change), change) for change in variants])
    if not items or not seeds:
        raise ValueError(_("A comparison of trainings needs at least one variant and one seed."))
    labels = [str(label) for label, _change in items]
    if len(set(labels)) != len(labels):
        raise ValueError(_("Two variants have the same label: {labels}.", labels=", ".join(labels)))
    runs: dict[str, tuple[TrainingRun, ...]] = {}
    policies: dict[str, Any] = {}
    for label, change in items:
        settings = {"games": games, "learning_rate": learning_rate, "opponents": tuple(opponents), **change}
        trained = []
        for seed in seeds:
            run = train(seed=int(seed), name=label, **settings)
            trained.append(run)
            policies[TrainingComparison.contestant(label, int(seed))] = run.policy
        runs[label] = tuple(trained)
    result = evaluate(policies, opponents=tuple(opponents), games=eval_games, seed=eval_seed)
    return TrainingComparison(tuple(labels), tuple(int(s) for s in seeds), games, runs, result)
