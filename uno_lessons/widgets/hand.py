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
from typing import Any

import anywidget
import traitlets

from ..engine.cards import Card
from ..i18n import _
from ..render import FOCUS, INK, card_svg, css_code
from ..render.words import card_state_words, cards_count

__all__ = ["HandView", "CardButton"]

_ESM = r"""
function sync(model, el) {
  const items = model.get("items");
  let list = el.querySelector("ul.uno-hand-list");
  let empty = el.querySelector(".uno-hand-none");
  if (!list) {
    list = document.createElement("ul");
    list.className = "uno-hand-list";
    el.appendChild(list);
    list.addEventListener("click", (ev) => {
      const btn = ev.target.closest("button.uno-card-btn");
      if (!btn || !list.contains(btn)) return;
      model.send({ cmd: "click", index: Number(btn.dataset.index), code: btn.dataset.code });
    });
  }
  if (!empty) {
    empty = document.createElement("p");
    empty.className = "uno-hand-none";
    el.appendChild(empty);
  }
  list.setAttribute("aria-label", model.get("label"));
  empty.textContent = model.get("empty_text");
  empty.hidden = items.length > 0;
  list.hidden = items.length === 0;
  const hadFocus = list.contains(document.activeElement);
  const focusIndex = hadFocus ? Number(document.activeElement.dataset.index) : -1;
  while (list.children.length > items.length) list.lastElementChild.remove();
  items.forEach((it, i) => {
    let li = list.children[i];
    if (!li) {
      li = document.createElement("li");
      li.innerHTML = '<button type="button"></button><span class="uno-code" aria-hidden="true"></span>';
      list.appendChild(li);
    }
    li.className = "uno-hand-item";
    const btn = li.firstElementChild, code = li.lastElementChild;
    btn.className = it.classes;
    btn.dataset.index = String(i);
    btn.dataset.code = it.code;
    btn.setAttribute("aria-label", it.label);
    if (it.pressed === null) btn.removeAttribute("aria-pressed");
    else btn.setAttribute("aria-pressed", it.pressed ? "true" : "false");
    if (it.disabled) btn.setAttribute("aria-disabled", "true");
    else btn.removeAttribute("aria-disabled");
    if (btn._svg !== it.svg) { btn.innerHTML = it.svg; btn._svg = it.svg; }
    code.textContent = it.caption;
  });
  // The focused card left the hand (played, taken away): keep focus in the hand.
  if (hadFocus && !list.contains(document.activeElement) && items.length) {
    list.children[Math.min(focusIndex, items.length - 1)].firstElementChild.focus();
  }
}
export default {
  render({ model, el }) {
    el.classList.add("uno-hand-view");
    sync(model, el);
    model.on("change:items", () => sync(model, el));
    model.on("change:label", () => sync(model, el));
    model.on("change:empty_text", () => sync(model, el));
  },
};
"""

_CSS = f"""
.uno-hand-view {{ max-width: 100%; }}
.uno-hand-view .uno-hand-list {{ display: flex; flex-flow: row wrap; align-items: flex-end;
  gap: 8px 6px; list-style: none; margin: 0; padding: 10px 4px 4px 4px; }}
.uno-hand-view .uno-hand-item {{ display: flex; flex-direction: column; align-items: center;
  gap: 3px; margin: 0; padding: 0; }}
.uno-hand-view .uno-card-btn {{ padding: 0; margin: 0; border: 0; background: none;
  border-radius: 10px; cursor: pointer; line-height: 0; }}
.uno-hand-view .uno-card-btn svg {{ filter: drop-shadow(1px 2px 2px rgba(0,0,0,.3));
  transition: transform .12s; }}
.uno-hand-view .uno-card-btn:hover svg {{ transform: translateY(-4px); }}
.uno-hand-view .uno-card-btn[aria-pressed="true"] svg {{ transform: translateY(-8px); }}
.uno-hand-view .uno-card-btn[aria-disabled="true"] {{ cursor: help; }}
.uno-hand-view .uno-card-btn:focus {{ outline: none; }}
.uno-hand-view .uno-card-btn:focus-visible {{ outline: 3px solid {FOCUS}; outline-offset: 3px;
  box-shadow: 0 0 0 3px #fff; }}
.uno-hand-view .uno-code {{ font: 600 13px/1.2 system-ui, 'Liberation Sans', 'DejaVu Sans', sans-serif;
  color: {INK}; background: #fff; border: 1px solid #767676; border-radius: 6px; padding: 1px 4px; }}
.uno-hand-view .uno-hand-none {{ color: #5f5f5f; font-style: italic; margin: 8px; }}
"""


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

    _esm = _ESM
    _css = _CSS
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
