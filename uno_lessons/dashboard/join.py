"""The page a learner sees first at a class table: choose a free seat, type a name, sit
down (or just watch). The seat's token then goes into the page's address, so a reload, a
closed tab or a restarted server brings the learner back to the same seat."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..i18n import _
from ..page import PageBridge
from ..table import Store, TableError
from ..table.handles import TableHandle
from ..widgets import MessageView


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
        """The seats that are free now."""
        state = self.store.load(self.code)
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
        except TableError as exc:
            self._say("error", str(exc))
            self.refresh()
            return
        self._on_done(handle)

    def _say(self, kind: str, text: str) -> None:
        self.message.show(kind, text)
        if self.bridge is not None:
            self.bridge.announce(text, assertive=kind == "error")
