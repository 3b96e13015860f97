"""The page a learner sees first in a class: type a name, sit down, and the server seats them
at one of the class's tables (:func:`~uno_lessons.table.classroom.seat_learner`); the page
then becomes that table's seat page, its address holding the seat's token and the class
code, so a reload brings the learner back to the same seat, or to the seat the teacher moved
them to (:func:`~uno_lessons.table.classroom.follow`).

:class:`ClassFollow` is the part a class learner's seat page gets besides the table: when the
teacher moves the learner (their seat goes to a bot), it says so and links the new seat.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from ..i18n import _
from ..table import Store, Table
from ..table.classroom import follow, seat_learner
from ..table.handles import SeatHandle
from ..widgets import MessageView
from ..widgets.page import PageBridge, on_callback_error
from .safety import REFUSALS, guarded
from .sentences import something_went_wrong


def seat_address(handle: SeatHandle, class_code: str, lang: str | None = None) -> dict[str, str]:
    """The address of a class learner's seat page: the table, the seat's token, the class."""
    return {k: v for k, v in (("table", handle.code), ("token", handle.token), ("class", class_code),
                              ("lang", lang)) if v}


class ClassJoinForm:
    """Type a name and sit down in class ``code``; ``on_done(handle)`` gets the seat the
    server chose. ``bridge`` (the page's) titles the page and says each message once."""

    def __init__(self, store: Store, code: str, on_done: Callable[[SeatHandle], None],
                 bridge: PageBridge | None = None) -> None:
        W = widgets
        self.store, self.code, self._on_done, self.bridge = store, code, on_done, bridge
        self.heading = W.HTML()
        # Sent when the field is left or Sit down is clicked, as the table's join form does.
        self.name = W.Text(value="", continuous_update=False, layout=W.Layout(width="auto"),
                           style={"description_width": "initial"}, _dom_classes=("uno-join-name",))
        self.sit = W.Button(layout=W.Layout(width="auto"), button_style="primary", _dom_classes=("uno-join-sit",))
        self.sit.on_click(guarded(lambda _b: self.join(), refused=lambda exc: self._say(str(exc)),
                                  failed=lambda: self._say(something_went_wrong())))
        self.message = MessageView()
        self.widget = W.VBox([self.heading, self.name, W.HBox([self.sit]), self.message],
                             _dom_classes=("uno-join", "uno-class-join"))
        self.relabel()
        on_callback_error(lambda _exc: self._say(something_went_wrong()) if self.message.comm is not None else None)

    def relabel(self) -> None:
        """Words in the current language."""
        if self.bridge is not None:
            self.bridge.title = _("UNO class {code}: sit down", code=self.code)
        self.heading.value = (f"<h1 class='uno-dash-title'>{escape(_('Join UNO class {code}', code=self.code))}"
                              f"</h1><p>{escape(_('Type your name and sit down: you will be given a seat at one of the class’s tables.'))}</p>")
        self.name.description = _("Your name:")
        self.name.placeholder = _("your first name")
        self.sit.description = _("Sit down")

    def join(self) -> None:
        """Sit down under the typed name where the server chooses; say why not if that fails."""
        try:
            handle = seat_learner(self.store, self.code, self.name.value)
        except REFUSALS as exc:
            self._say(str(exc))
            return
        self._on_done(handle)

    def _say(self, text: str) -> None:
        self.message.show("error", text)
        if self.bridge is not None:
            self.bridge.announce(text, assertive=True)


class ClassFollow:
    """On a class learner's seat page: when the teacher moves them to another table (their
    seat here is given to a bot), the new seat is taken and the page says so with a link to
    it. ``table`` is the page's table, ``lang`` the page's language parameter."""

    def __init__(self, store: Store, class_code: str, table: Table, bridge: PageBridge | None = None,
                 lang: str | None = None) -> None:
        self.store, self.class_code, self.table, self.bridge, self.lang = store, class_code, table, bridge, lang
        self.widget = widgets.HTML(_dom_classes=("uno-class-moved",), layout=widgets.Layout(display="none"))
        self.moved: SeatHandle | None = None
        self._looked = -1  # the class log's length at the last look: a move is a class record
        table.observe(lambda _events: self.look())

    def look(self) -> None:
        """If this seat went to a bot because the learner was moved, show where to go."""
        handle = self.table.handle
        if self.moved is not None or not isinstance(handle, SeatHandle) or not handle.state.is_bot(handle.seat):
            return
        try:
            seq = self.store.seq(self.class_code)
            if seq == self._looked:
                return  # no move since the last look: the class log is as it was
            self._looked = seq
            moved = follow(self.store, self.class_code, handle.code, handle.token)
        except REFUSALS as exc:
            self._show(escape(str(exc)), str(exc))
            return
        if moved is None:
            return
        self.moved = moved
        link = "?" + urlencode(seat_address(moved, self.class_code, self.lang))
        text = _("Your teacher moved you to table {table}.", table=moved.code)
        go = _("Go to your new seat")
        self._show(f"{escape(text)} <a class='uno-class-go' href='{escape(link, quote=True)}'>{escape(go)}</a>",
                   text)

    def _show(self, html: str, said: str) -> None:
        self.widget.value = f"<p role='status' class='uno-class-moved-note'>{html}</p>"
        self.widget.layout.display = None
        if self.bridge is not None:
            self.bridge.announce(said, assertive=True)
