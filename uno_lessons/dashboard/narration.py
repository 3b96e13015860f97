"""What a dashboard page says after a change, as pure functions of the page's view: what
just happened and whose turn it is, the hand's end, the table's problem and its closing
(the sentences themselves are in :mod:`.sentences`).

No widget and no replica here: every function reads a :class:`~uno_lessons.table.views.TableView`
(what this page may see) and plain values the page knows about itself (the seats it plays,
whether it may deal, who its log is told to), so a test builds views from
``Table.local(...)`` or a store's handles and calls them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..engine.events import EVERYONE, NOBODY, Event
from ..table.views import TableView
from .roles import PageMode
from .sentences import hand_over_sentence, table_closed_text, turn_sentence

__all__ = ["log_viewer", "change_sentence", "Narrator"]


def log_viewer(mode: str, is_teacher: bool, seat: int | None) -> int | str:
    """Whom the page's news is told to: everyone on a teacher's view, else the seat it plays
    (nobody's hidden card for a page that plays none)."""
    if mode == PageMode.TEACHER and is_teacher:
        return EVERYONE
    return NOBODY if seat is None else seat


def change_sentence(view: TableView, events: Sequence[Event], *, viewer: int | str, mine: Collection[int],
                    deals: bool) -> tuple[str, str] | None:
    """What a page says after ``events`` (kind for the message line, sentence): what just
    happened, then whose turn it is, one sentence group; the hand's end when it was won."""
    if not events:
        return None
    won = view.play.winner is not None
    if won and any(getattr(e, "kind", "") == "won" for e in events):
        return "ok", hand_over_sentence(view, deals=deals)
    said = [e.describe(view.names, viewer) for e in events[-3:]]
    return ("ok" if won else "info"), " ".join(said if won else [*said, turn_sentence(view, mine)])


class Narrator:
    """What a page has said about its table once (its problem, that it was closed), so each
    is said when it comes, not at every change. Plain data: no widget."""

    def __init__(self, closed: bool = False) -> None:
        self.problem_said: str | None = None
        self.told_closed = closed

    def news(self, view: TableView, events: Sequence[Event], problem: str | None, *, viewer: int | str,
             mine: Collection[int], deals: bool) -> list[tuple[str, str]]:
        """The sentences (kind, text) a change says, in order: the table's problem when it
        comes, that the table closed (once), else what the events were."""
        out: list[tuple[str, str]] = []
        if problem != self.problem_said:
            self.problem_said = problem
            if problem:
                out.append(("error", problem))
        if view.closed and not self.told_closed:
            self.told_closed = True
            out.append(("info", table_closed_text()))
        elif (said := change_sentence(view, events, viewer=viewer, mine=mine, deals=deals)) is not None:
            out.append(said)
        return out
