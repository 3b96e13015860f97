"""What one dashboard page looks at now: its :class:`~uno_lessons.table.views.TableView`,
the seat whose controls it shows, and whether that seat is to move (decided here, once).

Every part of a page draws from one :class:`PageView`; nothing reads the table's replica.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.moves import Move
from ..table import Table
from ..table.views import TableView
from .roles import PageMode
from .sentences import is_bot


def is_my_turn(view: TableView, seat: int | None) -> bool:
    """Whether ``seat`` (the seat a page plays) is to move in ``view``: its own view, the
    table open, its turn, and no bot playing it now."""
    return (seat is not None and not view.closed and view.seat == seat and view.play.my_turn
            and not is_bot(view, seat))


@dataclass(frozen=True)
class PageView:
    """A page's view of its table now, with what follows from it for the page."""

    view: TableView
    mode: PageMode
    seat: int | None  # the seat whose controls are shown (None: none)
    my_turn: bool
    legal: tuple[Move, ...]  # the seat's moves on its turn, else none

    @classmethod
    def of(cls, view: TableView, mode: str, seat: int | None) -> PageView:
        """The page view of ``view`` for a page in ``mode`` showing ``seat``'s controls."""
        mine = is_my_turn(view, seat)
        return cls(view, PageMode(mode), seat, mine, tuple(view.play.legal_moves) if mine else ())


def acting_seat(table: Table, mode: str, plays: bool, viewed: int | None) -> int | None:
    """The seat whose controls a page shows (None on spectator, teacher and projector pages,
    and on pages built without a hand); ``viewed``: the seat a one-screen game looks at."""
    if mode == PageMode.PROJECTOR or not plays:
        return None
    return table.acting_seat(viewed)


def page_view(table: Table, mode: str, plays: bool, viewed: int | None) -> PageView:
    """What the page of ``table`` in ``mode`` may see now: every hand on a teacher's view of
    its table, the acting seat's view, on a one-screen game the viewed seat's, else a
    spectator's."""
    seat = acting_seat(table, mode, plays, viewed)
    if mode == PageMode.TEACHER and table.is_teacher:
        view = table.view(teacher=True)
    elif seat is not None:
        view = table.view(seat=seat)
    elif table.is_local and mode == PageMode.PLAYER:
        view = table.view(seat=viewed)
    else:
        view = table.view()
    return PageView.of(view, mode, seat)
