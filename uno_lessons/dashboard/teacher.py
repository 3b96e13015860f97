"""The teacher's panel of a class table: the code and the links to hand out, seat by seat
who sits there, with a button to hand an absent learner's seat to a bot (and back), and
Close the table (with a confirmation step: a second click on a button that names the table).

On the hub, each seat's row also names the hub user who sat down there (from the hub's
:class:`~uno_lessons.dashboard.seat_book.SeatBook`): the name at a seat is whatever the learner typed,
so eve sitting down as "ana" reads "ana (seat 0, signed in as eve)".

Built on the teacher's page only (see :mod:`.roles`); the table checks every action anyway.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from ..i18n import _
from ..table import Table
from ..table.kinds import SeatKind
from ..table.views import TableView
from ..voila.network import learners_base
from ..widgets.page import PageBridge, log_traceback
from .others import kind_word
from .sentences import table_closed_text


def table_links(base: str, code: str, teacher_key: str | None = None) -> dict[str, str]:
    """The page links of a class table: for learners, for watching / the projector, and
    (secret) for the teacher."""
    links = {"learners": f"{base}?{urlencode({'table': code})}",
             "projector": f"{base}?{urlencode({'table': code, 'watch': 1, 'view': 'projector'})}"}
    if teacher_key:
        links["teacher"] = f"{base}?{urlencode({'table': code, 'teacher': teacher_key})}"
    return links


class CloseTable:
    """Close the table, in two steps: the first click asks ("Yes, close table K7QM3X" or
    "Keep playing"), the second does it; ``on_close()`` closes the table (and says why not)."""

    def __init__(self, on_close: Callable[[], None]) -> None:
        W = widgets
        self._on_close = on_close
        self._code = ""
        self._bridge: PageBridge | None = None
        self.button = W.Button(layout=W.Layout(width="auto"), _dom_classes=("uno-close-table",))
        self.button.on_click(lambda _b: self.ask(True))
        self.question = W.HTML()
        # The safe answer first, in reading and Tab order (as Accept before Challenge).
        self.keep = W.Button(layout=W.Layout(width="auto"), _dom_classes=("uno-close-keep",))
        self.keep.on_click(lambda _b: self.ask(False))
        self.yes = W.Button(layout=W.Layout(width="auto"), button_style="danger", _dom_classes=("uno-close-yes",))
        self.yes.on_click(lambda _b: self._confirmed())
        self.confirm = W.HBox([self.question, self.keep, self.yes], layout=W.Layout(display="none"),
                              _dom_classes=("uno-close-confirm",))
        self.widget = W.VBox([self.button, self.confirm], _dom_classes=("uno-close-box",))

    def set_table(self, code: str, bridge: PageBridge | None) -> None:
        """The table this control closes (its code is in the confirming button's name)."""
        self._code, self._bridge = code, bridge
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language."""
        self.button.description = _("Close the table")
        self.button.tooltip = _("End the game at this table for everyone")
        self.question.value = (f"<span class='uno-close-question'>"
                               f"{escape(_('Close table {code}? Every page at it stops: nothing more can be played there.', code=self._code))}"
                               "</span>")
        self.keep.description = _("Keep playing")
        self.yes.description = _("Yes, close table {code}", code=self._code)

    @property
    def asking(self) -> bool:
        """Whether the confirmation is shown."""
        return self.confirm.layout.display != "none"

    def ask(self, on: bool) -> None:
        """Show the confirmation (``on``) or go back to the one button; focus follows."""
        self.confirm.layout.display = None if on else "none"
        self.button.layout.display = "none" if on else None
        if self._bridge is not None:
            self._bridge.focus(".uno-dash .uno-close-keep" if on else ".uno-dash .uno-close-table")

    def _confirmed(self) -> None:
        self.confirm.layout.display = "none"
        self._on_close()  # guarded: a refusal is said on the page's message line
        # Closed: the panel shows how to start a new table (the page moves focus there). Not
        # closed (the store failed): back to the one button, focus on it, ready to try again.
        if self.button.layout.display == "none" and self.widget.layout.display != "none":
            self.ask(False)

    def update(self, closed: bool) -> None:
        """Gone once the table is closed."""
        self.widget.layout.display = "none" if closed else None


class TeacherPanel:
    """Shown on the teacher's page only; ``on_seat(seat, kind)`` reports a seat change and
    ``on_close()`` the teacher's confirmed Close the table."""

    def __init__(self, on_seat: Callable[[int, str], None], on_close: Callable[[], None]) -> None:
        self._on_seat = on_seat
        self.info = widgets.HTML()
        self.seat_rows = widgets.VBox([])
        self.close = CloseTable(on_close)
        self.widget = widgets.VBox([self.info, self.seat_rows, self.close.widget], _dom_classes=("uno-teacher-panel",))
        self._table: Table | None = None
        self._bridge: PageBridge | None = None
        self._buttons: list[widgets.Button] = []
        self._labels: list[widgets.HTML] = []
        self._closed = False
        self._kinds: tuple[str, ...] = ()  # who sits where, as the last view drawn showed it
        self._learned: frozenset[int] = frozenset()  # seats whose learned bot came with the table
        self._view: TableView | None = None  # the last view drawn
        # On the hub: the hub user of each seat, as the book said when last asked; the taken
        # seats it was asked for; and the look again set for a seat still without one.
        self._users: dict[int, str] = {}
        self._users_for: frozenset[int] | None = None
        self._tried_for: frozenset[int] | None = None
        self._tries = 0
        self._again: asyncio.TimerHandle | None = None

    def set_table(self, table: Table, bridge: PageBridge) -> None:
        """Show this table's code and links."""
        self._table, self._bridge = table, bridge
        self._closed = table.closed
        bridge.observe(lambda _c: self.relabel(), "base")
        self.close.set_table(table.code, bridge)
        self.relabel()

    def relabel(self) -> None:
        """Words (and links) in the current language."""
        t = self._table
        self.close.relabel()
        if t is None:
            return
        base = self._bridge.base if self._bridge is not None else ""
        heading = f"<h2 class='uno-dash-section'>{escape(_('Class table {code}', code=t.code))}</h2>"
        if self._closed:
            # The links would open a closed table: say how to start a new one instead.
            self.info.value = (
                f"{heading}<p class='uno-table-closed-note'>{escape(table_closed_text())}</p>"
                f"<p class='uno-new-table'><a href='{escape(base or '?')}'>{escape(_('Open a new game page'))}</a> "
                f"{escape(_('There, choose New game…, then “as a class, each on their own browser”, to start a new class table.'))}</p>")
            return
        links = table_links(learners_base(base), t.code)  # an address learners can reach
        self.info.value = (
            f"{heading}"
            f"<p>{escape(_('Learners open this link, choose a free seat and type their name:'))} "
            f"<a href='{escape(links['learners'])}' target='_blank'>{escape(links['learners'])}</a></p>"
            f"<p>{escape(_('For the projector (no hands shown):'))} "
            f"<a href='{escape(links['projector'])}' target='_blank'>{escape(links['projector'])}</a></p>"
            f"<p class='uno-muted'>{escape(_('Keep this page’s own address to yourself: it holds the teacher key.'))}</p>")

    def update(self, view: TableView) -> None:
        """One row per seat: name, who plays it, and the button that changes that."""
        t = self._table
        if t is None:
            return
        self._kinds = view.kinds
        self._learned = view.learned
        self._view = view
        users = self._hub_users(view.claimed)
        if view.closed != self._closed:
            self._closed = view.closed
            self.relabel()
        self.close.update(view.closed)
        while len(self._buttons) < view.players:
            s = len(self._buttons)
            b = widgets.Button(layout=widgets.Layout(width="auto"), _dom_classes=("uno-seat-switch", f"uno-seat-switch-{s}"))
            b.on_click(lambda _b, s=s: self._switch(s))
            self._buttons.append(b)
            self._labels.append(widgets.HTML())
        for s in range(view.players):
            kind = view.kinds[s]
            taken = s in view.claimed
            if s in users:  # the hub user who sat down here, whatever name they typed
                who = _("{name} (seat {seat}, signed in as {user})", name=view.names[s], seat=s, user=users[s])
            else:
                who = _("{name} (seat {seat})", name=view.names[s], seat=s)
            if kind == SeatKind.HUMAN:
                state = _("learner, joined") if taken else _("learner, not joined yet")
                label = _("Give {name}'s seat to a bot", name=view.names[s])
            else:
                state = kind_word(kind)
                label = _("Give the seat back to a learner")
            self._buttons[s].description = label
            self._buttons[s].disabled = view.closed
            self._labels[s].value = f"<span class='uno-seat-row'><b>{escape(who)}</b>: {escape(state)}</span>"
        if len(self.seat_rows.children) != view.players:
            self.seat_rows.children = [widgets.HBox([self._labels[s], self._buttons[s]])
                                       for s in range(view.players)]

    #: How many times, and how many seconds apart, the panel looks again for a taken seat's hub user.
    LOOK_AGAIN = 5
    LOOK_AGAIN_AFTER = 1.0

    def _hub_users(self, claimed: frozenset[int]) -> dict[int, str]:
        """On a hub teacher's page, the hub user of each taken seat (seat -> user name); asked
        of the book only when a taken seat has none yet, and not again for the same seats
        until a look again is due (the panel is drawn at every move)."""
        if self._table is None or claimed <= self._users.keys() or claimed == self._users_for:
            return self._users
        from .hub_page import seat_users, signed_in

        if signed_in() is None:  # a standalone server: no hub users
            return self._users
        if claimed != self._tried_for:
            self._tried_for, self._tries = claimed, 0
        self._users_for = claimed
        try:
            self._users = seat_users(self._table.handle.store, self._table.code)
        except Exception as exc:  # noqa: BLE001 - the names are extra: the seats are drawn without them
            log_traceback(exc, "reading the hub's seat book")
        if claimed - self._users.keys():
            self._look_again_soon()
        return self._users

    def _look_again_soon(self) -> None:
        # The learner's page notes her hub user in the book just after her seat reaches the
        # table, so this page can draw the seat first; and nothing else may change at the
        # table for a while (everyone waits for her move): look again a moment later.
        if self._again is not None or self._tries >= self.LOOK_AGAIN:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # plain Python (no kernel loop): the next change looks again
            return
        self._tries += 1
        self._again = loop.call_later(self.LOOK_AGAIN_AFTER, self._looked_again)

    def _looked_again(self) -> None:
        self._again = None
        self._users_for = None
        if self._view is not None:
            try:
                self.update(self._view)
            except Exception as exc:  # noqa: BLE001 - on the kernel's loop: the log, not the loop
                log_traceback(exc, "drawing the teacher's panel")

    def _switch(self, seat: int) -> None:
        if self._table is None or not 0 <= seat < len(self._kinds):
            return
        kind = self._kinds[seat]
        if kind != SeatKind.HUMAN:
            self._on_seat(seat, SeatKind.HUMAN)
        else:  # a seat that came with a learned bot gets that bot back
            self._on_seat(seat, SeatKind.LEARNED if seat in self._learned else SeatKind.SENSIBLE)
