"""The action buttons under the hand: Draw, Keep, Pass, Say UNO, Challenge, Accept, Catch
(with whom) and Talk. Only what is possible now is enabled; the rest is hidden or off.

It reports clicks through the callbacks it is given; whether a click is allowed is decided
by the table, which answers with the engine's reason when it is not.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..engine.rules import Rules
from ..i18n import _, ngettext
from ..table.views import TableView


def _words(rules: Rules) -> dict[str, tuple[str, str]]:
    """Each button's name and tooltip, in the current language, with the numbers of ``rules``
    (the rules in force at the table)."""
    return {
        "draw": (_("Draw"), _("Draw one card")),
        "keep": (_("Keep"), _("Keep the card you drew")),
        "pass": (_("Pass"), _("Nothing to play and nothing to draw")),
        "uno": (_("Say UNO!"), _("Say UNO")),
        "challenge": (_("Challenge"), _("Challenge the Wild Draw Four")),
        "accept": _accept_words(0, rules),
        "catch": (_("Catch"), _("Call out a player who did not say UNO")),
        "talk": (_("Talk"), ngettext("Talk while silenced: draw {n} card", "Talk while silenced: draw {n} cards",
                                     rules.talk_penalty)),
    }


def _accept_words(stack: int, rules: Rules) -> tuple[str, str]:
    """The Accept button's name and tooltip: draw what a Wild Draw Four makes draw (the rules'
    count), or (H-STACK) the whole stack."""
    if not stack:
        n = rules.wild_draw_four_count
        return (ngettext("Accept (draw {n})", "Accept (draw {n})", n),
                ngettext("Draw {n} card and lose your turn", "Draw {n} cards and lose your turn", n))
    return (ngettext("Accept (draw {n})", "Accept (draw {n})", stack),
            ngettext("Draw the {n} stacked card and lose your turn", "Draw the {n} stacked cards and lose your turn",
                     stack))


def _button(kind: str, words: tuple[str, str], handler: Callable[[], None], primary: bool = False) -> widgets.Button:
    # Born with its words and classes: one message to the page, not one per trait set after.
    text, tip = words
    classes = (f"uno-act-{kind}", "uno-act-primary") if primary else (f"uno-act-{kind}",)
    b = widgets.Button(description=text, tooltip=tip, _dom_classes=classes, layout=widgets.Layout(width="auto"))
    b.on_click(lambda _b: handler())
    return b


class ActionBar:
    """Buttons for the moves that are not a card, and the table talk anyone may do."""

    def __init__(self, *, draw, keep, pass_, uno, challenge, accept, catch, talk) -> None:
        #: The rules in force at the table last drawn (the buttons' numbers are theirs).
        self.rules = Rules.encanto()
        words = _words(self.rules)
        self.draw = _button("draw", words["draw"], draw, True)
        self.keep = _button("keep", words["keep"], keep, True)
        self.pass_ = _button("pass", words["pass"], pass_, True)
        self.uno = _button("uno", words["uno"], uno)
        self.challenge = _button("challenge", words["challenge"], challenge, True)
        self.accept = _button("accept", words["accept"], accept, True)
        self.catch_target = widgets.Dropdown(options=[("", 0)], value=0, description=_("Catch whom:"),
                                             _dom_classes=("uno-catch-target",),
                                             layout=widgets.Layout(width="auto"),
                                             style={"description_width": "initial"})
        self.catch = _button("catch", words["catch"], lambda: catch(self.catch_target.value))
        self.talk = _button("talk", words["talk"], talk)
        self._buttons = {"draw": self.draw, "keep": self.keep, "pass": self.pass_, "uno": self.uno,
                         "challenge": self.challenge, "accept": self.accept, "catch": self.catch,
                         "talk": self.talk}
        # Accept before Challenge: the safe answer comes first in the reading and Tab order.
        self.widget = widgets.HBox([self.draw, self.keep, self.pass_, self.uno, self.accept,
                                    self.challenge, self.catch_target, self.catch, self.talk],
                                   _dom_classes=("uno-actions",))

    def relabel(self) -> None:
        """Words in the current language."""
        for kind, (text, tip) in _words(self.rules).items():
            self._buttons[kind].description, self._buttons[kind].tooltip = text, tip
        self.catch_target.description = _("Catch whom:")

    def update(self, view: TableView, seat: int | None, kinds: set[str], uno_counts: bool) -> None:
        """Show the buttons ``seat`` may use now (``kinds``: its legal move kinds)."""
        if seat is None:
            self.widget.layout.display = "none"
            return
        self.widget.layout.display = None
        play = view.play
        if play.rules is not self.rules and play.rules != self.rules:  # another table: its numbers
            self.rules = play.rules
            self.relabel()
        live = play.winner is None and not view.closed
        for b, kind in ((self.draw, "draw"), (self.keep, "keep"), (self.pass_, "pass"),
                        (self.challenge, "challenge"), (self.accept, "accept")):
            b.disabled = kind not in kinds
        self.keep.layout.display = None if "keep" in kinds else "none"
        self.pass_.layout.display = None if "pass" in kinds else "none"
        answering = "challenge" in kinds
        self.challenge.layout.display = None if answering else "none"
        # H-STACK: a stack of Draw Twos is accepted too (drawn in full), with no challenge.
        self.accept.layout.display = None if answering or "accept" in kinds else "none"
        text, tip = _accept_words(view.play.stack, self.rules)
        if self.accept.description != text:
            self.accept.description, self.accept.tooltip = text, tip
        self.uno.disabled = not (live and uno_counts)
        others = [s for s in range(view.players) if s != seat]
        options = [(view.names[s], s) for s in others] or [("", 0)]
        if list(self.catch_target.options) != options:
            self.catch_target.options = options
        if play.uno_window is not None and play.uno_window in others:
            self.catch_target.value = play.uno_window
        self.catch.disabled = self.catch_target.disabled = not live or not others
        silenced = live and play.silenced == seat
        self.talk.disabled = not silenced
        self.talk.layout.display = None if silenced else "none"
