"""How a dashboard page paces its table's bots: whether they move by themselves, how long they
pause, and what Step says when there is no bot to step.

A one-screen game paces its own bots (its "Bots move by themselves" box, its speed as a local
override); a class table's speed is the teacher's, stored for every page (``Table.set_speed``,
refused with a sentence to anyone else).
"""

from __future__ import annotations

from ..i18n import _
from ..table import Table
from ..table.records import SPEEDS
from ..table.views import TableView
from .sentences import is_bot


def step_refusal(view: TableView) -> str | None:
    """Why Step moves no bot at ``view`` (the hand is over, a learner is to move); None when a
    bot is to move."""
    p = view.play
    if p.winner is not None:
        return _("The hand is over: deal the next hand.")
    if not is_bot(view, p.current_player):
        return _("It is {name}'s turn: a learner moves by clicking.", name=p.names[p.current_player])
    return None


def pace(table: Table, *, auto: bool, seconds: float) -> None:
    """Let ``table``'s bots move by themselves (``auto``) after the page's own pause
    (``seconds``, a one-screen game only: a class table pauses as its teacher set)."""
    table.auto = auto
    table.speed_override = seconds if table.is_local else None


def set_speed(table: Table, key: str) -> None:
    """The speed ``key`` (of :data:`SPEEDS`) chosen on the page: a one-screen game's own, else
    the class table's (the teacher's; anyone else's is refused)."""
    if table.is_local:
        table.speed_override = SPEEDS[key]
    elif table.is_teacher:
        table.set_speed(key)
