"""Looking back at a finished hand: every action replayed, and at each decision the coach's
options with what the move made gave up.

A hand is its game as dealt and the actions made in it, in order: the moves of the seat to
move (engine ``Move``s) and the out-of-turn ones (``SayUno``, ``Catch``, ``Talk``, ``JumpIn``).
:meth:`uno_lessons.table.Table.finished_hand` reads them from a class table's records (and
refuses a hand still being played). :func:`review` replays them on a
copy and asks the coach at every move where the seat to move had a choice, from that seat's
view at that moment (so from what it knew then, not from the hands shown at the end).

Only a hand that is over can be reviewed: the coach's output about a hand still in play would
tell a seat what the bots make of other seats' chances, and a review shows every hand face up.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.asides import Aside
from ..engine.events import EVERYONE, Event
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import _
from .advice import Advice, advise_view
from .rollouts import seed_root

__all__ = ["Action", "Step", "Replay", "decisions", "weigh", "review", "replayed", "make_action"]

#: ``progress(done, total)``: decisions weighed so far, of all the hand's decisions.
Progress = Callable[[int, int], None]

#: What is made in a hand: a move of the seat to move, or an out-of-turn action.
Action = Move | Aside


@dataclass(frozen=True)
class Step:
    """One action of the hand: its place (``number``, from 0), who made it, and, when it was
    the move of a seat that had a choice, the coach's ``advice`` there."""

    number: int
    seat: int
    action: Action
    advice: Advice | None = None

    @property
    def cost(self) -> float | None:
        """The chance to win the move gave up against the coach's best (None without advice)."""
        if self.advice is None or not isinstance(self.action, Move):
            return None
        return self.advice.option(self.action).cost


def _seat_of(game: Game, action: Action) -> int:
    return game.current_player if isinstance(action, Move) else action.seat


def replayed(start: Game, actions: Sequence[Action]) -> Game:
    """``start`` (not changed) with ``actions`` made on a copy, in order; IllegalMove, saying
    why, at the first that does not fit."""
    game = start.copy()
    for action in actions:
        make_action(game, action)
    return game


def decisions(start: Game, actions: Sequence[Action], seats: Collection[int] | None = None) -> list[int]:
    """The numbers of the actions that are decisions: moves of a seat (of ``seats``, when
    given) that had more than one legal move. ValueError, saying so, unless the actions
    finish the hand (IllegalMove at one that does not fit)."""
    game, out = start.copy(), []
    for number, action in enumerate(actions):
        if (isinstance(action, Move) and len(game.legal_moves()) > 1
                and (seats is None or game.current_player in seats)):
            out.append(number)
        make_action(game, action)
    if not game.is_over:
        raise ValueError(_("This hand is still being played: it can be looked back at once it is over."))
    return out


def weigh(start: Game, actions: Sequence[Action], *, rollouts: int = 200, seed: Any = None,
          seats: Collection[int] | None = None) -> Iterator[tuple[int, Advice]]:
    """The coach's advice at each decision of the finished hand ``start`` → ``actions``
    (:func:`decisions`), one at a time as ``(action number, advice)``, from the mover's
    view at that moment. Decision ``k`` is weighed with seed child ``k`` of ``seed``, so
    the same hand and seed give the same advice, however many of the decisions are asked."""
    chosen = set(decisions(start, actions, seats))
    entropy, key = seed_root(seed)
    game = start.copy()
    for number, action in enumerate(actions):
        if number in chosen:
            child = np.random.SeedSequence(entropy, spawn_key=(*key, number))
            yield number, advise_view(game.view(game.current_player, log=False), rollouts=rollouts, seed=child)
        make_action(game, action)


def review(start: Game, actions: Sequence[Action], *, rollouts: int = 200, seed: Any = None,
           progress: Progress | None = None) -> list[Step]:
    """Every action of the hand ``start`` → ``actions`` as a :class:`Step`, with the coach's
    advice (``rollouts`` per option) at every decision (:func:`weigh`); ``progress(done,
    total)`` hears of each. ValueError, saying so, unless the actions finish the hand."""
    total = len(decisions(start, actions))
    if progress is not None:
        progress(0, total)
    advice: dict[int, Advice] = {}
    for number, weighed in weigh(start, actions, rollouts=rollouts, seed=seed):
        advice[number] = weighed
        if progress is not None:
            progress(len(advice), total)
    game, steps = start.copy(), []
    for number, action in enumerate(actions):
        steps.append(Step(number, _seat_of(game, action), action, advice.get(number)))
        make_action(game, action)
    return steps


def make_action(game: Game, action: Action) -> None:
    """Make ``action`` in ``game``: a move of the seat to move (``apply``) or an
    out-of-turn action (``act``)."""
    if isinstance(action, Move):
        game.apply(action)
    else:
        game.act(action)


class Replay:
    """A finished hand, position by position: ``games[k]`` is the game before action ``k``
    (``games[-1]`` the end), ``events[k]`` what action ``k`` caused (the engine's events,
    every card named: the hand is over). ``start`` is not changed."""

    def __init__(self, start: Game, actions: Sequence[Action]) -> None:
        self.actions = list(actions)
        self.games: list[Game] = []
        self.events: list[list[Event]] = []
        game = start.copy()
        for action in self.actions:
            self.games.append(game.copy())
            before = len(game.events)
            make_action(game, action)
            self.events.append(game.events[before:])
        self.games.append(game)
        if not game.is_over:
            raise ValueError(_("This hand is still being played: it can be looked back at once it is over."))

    def __len__(self) -> int:
        """How many actions the hand had (its positions are one more)."""
        return len(self.actions)

    def seat(self, number: int) -> int:
        """Who made action ``number``."""
        return _seat_of(self.games[number], self.actions[number])

    def said(self, number: int) -> list[str]:
        """What action ``number`` caused, in sentences every seat may hear (the hand is over)."""
        names = self.games[number].names
        return [event.describe(names, EVERYONE) for event in self.events[number]]
