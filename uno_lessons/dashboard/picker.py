"""The row a wild card opens: four colour buttons, then (for a Wild Don't Talk) one button
per player to silence, and Cancel; a 7 under H-SEVEN-ZERO opens the player buttons only
(whom to swap hands with). It shows a :class:`PendingWild` and reports choices."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..engine.cards import Color
from ..i18n import _
from ..render import card_words, color_swatch_html
from ..widgets import ColorPicker
from .wild import PendingWild


class WildPicker:
    """Colour, then target, for the wild waiting in the app; hidden when none waits."""

    def __init__(self, on_color: Callable[[Color], None], on_target: Callable[[int], None],
                 on_cancel: Callable[[], None]) -> None:
        W = widgets
        self._on_target = on_target
        self.label = W.HTML()
        self.colors = ColorPicker(on_pick=on_color)
        self.targets = W.HBox([])
        self.targets.add_class("uno-targets")
        self.cancel = W.Button(description="", layout=W.Layout(width="auto"))
        self.cancel.add_class("uno-pick-cancel")
        self.cancel.on_click(lambda _b: on_cancel())
        self.widget = W.HBox([self.label, self.colors, self.targets, self.cancel],
                             layout=W.Layout(display="none"))
        self.widget.add_class("uno-picker")
        self._seats: list[int] = []
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language."""
        self.cancel.description = _("Cancel")

    def update(self, pending: PendingWild | None, names: tuple[str, ...]) -> None:
        """Show what ``pending`` still needs, or hide."""
        if pending is None:
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = None
        if pending.swap:  # H-SEVEN-ZERO: a 7 asks only whom to swap hands with
            what = _("Your {card}: swap hands with whom?", card=card_words(pending.card)) if pending.card else ""
            self.label.value = f"<b id='uno-picker-label'>{escape(what)}</b>"
            self.colors.layout.display = "none"
            self._set_targets([s for s in range(len(names)) if s != pending.seat], names)
        elif pending.step == "color":
            what = (_("Choose the colour for your {card}:", card=card_words(pending.card)) if pending.card
                    else _("Choose the colour, then you draw:"))
            self.label.value = f"<b id='uno-picker-label'>{escape(what)}</b>"
            self.colors.layout.display = None
            self._set_targets([], names)
        else:
            self.label.value = (f"<b id='uno-picker-label'>{color_swatch_html(pending.color)} "
                                f"{escape(_('Who may not talk?'))}</b>")
            self.colors.layout.display = "none"
            self._set_targets([s for s in range(len(names)) if s != pending.seat], names)

    def _set_targets(self, seats: list[int], names: tuple[str, ...]) -> None:
        if seats == self._seats and all(b.description == names[s] for b, s in zip(self.targets.children, seats)):
            return
        for old in self.targets.children:
            old.close()
        buttons = []
        for s in seats:
            b = widgets.Button(description=names[s], layout=widgets.Layout(width="auto"))
            b.add_class("uno-target-btn")
            b.add_class(f"uno-target-{s}")
            b.on_click(lambda _b, s=s: self._on_target(s))
            buttons.append(b)
        self._seats = seats
        self.targets.children = buttons
