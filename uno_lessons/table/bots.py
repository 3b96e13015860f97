"""What the bots at a table do next, as records, the same on every page.

A bot's choice is seeded by the table's seed, the seat and the record number, so any page
that computes it gets the same records; when several pages race to store them, the store
keeps one copy (compare-and-append) and the rest simply see it arrive. A learned bot plays the
policy (numbers, not code) kept in the table's config, seeded the same way: the learning
layer's reader makes its bot (:mod:`.learned`).
"""

from __future__ import annotations

from ..engine.asides import JumpIn
from ..engine.bots import BOTS, Bot
from ..engine.game import Game
from ..engine.moves import Move
from .kinds import SeatKind
from .records import Moved, Record
from .state import TableState


def seat_bot(state: TableState, seat: int, k: int) -> Bot:
    """The bot that plays ``seat`` for one decision at this position, seeded by
    ``[table seed, seat, record number, k]`` (``k``: 1 reacting, 2 moving, 3 jumping in): an
    engine bot of :data:`~uno_lessons.engine.bots.BOTS`, or for a learned seat a
    ``PolicyBot`` of the policy in the table's config."""
    kind = state.kinds[seat]
    seeds = [state.config.seed, seat, state.seq, k]
    if kind == SeatKind.LEARNED:
        return state.config.policy(seat).bot(seeds)
    return BOTS[kind](seeds)


def bot_jump(state: TableState, game: Game | None = None) -> JumpIn | None:
    """H-JUMP: the record of the first bot, in play order, that can and wants to jump in at
    this position (``game``: the position to ask about, default the table's), or None. Each
    bot decides from the table's seed, its seat and the record number, so every page (and
    every tick at one position) gets the same answer."""
    g = state.game if game is None else game
    if state.closed or g.winner is not None or not g.rules.jump_in:
        return None
    by_seat: dict[int, list[Move]] = {}
    for seat, move in g.jump_ins():
        if state.is_bot(seat):
            by_seat.setdefault(seat, []).append(move)
    for seat, options in by_seat.items():
        chosen = seat_bot(state, seat, 3).jump_in(g, seat, options)
        if chosen is not None and chosen.card is not None:
            return JumpIn(seat, chosen.card, chosen.target)
    return None


def bot_records(state: TableState) -> list[Record]:
    """The records of one bot turn at this position: every bot may say UNO or call someone
    out, then a bot may jump in (H-JUMP), else the bot to move moves. While a learner is to
    move only a bot's jump-in is made; empty when no bot does anything or the hand is over."""
    g = state.game
    if state.closed or g.winner is not None:
        return []
    if not state.is_bot(g.current_player):
        jump = bot_jump(state)
        return [] if jump is None else [jump]
    scratch = g.copy()  # reactions change the hand (a catch draws cards) before the move
    said: list[Record] = []
    for seat, kind in enumerate(state.kinds):
        if kind != SeatKind.HUMAN and scratch.winner is None:
            # Each action is made on the scratch copy (the bot sees what it did) and recorded.
            for action in seat_bot(state, seat, 1).reactions(scratch, seat):
                scratch.act(action)
                said.append(action)
    if scratch.winner is not None:
        return said
    jump = bot_jump(state, scratch)
    if jump is not None:
        return said + [jump]
    mover = scratch.current_player
    move = seat_bot(state, mover, 2).choose(scratch)
    return said + [Moved(mover, move)]


def bots_only(state: TableState) -> bool:
    """True when no learner sits at the table: such a match deals on by itself."""
    return all(k != SeatKind.HUMAN for k in state.kinds)
