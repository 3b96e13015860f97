"""The base widget layer: small ipywidgets views built on uno_lessons.render.

This is the only module of the base layer that imports ipywidgets. Lessons and the
dashboard compose these views; browser tests find cards by the CSS classes
``uno-card-btn`` and ``uno-card-<code>`` (``css_code``: ``"W+4"`` -> ``uno-card-Wp4``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets

from .engine.cards import Card, Color
from .render import (
    COLORS_HEX,
    TEXT_ON,
    back_svg,
    card_svg,
    css_code,
    log_html,
    seats_html,
    table_html,
)

__all__ = ["HandView", "TableView", "SeatsView", "LogView", "ColorPicker", "MessageView"]


def _call_all(callbacks: list[Callable[..., Any]], *args: Any) -> None:
    for cb in list(callbacks):
        cb(*args)


class HandView(widgets.HBox):
    """A hand of clickable cards: each card is its picture above a button named by its code."""

    def __init__(self, cards: Iterable[Card | str] = (), on_click: Callable[[int, Card], Any] | None = None,
                 selectable: bool = True, face_down: bool = False, width: int = 64, **kwargs: Any) -> None:
        kwargs.setdefault("layout", widgets.Layout(flex_flow="row wrap", align_items="flex-end",
                                                   max_width="100%", grid_gap="6px 4px"))
        super().__init__(**kwargs)
        self.add_class("uno-hand-view")
        self.selectable = selectable
        self.face_down = face_down
        self.width = width
        self.selected: set[int] = set()
        self.dim: set[int] = set()
        self.buttons: list[widgets.Button] = []
        self._pictures: list[widgets.HTML] = []
        self._callbacks: list[Callable[[int, Card], Any]] = []
        self._cards: list[Card] = []
        if on_click is not None:
            self.on_click(on_click)
        self.cards = cards

    @property
    def cards(self) -> list[Card]:
        """The cards shown (a copy); setting it re-renders and clears the selection."""
        return list(self._cards)

    @cards.setter
    def cards(self, value: Iterable[Card | str]) -> None:
        self._cards = [Card.parse(c) for c in value]
        self.selected = set()
        self.dim = set()
        self._build()

    def on_click(self, callback: Callable[[int, Card], Any], remove: bool = False) -> None:
        """Call ``callback(index, card)`` when a card's button is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def set_marks(self, *, selected: Iterable[int] | None = None, dim: Iterable[int] | None = None) -> None:
        """Set the selected and/or dimmed (e.g. not playable) card indices and redraw."""
        if selected is not None:
            self.selected = set(selected)
        if dim is not None:
            self.dim = set(dim)
        self._refresh()

    def clear_selection(self) -> None:
        """Unselect every card."""
        self.set_marks(selected=())

    def _svg(self, i: int) -> str:
        sel, dimmed = i in self.selected, i in self.dim
        if self.face_down:
            svg = back_svg(width=self.width, selected=sel, dimmed=dimmed)
        else:
            svg = card_svg(self._cards[i], width=self.width, selected=sel, dimmed=dimmed)
        return f'<div style="filter:drop-shadow(1px 2px 2px rgba(0,0,0,.3));line-height:0">{svg}</div>'

    def _build(self) -> None:
        self.buttons, self._pictures = [], []
        items = []
        bw = f"{self.width + 4}px"
        for i, card in enumerate(self._cards):
            pic = widgets.HTML(self._svg(i), layout=widgets.Layout(margin="0", width=bw))
            label = f"card {i + 1}" if self.face_down else card.code
            btn = widgets.Button(description=label, tooltip="face-down card" if self.face_down else card.name,
                                 disabled=self.face_down, layout=widgets.Layout(width=bw, height="30px",
                                                                                 margin="2px 0 0 0", padding="0"))
            btn.add_class("uno-card-btn")
            if not self.face_down:
                btn.add_class(f"uno-card-{css_code(card)}")
            btn.on_click(lambda _b, i=i: self._clicked(i))
            self.buttons.append(btn)
            self._pictures.append(pic)
            items.append(widgets.VBox([pic, btn], layout=widgets.Layout(align_items="center", margin="0 2px")))
        if not items:
            items = [widgets.HTML('<i style="color:#777">(no cards)</i>')]
        self.children = items
        self._refresh()

    def _refresh(self) -> None:
        for i, (pic, btn) in enumerate(zip(self._pictures, self.buttons)):
            pic.value = self._svg(i)
            btn.button_style = "warning" if i in self.selected else ""

    def _clicked(self, index: int) -> None:
        if self.selectable:
            self.selected ^= {index}
            self._refresh()
        _call_all(self._callbacks, index, self._cards[index])


class TableView(widgets.HTML):
    """The table (draw pile, top card, colour in force, direction, turn) of a game."""

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
        self.options = {k: kwargs.pop(k) for k in ("viewer", "highlight_skipped", "width") if k in kwargs}
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
    """Four colour buttons (Red, Yellow, Green, Blue); ``on_pick(callback(Color))``."""

    def __init__(self, on_pick: Callable[[Color], Any] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("layout", widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        super().__init__(**kwargs)
        self.add_class("uno-color-picker")
        self._callbacks: list[Callable[[Color], Any]] = []
        self.buttons: dict[Color, widgets.Button] = {}
        for color in Color:
            btn = widgets.Button(description=color.name.title(), tooltip=f"choose {color.label}",
                                 layout=widgets.Layout(width="96px", height="36px"))
            btn.style.button_color = COLORS_HEX[color]
            btn.style.text_color = TEXT_ON[color]
            btn.style.font_weight = "bold"
            btn.add_class("uno-color-btn")
            btn.add_class(f"uno-color-{color.label}")
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
    """One feedback message in an ok (green), error (red) or info (blue) box."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("uno-message-view")
        self.kind: str | None = None
        self.text = ""

    def show(self, kind: str, text: str) -> None:
        """Show ``text`` (plain text, escaped) as an ``ok``, ``error`` or ``info`` message."""
        icon, fg, bg = _MESSAGE_STYLES[kind]
        self.kind, self.text = kind, str(text)
        self.value = (f'<div class="uno-msg uno-msg-{kind}" role="{"alert" if kind == "error" else "status"}" '
                      f'style="border-left:6px solid {fg};background:{bg};color:#1d1d1d;padding:8px 12px;'
                      f'border-radius:8px;font-size:16px;line-height:1.35;max-width:100%;'
                      f'box-sizing:border-box;white-space:pre-wrap">'
                      f'<b style="color:{fg}">{icon}</b> {escape(self.text)}</div>')

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
