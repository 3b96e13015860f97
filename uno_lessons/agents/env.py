"""A PettingZoo AEC environment of the full rules: ``env(players=4, rules="encanto")``.

The engine plays every rule (``Game``); this module only says whose decision it is, turns
the legal moves into an action mask (``actions.py``) and the seat's view into an
observation (``observe.py``). Choices made here, and why:

- **Who acts.** The selected agent is the engine's player to move, except under H-JUMP:
  before each move, every seat that could jump in (``Game.jump_ins()``, in play order) is
  asked first, once: it plays the identical card (the card's usual play action) or
  *declines*; a jump-in is a move, so everyone is asked again after it (as
  ``bots.run_hand`` asks its bots).
- **Saying UNO** is an action of its own in the same turn (the agent stays selected), offered
  when saying it would count now (E-UNO-5: two cards before playing, or one card) and the
  seat has not said it: a learner has to learn to say it, as a person does, and the play
  actions are not doubled by an "and say UNO" flag. A silenced seat saying it in time ends
  the silence (E-WDT-4).
- **Catching** is offered to the selected agent while an UNO window is open and the call
  would catch (E-UNO-2/4). The window closes with the next move, and the next player to
  move is the seat selected while it is open, so the one who may catch is the one asked; a
  call that would catch nobody is not offered (it changes nothing). A silenced seat that
  calls out is talking (E-WDT-5): the mask offers it anyway, and the engine charges it.
- **Not offered**: talking (``Game.talk``) is only ever a penalty, so it is no action.
- **Rewards**: when the hand ends, +1 for the winner and -1 for every other seat; 0 before,
  and 0 for everyone when the episode is cut at ``max_steps`` (truncation). The hand's
  points (E-SCORE-2) are in every seat's ``infos`` at the end.
- **Seeding**: ``reset(seed=s)`` deals from ``numpy.random.default_rng(s)`` (the engine's
  ``Game.new(rng=...)``): the same seed and actions give the same episode; ``reset()``
  without a seed deals the next game from the same Generator.
- **An illegal action** (mask 0) raises :class:`~uno_lessons.engine.moves.IllegalMove`
  saying which actions are legal, and changes nothing: it is never replaced by another.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.events import NOBODY
from ..engine.game import Game
from ..engine.moves import IllegalMove
from ..engine.rules import Rules
from ..i18n import _
from .actions import ActionCodec
from .observe import HIGH, INT8, ObservationCodec, Rows
from .turns import Turns

#: A hand that has not ended after this many steps is cut (truncated).
MAX_STEPS = 5000
RENDER_MODES = ("human", "ansi")
_frombuffer = np.frombuffer  # a module name: one lookup on every step, not two


def resolve_rules(rules: str | Rules) -> Rules:
    """The :class:`Rules` named by ``rules`` ("encanto", "classic" or a Rules itself)."""
    if isinstance(rules, Rules):
        return rules
    if rules == "encanto":
        return Rules.encanto()
    if rules == "classic":
        return Rules.classic()
    raise ValueError(_('The rules must be "encanto", "classic" or a Rules, not {rules}.', rules=repr(rules)))


class UnoEnv(AECEnv):
    """One hand of UNO as a PettingZoo AEC environment (module docstring: who acts, rewards,
    seeding); agents ``player_0`` .. ``player_{n-1}`` are the engine's seats."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "uno_lessons_v0", "is_parallelizable": False}

    def __init__(self, players: int = 4, rules: str | Rules = "encanto", render_mode: str | None = None,
                 max_steps: int = MAX_STEPS) -> None:
        super().__init__()
        self.rules = resolve_rules(rules)
        low, high = self.rules.min_players, self.rules.max_players
        if isinstance(players, bool) or not isinstance(players, int | np.integer) or not low <= players <= high:
            raise ValueError(_("This environment seats {low} to {high} players, not {players}.",
                               low=low, high=high, players=repr(players)))
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(_('render_mode must be None, "human" or "ansi", not {mode}.', mode=repr(render_mode)))
        self.players, self.render_mode, self.max_steps = int(players), render_mode, max_steps
        self.codec = ActionCodec(self.players)
        self.turns = Turns(self.rules, self.codec)
        self.observer = ObservationCodec(self.players)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents: list[str] = []
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0, HIGH, (self.observer.size,), np.int8),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        }) for a in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self._no_mask = np.frombuffer(bytes(self.codec.size), INT8)  # read-only, as every mask
        self._masks = Rows(self.codec.size)  # read-only arrays

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same object every time, as PettingZoo asks)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: ``Discrete(codec.size)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new hand: from ``numpy.random.default_rng(seed)`` when a seed is given, else
        from the Generator of the last seeded reset (fresh entropy the first time)."""
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        self.turns.deal(self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._over = False
        self._shown = 0
        self._selected()

    @property
    def game(self) -> Game:
        """The engine's game of the hand under way (it holds every hand: for teachers and
        tests, never for an agent's observation)."""
        return self.turns.game

    @property
    def steps(self) -> int:
        """Steps made in this hand (the ``None`` steps of finished seats not counted)."""
        return self.turns.steps

    def _selected(self) -> None:
        """After a decision: point PettingZoo at the selected agent, with a fresh mask."""
        turns = self.turns
        self.agent_selection = self.possible_agents[turns.seat]
        self._now: np.ndarray | None = None  # the selected agent's observation, once built
        self._mask = self._masks.ones(turns.legal)  # a new read-only array: 1 for each legal action

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` may know now (``observe.py``) and its action mask (all zero unless
        it is the selected agent). The selected agent's observation is built once per step
        (PettingZoo's loop asks for it every step); another agent's on each call."""
        seat = self._seats[agent]
        turns = self.turns
        # A new dict each time, sharing the arrays: a caller that edits the dict edits no other.
        if seat == turns.seat:
            now = self._now
            if now is None:  # ObservationCodec.encode, written out: a call fewer on every step
                now = self._now = _frombuffer(self.observer.build(turns.game, seat, turns.jumping), INT8)
            return {"observation": now, "action_mask": self._mask}
        return {"observation": self.observer.encode(turns.game, seat), "action_mask": self._no_mask}

    # PettingZoo's loop, ``for agent in env.agent_iter(): env.last(); env.step(a)``, takes
    # the next agent on every step: AECEnv's iterator object, with a Python __next__, costs
    # more than this generator, which yields the same agents and honours max_iter the same way.
    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yield the selected agent until every agent is done or ``max_iter`` steps are
        made, as :meth:`pettingzoo.AECEnv.agent_iter`: step once per agent yielded."""
        return self._agents_until(max_iter)

    def _agents_until(self, left: int) -> Iterator[str]:
        while self.agents and left > 0:
            left -= 1
            yield self.agent_selection

    def legal_actions(self) -> list[int]:
        """The selected agent's legal action numbers (the ones of its mask, in the engine's
        order of its legal moves, then decline, say UNO, catch); empty once the hand is over."""
        return list(self.turns.legal)

    # ------------------------------------------------------------------ acting
    def step(self, action: int | np.integer | None) -> None:
        """Make the selected agent's ``action``; IllegalMove, with nothing changed, when its
        mask does not allow it. A terminated or truncated agent steps with None (PettingZoo)."""
        agent = self.agent_selection
        if self._over:  # every agent terminated or truncated (``_end`` flags them all at once)
            self._was_dead_step(action)
            return
        turns = self.turns
        # The usual action, a legal int, passes two tests (``legal`` is short); anything else
        # is checked in full.
        a = action if type(action) is int and action in turns.legal else self._check(action, agent)
        turns.act(a)
        # Rewards are all 0 until the hand ends (``_end``), so PettingZoo's clearing and
        # accumulating would change nothing before then: they are done at the end only.
        game = turns.game
        if game.winner is not None:
            self._end({a: (1 if i == game.winner else -1) for i, a in enumerate(self.agents)}, self.terminations)
        elif turns.steps >= self.max_steps:
            turns.legal, turns.moves = [], []  # nothing more to decide
            self._end(dict.fromkeys(self.agents, 0), self.truncations)
        # _selected, written out: a call fewer on every step
        self.agent_selection = self.possible_agents[turns.seat]
        self._now = None
        self._mask = self._masks.ones(turns.legal)
        if self.render_mode == "human":
            self.render()

    def _check(self, action: Any, agent: str) -> int:
        """``action`` as an int if the mask allows it; else IllegalMove saying what is legal."""
        size = self.codec.size
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < size:
            raise IllegalMove(_("{action} is not an action of this environment: use a whole number from 0 "
                                "to {last}.", action=repr(action), last=size - 1))
        a = int(action)
        if a not in self.turns.legal:
            names = self.codec.names
            legal = ", ".join(f"{b} ({names[b]})" for b in sorted(self.turns.legal))
            raise IllegalMove(_("Action {action} ({name}) is not legal for {agent} now; its action mask "
                                "allows: {legal}.", action=a, name=names[a], agent=agent, legal=legal))
        return a

    def _end(self, rewards: dict[str, int], flags: dict[str, bool]) -> None:
        self._over = True
        self.rewards = rewards
        self._accumulate_rewards()
        for a in self.agents:
            flags[a] = True
            self.infos[a] = {"winner": self.game.winner, "points": self.game.points, "steps": self.steps}

    # ------------------------------------------------------------------ showing
    def render(self) -> str | None:
        """The events since the last render as a spectator hears them (no hidden card) and
        the table in one line; printed for ``render_mode="human"``, returned for "ansi"."""
        if self.render_mode is None or not hasattr(self.turns, "game"):
            return None
        lines = self.game.narrate(NOBODY)
        text = "\n".join([*lines[self._shown:], repr(self.game)])
        self._shown = len(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


def env(players: int = 4, rules: str | Rules = "encanto", render_mode: str | None = None,
        max_steps: int = MAX_STEPS) -> UnoEnv:
    """An :class:`UnoEnv` of ``players`` seats (2-10) playing ``rules`` ("encanto", "classic"
    or any :class:`Rules`, house rules included), as PettingZoo's ``env()`` constructors."""
    return UnoEnv(players, rules, render_mode, max_steps)
