"""The human's side of the table: the hand as card buttons, the action buttons, and the
colour / target picker a wild card opens.

Only what is legal now is enabled; cards that cannot be played stay clickable (dimmed)
when ``explain_illegal`` is on, so a learner can click one and read why not.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import Move
from ..render import color_swatch_html, css_code, hand_html
from ..widgets import ColorPicker
from .setup_form import SEAT_KINDS
from .style import CARD_H, CARD_W, card_button_css


def _button(text: str, cls: str, handler, tip: str = "") -> widgets.Button:
    b = widgets.Button(description=text, tooltip=tip, layout=widgets.Layout(width="auto"))
    b.add_class(cls)
    b.on_click(lambda _: handler())
    return b


class HandPanel:
    """Mixin for :class:`LiveGame`: builds and redraws the hand, actions and picker widgets.

    The click handlers (``click_card``, ``_draw_clicked``, …) come from
    :class:`~uno_lessons.dashboard.human_moves.HumanMoves`; ``game`` and ``_kinds`` from the app."""

    def _build_hand_panel(self) -> None:
        W = widgets
        self._pending: dict | None = None  # a wild waiting for its colour (and target)
        self._buttons: list[widgets.Button] = []
        self._shown: list[Card] = []
        self.hand_label = W.HTML()
        self.hand_box = W.HBox([])
        self.hand_box.add_class("uno-hand-btns")
        self.hand_html = W.HTML()  # a face-up hand that is not clickable (a bot's, in player view)
        # One small <style> per card face, added the first time that card is in a shown hand
        # (a page then loads a few pictures, not all 55).
        self._card_css: dict[str, widgets.HTML] = {}
        self._css_box = W.Box([], layout=W.Layout(display="none"))

        self.draw_button = _button("Draw", "uno-act-draw", self._draw_clicked, "draw one card")
        self.keep_button = _button("Keep", "uno-act-keep", lambda: self._human_move(Move("keep")),
                                   "keep the card you drew")
        self.pass_button = _button("Pass", "uno-act-pass", lambda: self._human_move(Move("pass")),
                                   "nothing to play and nothing to draw")
        self.uno_button = _button("Say UNO!", "uno-act-uno", self._uno_clicked, "say UNO")
        self.challenge_button = _button("Challenge", "uno-act-challenge",
                                        lambda: self._human_move(Move("challenge")),
                                        "challenge the Wild Draw Four")
        self.accept_button = _button("Accept (draw 4)", "uno-act-accept",
                                     lambda: self._human_move(Move("accept")), "draw four, lose the turn")
        self.catch_target = W.Dropdown(options=[("", 0)], value=0, layout=W.Layout(width="110px"))
        self.catch_target.add_class("uno-catch-target")
        self.catch_button = _button("Catch", "uno-act-catch", self._catch_clicked,
                                    "call out a player who did not say UNO")
        self.talk_button = _button("Talk", "uno-act-talk", self._talk_clicked,
                                   "talk while silenced: draw three")
        for b in (self.draw_button, self.keep_button, self.pass_button, self.challenge_button,
                  self.accept_button):
            b.add_class("uno-act-primary")
        self.actions = W.HBox([self.draw_button, self.keep_button, self.pass_button, self.uno_button,
                               self.challenge_button, self.accept_button, self.catch_button,
                               self.catch_target, self.talk_button])
        self.actions.add_class("uno-actions")

        self.picker_label = W.HTML()
        self.color_picker = ColorPicker(on_pick=self._color_chosen)
        self.target_buttons = W.HBox([])
        self.target_buttons.add_class("uno-targets")
        self.cancel_button = _button("Cancel", "uno-pick-cancel", self._cancel_pending)
        self.picker = W.HBox([self.picker_label, self.color_picker, self.target_buttons,
                              self.cancel_button], layout=W.Layout(display="none"))
        self.picker.add_class("uno-picker")

    # ------------------------------------------------------------------ the hand
    def _show_hand(self, acting: int | None, viewer: int, my_turn: bool, legal: list[Move], pv) -> None:
        g = self.game
        if acting is None:
            # Nobody human: show the viewed seat's hand face up, not clickable.
            self._set_buttons([], set(), False)
            seat = viewer
            self.hand_label.value = (f"<div class='uno-dash-section'>{escape(g.names[seat])}'s hand "
                                     f"({SEAT_KINDS[self._kinds[seat]]})</div>")
            self.hand_html.value = hand_html(pv.hand, width=52, style=False)
            self.hand_html.layout.display = None
            return
        self.hand_html.layout.display = "none"
        hand = list(pv.hand)  # the viewer is the acting human here
        playable = {m.card.code for m in legal if m.kind == "play"}
        self.hand_label.value = (f"<div class='uno-dash-section'>Your hand: {escape(g.names[acting])}"
                                 f" · {len(hand)} card{'s' if len(hand) != 1 else ''}</div>")
        self._shown = hand
        self._set_buttons(hand, playable if my_turn else set(), my_turn)

    def _set_buttons(self, hand: list[Card], playable: set[str], my_turn: bool) -> None:
        # Buttons are reused slot by slot and only changed traits are sent: a redraw after
        # each move then costs a few small messages, not a new row of widgets.
        new = [c.code for c in hand if c.code not in self._card_css]
        for code in dict.fromkeys(new):
            self._card_css[code] = widgets.HTML(card_button_css(code))
        if new:
            self._css_box.children = tuple(self._card_css.values())
        while len(self._buttons) < len(hand):
            i = len(self._buttons)
            b = widgets.Button(description="", layout=widgets.Layout(width=f"{CARD_W}px", height=f"{CARD_H}px"))
            b.on_click(lambda _, i=i: self.click_card(i))
            self._buttons.append(b)
        pending = self._pending["card"] if self._pending else None
        for i, b in enumerate(self._buttons[:len(hand)]):
            card = hand[i]
            classes = ["uno-card-btn", f"uno-card-{css_code(card)}", f"uno-slot-{i}"]
            if my_turn:
                classes.append("uno-legal" if card.code in playable else "uno-illegal")
            if pending is not None and card == pending:
                classes.append("uno-pending")
            if list(b._dom_classes) != classes:
                b._dom_classes = classes
            if b.description != card.code:
                b.description = card.code
                b.tooltip = card.name
            disabled = not my_turn or (not self.explain_illegal and card.code not in playable)
            if b.disabled != disabled:
                b.disabled = disabled
        children = tuple(self._buttons[:len(hand)])
        if self.hand_box.children != children:
            self.hand_box.children = children
        if not hand:
            self._shown = []

    # ------------------------------------------------------------------ the actions
    def _refresh_actions(self, g: Game, acting: int | None, my_turn: bool, kinds: set[str]) -> None:
        """Enable (and show) only the action buttons that are legal now."""
        self.draw_button.disabled = "draw" not in kinds
        self.keep_button.disabled = "keep" not in kinds
        self.pass_button.disabled = "pass" not in kinds
        self.pass_button.layout.display = None if "pass" in kinds else "none"
        self.challenge_button.disabled = "challenge" not in kinds
        self.accept_button.disabled = "accept" not in kinds
        respond = g.phase == "challenge" and my_turn
        self.challenge_button.layout.display = None if respond else "none"
        self.accept_button.layout.display = None if respond else "none"
        self.keep_button.layout.display = None if "keep" in kinds else "none"
        live = g.winner is None and acting is not None
        self.uno_button.disabled = not (live and self._uno_counts(acting))
        others = [s for s in range(g.players) if s != acting] if acting is not None else []
        options = [(g.names[s], s) for s in others] or [("", 0)]
        if list(self.catch_target.options) != options:
            self.catch_target.options = options
        if g.uno_window is not None and g.uno_window != acting and g.uno_window in others:
            self.catch_target.value = g.uno_window
        self.catch_button.disabled = not live or not others
        self.catch_target.disabled = not live or not others
        self.talk_button.disabled = not (live and g.silenced == acting)
        self.talk_button.layout.display = None if live and g.silenced == acting else "none"
        self.actions.layout.display = None if acting is not None else "none"

    def _uno_counts(self, seat: int) -> bool:
        g = self.game
        n = len(g.hands[seat])
        if seat in g.uno_said:
            return False
        return n == 1 or (n == 2 and seat == g.current_player and g.phase in ("turn", "drawn"))

    # ------------------------------------------------------------------ the picker
    def _refresh_picker(self, g: Game, my_turn: bool) -> None:
        """Colour / target picker for a wild (or the classic first-Wild draw)."""
        p = self._pending
        if p is not None and (not my_turn or p["seat"] != g.current_player):
            p = self._pending = None
        if p is None:
            self.picker.layout.display = "none"
            return
        self.picker.layout.display = None
        card = p["card"]
        what = f"your {card.name}" if card else "the game"
        if p["color"] is None:
            self.picker_label.value = f"<b>Colour for {escape(what)}:</b>"
        else:
            self.picker_label.value = (f"<b>{color_swatch_html(p['color'])} chosen. "
                                       f"Silence whom?</b>")
        self.color_picker.layout.display = None if p["color"] is None else "none"
        if p["needs_target"] and p["color"] is not None:
            self._set_targets([s for s in range(g.players) if s != p["seat"]])
        else:
            self.target_buttons.children = ()

    def _set_targets(self, seats: list[int]) -> None:
        if [b._seat for b in self.target_buttons.children] == seats:
            return
        for old in self.target_buttons.children:
            old.close()
        buttons = []
        for s in seats:
            b = widgets.Button(description=self.game.names[s], layout=widgets.Layout(width="auto"))
            b.add_class("uno-target-btn")
            b.add_class(f"uno-target-{s}")
            b._seat = s
            b.on_click(lambda _, s=s: self._target_chosen(s))
            buttons.append(b)
        self.target_buttons.children = buttons
