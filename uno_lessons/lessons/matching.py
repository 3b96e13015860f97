"""E-MATCH: mark the cards that may be played on the top card, then read why for each card."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets
import numpy as np

from ..engine.cards import Card, Color, build_deck
from ..engine.moves import explain_match, matches
from ..i18n import N_, _, ngettext
from ..render import card_html, card_words, color_name, color_swatch_html
from ..widgets import HandView, MessageView
from ..widgets.page import page_bridge
from ._common import Lesson, button, feedback

#: Ready-made positions: (top card, colour in force for a wild top, hand).
#: The keys are the English names (N_), shown translated in the picker.
PRESETS = {
    N_("green 3 (the box example)"): ("G3", None, "G2 Y3 W W+4 WDT R7 B5"),
    N_("a Reverse on top"): ("YR", None, "BR Y5 G9 W R2 B+2"),
    N_("a Wild on top, blue chosen"): ("W", "B", "B4 G4 BS W+4 R9 YS"),
}


@dataclass(frozen=True)
class Verdict:
    """One card after checking: may it be played, did the learner mark it, and why."""

    card: Card
    playable: bool
    marked: bool
    reason: str

    @property
    def right(self) -> bool:
        """True when the learner's mark agrees with the rule."""
        return self.playable == self.marked


class MatchingTrainer(Lesson):
    """E-MATCH: click the cards you may play on the top card, press Check, read each reason."""

    title = N_("Which cards may be played?")
    rule_ids = ("E-MATCH",)

    def __init__(self, preset: str = "green 3 (the box example)", seed: int = 0, hand_size: int = 7) -> None:
        self.seed = seed
        self.hand_size = hand_size
        self.deals = 0
        self.preset_picker = widgets.Dropdown(options=[(_(k), k) for k in PRESETS], value=preset,
                                              description=_("Example"),
                                              layout=widgets.Layout(width="360px", max_width="100%"))
        self.new_button = button(_("New random deal"))
        self.check_button = button(_("Check"), style="primary")
        self.clear_button = button(_("Clear marks"))
        self.top_view = widgets.HTML()
        self.hand_view = HandView([], selectable=True, width=64, name=_("Your hand"))
        self.hand_view.on_click(lambda _i, _c: self._marked())
        self.message = MessageView(page=page_bridge())
        self.details = widgets.HTML()
        self.preset_picker.observe(lambda c: self.load(c["new"]), names="value")
        self.new_button.on_click(lambda _b: self.new_deal())
        self.check_button.on_click(lambda _b: self.check())
        self.clear_button.on_click(lambda _b: self.clear())
        self.widget = self.box([
            self.header(),
            widgets.HBox([self.preset_picker, self.new_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.top_view,
            widgets.HTML("<div class='uno-muted'>" + _("Your hand: click every card you may play "
                                                       "(click again to unmark), then press Check.")
                         + "</div>"),
            self.hand_view,
            widgets.HBox([self.check_button, self.clear_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.details,
        ])
        self.load(preset)

    # ---------------------------------------------------------------- driving it
    def load(self, name: str) -> None:
        """Show one of the PRESETS positions."""
        top, color, hand = PRESETS[name]
        if self.preset_picker.value != name:
            self.preset_picker.value = name  # its observer calls load again
            return
        self.set_position(top, hand, color)

    def set_position(self, top: Card | str, hand, color: Color | str | None = None) -> None:
        """Any position: the top card, the hand (codes or cards), the colour in force."""
        self.top = Card.parse(top)
        in_force = Color.parse(color) if color is not None else self.top.color
        if in_force is None:  # only a wild card has no colour of its own
            raise ValueError("A wild top card needs the colour in force (color=...)")
        self.color: Color = in_force
        hand = hand.split() if isinstance(hand, str) else hand
        self.hand_view.cards = [Card.parse(c) for c in hand]
        self.verdicts: list[Verdict] = []
        chosen = self.color if self.top.is_wild else None
        if self.top.is_wild:
            where = _("The top card of the discard pile is a {card}; the colour chosen for it is {color}.",
                      card=card_words(self.top), color=color_name(self.color))
        else:
            where = _("The top card of the discard pile is {card} ({code}).", card=card_words(self.top),
                      code=self.top.code)
        self.top_view.value = (
            "<div style='display:flex;flex-flow:row wrap;align-items:center;gap:8px 18px;margin:4px 0'>"
            f"{card_html(self.top, width=84, chosen_color=chosen)}<div style='font-size:16px'>"
            f"{escape(where)}<br>{escape(_('Colour in force:'))} "
            f"{color_swatch_html(self.color)}</div></div>")
        self.message.info(_("Mark the cards that may be played, then press Check."))
        self.details.value = ""

    def new_deal(self) -> None:
        """A random (seeded) top card and hand, with at least two cards of each kind."""
        rng = np.random.default_rng([self.seed, self.deals])
        self.deals += 1
        deck = build_deck()
        while True:
            order = [deck[i] for i in rng.permutation(len(deck))]
            top, hand = order[0], order[1:1 + self.hand_size]
            color = Color(rng.choice([c.value for c in Color])) if top.is_wild else top.color
            good = sum(matches(c, top, color) for c in hand)
            if 2 <= good <= len(hand) - 2:
                break
        self.set_position(top, hand, color)

    def mark(self, *indices: int) -> None:
        """Mark (or unmark) cards by index, as clicking them would."""
        for i in indices:
            self.hand_view.buttons[i].click()

    def clear(self) -> None:
        """Unmark every card."""
        self.hand_view.set_playable(None)
        self.hand_view.set_marks(selected=())
        self.message.info(_("Marks cleared."))
        self.details.value = ""

    @property
    def marked(self) -> set[int]:
        """Indices of the cards the learner marked."""
        return set(self.hand_view.selected)

    def answer(self) -> set[int]:
        """Indices of the cards that may really be played."""
        return {i for i, c in enumerate(self.hand_view.cards) if matches(c, self.top, self.color)}

    def check(self) -> list[Verdict]:
        """Compare the marks with the rule; say for every card why it does or does not match."""
        marked = self.marked
        hand = self.hand_view.cards
        self.verdicts = [Verdict(c, matches(c, self.top, self.color), i in marked, self._reason(c, hand))
                         for i, c in enumerate(hand)]
        right = sum(v.right for v in self.verdicts)
        total = len(self.verdicts)
        # The buttons now say "playable" / "cannot be played now"; marks stay and can change.
        self.hand_view.set_playable([i for i, v in enumerate(self.verdicts) if v.playable])
        lines = []
        for v in self.verdicts:
            if v.right:
                lines.append(_("✔ {reason}", reason=v.reason))
            elif v.marked:
                lines.append(_("✘ You marked {code}, but: {reason}", code=v.card.code, reason=v.reason))
            else:
                lines.append(_("✘ You left {code} out, but: {reason}", code=v.card.code, reason=v.reason))
        if right == total:
            self.message.ok(_("All {total} right! The greyed, striped cards may not be played.", total=total))
        else:
            # A wrong answer is feedback to read, not an error: said politely.
            self.message.show("error", _("{right} of {total} right. Read the ✘ lines; the greyed, striped "
                                         "cards may not be played.", right=right, total=total),
                              assertive=False)
        self.details.value = feedback("info", _("Card by card:"), lines)
        return self.verdicts

    # ---------------------------------------------------------------- internals
    def _reason(self, card: Card, hand: list[Card]) -> str:
        reason = explain_match(card, self.top, self.color)
        if card.code == "W+4":
            same = [c.code for c in hand if c.color is self.color]
            if same:
                reason = ngettext(
                    "{reason} But careful (E-WD4-2): {cards} also matches {color}, so playing the Wild Draw "
                    "Four now would be a bluff that a challenge can catch.",
                    "{reason} But careful (E-WD4-2): {cards} also match {color}, so playing the Wild Draw "
                    "Four now would be a bluff that a challenge can catch.",
                    len(same), reason=reason, cards=", ".join(same), color=self.color.display_name)
        return reason

    def _marked(self) -> None:
        n = len(self.marked)
        # The button itself tells a screen reader it is now pressed: no announcement here.
        self.message.show("info", ngettext("{n} card marked. Press Check when ready.",
                                           "{n} cards marked. Press Check when ready.", n), announce=False)
