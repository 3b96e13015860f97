"""What the bots at a table do next, as records, the same on every page.

A bot's choice is seeded by the table's seed, the seat and the record number, so any page
that computes it gets the same records; when several pages race to store them, the store
keeps one copy (compare-and-append) and the rest simply see it arrive.
"""

from __future__ import annotations

from typing import Any, cast

from ..engine.bots import BOTS
from ..engine.game import Game
from .kinds import SeatKind
from .records import Record, move_record
from .state import TableState


class _Ear:
    """The game as a bot sees it while reacting: reads go to a scratch copy, and what the
    bot says (UNO, a catch) is applied to that copy and written down as records."""

    def __init__(self, game: Game, said: list[Record]) -> None:
        self._game = game
        self._said = said

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def say_uno(self, seat: int) -> bool:
        self._said.append(["uno", seat])
        return self._game.say_uno(seat)

    def catch(self, caller: int, target: int) -> bool:
        self._said.append(["catch", caller, target])
        return self._game.catch(caller, target)

    def talk(self, seat: int) -> bool:
        self._said.append(["talk", seat])
        return self._game.talk(seat)


def bot_records(state: TableState) -> list[Record]:
    """The records of one bot turn at this position: every bot may say UNO or call someone
    out, then the bot to move moves. Empty when a learner is to move or the hand is over."""
    g = state.game
    if state.closed or g.winner is not None or not state.is_bot(g.current_player):
        return []
    scratch = g.copy()  # reactions change the hand (a catch draws cards) before the move
    said: list[Record] = []
    ear = _Ear(scratch, said)
    seed = state.config.seed
    for seat, kind in enumerate(state.kinds):
        if kind != SeatKind.HUMAN and scratch.winner is None:
            # The ear stands in for the game (every read goes to the scratch copy): a Game to the bot.
            BOTS[kind]([seed, seat, state.seq, 1]).react(cast(Game, ear), seat)
    if scratch.winner is not None:
        return said
    mover = scratch.current_player
    move = BOTS[state.kinds[mover]]([seed, mover, state.seq, 2]).choose(scratch)
    return said + [move_record(mover, move)]


def bots_only(state: TableState) -> bool:
    """True when no learner sits at the table: such a match deals on by itself."""
    return all(k != SeatKind.HUMAN for k in state.kinds)
