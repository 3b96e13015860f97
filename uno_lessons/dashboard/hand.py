"""The hand on the screen: one button per card, named as a person says it ("green 0,
playable"), or a face-up picture of a hand that is not clickable.

The panel draws what it is given and reports clicks by index; it knows nothing of the
table behind it. Buttons are reused slot by slot and only changed traits are sent, so a
redraw after each move costs a few small messages, not a new row of widgets.

A card that cannot be played now (or while it is not this seat's turn) is marked by a CSS
class that the page bridge turns into ``aria-disabled`` (see ``style.ARIA_RULES``), not by
``disabled``: it keeps keyboard focus (a disabled button drops it to the page's body after
every move) and a click on it says why not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from ..engine.cards import Card
from ..i18n import _, ngettext
from ..render import card_state_words, card_words, css_code, hand_html
from .style import CARD_H, CARD_W, card_button_css


def card_label(card: Card, *, my_turn: bool, playable: bool, pending: bool = False, swap: bool = False) -> str:
    """A card button's name with its state: "green 0, playable", "blue 4, cannot be played
    now", "Wild, waiting for its colour", "red 7, waiting for whom to swap with" (``swap``,
    H-SEVEN-ZERO), or just the card while it is not this seat's turn (the button is then
    ``aria-disabled``)."""
    if pending and swap:
        return _("{card}, waiting for whom to swap hands with", card=card_words(card))
    if pending:
        return _("{card}, waiting for its colour", card=card_words(card))
    return card_state_words(card, playable=playable if my_turn else None)


class HandPanel:
    """Card buttons for the seat this page plays, or a face-up hand to look at."""

    def __init__(self, on_card: Callable[[int], None]) -> None:
        W = widgets
        self._on_card = on_card
        self.cards: list[Card] = []
        self.buttons: list[widgets.Button] = []
        self.label = W.HTML()
        self.box = W.HBox([])
        self.box.add_class("uno-hand-btns")
        self.picture = W.HTML()  # a hand that is only looked at
        self.picture.add_class("uno-hand-picture")
        # One small <style> per card face, added the first time that card is shown (a page
        # loads a few pictures, not all 55).
        self._css: dict[str, widgets.HTML] = {}
        self.css_box = W.Box([], layout=W.Layout(display="none"))
        # The card buttons all have one size and the default look, and the <style> widgets
        # are never styled: they share one Layout and one Style model each instead of
        # bringing two of their own, which every page would create, send and draw.
        self._card_layout = W.Layout(width=f"{CARD_W}px", height=f"{CARD_H}px")
        self._card_style = W.ButtonStyle()
        self._css_layout, self._css_style = W.Layout(), HTMLStyle()
        self.widget = W.VBox([self.label, self.box, self.picture])
        self.widget.add_class("uno-hand-panel")

    def show_buttons(self, name: str, hand: Sequence[Card], playable: set[str], my_turn: bool,
                     pending: Card | None, explain_illegal: bool, swap: bool = False) -> None:
        """The clickable hand of ``name``: playable cards raised, the others striped and named
        as such; ``pending`` is the wild waiting for its colour (``swap``: the 7 waiting for
        whom to swap with)."""
        self.picture.layout.display = "none"
        self.box.layout.display = None
        n = len(hand)
        self.label.value = ("<h2 class='uno-dash-section' id='uno-your-hand'>"
                            + escape(ngettext("Your hand, {name}: {n} card", "Your hand, {name}: {n} cards",
                                              n, name=name)) + "</h2>")
        self.cards = list(hand)
        self._ensure_css(hand)
        for i, card in enumerate(hand):
            ok = card.code in playable
            classes = ["uno-card-btn", f"uno-card-{css_code(card)}", f"uno-slot-{i}"]
            if my_turn:
                classes.append("uno-legal" if ok else "uno-illegal")
            else:
                classes.append("uno-waiting")
            chosen = pending is not None and card == pending
            if chosen:
                classes.append("uno-pending")
            label = card_label(card, my_turn=my_turn, playable=ok, pending=chosen, swap=swap)
            disabled = not explain_illegal and not (my_turn and ok)
            if i == len(self.buttons):  # a new slot: born with its state, one message
                self.buttons.append(self._new_button(i, classes, label, disabled))
                continue
            b = self.buttons[i]
            if list(b._dom_classes) != classes:
                b._dom_classes = classes
            if b.description != label:
                b.description = label
                b.tooltip = label
            if b.disabled != disabled:
                b.disabled = disabled
        children = tuple(self.buttons[:n])
        if self.box.children != children:
            self.box.children = children

    def _new_button(self, i: int, classes: list[str], label: str, disabled: bool) -> widgets.Button:
        b = widgets.Button(description=label, tooltip=label, disabled=disabled, _dom_classes=classes,
                           layout=self._card_layout, style=self._card_style)
        b.on_click(lambda _b: self._on_card(i))
        return b

    def owned(self) -> list[widgets.Widget]:
        """Every card button and card-face style this panel made, shown or not (a shorter hand
        keeps its spare buttons out of the box): what closing the panel must close."""
        return [*self.buttons, *self._css.values()]

    @staticmethod
    def slot_selector(index: int) -> str:
        """A CSS selector for the ``index``-th card button (to move keyboard focus there)."""
        return f".uno-dash .uno-hand-btns .uno-slot-{index}"

    def show_picture(self, title: str, hand: Sequence[Card]) -> None:
        """A face-up hand that is not clickable (a bot's hand on a one-screen table)."""
        self.cards = []
        self.box.children = ()
        self.box.layout.display = "none"
        self.label.value = f"<h2 class='uno-dash-section'>{escape(title)}</h2>"
        self.picture.value = hand_html(list(hand), width=52, style=False)
        self.picture.layout.display = None

    def hide(self) -> None:
        """No hand on this page (a spectator, the projector)."""
        self.cards = []
        self.box.children = ()
        self.box.layout.display = "none"
        self.label.value = ""
        self.picture.value = ""
        self.picture.layout.display = "none"

    def _ensure_css(self, hand: Sequence[Card]) -> None:
        new = [c.code for c in hand if c.code not in self._css]
        for code in dict.fromkeys(new):
            self._css[code] = widgets.HTML(card_button_css(code), layout=self._css_layout, style=self._css_style)
        if new:
            self.css_box.children = tuple(self._css.values())
