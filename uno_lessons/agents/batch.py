"""Many hands without PettingZoo's per-step overhead: ``Batch(players=4).run(episodes, policy)``.

The same rules and the same decisions as the PettingZoo environment (``env.py``): both ask
the shared core, ``turns.Turns``, whose decision it is and which actions are legal, and the
action numbers and the observation are the same (``actions.py``, ``observe.py``). What is
left out is the AEC loop: no ``agent_iter``, no ``last``, no dictionaries of rewards and
flags, no new arrays on every step. A policy is a function ``policy(seat, legal,
observation) -> action``: ``legal`` is the list of legal action numbers (the ones of the
mask; the runner's own list: copy it to change it), ``observation`` the seat's observation
as a new bytearray of ``ObservationCodec.size`` int8 values (or None with
``observe=False``; ``numpy.frombuffer(observation, numpy.int8)`` is the environment's
array).

Seeding is the environment's: ``run(n, policy, seed=s)`` deals its hands from
``numpy.random.default_rng(s)`` one after another, as ``reset(seed=s)`` and then ``reset()``
do, so the same seed and the same actions give the same hands; ``seed`` may also be a
Generator, which goes on dealing across calls. A hand ends when someone wins, or is cut
(truncated) after ``max_steps`` steps, as in the environment; its reward is +1 for the
winner and -1 for every other seat (``Episode.rewards``), 0 for all when cut.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..engine.moves import IllegalMove
from ..engine.rules import Rules
from ..i18n import _
from .actions import ActionCodec
from .env import MAX_STEPS, resolve_rules
from .observe import ObservationCodec
from .turns import Turns

#: ``policy(seat, legal, observation) -> action`` (see the module docstring).
Policy = Callable[[int, list[int], bytearray | None], int]


@dataclass(frozen=True)
class Episode:
    """One hand played by ``Batch.run``: the winning seat (None when cut), the hand's points
    (E-SCORE-2), the steps made, and with ``record=True`` every action in order."""

    winner: int | None
    points: int | None
    steps: int
    actions: tuple[int, ...] = ()

    @property
    def truncated(self) -> bool:
        """True when the hand was cut at ``max_steps`` before anyone won."""
        return self.winner is None

    def rewards(self, players: int) -> list[int]:
        """Each seat's reward, as the environment gives it at the end of the hand."""
        if self.winner is None:
            return [0] * players
        return [1 if seat == self.winner else -1 for seat in range(players)]


class Batch:
    """Plays hands of ``players`` seats (2-10) under ``rules`` ("encanto", "classic" or a
    Rules) with a policy, one after another (module docstring)."""

    def __init__(self, players: int = 4, rules: str | Rules = "encanto", max_steps: int = MAX_STEPS) -> None:
        self.rules = resolve_rules(rules)
        low, high = self.rules.min_players, self.rules.max_players
        if isinstance(players, bool) or not isinstance(players, int | np.integer) or not low <= players <= high:
            raise ValueError(_("This environment seats {low} to {high} players, not {players}.",
                               low=low, high=high, players=repr(players)))
        self.players, self.max_steps = int(players), max_steps
        self.codec = ActionCodec(self.players)
        self.observer = ObservationCodec(self.players)
        self.turns = Turns(self.rules, self.codec)

    def run(self, episodes: int, policy: Policy, *, seed: int | np.random.Generator | None = None,
            observe: bool = True, record: bool = False) -> list[Episode]:
        """Play ``episodes`` hands with ``policy`` and return one :class:`Episode` each. An
        action its mask does not allow raises IllegalMove, as in the environment."""
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        turns, build, limit = self.turns, self.observer.build, self.max_steps
        obs = None
        played = []
        for _episode in range(episodes):
            turns.deal(rng)
            game = turns.game
            actions: list[int] = []
            while game.winner is None and turns.steps < limit:
                seat = turns.seat
                if observe:
                    obs = build(game, seat, turns.jumping)
                a = policy(seat, turns.legal, obs)
                if type(a) is not int or a not in turns.legal:
                    raise IllegalMove(_("Action {action} is not legal for seat {seat} now; legal: {legal}.",
                                        action=repr(a), seat=seat, legal=", ".join(map(str, turns.legal))))
                turns.act(a)
                if record:
                    actions.append(a)
            played.append(Episode(game.winner, game.points, turns.steps, tuple(actions)))
        return played
