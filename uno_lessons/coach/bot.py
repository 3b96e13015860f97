"""The coach bot: it plays the move the coach rates best, thinking only as long as it must.

:func:`search` is the coach's advice with adaptive stopping: rollouts come in batches on
shared deals, and after each batch an option whose paired difference from the leader is
more than ``z`` standard errors below it leaves the running (it gets no more rollouts). The
search stops when one option is left, when the options still in the running are all within
``tolerance`` of each other for sure (nothing left to tell apart), or after ``rollouts``
deals. A single legal move is played at once, with no rollout.

The bot starts from the sensible bot's move (``default``), which the rollouts play for every
seat anyway, and leaves it only for a move the rollouts find better by more than ``z``
standard errors, paired: with a dozen options, one of them looks best by chance alone, and a
bot that followed that noise would play worse than the policy it measures with.

:class:`CoachBot` is a :class:`~uno_lessons.engine.bots.SensibleBot` whose ``choose`` asks
:func:`search`; its out-of-turn moves (saying UNO, calling others out, jumping in) are the
sensible bot's, which are already the best ones: UNO costs nothing to say, a catch only
costs the one caught. It reads the game only through its seat's view, like the coach.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine.bots import SensibleBot, register_bot
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.view import PlayerView
from .advice import Advice, advice_of, options_of
from .rollouts import Rollouts

__all__ = ["CoachBot", "search"]


def search(view: PlayerView, *, rollouts: int = 200, seed: Any = None, batch: int = 16, z: float = 2.0,
           tolerance: float = 0.02, default: Move | None = None) -> tuple[Move, Advice]:
    """The move the coach bot plays for the seat of ``view``, and the advice it rests on,
    with adaptive stopping (see the module): at most ``rollouts`` deals, in batches of
    ``batch``; at least two batches before any option leaves the running.

    ``default`` (one of the legal moves: the sensible bot's) is what the rollouts assume the
    seat plays anyway; it never leaves the running, and the leader replaces it only when
    its paired lead over it is more than ``z`` standard errors: a move that is better only
    by the noise of the rollouts is not worth leaving a sound policy for."""
    moves = options_of(view)
    played = Rollouts(view, moves, seed=seed)
    keep = None if default is None else moves.index(default)
    if len(moves) == 1:
        played.play(1)  # nothing to choose: one rollout, so the advice still says something
        return moves[0], advice_of(played)
    while played.done < rollouts:
        played.play(min(batch, rollouts - played.done))
        if played.done >= 2 * batch and _settled(played, z, tolerance, keep):
            break
    advice = advice_of(played)
    leader = advice.best.move
    if keep is None or leader == default or _ahead(played, moves.index(leader), keep, z):
        return leader, advice
    return moves[keep], advice


def _ahead(played: Rollouts, option: int, other: int, z: float) -> bool:
    """Whether ``option`` wins more often than ``other``, paired, by more than ``z`` standard errors."""
    diff = played.paired(option, other)
    mean = float(diff.mean())
    se = float(diff.std(ddof=1)) / math.sqrt(diff.size) if diff.size > 1 else 0.0
    return mean > z * se and mean > 0


def _settled(played: Rollouts, z: float, tolerance: float, keep: int | None) -> bool:
    """Drop the options clearly behind the leader (never ``keep``); True when the search can
    stop: one option left, or the rest all surely within ``tolerance`` of the leader."""
    leader = max(played.active, key=lambda i: (played.rate(i), -i))
    close = True
    for option in [i for i in played.active if i != leader]:
        diff = played.paired(leader, option)
        mean = float(diff.mean())
        se = float(diff.std(ddof=1)) / math.sqrt(diff.size)
        if option != keep and mean > z * se and mean > 0:
            played.drop(option)
        elif mean + z * se >= tolerance:
            close = False
    return len(played.active) == 1 or close


class CoachBot(SensibleBot):
    """The strongest of the bots: at each decision with a choice it plays the coach's best
    move (:func:`search`, at most ``rollouts`` deals per option, fewer when one move is
    clearly best) when the coach is sure it beats the sensible bot's move, else the sensible
    bot's (64 deals play as well as 200 did, docs/performance.md, in a third of the time); UNO, catches and
    jump-ins as the sensible bot. ``last_advice`` keeps the advice of its last decision
    (None after a move with no choice)."""

    name = "coach"

    def __init__(self, seed: Any = None, rollouts: int = 64, batch: int = 16, z: float = 2.0) -> None:
        super().__init__(seed)
        self.rollouts, self.batch, self.z = rollouts, batch, z
        self.last_advice: Advice | None = None

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            self.last_advice = None
            return moves[0]
        view = game.view(game.current_player, log=False)
        sensible = super().choose(game)  # reads only what the seat sees: its hand, the sizes
        # A seed of its own for each decision, from the bot's seed: the same game and seed,
        # the same moves.
        move, advice = search(view, rollouts=self.rollouts, seed=int(self.rng.integers(1 << 62)), batch=self.batch,
                              z=self.z, default=sensible)
        self.last_advice = advice
        return move


# The engine's bot registry names the coach too: make_bots, play_game, simulate_games and
# tables seat it as "coach" (the engine cannot import this layer; it offers the registry).
register_bot("coach", CoachBot)
