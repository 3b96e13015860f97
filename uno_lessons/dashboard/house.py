"""The house rules on a dashboard page (docs/rules.md, "House rules"): their names and the
one line the New game… form says about each, the sentence that says which are on, the
stack (H-STACK), and the jump-in buttons of a learner's own seat (H-JUMP).

Words only come from here; whether a seat may jump in is the table's to say (the view's
``jump_ins``, the seat's own only), and a click goes to the table, which decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.moves import Move
from ..engine.rules import HOUSE_SWITCHES, house_rule_name
from ..i18n import _, ngettext
from ..render import card_words, css_code

#: A house rule's short name in the current language: the engine's, so a rule set's name
#: ("Encanto + stacking") and the form's labels say the same words.
house_name = house_rule_name


def house_line(switch: str) -> str:
    """The New game… form's one line about a house rule: what switching it on does."""
    lines = {
        "stacking": _("Stacking: a Draw Two may be answered with a Draw Two, a Wild Draw Four with a Wild "
                      "Draw Four; the next player draws the total."),
        "jump_in": _("Jump-in: a player holding a card identical to the top card may play it out of turn."),
        "seven_zero": _("Seven-zero: a 7 swaps hands with a player you choose; a 0 passes every hand on."),
        "draw_until_playable": _("Draw until playable: drawing goes on until a card that can be played comes."),
        "force_play": _("Forced play: a drawn card that can be played must be played."),
    }
    return lines[switch]


def house_sentence(house: Sequence[str]) -> str:
    """Which house rules are on, as a sentence ("House rules on: stacking, jump-in."), or
    the plain rules' sentence when none is."""
    if not house:
        return _("No house rules: the rules as written.")
    return _("House rules on: {rules}.", rules=", ".join(house_name(s) for s in HOUSE_SWITCHES if s in house))


def stack_sentence(stack: int) -> str:
    """H-STACK: the penalty stacked so far as a sentence ("Stack: 6 cards."); "" for none."""
    if not stack:
        return ""
    return ngettext("Stack: {n} card to draw, unless it is stacked on.",
                    "Stack: {n} cards to draw, unless they are stacked on.", stack)


def house_html(house: Sequence[str], stack: int) -> str:
    """The house-rules line and, when something is stacked, the stack, for the status area."""
    parts = [f"<div class='uno-house-on' data-house='{escape(' '.join(house))}'>{escape(house_sentence(house))}</div>"]
    if stack:
        parts.append(f"<div class='uno-stack' data-stack='{stack}'><b>{escape(stack_sentence(stack))}</b></div>")
    return "".join(parts)


def jump_label(card: Card) -> str:
    """A jump-in button's name: "Jump in with red 5"."""
    return _("Jump in with {card}", card=card_words(card))


class JumpInBar:
    """One "Jump in with …" button per card this seat can jump in with now (a 7 under
    H-SEVEN-ZERO is one button: whom to swap with is asked next); hidden when there is none.
    ``on_jump(card, needs_target)`` is called with the card clicked."""

    def __init__(self, on_jump: Callable[[Card, bool], None]) -> None:
        self._on_jump = on_jump
        self._shown: list[tuple[Card, bool]] = []
        self.widget = widgets.HBox([], _dom_classes=("uno-jump-ins",), layout=widgets.Layout(display="none"))

    def update(self, options: Sequence[Move]) -> None:
        """Show a button for each card among ``options`` (the seat's own jump-ins)."""
        cards: dict[Card, bool] = {}
        for move in options:
            if move.card is not None:
                cards[move.card] = cards.get(move.card, False) or move.target is not None
        shown = list(cards.items())
        self.widget.layout.display = None if shown else "none"
        if shown == self._shown and all(b.description == jump_label(c) for b, (c, _t) in zip(self.widget.children,
                                                                                              shown)):
            return
        for old in self.widget.children:
            old.close()
        buttons = []
        for card, needs_target in shown:
            b = widgets.Button(description=jump_label(card), tooltip=jump_label(card),
                               layout=widgets.Layout(width="auto"),
                               _dom_classes=("uno-jump-in", f"uno-jump-in-{css_code(card)}", "uno-act-primary"))
            b.on_click(lambda _b, c=card, t=needs_target: self._on_jump(c, t))
            buttons.append(b)
        self._shown = shown
        self.widget.children = buttons

    def relabel(self) -> None:
        """Words in the current language (the buttons are named afresh at the next update)."""
        self._shown = []

    def owned(self) -> list[widgets.Widget]:
        """The buttons shown now (to close them with the page)."""
        return list(self.widget.children)
