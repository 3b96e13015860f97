"""Small ipywidgets views built on uno_lessons.render: the table, the seats, the log, the
colour buttons and one feedback message."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..engine.cards import Color
from ..i18n import _
from ..render import COLORS_HEX, TEXT_ON, log_html, seats_html, table_html
from ..render.words import color_name
from .page import PageBridge

__all__ = ["TableDisplay", "SeatsView", "LogView", "ColorPicker", "MessageView"]


def _call_all(callbacks: list[Callable[..., Any]], *args: Any) -> None:
    for cb in list(callbacks):
        cb(*args)


class TableDisplay(widgets.HTML):
    """The table (draw pile, top card, colour in force, direction, turn) of a game, drawn
    (not :class:`uno_lessons.table.TableView`, the data a page may see of a class table)."""

    def __init__(self, game: Any = None, *, width: int = 90, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.width = width
        self.add_class("uno-table-view")
        self.update(game)

    def update(self, game: Any = None) -> None:
        """Redraw for ``game`` (or the last game given)."""
        if game is not None:
            self.game = game
        game = getattr(self, "game", None)
        self.value = "" if game is None else table_html(game, width=self.width)


class SeatsView(widgets.HTML):
    """The seats around the table in play order, with the current, silenced and winning seats."""

    def __init__(self, game: Any = None, **kwargs: Any) -> None:
        self.options: dict[str, Any] = {k: kwargs.pop(k) for k in ("viewer", "highlight_skipped", "width") if k in kwargs}
        super().__init__(**kwargs)
        self.add_class("uno-seats-view")
        self.update(game)

    def update(self, game: Any = None, **kw: Any) -> None:
        """Redraw for ``game``; keywords (viewer, highlight_skipped, width) go to seats_html."""
        if game is not None:
            self.game = game
        opts = {**self.options, **kw}
        game = getattr(self, "game", None)
        self.value = "" if game is None else seats_html(game, **opts)


class LogView(widgets.HTML):
    """The event log, newest line last, keeping the last ``max_lines`` sentences."""

    def __init__(self, max_lines: int = 12, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_lines = max_lines
        self.add_class("uno-log-view")
        self.update([])

    def update(self, lines: Iterable[str]) -> None:
        """Show these sentences (e.g. ``game.narrate(viewer)``)."""
        self.lines = list(lines)
        self.value = log_html(self.lines, last=self.max_lines)


class ColorPicker(widgets.HBox):
    """Four colour buttons (Red, Yellow, Green, Blue); ``on_pick(callback(Color))``. Each is
    named by its colour in words, with text at AA contrast on its colour."""

    def __init__(self, on_pick: Callable[[Color], Any] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("layout", widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        super().__init__(**kwargs)
        self.add_class("uno-color-picker")
        self._callbacks: list[Callable[[Color], Any]] = []
        self.buttons: dict[Color, widgets.Button] = {}
        for color in Color:
            name = color_name(color)
            # Born with its look and classes: one message to the page, not one per trait.
            btn = widgets.Button(description=name[:1].upper() + name[1:],
                                 tooltip=_("choose {color}", color=name),
                                 _dom_classes=("uno-color-btn", f"uno-color-{color.label}"),
                                 style={"button_color": COLORS_HEX[color], "text_color": TEXT_ON[color],
                                        "font_weight": "bold"},
                                 layout=widgets.Layout(width="auto", min_width="96px", height="36px"))
            btn.on_click(lambda _b, c=color: _call_all(self._callbacks, c))
            self.buttons[color] = btn
        self.children = list(self.buttons.values())
        if on_pick is not None:
            self.on_pick(on_pick)

    def on_pick(self, callback: Callable[[Color], Any], remove: bool = False) -> None:
        """Call ``callback(color)`` when a colour is chosen."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def set_disabled(self, disabled: bool) -> None:
        """Enable or disable all four buttons."""
        for btn in self.buttons.values():
            btn.disabled = disabled


_MESSAGE_STYLES = {
    "ok": ("✔", "#1e7a3c", "#e6f6eb"),
    "error": ("✖", "#b3261e", "#fdecea"),
    "info": ("ℹ", "#0956bf", "#e8f0fc"),
}


class MessageView(widgets.HTML):
    """One feedback message in an ok (green, ✔), error (red, ✖) or info (blue, ℹ) box.

    The box itself is not a live region (a region replaced on every update is rarely
    announced). Given a ``page`` (a :class:`~uno_lessons.widgets.page.PageBridge`, e.g.
    :func:`~uno_lessons.widgets.page.page_bridge`), each message is also said once through the page's
    persistent live region, politely, or assertively for an error; without one it is only
    shown (the owner announces)."""

    def __init__(self, *, page: PageBridge | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("uno-message-view")
        self.kind: str | None = None
        self.text = ""
        self.page = page

    def show(self, kind: str, text: str, *, announce: bool | None = None, assertive: bool | None = None) -> None:
        """Show ``text`` (plain text, escaped) as an ``ok``, ``error`` or ``info`` message;
        ``announce=False`` keeps this one silent, ``assertive`` overrides the default (an error
        is said assertively)."""
        icon, fg, bg = _MESSAGE_STYLES[kind]
        self.kind, self.text = kind, str(text)
        self.value = (f'<div class="uno-msg uno-msg-{kind}" '
                      f'style="border-left:6px solid {fg};background:{bg};color:#1d1d1d;padding:8px 12px;'
                      f'border-radius:8px;font-size:16px;line-height:1.35;max-width:100%;'
                      f'box-sizing:border-box;white-space:pre-wrap;overflow-wrap:anywhere">'
                      f'<b style="color:{fg}" aria-hidden="true">{icon}</b> {escape(self.text)}</div>')
        if self.page is not None and announce is not False:
            urgent = kind == "error" if assertive is None else assertive
            self.page.announce(self.text, assertive=urgent)

    def ok(self, text: str) -> None:
        """A success message."""
        self.show("ok", text)

    def error(self, text: str) -> None:
        """An error message (e.g. an IllegalMove's reason)."""
        self.show("error", text)

    def info(self, text: str) -> None:
        """A neutral message."""
        self.show("info", text)

    def clear(self) -> None:
        """Remove the message."""
        self.kind, self.text, self.value = None, "", ""
