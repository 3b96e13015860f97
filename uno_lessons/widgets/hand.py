"""A hand of card buttons that a keyboard and a screen reader can use.

Each card is a real ``<button>`` in a list item, its picture inside, named as a person says it
("green 0, playable", "blue 4, cannot be played now"); a card that cannot be played now has
``aria-disabled`` (it stays focusable and clickable, so a learner can still ask why), and in a
hand where cards are marked the buttons are toggles with ``aria-pressed``. The state is never
told by colour alone: a marked card has a gold frame and a check badge and is raised, a card
that cannot be played is greyed and striped. Browser tests find cards by the CSS classes
``uno-card-btn`` and ``uno-card-<code>`` (``css_code``: ``"W+4"`` -> ``uno-card-Wp4``).

The list is redrawn in place (the same button elements, new attributes), so keyboard focus
stays where it was when a card is marked or the hand changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine.cards import Card
from ..i18n import _
from ..render import card_svg, css_code
from ..render.words import card_state_words, cards_count

__all__ = ["HandView", "CardButton"]

#: The front end's build of ``voila/frontend/src/widgets/hand.{js,css}`` (anywidget reads each
#: file once per kernel and sends it with the widget's state, in JupyterLab as in Voilà).
_STATIC = Path(__file__).with_name("static")


class CardButton:
    """One card's button in a :class:`HandView`: what a test (or a teacher) can read and click."""

    def __init__(self, view: HandView, index: int) -> None:
        self.view = view
        self.index = index

    @property
    def card(self) -> Card:
        """The card on this button."""
        return self.view._cards[self.index]

    @property
    def description(self) -> str:
        """The button's accessible name ("green 0, playable")."""
        return self.view.items[self.index]["label"]

    @property
    def pressed(self) -> bool | None:
        """``aria-pressed``: True/False for a marked/unmarked toggle, None when not a toggle."""
        return self.view.items[self.index]["pressed"]

    @property
    def disabled(self) -> bool:
        """``aria-disabled``: the card cannot be played now (it still answers a click)."""
        return bool(self.view.items[self.index]["disabled"])

    @property
    def classes(self) -> list[str]:
        """The button's CSS classes."""
        return self.view.items[self.index]["classes"].split()

    def click(self) -> None:
        """Click the card, as a learner would."""
        self.view._clicked(self.index)


class HandView(anywidget.AnyWidget):
    """A hand of card buttons: ``on_click(callback(index, card))``; marks with ``set_marks``
    (selected / dimmed) or ``set_playable``; ``selectable`` hands toggle a mark on click."""

    _esm = _STATIC / "hand.js"
    _css = _STATIC / "hand.css"
    #: One dict per card: code, classes, label (spoken name), pressed, disabled, svg, caption.
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: The list's name for screen readers ("Your hand, 7 cards").
    label = traitlets.Unicode("").tag(sync=True)
    #: What an empty hand says.
    empty_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, cards: Iterable[Card | str] = (), on_click: Callable[[int, Card], Any] | None = None,
                 selectable: bool = True, face_down: bool = False, width: int = 64,
                 name: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.selectable = selectable
        self.face_down = face_down
        self.width = width
        self.name = name
        self.selected: set[int] = set()
        self.dim: set[int] = set()
        self.playable: set[int] | None = None
        self._callbacks: list[Callable[[int, Card], Any]] = []
        self._cards: list[Card] = []
        self.on_msg(self._on_message)
        if on_click is not None:
            self.on_click(on_click)
        self.cards = cards

    # ------------------------------------------------------------------ public API
    @property
    def cards(self) -> list[Card]:
        """The cards shown (a copy); setting it redraws and clears every mark."""
        return list(self._cards)

    @cards.setter
    def cards(self, value: Iterable[Card | str]) -> None:
        self._cards = [Card.parse(c) for c in value]
        self.selected, self.dim, self.playable = set(), set(), None
        self._refresh()

    @property
    def buttons(self) -> list[CardButton]:
        """One :class:`CardButton` per card, in order."""
        return [CardButton(self, i) for i in range(len(self._cards))]

    def on_click(self, callback: Callable[[int, Card], Any], remove: bool = False) -> None:
        """Call ``callback(index, card)`` when a card is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def set_marks(self, *, selected: Iterable[int] | None = None, dim: Iterable[int] | None = None) -> None:
        """Set the selected and/or dimmed ("cannot be played now") card indices and redraw."""
        if selected is not None:
            self.selected = set(selected)
        if dim is not None:
            self.dim = set(dim)
            self.playable = None
        self._refresh()

    def set_playable(self, playable: Iterable[int] | None) -> None:
        """Say which cards can be played now (the others are dimmed); None: say nothing."""
        if playable is None:
            self.playable, self.dim = None, set()
        else:
            self.playable = set(playable)
            self.dim = set(range(len(self._cards))) - self.playable
        self._refresh()

    def clear_selection(self) -> None:
        """Unselect every card."""
        self.set_marks(selected=())

    def focus_selector(self, index: int = 0) -> str:
        """A CSS selector for card ``index``'s button in this view (for ``PageBridge.focus``)."""
        return f".uno-hand-{self.model_id[:12]} .uno-card-btn[data-index=\"{index}\"]"

    def __repr__(self) -> str:
        # Shown where the widget cannot be drawn (a cell that has not run): say so, in words.
        return _("{hand} (run this cell to use these card buttons): {codes}", hand=self._label(),
                 codes=" ".join(c.code for c in self._cards))

    # ------------------------------------------------------------------ internals
    def _label(self) -> str:
        n = len(self._cards)
        if self.name:
            return _("{name}, {count}", name=self.name, count=cards_count(n))
        return cards_count(n)

    def _item(self, i: int, card: Card) -> dict[str, Any]:
        sel, dimmed = i in self.selected, i in self.dim
        if self.face_down:
            label = _("face-down card {n}", n=i + 1)
            svg = card_svg(card, width=self.width, face_down=True, decorative=True)
            classes = "uno-card-btn uno-card-back"
        else:
            playable = None if self.playable is None and not dimmed else not dimmed
            label = card_state_words(card, playable=playable)
            svg = card_svg(card, width=self.width, selected=sel, dimmed=dimmed, decorative=True)
            if sel:
                svg = svg.replace("</svg>", _CHECK_BADGE + "</svg>")
            classes = f"uno-card-btn uno-card-{css_code(card)}"
        if dimmed:
            classes += " uno-illegal"
        return {"code": card.code, "classes": classes, "label": label, "svg": svg,
                "caption": "" if self.face_down else card.code,
                "pressed": (sel if self.selectable else None),
                # A toggle stays operable whatever the card's state; a card to play is marked
                # unavailable but keeps answering a click with the reason.
                "disabled": bool(dimmed and not self.selectable) or self.face_down}

    def _refresh(self) -> None:
        self.add_class(f"uno-hand-{self.model_id[:12]}")
        self.label = self._label()
        self.empty_text = _("(no cards)")
        self.items = [self._item(i, c) for i, c in enumerate(self._cards)]

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("cmd") != "click":
            return
        i = content.get("index")
        # A click on a card that a redraw has just replaced is ignored, not misapplied.
        if isinstance(i, int) and 0 <= i < len(self._cards) and self._cards[i].code == content.get("code"):
            self._clicked(i)

    def _clicked(self, index: int) -> None:
        if self.face_down:
            return
        if self.selectable:
            self.selected ^= {index}
            self._refresh()
        for cb in list(self._callbacks):
            cb(index, self._cards[index])


#: A dark check mark badge in the top right of a marked card (a mark not told by colour).
_CHECK_BADGE = ('<g class="uno-check" transform="translate(80,20)"><circle r="13" fill="#1d1d1d" '
                'stroke="#fff" stroke-width="2.5"/><path d="M-6,0 L-1.5,5 L7,-5" fill="none" '
                'stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></g>')
