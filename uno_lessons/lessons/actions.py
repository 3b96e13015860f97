"""E-ACT, E-DRAW: play Skip, Reverse, Draw Two, Wild or draw, and watch the seats change."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.cards import Card, Color, parse_cards
from ..engine.events import EVERYONE
from ..engine.game import Game
from ..engine.moves import IllegalMove
from ..i18n import N_, _, pgettext
from ..render import seats_html
from ..widgets import ColorPicker, HandView, LogView, MessageView, TableDisplay, ToggleChoice
from ..widgets.page import page_bridge
from ._common import Lesson, button, rule_badge

TOP = "G5"
HAND = "GS GR G+2 W R5 B1"
OTHERS = ("Y1 B2 R3 Y4 B6", "R1 Y2 B3 R4", "Y5 B7 R8 Y9")
#: The two draw piles to try: the next card matches, or it does not.
#: The keys are the English names (N_), shown translated in the picker.
NEXT_CARDS = {N_("G9 (it matches)"): "G9 Y6 B8 R2 Y3 B4 R6", N_("Y7 (it does not match)"): "Y7 Y6 B8 R2 Y3 B4 R6"}

#: Rule ids shown for each kind of card (True marks an official fill-in); the two badges
#: that are words, not ids, are English (N_) and translated where shown.
RULE_OF = {
    "S": (("E-ACT-4", False),),
    "R": (("E-ACT-3", False), (N_("E-ACT-3, two players"), True)),
    "+2": (("E-ACT-2", False), (N_("no stacking"), True)),
    "W": (("E-ACT-5", False), ("E-MATCH-3", False)),
    "draw": (("E-DRAW-1", False), ("E-DRAW-2", False)),
}


class ActionCardLab(Lesson):
    """E-ACT, E-DRAW: Ana's turn; click a card (or Draw) and watch what happens to the seats."""

    title = N_("Action cards and drawing")
    rule_ids = ("E-ACT", "E-DRAW")

    def __init__(self, players: int = 4) -> None:
        self.players_toggle = ToggleChoice([(_("4 players"), 4), (_("2 players"), 2)], value=players,
                                           description=_("Players"))
        self.pile_picker = widgets.Dropdown(options=[(_(k), k) for k in NEXT_CARDS],
                                            description=_("Next card"),
                                            layout=widgets.Layout(width="300px", max_width="100%"))
        self.reset_button = button(_("Start again"))
        self.draw_button = button(_("Draw a card"), name="draw")
        self.keep_button = button(_("Keep the drawn card"), name="keep")
        self.hand_view = HandView([], selectable=False, width=64, name=_("Ana's hand"))
        self.hand_view.on_click(lambda _i, card: self._clicked(card))
        self.picker = ColorPicker(on_pick=self._picked)
        self.picker_box = widgets.VBox([widgets.HTML("<b>" + _("Choose the colour for the Wild:") + "</b>"),
                                        self.picker])
        self.message = MessageView(page=page_bridge())
        self.rules_line = widgets.HTML()
        self.table = TableDisplay(None, width=64)
        self.before = widgets.HTML()
        self.after = widgets.HTML()
        self.log = LogView(max_lines=8, layout=widgets.Layout(width="460px", max_width="100%"))
        self._pending_wild: Card | None = None  # a Wild clicked, waiting for its colour
        self.players_toggle.observe(lambda _c: self.reset(), names="value")
        self.pile_picker.observe(lambda _c: self.reset(), names="value")
        self.reset_button.on_click(lambda _b: self.reset())
        self.draw_button.on_click(lambda _b: self.draw())
        self.keep_button.on_click(lambda _b: self.keep())
        self.widget = self.box([
            self.header(),
            widgets.HBox([self.players_toggle, self.pile_picker, self.reset_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HTML("<div class='uno-muted'>" + _("Ana's hand, her turn. Click a card to play it "
                                                       "(each try starts again from this position), or "
                                                       "draw.") + "</div>"),
            self.hand_view,
            widgets.HBox([self.draw_button, self.keep_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.picker_box, self.message, self.rules_line,
            widgets.HBox([self.before, self.after], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.table, self.log], layout=widgets.Layout(flex_flow="row wrap",
                                                                      grid_gap="10px")),
        ])
        self.reset(announce=False)

    # ---------------------------------------------------------------- driving it
    def start_position(self) -> Game:
        """The position every try starts from: top G5, Ana to play, clockwise."""
        n = self.players_toggle.value
        hands = [HAND, *OTHERS][:n]
        return Game.from_position(hands, ["R9", TOP], NEXT_CARDS[self.pile_picker.value], current=0)

    def reset(self, announce: bool = True) -> None:
        """Back to the start position."""
        self.game = self.start_position()
        self.skipped: int | None = None
        self._mark = len(self.game.events)
        self.picker_box.layout.display = "none"
        self.message.show("info", _("Top card {code}: Ana may play a green card, a 5 or a Wild. Try each one.",
                                    code=TOP), announce=announce)
        self.rules_line.value = ""
        self.before.value = self._seats(pgettext("the seats, before a move", "Before"), self.game)
        self._show()

    def play(self, card: Card | str, color: Color | str | None = None) -> bool:
        """Ana plays ``card`` (``color`` for a Wild); starts again first unless she just drew.
        Returns whether the play was allowed."""
        card = Card.parse(card)
        if self.game.phase != "drawn":
            self.reset()
        elif card != self.game.drawn:
            try:
                self.game.play(card, color)
            except IllegalMove as exc:
                self.message.error(str(exc))
                return False
        if card.is_wild and color is None:
            self.picker_box.layout.display = None
            self.message.info(_("A Wild matches anything. Choose its colour (E-ACT-5)."))
            self._pending_wild = card
            self.focus(".uno-color-btn")
            return False
        try:
            self.game.play(card, color)
        except IllegalMove as exc:
            self.message.error(str(exc))
            return False
        self.picker_box.layout.display = "none"
        self._report(card.rank.value if not card.is_wild else "W")
        return True

    def draw(self) -> Card:
        """Start again and let Ana draw one card (E-DRAW-1)."""
        self.reset(announce=False)
        card = self.game.draw()
        self._report("draw")
        return card

    def keep(self) -> bool:
        """Keep the drawn card (E-DRAW-2); only possible just after drawing a playable card."""
        try:
            self.game.keep()
        except IllegalMove as exc:
            self.message.error(str(exc))
            return False
        self._report("keep")
        # The Keep button is now disabled: focus goes back to the hand.
        self.page.focus(self.hand_view.focus_selector(0))
        return True

    # ---------------------------------------------------------------- internals
    def _clicked(self, card: Card) -> None:
        self.play(card)

    def _picked(self, color: Color) -> None:
        card = self._pending_wild
        if card is not None:
            self._pending_wild = None
            self.play(card, color)
            # The colour row closes: focus goes back to the Wild in the hand.
            index = next((i for i, c in enumerate(self.hand_view.cards) if c == card), 0)
            self.page.focus(self.hand_view.focus_selector(index))

    def _seats(self, title: str, game: Game, skipped: int | None = None) -> str:
        return (f"<div style='font-weight:700;margin:4px 0 0 8px'>{escape(title)}</div>"
                + seats_html(game, width=360, highlight_skipped=skipped))

    def _report(self, what: str) -> None:
        g = self.game
        new = g.events[self._mark:]
        self._mark = len(g.events)
        lines = [e.describe(g.names, EVERYONE) for e in new]
        self.skipped = next((e.seat for e in new if isinstance(e, ev.Skipped)), None)
        who = g.names[g.current_player]
        if g.phase == "drawn" and g.drawn is not None:  # in that phase the drawn card is always set
            tail = _("{code} matches, so Ana may play it now (click it) or keep it. Only the drawn card "
                     "may be played now.", code=g.drawn.code)
        elif what == "draw":
            tail = _("It does not match, so Ana's turn ends. Now it is {name}'s turn.", name=who)
        else:
            tail = _("Now it is {name}'s turn.", name=who)
        self.message.ok(_("{events} {next}", events=" ".join(lines), next=tail))
        key = "draw" if what in ("draw", "keep") else what
        ids = RULE_OF.get(key, ())
        if key == "R" and g.players != 2:
            ids = ids[:1]
        note = _("(marked “official”: an official Mattel rule)")
        self.rules_line.value = (escape(_("Rules:")) + " " + " ".join(rule_badge(_(r), official=o) for r, o in ids)
                                 + (f" <span class='uno-muted'>{escape(note)}</span>"
                                    if any(o for _r, o in ids) else ""))
        self._show()

    def _show(self) -> None:
        g = self.game
        # Every click starts from the same position, so the hand shown is the starting hand,
        # except just after a draw, when only the drawn card may be played.
        if g.phase == "drawn":
            self.hand_view.cards = g.hands[0]
            # Only the card just drawn (the last copy of it in the hand) may be played (E-DRAW-2).
            self.hand_view.set_playable([max(i for i, c in enumerate(g.hands[0]) if c == g.drawn)])
        else:
            self.hand_view.cards = parse_cards(HAND)
            start = self.start_position()
            legal = {m.card for m in start.legal_moves() if m.kind == "play"}
            self.hand_view.set_playable([i for i, c in enumerate(self.hand_view.cards) if c in legal])
        self.keep_button.disabled = g.phase != "drawn"
        self.after.value = self._seats(pgettext("the seats, after a move", "After"), g, self.skipped) if len(g.events) else ""
        self.table.update(g)
        self.log.update(g.narrate(EVERYONE))
