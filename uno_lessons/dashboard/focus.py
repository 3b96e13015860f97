"""Where a dashboard page keeps keyboard focus, as pure functions of its view (WCAG 2.2 AA:
focus goes somewhere sensible and is never left on the page's body).

On the colour buttons while a wild waits, on this seat's first playable card (or the move on
offer) on its turn, else on what the page's role does next: Next hand, the teacher's links,
the status. No widget here: the functions read a :class:`~uno_lessons.table.views.TableView`
and plain values the page knows (its mode, the seat it plays, the wild it waits on, which
parts it was built with) and answer a CSS selector for the page bridge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.moves import Move
from ..table.views import TableView
from .hand import HandPanel
from .page_view import PageView
from .roles import PageMode
from .wild import PendingWild

#: Where keyboard focus may be taken from when this seat's turn comes round again: the
#: hand, the moves and the picker (a reader elsewhere on the page is left where they are).
PLAY_AREA = ".uno-dash .uno-hand-panel, .uno-dash .uno-actions, .uno-dash .uno-picker"

#: The move buttons, in the order the first one on offer takes focus.
MOVE_BUTTONS = (("keep", "uno-act-keep"), ("draw", "uno-act-draw"), ("pass", "uno-act-pass"),
                ("accept", "uno-act-accept"), ("challenge", "uno-act-challenge"))

STATUS = ".uno-dash .uno-status-view"
TEACHER_LINK = ".uno-dash .uno-teacher-panel a"
NEXT_HAND = ".uno-dash .uno-next-hand"


@dataclass(frozen=True)
class PageParts:
    """Which parts a page was built with, as far as focus cares (see :mod:`.roles`)."""

    plays: bool  # the hand and the moves
    teacher_panel: bool
    can_deal: bool  # an enabled Next hand button is shown


def play_focus(pending: PendingWild | None, my_turn: bool, legal: Sequence[Move],
               hand: Sequence) -> str | None:
    """On a page that plays: the picker while a wild waits, the first playable card of
    ``hand`` or the move on offer on this seat's turn; else None (the page decides)."""
    if pending is not None:
        return ".uno-dash .uno-picker " + (".uno-target-btn" if pending.step == "target" else ".uno-color-btn")
    if not my_turn:
        return None
    playable = {m.card for m in legal if m.kind == "play"}
    first = next((i for i, c in enumerate(hand) if c in playable), None)
    if first is not None:
        return HandPanel.slot_selector(first)
    kinds = {m.kind for m in legal}
    return next((f".uno-dash .{cls}" for kind, cls in MOVE_BUTTONS if kind in kinds), None)


def focus_target(view: TableView, parts: PageParts, *, mode: str, seat: int | None, my_turn: bool,
                 legal: Sequence[Move], pending: PendingWild | None = None) -> str | None:
    """Where keyboard focus belongs now (a CSS selector; None: leave it): the picker while a
    wild waits, else this seat's first playable card or the move on offer, else its first
    card; on a closed table the teacher's way to a new one or the status; Next hand when
    this page deals it; the teacher's links to hand out; else the status."""
    target = play_focus(pending, my_turn, legal, view.play.hand) if parts.plays and seat is not None else None
    if target is not None or (my_turn and not view.closed):
        return target
    if view.closed:
        return TEACHER_LINK if parts.teacher_panel else STATUS
    if parts.can_deal and (seat is None or view.play.winner is not None):
        return NEXT_HAND
    if seat is None or mode == PageMode.PROJECTOR:
        return TEACHER_LINK if parts.teacher_panel else STATUS
    if view.play.hand:
        return HandPanel.slot_selector(0)
    return STATUS


def page_focus(look: PageView, parts: PageParts, pending: PendingWild | None) -> str | None:
    """:func:`focus_target` for the page looking at ``look``."""
    return focus_target(look.view, parts, mode=look.mode, seat=look.seat, my_turn=look.my_turn, legal=look.legal,
                        pending=pending)


def focus_move(target: str | None, *, turn_came: bool, pending: PendingWild | None) -> tuple[str, str] | None:
    """How a redraw moves focus to ``target``: (selector, the area it may be taken from).
    When this seat's turn came round, from the play area; at any other redraw only when
    focus was lost (its control went away: ``""``)."""
    if target is None:
        return None
    return target, (PLAY_AREA if turn_came and pending is None else "")
