"""Teach a computer to play (lesson 10): readable features, a linear policy over the legal
moves, REINFORCE training and seeded evaluation, with numpy only.

``uno_lessons.learn`` needs nothing beyond the engine and numpy (no PettingZoo, no GPU):

- :mod:`.features`: what a seat may know about each legal move, as named numbers;
- :mod:`.policy`: a :class:`Policy` (names and weights) saved as JSON or ``.npz`` and
  refused with a :class:`PolicyError` when malformed; :class:`PolicyBot` plays one;
- :mod:`.train`: REINFORCE with a baseline against the built-in bots;
- :mod:`.evaluate`: win rates over the same seeded deals with 95% intervals, two contestants
  compared deal by deal, and plots;
- :mod:`.variants`: several trainings per variant, one change at a time, evaluated on the same
  deals: the spread between trainings beside the evaluation's error.
"""

from .evaluate import Z95, Evaluation, evaluate, explain, plot_evaluation, plot_training
from .features import EXTRA_FEATURES, FEATURE_FUNCTIONS, FEATURES, Situation, feature_matrix, situation
from .policy import Policy, PolicyBot, PolicyError, load_policy, move_probabilities, save_policy
from .train import REWARDS, TrainingRun, reward_cards, reward_win, train, weights_table
from .variants import TrainingComparison, compare_training, describe_variant

__all__ = [
    "EXTRA_FEATURES", "FEATURES", "FEATURE_FUNCTIONS", "Situation", "feature_matrix", "situation",
    "Policy", "PolicyBot", "PolicyError", "load_policy", "move_probabilities", "save_policy",
    "REWARDS", "TrainingRun", "reward_cards", "reward_win", "train", "weights_table",
    "Z95", "Evaluation", "evaluate", "explain", "plot_evaluation", "plot_training",
    "TrainingComparison", "compare_training", "describe_variant",
]
