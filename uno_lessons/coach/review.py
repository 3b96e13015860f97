"""Looking back at a finished hand: every action replayed, and at each decision the coach's
options with what the move made gave up.

A hand is its game as dealt and the actions made in it, in order: the moves of the seat to
move (engine ``Move``s) and the out-of-turn ones (``SayUno``, ``Catch``, ``Talk``, ``JumpIn``).
:func:`table_hand` reads them from a class table's records. :func:`review` replays them on a
copy and asks the coach at every move where the seat to move had a choice, from that seat's
view at that moment (so from what it knew then, not from the hands shown at the end).

Only a hand that is over can be reviewed: the coach's output about a hand still in play would
tell a seat what the bots make of other seats' chances, and a review shows every hand face up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.asides import Aside, Catch, JumpIn, SayUno, Talk
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import _
from .advice import Advice, advise_view
from .rollouts import seed_root

if TYPE_CHECKING:
    from ..table.config import TableConfig
    from ..table.records import Record

__all__ = ["Step", "review", "table_hand", "replayed"]

#: ``progress(done, total)``: decisions weighed so far, of all the hand's decisions.
Progress = Callable[[int, int], None]

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
        _make(game, action)
    return game


def review(start: Game, actions: Sequence[Action], *, rollouts: int = 200, seed: Any = None,
           progress: Progress | None = None) -> list[Step]:
    """Every action of the hand ``start`` → ``actions`` as a :class:`Step`, with the coach's
    advice (``rollouts`` per option) at every move of a seat that had more than one legal
    move. Decision ``k`` is weighed with seed child ``k`` of ``seed``: the same hand and
    seed give the same review. ValueError, saying so, unless the actions finish the hand."""
    chose = _choices(start, actions)
    entropy, key = seed_root(seed)
    total, done = sum(chose), 0
    if progress is not None:
        progress(0, total)
    game, steps = start.copy(), []
    for number, action in enumerate(actions):
        seat = _seat_of(game, action)
        advice = None
        if chose[number]:
            child = np.random.SeedSequence(entropy, spawn_key=(*key, number))
            advice = advise_view(game.view(seat, log=False), rollouts=rollouts, seed=child)
            done += 1
            if progress is not None:
                progress(done, total)
        steps.append(Step(number, seat, action, advice))
        _make(game, action)
    return steps


def _make(game: Game, action: Action) -> None:
    if isinstance(action, Move):
        game.apply(action)
    else:
        game.act(action)


def _choices(start: Game, actions: Sequence[Action]) -> list[bool]:
    """For each action, whether it is a move of a seat that had a choice; ValueError, saying
    so, unless the actions finish the hand (IllegalMove at one that does not fit)."""
    game, out = start.copy(), []
    for action in actions:
        out.append(isinstance(action, Move) and len(game.legal_moves()) > 1)
        _make(game, action)
    if not game.is_over:
        raise ValueError(_("This hand is still being played: it can be looked back at once it is over."))
    return out


def table_hand(config: TableConfig, records: Sequence[Record | str]) -> tuple[Game, list[Action]]:
    """The last hand of a table (its ``config`` and ``records``, decoded or as stored): the
    game as it was dealt and every action made in it. TableError, saying so, while that hand
    is still being played: a live table never gives its hands away."""
    # Imported here: ``import uno_lessons`` imports the coach (for its bot), not the tables.
    from ..table.config import TableError
    from ..table.records import Deal, Moved, decode
    from ..table.state import TableState

    state = TableState(config)
    start, actions = state.game.copy(), list[Action]()
    for rec in records:
        record = decode(rec) if isinstance(rec, (str, bytes)) else rec
        state.apply(record)
        if type(record) is Deal:
            start, actions = state.game.copy(), list[Action]()
        elif type(record) is Moved:
            actions.append(record.move)
        elif isinstance(record, (JumpIn, SayUno, Catch, Talk)):
            actions.append(record)
    if not state.game.is_over:
        raise TableError(_("This hand is still being played: it can be looked back at once it is over."))
    return start, actions
