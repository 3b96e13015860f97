"""The coach's advice: each legal move of a seat with its estimated chance to win the hand.

:func:`advise` looks at a game only through the seat's own view (``game.view(seat)``): the
hidden cards are dealt again at random for every rollout (:mod:`.deal`), and every option is
played out on the same deals by sensible bots (:mod:`.rollouts`). The game passed in is not
changed. :class:`Advice` lists the options best first, each with an
:class:`~uno_lessons.simulation.estimate.Estimate` of the chance to win after it and its
paired difference from the best.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.game import Game
from ..engine.kinds import Phase
from ..engine.moves import Move
from ..engine.view import PlayerView
from ..i18n import _
from ..simulation.estimate import Estimate
from .deal import Dealer, deal_hidden
from .rollouts import Rollouts

__all__ = ["Option", "Advice", "advise", "advise_view", "options_of", "advice_of"]


@dataclass(frozen=True)
class Option:
    """One legal move with the chance that the seat wins the hand after it (``win``), and
    ``versus_best``: rollout by rollout, this move's win minus the best move's, averaged
    (0 for the best itself; a paired difference: its standard error is that of the
    rollout-by-rollout differences, smaller than separate deals would give when the two
    games stay alike)."""

    move: Move
    win: Estimate
    versus_best: Estimate

    @property
    def cost(self) -> float:
        """The chance to win this move gives up against the best (0 for the best)."""
        return 0.0 - self.versus_best.value  # (0.0, not -0.0, for the best)


@dataclass(frozen=True)
class Advice:
    """The coach's estimate of every legal move of ``seat``, ``options`` best first.

    ``rollouts``: the deals played (each option was played once on each, unless it was
    dropped early for being clearly worse: its estimate then has fewer, see ``win.n``)."""

    seat: int
    options: tuple[Option, ...]
    rollouts: int

    @property
    def best(self) -> Option:
        """The option with the highest estimated chance to win."""
        return self.options[0]

    def option(self, move: Move) -> Option:
        """The option of ``move`` (compared as moves are: kind, card, colour, target);
        ValueError, saying so, if it was not a legal move here."""
        for opt in self.options:
            if opt.move == move:
                return opt
        raise ValueError(_("{move} was not one of the moves the coach weighed here.", move=move.describe()))

    def table(self) -> str:
        """The options as lines of text, best first: chance to win ± standard error, and what
        each gives up against the best."""
        width = max(len(opt.move.describe()) for opt in self.options)
        lines = []
        for opt in self.options:
            line = f"{opt.move.describe():<{width}}  {opt.win.value:.3f} ± {opt.win.stderr:.3f}"
            if opt is not self.best:
                line += f"  {opt.versus_best.value:+.3f} ± {opt.versus_best.stderr:.3f}"
            lines.append(line)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Advice seat {self.seat}, {self.rollouts} rollouts: best {self.best.move} {self.best.win!r}>"


def options_of(view: PlayerView) -> tuple[Move, ...]:
    """The moves the coach weighs for the seat of ``view``: its legal moves (so in every
    phase the engine offers it one: a turn, a card just drawn, a Wild Draw Four to answer).
    ValueError, saying why, when it has none: the hand is over or another seat is to move."""
    if view.phase is Phase.OVER:
        raise ValueError(_("The hand is over: there is no move to weigh."))
    if view.seat is None or not view.legal_moves:
        name = view.names[view.seat] if view.seat is not None else "?"
        raise ValueError(_("{name} has no move to make now: the coach weighs the moves of the seat to move.",
                           name=name))
    return view.legal_moves


def advice_of(rollouts: Rollouts) -> Advice:
    """The advice the rollouts played so far give: the options still in the running first,
    each group by its estimate, highest first (the legal moves' order among equals)."""
    order = sorted(range(len(rollouts.moves)),
                   key=lambda i: (i not in rollouts.active, -rollouts.rate(i), i))
    best = order[0]
    options = []
    for i in order:
        wins = rollouts.wins[i]
        win = Estimate.of_proportion(sum(wins), len(wins))
        versus = Estimate(0.0, 0.0, len(wins)) if i == best else Estimate.of(rollouts.paired(i, best))
        options.append(Option(rollouts.moves[i], win, versus))
    return Advice(rollouts.seat, tuple(options), rollouts.done)


def advise_view(view: PlayerView, *, rollouts: int = 200, seed: Any = None,
                dealer: Dealer = deal_hidden) -> Advice:
    """:func:`advise` from a seat's view: everything the coach reads. ``dealer`` guesses the
    hidden cards (:data:`~.deal.Dealer`; the coach's own is :func:`~.deal.deal_hidden`)."""
    moves = options_of(view)
    if rollouts < 1:
        raise ValueError(_("The coach needs at least one rollout; got {rollouts}.", rollouts=rollouts))
    played = Rollouts(view, moves, seed=seed, dealer=dealer)
    played.play(rollouts)
    return advice_of(played)


def advise(game: Game, seat: int, *, rollouts: int = 200, seed: int | np.random.SeedSequence | None = None) -> Advice:
    """The coach's advice for ``seat`` in ``game``: every legal move of the seat, best
    first, with the chance that the seat wins the hand after it.

    Only what ``seat`` may know is used (``game.view(seat)``): the cards hidden from it are
    dealt again at random for each of ``rollouts`` rollouts, consistent with the hand sizes
    and the cards it has seen, and each option is played out on every deal by sensible bots.
    The same ``seed`` gives the same advice; ``game`` is not changed. ValueError, saying why,
    when ``seat`` has no move to make."""
    return advise_view(game.view(seat, log=False), rollouts=rollouts, seed=seed)
