"""Playing each option out, many times, on deals the options share (common random numbers).

For rollout ``r`` the cards hidden from the seat are dealt once (:mod:`.deal`), and every
option still in the running is played on that same deal: the seat makes its out-of-turn
moves first as its bot would (saying UNO before its second-to-last card), then the option,
then sensible bots (:class:`~uno_lessons.engine.bots.SensibleBot`, one per seat, the seat's
own included) play the hand to its end with the same seeds for every option. So two options
differ, rollout by rollout, only by what the move itself changed: their difference is
paired, and its standard error smaller than the one separate deals would give (the square
root of the sum of the two squared errors), by as much as the two games stay alike.

Every random number comes from the seed: the deals from one Generator, the reshuffles of
rollout ``r`` and its bots' choices from seeds of their own (``engine.seeds.Seed``, built
only if used), so the same seed gives the same wins, option by option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..engine.bots import SensibleBot, run_hand
from ..engine.moves import Move
from ..engine.seeds import Seed
from ..engine.view import PlayerView
from ..i18n import _
from .deal import Dealer, deal_hidden, dealt_game, unseen_cards

__all__ = ["Rollouts", "seed_root"]

#: A rollout stops after this many moves (the hand counts as lost for the seat then): the
#: engine's own default for bot games, which sensible bots never come near.
MAX_MOVES = 5000


def seed_root(seed: Any) -> tuple[Any, tuple[int, ...]]:
    """``(entropy, spawn key)`` of ``seed`` (an int, a list of ints, a SeedSequence or None
    for fresh entropy): the root every random number of one piece of advice grows from."""
    seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return seq.entropy, tuple(seq.spawn_key)


class Rollouts:
    """The options ``moves`` of the seat of ``view``, played out on shared deals.

    ``wins[i]`` holds, rollout by rollout, whether the seat won after option ``i``
    (1 or 0). :meth:`play` adds rollouts for the options still in the running
    (``active``); an option taken out of the running keeps the rollouts it has, which
    are the first ones of every option still in it."""

    def __init__(self, view: PlayerView, moves: Sequence[Move], *, seed: Any = None,
                 dealer: Dealer = deal_hidden) -> None:
        if view.seat is None:
            raise ValueError(_("The coach weighs the moves of a seat; a spectator's view has none."))
        self.view = view
        self.seat: int = view.seat
        self.moves = tuple(moves)
        self.dealer = dealer
        self.entropy, self.key = seed_root(seed)
        self.unseen = unseen_cards(view)
        self.wins: list[bytearray] = [bytearray() for _move in self.moves]
        self.active = list(range(len(self.moves)))
        self.done = 0
        self._deals = Seed(self.entropy, (*self.key, 0)).generator()
        self._bots = [SensibleBot(None) for _seat in view.hand_sizes]

    def play(self, count: int) -> None:
        """``count`` more rollouts of every option still in the running."""
        view, seat, bots, moves = self.view, self.seat, self._bots, self.moves
        own = bots[seat]
        for _rollout in range(count):
            r = self.done
            hidden = self.dealer(view, self.unseen, self._deals)
            base = dealt_game(view, hidden, Seed(self.entropy, (*self.key, 1, r)).generator())
            seeds = [Seed(self.entropy, (*self.key, 2, r, k)) for k in range(len(bots))]
            last = self.active[-1]
            for i in self.active:
                game = base if i == last else base.copy()  # each option on the same deal
                for bot, s in zip(bots, seeds):
                    bot.reseed(s)
                own.react(game, seat)  # say UNO (or catch) first, as the seat's bot would
                game.apply(moves[i])
                if game.winner is None:
                    run_hand(game, bots, MAX_MOVES)
                self.wins[i].append(game.winner == seat)
            self.done += 1

    def drop(self, option: int) -> None:
        """Take ``option`` out of the running: it gets no more rollouts."""
        self.active.remove(option)

    def rate(self, option: int) -> float:
        """The share of ``option``'s rollouts the seat won."""
        w = self.wins[option]
        return sum(w) / len(w) if w else 0.0

    def paired(self, option: int, other: int) -> np.ndarray:
        """Rollout by rollout, ``option``'s win minus ``other``'s (-1, 0 or 1), over the
        rollouts both were played on."""
        a, b = self.wins[option], self.wins[other]
        n = min(len(a), len(b))
        return np.frombuffer(a, dtype=np.uint8, count=n).astype(np.int8) - np.frombuffer(b, dtype=np.uint8, count=n)
