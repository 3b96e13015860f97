"""The dashboard's top bar: title, New game…, the view (player, teacher, projector), whose
view, bots' auto-play, speed and Step, Next hand, and the language.

Which controls show depends on the page's role: a one-screen game has them all, the teacher
has view, speed and Next hand, a learner and a spectator only what concerns them.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..i18n import LANGUAGES, _, get_language
from ..table import Table
from ..table.records import SPEEDS
from ..table.views import TableView


def _show(w: widgets.Widget, on: bool) -> None:
    w.layout.display = None if on else "none"


def relabel_options(w: widgets.widgets.widget_selection._Selection, options: list[tuple[str, object]]) -> None:
    """New words for a selection's options, keeping its value (callers mute their observers:
    ipywidgets passes through the first option while options change)."""
    value = w.value
    w.options = options
    if value in [v for _label, v in options]:
        w.value = value


class TopBar:
    """The controls above the table; it reports changes through the callbacks it is given."""

    def __init__(self, *, on_view: Callable[[], None], on_seat: Callable[[], None],
                 on_auto: Callable[[bool], None], on_speed: Callable[[str], None],
                 on_step: Callable[[], None], on_next: Callable[[], None],
                 on_language: Callable[[str], None], speed: str | float, auto: bool) -> None:
        W = widgets
        self.title = W.HTML()
        self.settings_toggle = W.ToggleButton(value=False, layout=W.Layout(width="auto"))
        self.settings_toggle.add_class("uno-settings-toggle")
        self.view = W.ToggleButtons(options=[("Player view", "player")], value="player",
                                    style={"button_width": "auto"})
        self.view.add_class("uno-view-toggle")
        self._muted = False  # True while options are relabelled: no callbacks then
        self.view.observe(lambda _c: self._muted or on_view(), "value")
        self.seat = W.Dropdown(options=[("", 0)], value=0, layout=W.Layout(width="auto"),
                               style={"description_width": "initial"})
        self.seat.add_class("uno-view-seat")
        self.seat.observe(lambda _c: self._muted or on_seat(), "value")
        self.auto = W.Checkbox(value=auto, indent=False, layout=W.Layout(width="auto"))
        self.auto.add_class("uno-auto")
        self.auto.observe(lambda c: on_auto(c["new"]), "value")
        key = speed if isinstance(speed, str) else None
        if key is not None and key not in SPEEDS:
            raise ValueError(f"speed must be one of {list(SPEEDS)} or seconds")
        self._seconds = None if key else float(speed)  # seconds given as a number win until a click
        self.speed = W.ToggleButtons(options=list(SPEEDS), value=key or "fast", style={"button_width": "auto"})
        self.speed.add_class("uno-speed")

        def speed_clicked(change) -> None:
            if self._muted:
                return
            self._seconds = None
            on_speed(change["new"])

        self.speed.observe(speed_clicked, "value")
        self.step = W.Button(layout=W.Layout(width="auto"))
        self.step.add_class("uno-step")
        self.step.on_click(lambda _b: on_step())
        self.next_hand = W.Button(layout=W.Layout(width="auto"))
        self.next_hand.add_class("uno-next-hand")
        self.next_hand.on_click(lambda _b: on_next())
        self.language = W.Dropdown(options=[(v, k) for k, v in LANGUAGES.items()], value=get_language(),
                                   layout=W.Layout(width="auto"), style={"description_width": "initial"})
        self.language.add_class("uno-language")
        self.language.observe(lambda c: self._muted or on_language(c["new"]), "value")
        self.widget = W.HBox([self.title, self.settings_toggle, self.view, self.seat, self.auto, self.speed,
                              self.step, self.next_hand, self.language])
        self.widget.add_class("uno-dash-bar")
        self._role = "local"
        self._heading: Callable[[], str] = lambda: _("UNO live table")
        self.relabel()

    def set_heading(self, heading: Callable[[], str]) -> None:
        """The page's heading (like its title: what this page is), in the current language."""
        self._heading = heading
        self.title.value = f"<h1 class='uno-dash-title'>{escape(heading())}</h1>"

    def attach_settings(self, form) -> None:
        """Open and close the New game… form with the toggle."""
        self.settings_toggle.observe(lambda c: form.show(c["new"]), "value")
        form.on_close = lambda: setattr(self.settings_toggle, "value", False)

    def speed_seconds(self) -> float:
        """Seconds before each bot move, as chosen here."""
        return self._seconds if self._seconds is not None else SPEEDS[self.speed.value]

    def relabel(self) -> None:
        """Words in the current language."""
        self._muted = True
        try:
            self._relabel()
        finally:
            self._muted = False

    def _relabel(self) -> None:
        self.title.value = f"<h1 class='uno-dash-title'>{escape(self._heading())}</h1>"
        self.settings_toggle.description = _("New game…")
        self.settings_toggle.tooltip = _("Start a new game here, or a table for a whole class")
        self.seat.description = _("Whose view:")
        self.auto.description = _("Bots move by themselves")
        self.speed.tooltips = [_("{seconds} s before each bot move", seconds=format(v, "g")) for v in SPEEDS.values()]
        self.speed.description = _("Bot speed:")
        relabel_options(self.speed, [(self._speed_word(k), k) for k in SPEEDS])
        self.step.description = _("Step")
        self.step.tooltip = _("One bot move")
        self.next_hand.description = _("Next hand")
        self.language.description = _("Language:")
        self._view_options()

    @staticmethod
    def _speed_word(key: str) -> str:
        return {"slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "turbo": _("turbo")}[key]

    def _view_options(self) -> None:
        words = {"player": _("Player view"), "teacher": _("Teacher view"), "projector": _("Projector")}
        if self._role == "spectator":
            words["player"] = _("Table")
        keys = {"local": ("player", "teacher", "projector"), "teacher": ("teacher", "projector"),
                "seat": ("player",), "spectator": ("player", "projector")}[self._role]
        value = self.view.value if self.view.value in keys else keys[0]
        relabel_options(self.view, [(words[k], k) for k in keys])
        self.view.value = value

    def set_role(self, table: Table, view: str | None) -> None:
        """Show the controls this page's role may use."""
        self._role = table.role
        self._muted = True
        try:
            self._view_options()
            if view is not None and view in [v for _w, v in self.view.options]:
                self.view.value = view
            if table.is_teacher and not table.is_local:
                self.speed.value = table.state.speed
        finally:
            self._muted = False
        local, teacher = table.is_local, table.is_teacher
        _show(self.settings_toggle, local)
        _show(self.view, len(self.view.options) > 1)
        _show(self.auto, local)
        _show(self.step, local)
        _show(self.speed, teacher)
        _show(self.next_hand, teacher)
        if not local:
            self.settings_toggle.value = False

    @property
    def can_deal(self) -> bool:
        """Whether this page shows an enabled Next hand button."""
        return self.next_hand.layout.display != "none" and not self.next_hand.disabled

    def update(self, table: Table, view: TableView, seat: int | None) -> None:
        """Keep the seat list, Step and Next hand in step with the table."""
        options = [(n, s) for s, n in enumerate(view.names)]
        if list(self.seat.options) != options:
            self._muted = True
            try:
                relabel_options(self.seat, options)
            finally:
                self._muted = False
        _show(self.seat, table.is_local and seat is None and self.view.value == "player")
        play = view.play
        self.step.disabled = play.winner is not None or not table.state.is_bot(play.current_player)
        self.next_hand.disabled = play.winner is None or view.match_winner is not None
