"""The dashboard's top bar: title, New game…, the view (player, teacher, projector), whose
view, bots' auto-play, speed and Step, Next hand, and the language.

Only the controls of the page's role are built (see :mod:`.roles`): a one-screen game has
them all, the teacher view, speed and Next hand, a learner and a spectator only what
concerns them. A control that is not built is None here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from ..i18n import LANGUAGES, _, get_language
from ..table import Table
from ..table.records import SPEEDS
from ..table.views import TableView
from .roles import PageMode, PagePlan, Role
from .sentences import is_bot


def _show(w: widgets.Widget | None, on: bool) -> None:
    if w is not None:
        w.layout.display = None if on else "none"


def relabel_options(w: widgets.widgets.widget_selection._Selection, options: Sequence[tuple[str, object]]) -> None:
    """New words for a selection's options, keeping its value (callers mute their observers:
    ipywidgets passes through the first option while options change)."""
    value = w.value
    w.options = options
    if value in [v for _label, v in options]:
        w.value = value


class TopBar:
    """The controls above the table; it reports changes through the callbacks it is given."""

    def __init__(self, plan: PagePlan, *, on_view: Callable[[], None], on_seat: Callable[[], None],
                 on_auto: Callable[[bool], None], on_speed: Callable[[str], None],
                 on_step: Callable[[], None], on_next: Callable[[], None],
                 on_language: Callable[[str], None], speed: str | float, auto: bool) -> None:
        W = widgets
        self.plan = plan
        self._muted = False  # True while options are relabelled: no callbacks then
        self.title = W.HTML()
        self.settings_toggle: widgets.ToggleButton | None = None
        if plan.setup:
            self.settings_toggle = W.ToggleButton(value=False, layout=W.Layout(width="auto"),
                                                  _dom_classes=("uno-settings-toggle",))
        self.view: widgets.ToggleButtons | None = None
        if plan.view_toggle:
            self.view = W.ToggleButtons(options=[("", k) for k in plan.views], value=plan.views[0],
                                        style={"button_width": "auto"}, _dom_classes=("uno-view-toggle",))
            self.view.observe(lambda _c: self._unless_muted(on_view), "value")
        self.seat: widgets.Dropdown | None = None
        if plan.viewed_seat:
            self.seat = W.Dropdown(options=[("", 0)], value=0, layout=W.Layout(width="auto"),
                                   style={"description_width": "initial"}, _dom_classes=("uno-view-seat",))
            self.seat.observe(lambda _c: self._unless_muted(on_seat), "value")
        self.auto: widgets.Checkbox | None = None
        self.step: widgets.Button | None = None
        if plan.bots:
            self.auto = W.Checkbox(value=auto, indent=False, layout=W.Layout(width="auto"),
                                   _dom_classes=("uno-auto",))
            self.auto.observe(lambda c: on_auto(c["new"]), "value")
            self.step = W.Button(layout=W.Layout(width="auto"), _dom_classes=("uno-step",))
            self.step.on_click(lambda _b: on_step())
        key = speed if isinstance(speed, str) else None
        if key is not None and key not in SPEEDS:
            raise ValueError(f"speed must be one of {list(SPEEDS)} or seconds")
        self._seconds = None if key else float(speed)  # seconds given as a number win until a click
        self.speed: widgets.ToggleButtons | None = None
        if plan.speed:
            self.speed = W.ToggleButtons(options=list(SPEEDS), value=key or "fast", style={"button_width": "auto"},
                                         _dom_classes=("uno-speed",))

            def speed_clicked(change) -> None:
                if self._muted:
                    return
                self._seconds = None
                on_speed(change["new"])

            self.speed.observe(speed_clicked, "value")
        self.next_hand: widgets.Button | None = None
        if plan.deal:
            self.next_hand = W.Button(layout=W.Layout(width="auto"), _dom_classes=("uno-next-hand",))
            self.next_hand.on_click(lambda _b: on_next())
        self.language = W.Dropdown(options=[(v, k) for k, v in LANGUAGES.items()], value=get_language(),
                                   layout=W.Layout(width="auto"), style={"description_width": "initial"},
                                   _dom_classes=("uno-language",))
        self.language.observe(lambda c: self._unless_muted(on_language, c["new"]), "value")
        parts = (self.title, self.settings_toggle, self.view, self.seat, self.auto, self.speed, self.step,
                 self.next_hand, self.language)
        self.widget = W.HBox([w for w in parts if w is not None], _dom_classes=("uno-dash-bar",))
        self._heading: Callable[[], str] = lambda: _("UNO live table")
        self.relabel()

    def _unless_muted(self, callback: Callable[..., None], *args: object) -> None:
        """Pass a change on, unless it is this bar's own relabelling."""
        if not self._muted:
            callback(*args)

    def set_heading(self, heading: Callable[[], str]) -> None:
        """The page's heading (like its title: what this page is), in the current language."""
        self._heading = heading
        self.title.value = f"<h1 class='uno-dash-title'>{escape(heading())}</h1>"

    def attach_settings(self, form) -> None:
        """Open and close the New game… form with the toggle."""
        toggle = self.settings_toggle
        if toggle is None:
            raise ValueError("this page has no New game… form")
        toggle.observe(lambda c: form.show(c["new"]), "value")
        form.on_close = lambda: setattr(toggle, "value", False)

    @property
    def mode(self) -> PageMode:
        """What the page shows: a player's view, every hand (teacher) or the projector's."""
        return PageMode(self.view.value) if self.view is not None else self.plan.views[0]

    @property
    def viewed_seat(self) -> int | None:
        """The seat a one-screen game looks at ("Whose view:"); None on other pages."""
        return self.seat.value if self.seat is not None else None

    @property
    def auto_on(self) -> bool:
        """Whether bots move by themselves (always, but on a one-screen game told otherwise)."""
        return self.auto.value if self.auto is not None else True

    def speed_seconds(self) -> float:
        """Seconds before each bot move, as chosen here."""
        if self._seconds is not None:
            return self._seconds
        return SPEEDS[self.speed.value if self.speed is not None else "normal"]

    def relabel(self) -> None:
        """Words in the current language."""
        self._muted = True
        try:
            self._relabel()
        finally:
            self._muted = False

    def _relabel(self) -> None:
        self.title.value = f"<h1 class='uno-dash-title'>{escape(self._heading())}</h1>"
        if self.settings_toggle is not None:
            self.settings_toggle.description = _("New game…")
            self.settings_toggle.tooltip = _("Start a new game here, or a table for a whole class")
        if self.seat is not None:
            self.seat.description = _("Whose view:")
        if self.auto is not None:
            self.auto.description = _("Bots move by themselves")
        if self.step is not None:
            self.step.description = _("Step")
            self.step.tooltip = _("One bot move")
        if self.speed is not None:
            self.speed.tooltips = [_("{seconds} s before each bot move", seconds=format(v, "g"))
                                   for v in SPEEDS.values()]
            self.speed.description = _("Bot speed:")
            relabel_options(self.speed, [(self._speed_word(k), k) for k in SPEEDS])
        if self.next_hand is not None:
            self.next_hand.description = _("Next hand")
        self.language.description = _("Language:")
        if self.view is not None:
            words = {PageMode.PLAYER: _("Player view"), PageMode.TEACHER: _("Teacher view"),
                     PageMode.PROJECTOR: _("Projector")}
            if self.plan.role == Role.SPECTATOR:
                words[PageMode.PLAYER] = _("Table")
            relabel_options(self.view, [(words[k], k) for k in self.plan.views])

    @staticmethod
    def _speed_word(key: str) -> str:
        return {"slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "turbo": _("turbo")}[key]

    def start(self, view: str | None, speed: str | None) -> None:
        """Show a new table as asked (``view``, when the page offers it) at the teacher's
        ``speed`` (a class table's; None: a one-screen game's own)."""
        self._muted = True
        try:
            if self.view is not None and view in self.plan.views:
                self.view.value = view
            if self.speed is not None and speed is not None:
                self.speed.value = speed
        finally:
            self._muted = False

    @property
    def can_deal(self) -> bool:
        """Whether this page shows an enabled Next hand button."""
        return self.next_hand is not None and not self.next_hand.disabled

    def update(self, table: Table, view: TableView, seat: int | None) -> None:
        """Keep the seat list, Step, speed and Next hand in step with the table."""
        if self.seat is not None:
            options = [(n, s) for s, n in enumerate(view.names)]
            if list(self.seat.options) != options:
                self._muted = True
                try:
                    relabel_options(self.seat, options)
                finally:
                    self._muted = False
            _show(self.seat, seat is None and self.mode == PageMode.PLAYER)
        play = view.play
        if self.step is not None:
            self.step.disabled = view.closed or play.winner is not None or not is_bot(view, play.current_player)
        if self.next_hand is not None:
            self.next_hand.disabled = view.closed or play.winner is None or view.match_winner is not None
        if self.speed is not None and not table.is_local:
            self.speed.disabled = view.closed
            if self.speed.value != view.speed:  # another teacher page changed it
                self._muted = True
                try:
                    self.speed.value = view.speed
                finally:
                    self._muted = False
