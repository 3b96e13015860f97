"""The page a learner sees first at a class table: choose a free seat, type a name, sit
down (or just watch). The seat's token then goes into the page's address, so a reload, a
closed tab or a restarted server brings the learner back to the same seat.

Once the learner sits down or watches, the page closes every widget of this form (see
``entry``): a Sit down pressed again over the websocket then reaches nothing. Its callbacks
run guarded: a table that refuses, or a store that fails, is said in a sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..i18n import _
from ..table import Store, StoreError
from ..table.handles import TableHandle
from ..widgets import MessageView
from ..widgets.page import PageBridge, on_callback_error
from .safety import REFUSALS, guarded
from .sentences import something_went_wrong, table_closed_text


class JoinForm:
    """Free seats of table ``code``; ``on_done(handle)`` gets the seat (or spectator) handle.
    ``bridge`` (the page's) titles the page and says each message once to screen readers."""

    def __init__(self, store: Store, code: str, on_done: Callable[[TableHandle], None],
                 bridge: PageBridge | None = None) -> None:
        W = widgets
        self.store, self.code, self._on_done = store, code, on_done
        self.bridge = bridge
        self.heading = W.HTML()
        self.seat = W.Dropdown(options=[], layout=W.Layout(width="auto"), style={"description_width": "initial"})
        self.seat.add_class("uno-join-seat")
        # The name goes to the kernel when the field is left (Tab, or the click on Sit down),
        # not at every key: a front end sends only one update at a time and holds back the
        # rest, while a click is sent at once, so on a busy server "Ana" typed and Sit down
        # pressed quickly arrived as "A" (the keyboard browser test caught it in CI).
        self.name = W.Text(value="", continuous_update=False, layout=W.Layout(width="auto"),
                           style={"description_width": "initial"})
        self.name.add_class("uno-join-name")
        self.sit = W.Button(layout=W.Layout(width="auto"), button_style="primary")
        self.sit.add_class("uno-join-sit")
        g = self._guard
        self.sit.on_click(g(lambda _b: self.join()))
        self.watch = W.Button(layout=W.Layout(width="auto"))
        self.watch.add_class("uno-join-watch")
        self.watch.on_click(g(lambda _b: self.just_watch()))
        self.message = MessageView()
        self.widget = W.VBox([self.heading, self.seat, self.name, W.HBox([self.sit, self.watch]), self.message])
        self.widget.add_class("uno-join")
        self.relabel()
        self.refresh()
        on_callback_error(self._callback_failed)

    def _guard(self, callback):
        return guarded(callback, refused=self._refused, failed=lambda: self._say("error", something_went_wrong()))

    def _refused(self, exc: Exception) -> None:
        self._say("error", str(exc))
        self.refresh()

    def _callback_failed(self, _exc: BaseException) -> None:
        # The kernel's guard caught a failing callback (e.g. a crafted update to a field).
        if self.message.comm is not None:
            self._say("error", something_went_wrong())

    def relabel(self) -> None:
        """Words in the current language."""
        if self.bridge is not None:
            self.bridge.title = _("UNO class table {code}: choose a seat", code=self.code)
        self.heading.value = (f"<h1 class='uno-dash-title'>{escape(_('Join UNO table {code}', code=self.code))}"
                              f"</h1><p>{escape(_('Choose a free seat and type your name.'))}</p>")
        self.seat.description = _("Your seat:")
        self.name.description = _("Your name:")
        self.name.placeholder = _("your first name")
        self.sit.description = _("Sit down")
        self.watch.description = _("Just watch")

    def refresh(self) -> None:
        """The seats that are free now (the list as it was, if the store cannot say)."""
        try:
            state = self.store.load(self.code)
        except StoreError as exc:  # the store is away: keep the form as it is and say so
            self._say("error", str(exc))
            return
        if state.closed:  # nobody sits down any more; the final scores can still be watched
            self.seat.options = []
            self.sit.disabled = True
            self._say("info", table_closed_text())
            return
        free = state.free_seats()
        chosen = self.seat.value
        self.seat.options = [(_("Seat {seat} ({name})", seat=s, name=state.names[s]), s) for s in free]
        # Show a seat as chosen (the first free one), never an empty list box.
        self.seat.value = chosen if chosen in free else (free[0] if free else None)
        self.sit.disabled = not free
        if not free:
            self._say("info", _("Every learner's seat is taken; you can still watch."))

    def join(self) -> None:
        """Take the chosen seat under the typed name; say why not if that fails."""
        name = self.name.value.strip() or None
        try:
            handle = self.store.join(self.code, seat=self.seat.value, name=name)
        except REFUSALS as exc:
            self._say("error", str(exc))
            self.refresh()
            return
        self._on_done(handle)

    def just_watch(self) -> None:
        """Watch the table without a seat; say why not if that fails."""
        try:
            handle = self.store.watch(self.code)
        except REFUSALS as exc:
            self._say("error", str(exc))
            return
        self._on_done(handle)

    def _say(self, kind: str, text: str) -> None:
        self.message.show(kind, text)
        if self.bridge is not None:
            self.bridge.announce(text, assertive=kind == "error")
