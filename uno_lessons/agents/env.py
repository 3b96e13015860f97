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

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.events import NOBODY
from ..engine.game import Game
from ..engine.moves import IllegalMove, Move
from ..engine.rules import Rules
from ..engine.talk import is_caught
from ..i18n import _
from .actions import ActionCodec
from .observe import HIGH, INT8, ObservationCodec

#: A hand that has not ended after this many steps is cut (truncated).
MAX_STEPS = 5000
RENDER_MODES = ("human", "ansi")


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
        self._size = self.codec.size
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
        self._no_mask = np.zeros(self.codec.size, dtype=np.int8)
        self._no_mask.flags.writeable = False

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
        self.game = Game.new(self.players, rules=self.rules, rng=self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._declined: set[int] = set()
        self._shown = 0
        self._select()

    # ------------------------------------------------------------------ whose decision
    def _select(self) -> None:
        """Select the agent whose decision is next and work out its legal actions."""
        game = self.game
        seat, jumping = game.current_player, False
        if game.rules.jump_in and game.winner is None:
            for s, _move in game.jump_ins():
                if s not in self._declined:
                    seat, jumping = s, True
                    break
        self._seat, self._jumping = seat, jumping
        self.agent_selection = self.possible_agents[seat]
        self._obs: dict[int, dict[str, np.ndarray]] = {}
        if game.winner is not None:
            self._moves: dict[int, Move] = {}
            self._legal: list[int] = []
            self._bits = bytearray(self._size)
            self._mask = self._no_mask
            return
        codec = self.codec
        if jumping:
            legal = [m for s, m in game.jump_ins() if s == seat]
        else:
            legal = game.legal_moves()
        ids, moves = codec.ids[seat], {}
        for m in legal:  # codec.action, written out: a call fewer per legal move
            a = ids.get(id(m))
            moves[codec.action(m, seat) if a is None else a] = m
        self._moves = moves
        actions = list(moves)
        if jumping:
            actions.append(codec.decline)
        if len(game.hands[seat]) <= 2 and seat not in game.uno_said and game.uno_would_count(seat):
            actions.append(codec.say_uno)
        window = game.uno_window
        if window is not None and window != seat and is_caught(window, len(game.hands[window]), window,
                                                                window in game.uno_said):
            actions.append(codec.catch)
        bits = self._bits = bytearray(self._size)
        for a in actions:
            bits[a] = 1
        self._legal = actions
        self._mask = np.frombuffer(bits, INT8)
        self._mask.flags.writeable = False  # the env checks actions against it: nobody edits it

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` may know now (``observe.py``) and its action mask (all zero unless
        it is the selected agent); built once per step and agent."""
        seat = self._seats[agent]
        obs = self._obs.get(seat)
        if obs is None:
            mine = seat == self._seat
            obs = self._obs[seat] = {
                "observation": self.observer.encode(self.game, seat, mine and self._jumping),
                "action_mask": self._mask if mine else self._no_mask,
            }
        # A new dict, sharing the arrays: a caller that edits the dict does not edit ours.
        return dict(obs)

    def legal_actions(self) -> list[int]:
        """The selected agent's legal action numbers (the ones of its mask, in the engine's
        order of its legal moves, then decline, say UNO, catch); empty once the hand is over."""
        return list(self._legal)

    # ------------------------------------------------------------------ acting
    def step(self, action: int | np.integer | None) -> None:
        """Make the selected agent's ``action``; IllegalMove, with nothing changed, when its
        mask does not allow it. A terminated or truncated agent steps with None (PettingZoo)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # The usual action, a legal int, passes one test; anything else is checked in full.
        a = action if type(action) is int and 0 <= action < self._size and self._bits[action] else \
            self._check(action, agent)
        game, seat, codec = self.game, self._seat, self.codec
        # Rewards are all 0 until the hand ends (``_end``), so PettingZoo's clearing and
        # accumulating would change nothing before then: they are done at the end only.
        move = self._moves.get(a)
        if move is not None:
            if self._jumping:
                assert move.card is not None  # a jump-in plays a card
                game.jump_in(seat, move.card, move.target)  # H-JUMP
            else:
                game.apply_fast(move)  # the engine's own Move, legal: what apply_fast asks
            self._declined.clear()
        elif a == codec.say_uno:
            game.say_uno(seat)
        elif a == codec.catch:
            assert game.uno_window is not None  # offered only while a window is open
            game.catch(seat, game.uno_window)
        else:  # decline to jump in
            self._declined.add(seat)
        self.steps += 1
        if game.winner is not None:
            self._end({a: (1 if i == game.winner else -1) for i, a in enumerate(self.agents)}, self.terminations)
        elif self.steps >= self.max_steps:
            self._end(dict.fromkeys(self.agents, 0), self.truncations)
        self._select()
        if self.render_mode == "human":
            self.render()

    def _check(self, action: Any, agent: str) -> int:
        """``action`` as an int if the mask allows it; else IllegalMove saying what is legal."""
        size = self.codec.size
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or not 0 <= action < size:
            raise IllegalMove(_("{action} is not an action of this environment: use a whole number from 0 "
                                "to {last}.", action=repr(action), last=size - 1))
        a = int(action)
        if not self._mask[a]:
            names = self.codec.names
            legal = ", ".join(f"{b} ({names[b]})" for b in sorted(self._legal))
            raise IllegalMove(_("Action {action} ({name}) is not legal for {agent} now; its action mask "
                                "allows: {legal}.", action=a, name=names[a], agent=agent, legal=legal))
        return a

    def _end(self, rewards: dict[str, int], flags: dict[str, bool]) -> None:
        self.rewards = rewards
        self._accumulate_rewards()
        for a in self.agents:
            flags[a] = True
            self.infos[a] = {"winner": self.game.winner, "points": self.game.points, "steps": self.steps}

    # ------------------------------------------------------------------ showing
    def render(self) -> str | None:
        """The events since the last render as a spectator hears them (no hidden card) and
        the table in one line; printed for ``render_mode="human"``, returned for "ansi"."""
        if self.render_mode is None or not hasattr(self, "game"):
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
