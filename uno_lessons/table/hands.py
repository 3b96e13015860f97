"""A hand of a table as it was played: the game as dealt and every action made in it.

A class table keeps no games, only its records (:mod:`.records`); a hand is read back by
replaying them (:class:`~.state.TableState`). :func:`finished_hand` gives one hand of the
match, for looking back at it (the coach's review): only once it is over. A hand still being
played is refused, whoever asks: the finished hand shows every card, and a live table never
gives its hands away.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.asides import Aside, Catch, JumpIn, SayUno, Talk
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import _
from .config import TableConfig, TableError
from .records import Deal, Moved, Record, decode
from .state import TableState

__all__ = ["Action", "finished_hand"]

#: What is made in a hand: a move of the seat to move, or an out-of-turn action.
Action = Move | Aside


def finished_hand(config: TableConfig, records: Sequence[Record | str], number: int | None = None
                  ) -> tuple[Game, list[Action]]:
    """Hand ``number`` of the table of ``config`` and ``records`` (decoded, or as stored; 1
    for the first hand, default the last): the game as it was dealt, and every action made in
    it in order. TableError, saying so, while that hand is still being played, or when the
    table has no such hand."""
    state = TableState(config)
    hands: list[tuple[Game, list[Action]]] = [(state.game.copy(), [])]
    for rec in records:
        record = decode(rec) if isinstance(rec, (str, bytes)) else rec
        state.apply(record)
        if type(record) is Deal:
            hands.append((state.game.copy(), []))
        elif type(record) is Moved:
            hands[-1][1].append(record.move)
        elif isinstance(record, (JumpIn, SayUno, Catch, Talk)):
            hands[-1][1].append(record)
    if number is None:
        number = len(hands)
    if not 1 <= number <= len(hands):
        raise TableError(_("This table has no hand {number}: it has played {hands} so far.", number=number,
                           hands=len(hands)))
    if number == len(hands) and not state.game.is_over:
        raise TableError(_("This hand is still being played: it can be looked back at once it is over."))
    return hands[number - 1]
