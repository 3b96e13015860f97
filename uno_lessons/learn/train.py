"""Learning a policy by playing: REINFORCE with a baseline, and seeded evaluation with intervals.

Training plays seeded games against built-in bots. In each game the learner samples its
moves from the softmax of its scores, and remembers, for every choice, how the features of
the move it made differ from the average features of its legal moves (weighted by their
chances). When the game ends it gets a reward (1 for a win and 0 for a loss, unless told
otherwise) and moves every weight by::

    learning_rate × (reward − baseline) × Σ (features of the move made − expected features)

The baseline is a moving average of the rewards of the games before: for the first 100 games
the plain average of all of them (0 before the first), after that each new reward moves it 1%
of the way, so it follows roughly the last hundred games as the learner gets better. A game
that went better than that makes its moves likelier, a worse one makes them less likely. That
is REINFORCE (Williams, 1992) with a baseline, for a linear softmax policy.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.bots import Bot, make_bots, run_hand
from ..engine.game import Game
from ..engine.kinds import Phase
from ..engine.rules import Rules
from ..i18n import _
from .evaluate import percent
from .features import FEATURE_FUNCTIONS, FEATURES, feature_matrix
from .policy import Policy, PolicyBot, move_probabilities

__all__ = ["REWARDS", "Reward", "TrainingRun", "reward_cards", "reward_win", "train", "weights_table"]

#: A reward: ``(game, seat) -> float`` once the game is over (or stopped at ``max_moves``).
Reward = Callable[[Game, int], float]


def reward_win(game: Game, seat: int) -> float:
    """1 for a win, 0 otherwise."""
    return float(game.winner == seat)


def reward_cards(game: Game, seat: int) -> float:
    """1 for a win; otherwise minus the cards left in the hand over 10 (losing with few is better)."""
    return 1.0 if game.winner == seat else -len(game.hands[seat]) / 10


#: The rewards by name, for ``train(reward=...)``.
REWARDS: dict[str, Reward] = {"win": reward_win, "cards": reward_cards}


class _Learner(PolicyBot):
    """A policy bot that samples its moves from changing weights and remembers each choice's
    score gradient (features of the move made minus the expected features)."""

    def __init__(self, policy: Policy, weights: np.ndarray, seed: Any) -> None:
        super().__init__(policy, seed, greedy=False)
        self.weights = weights
        self.gradient = np.zeros_like(weights)

    def choose(self, game: Game) -> Any:
        moves = game.legal_moves()
        if game.phase is Phase.RESPOND or len(moves) == 1:
            return super().choose(game)
        matrix = feature_matrix(game, game.current_player, moves, self.policy.features)
        p = move_probabilities(matrix @ self.weights)
        k = min(int(np.searchsorted(np.cumsum(p), self.rng.random())), len(moves) - 1)
        self.gradient += matrix[k] - p @ matrix
        return moves[k]


@dataclass(frozen=True)
class TrainingRun:
    """What a training run gives: the policy, and per game the reward and whether it won."""

    policy: Policy
    rewards: np.ndarray
    wins: np.ndarray
    history: np.ndarray  # the weights after each game, one row per game
    seconds: float

    def win_rate_by_block(self, blocks: int = 10) -> np.ndarray:
        """The win rate in each of ``blocks`` equal runs of games, first to last."""
        return np.array([b.mean() for b in np.array_split(self.wins.astype(float), blocks)])

    def __repr__(self) -> str:
        first, last = self.win_rate_by_block(5)[[0, -1]]
        return _("Trained {name} in {games} games: it won {first} of the first fifth of its games and {last} "
                 "of the last fifth.", name=self.policy.name, games=self.wins.size, first=percent(first, 0),
                 last=percent(last, 0))

    def weights_table(self) -> str:
        """The learned weights, one line each, the largest in size first."""
        return weights_table(self.policy)


def train(features: Sequence[str] = FEATURES, *, opponents: Sequence[str | Bot] = ("sensible",) * 3,
          games: int = 2000, learning_rate: float = 0.1, reward: str | Reward = "win", seed: int = 0,
          rules: Rules | None = None, name: str = "learned", start: Policy | None = None,
          max_moves: int = 1000) -> TrainingRun:
    """Train a policy on ``features`` by REINFORCE with a baseline in ``games`` seeded games
    against ``opponents`` (bot names or bots), the learner's seat moving every game.

    ``reward`` is a name in :data:`REWARDS` or a function ``(game, seat) -> float``; a game
    still going after ``max_moves`` moves ends there (a loss). ``start`` gives the first
    weights (default all 0: every legal move equally likely). The same arguments give the
    same policy."""
    reward_of = _reward(reward)
    rules = rules or Rules.encanto()
    features = tuple(features)
    unknown = [f for f in features if f not in FEATURE_FUNCTIONS]
    if unknown:
        raise ValueError(_("There is no feature called {name}. The features are: {known}.",
                           name=repr(unknown[0]), known=", ".join(FEATURE_FUNCTIONS)))
    if games < 1 or len(opponents) < 1:
        raise ValueError(_("Training needs at least one game and one opponent."))
    weights = np.zeros(len(features)) if start is None else np.array(start.weights, dtype=float)
    if start is not None and start.features != features:
        raise ValueError(_("The starting policy's features differ from the features to train."))
    template = Policy(name, features, np.zeros(len(features)))
    root = np.random.SeedSequence(seed)
    deal_seed, bot_seed = root.spawn(2)
    deals = np.random.default_rng(deal_seed)
    players = len(opponents) + 1
    rewards, wins, history = np.zeros(games), np.zeros(games, dtype=bool), np.zeros((games, len(features)))
    baseline = 0.0
    began = time.perf_counter()
    learner = _Learner(template, weights, [seed, 0])
    for i in range(games):
        seat = i % players
        learner.gradient[:] = 0
        spec: list[Any] = list(opponents)
        spec.insert(seat, learner)
        game = run_hand(Game.new(players, rules=rules, rng=deals), make_bots(spec, np.random.SeedSequence([seed, i, 1])), max_moves)
        r = float(reward_of(game, seat))
        rewards[i], wins[i] = r, game.winner == seat
        weights += learning_rate * (r - baseline) * learner.gradient
        # the moving average: the plain mean of the first 100 rewards, then 1% of the way each game
        baseline += (r - baseline) / (i + 1) if i < 100 else 0.01 * (r - baseline)
        history[i] = weights
    seconds = time.perf_counter() - began
    return TrainingRun(Policy(name, features, weights.copy()), rewards, wins, history, seconds)


def weights_table(policy: Policy) -> str:
    """A policy's weights, one ``feature  +1.23`` line each, the largest in size first."""
    order = np.argsort(-np.abs(policy.weights), kind="stable")
    width = max(len(f) for f in policy.features) + 2
    return "\n".join(f"{policy.features[i]:<{width}}{policy.weights[i]:+.2f}" for i in order)


def _reward(reward: str | Reward) -> Reward:
    if callable(reward):
        return reward
    found = REWARDS.get(reward)
    if found is None:
        raise ValueError(_("There is no reward called {name}: use {known}, or a function (game, seat) -> number.",
                           name=repr(reward), known=", ".join(REWARDS)))
    return found
