"""The page a learner sees first at a class table: choose a free seat, type a name, sit
down (or just watch). The seat's token then goes into the page's address, so a reload, a
closed tab or a restarted server brings the learner back to the same seat."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..i18n import _
from ..table import Store, TableError
from ..table.handles import TableHandle
from ..widgets import MessageView


class JoinForm:
    """Free seats of table ``code``; ``on_done(handle)`` gets the seat (or spectator) handle."""

    def __init__(self, store: Store, code: str, on_done: Callable[[TableHandle], None]) -> None:
        W = widgets
        self.store, self.code, self._on_done = store, code, on_done
        self.heading = W.HTML()
        self.seat = W.Dropdown(options=[], layout=W.Layout(width="auto"), style={"description_width": "initial"})
        self.seat.add_class("uno-join-seat")
        self.name = W.Text(value="", layout=W.Layout(width="auto"), style={"description_width": "initial"})
        self.name.add_class("uno-join-name")
        self.sit = W.Button(layout=W.Layout(width="auto"), button_style="primary")
        self.sit.add_class("uno-join-sit")
        self.sit.on_click(lambda _b: self.join())
        self.watch = W.Button(layout=W.Layout(width="auto"))
        self.watch.add_class("uno-join-watch")
        self.watch.on_click(lambda _b: self._on_done(self.store.watch(self.code)))
        self.message = MessageView()
        self.widget = W.VBox([self.heading, self.seat, self.name, W.HBox([self.sit, self.watch]), self.message])
        self.widget.add_class("uno-join")
        self.relabel()
        self.refresh()

    def relabel(self) -> None:
        """Words in the current language."""
        self.heading.value = (f"<h1 class='uno-dash-title'>{escape(_('Join UNO table {code}', code=self.code))}"
                              f"</h1><p>{escape(_('Choose a free seat and type your name.'))}</p>")
        self.seat.description = _("Your seat:")
        self.name.description = _("Your name:")
        self.name.placeholder = _("your first name")
        self.sit.description = _("Sit down")
        self.watch.description = _("Just watch")

    def refresh(self) -> None:
        """The seats that are free now."""
        state = self.store.load(self.code)
        free = state.free_seats()
        self.seat.options = [(_("Seat {seat} ({name})", seat=s, name=state.names[s]), s) for s in free]
        self.sit.disabled = not free
        if not free:
            self.message.info(_("Every learner's seat is taken; you can still watch."))

    def join(self) -> None:
        """Take the chosen seat under the typed name; say why not if that fails."""
        name = self.name.value.strip() or None
        try:
            handle = self.store.join(self.code, seat=self.seat.value, name=name)
        except TableError as exc:
            self.message.error(str(exc))
            self.refresh()
            return
        self._on_done(handle)
