"""E-UNO, E-WDT: say UNO, catch a player, silence a player with a Wild Don't Talk, talk."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.cards import Card, Color
from ..engine.events import EVERYONE, default_names
from ..engine.game import Game
from ..engine.moves import IllegalMove
from ..i18n import N_, _, ngettext
from ..render import color_name
from ..widgets import HandView, LogView, MessageView, SeatsView, TableDisplay
from ..widgets.page import page_bridge
from ._common import Lesson, button, feedback

#: The seats, by the built-in names (Ana, Ben…), given in the current language where shown.
SEATS = 4
HANDS = ("G5 R2", "WDT G8 Y1 B4", "Y9 B2 R4 G6", "R6 B7 Y3 G1")
PILE = "R1 Y2 B3 G4 R5 Y6 B8 G9 R8 Y4 B6 G2 R7 Y8 B9 G7 R3 Y5 B5 G0"


class UnoTalkLab(Lesson):
    """E-UNO, E-WDT: anyone may say UNO, talk or call someone out at any moment; see the penalties."""

    title = N_("Saying UNO, getting caught, and the Wild Don't Talk")
    rule_ids = ("E-UNO", "E-WDT")

    def __init__(self) -> None:
        seats = [(n, i) for i, n in enumerate(default_names(SEATS))]
        self.hand_label = widgets.HTML()
        self.hand_view = HandView([], selectable=False, width=60)
        self.hand_view.on_click(lambda _i, card: self.play(card))
        narrow = {"width": "220px", "max_width": "100%"}
        self.color_picker = widgets.Dropdown(options=[(color_name(c).capitalize(), c) for c in Color],
                                             value=Color.RED, description=_("Wild colour"),
                                             layout=widgets.Layout(**narrow))
        self.target_picker = widgets.Dropdown(options=seats, value=2, description=_("Silence"),
                                              layout=widgets.Layout(**narrow))
        self.draw_button = button(_("Draw"), name="draw")
        self.keep_button = button(_("Keep drawn card"), name="keep")
        self.actor = widgets.Dropdown(options=seats, value=0, description=_("Who"),
                                      layout=widgets.Layout(width="190px", max_width="100%"))
        self.uno_button = button(_("says “UNO!”"), style="info")
        self.talk_button = button(_("talks"))
        # Every control has a visible name: the one called out is picked in "Whom".
        self.catch_target = widgets.Dropdown(options=seats, value=0, description=_("Whom"),
                                             layout=widgets.Layout(width="190px", max_width="100%"))
        self.catch_button = button(_("calls them out"), style="warning")
        self.reset_button = button(_("Start again"), name="again")
        self.message = MessageView(page=page_bridge())
        self.status = widgets.HTML()
        self.seats = SeatsView(None, width=400)
        self.table = TableDisplay(None, width=60)
        self.log = LogView(max_lines=10, layout=widgets.Layout(width="440px", max_width="100%"))
        self.draw_button.on_click(lambda _b: self.draw())
        self.keep_button.on_click(lambda _b: self.keep())
        self.uno_button.on_click(lambda _b: self.say_uno(self.actor.value))
        self.talk_button.on_click(lambda _b: self.talk(self.actor.value))
        self.catch_button.on_click(lambda _b: self.catch(self.actor.value, self.catch_target.value))
        self.reset_button.on_click(lambda _b: self.reset())
        self.widget = self.box([
            self.header(),
            widgets.HTML("<div class='uno-muted'>" + _("Anyone, at any moment:") + "</div>"),
            widgets.HBox([self.actor, self.uno_button, self.talk_button, self.catch_target,
                          self.catch_button, self.reset_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.message, self.status,
            self.hand_label, self.hand_view,
            widgets.HBox([self.draw_button, self.keep_button, self.color_picker, self.target_picker],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.seats, self.log], layout=widgets.Layout(flex_flow="row wrap",
                                                                      grid_gap="10px")),
            self.table,
        ])
        self.reset(announce=False)

    # ---------------------------------------------------------------- driving it
    def reset(self, announce: bool = True) -> None:
        """The start position: top G3, Ana to play with two cards, Ben holds a Wild Don't Talk."""
        self.game = Game.from_position(HANDS, ["G3"], PILE, current=0, names=default_names(SEATS))
        self._mark = 0
        self.message.show("info", _("Ana has two cards. She may say UNO just before playing one, or forget…"),
                          announce=announce)
        self._show()

    def play(self, card: Card | str, color: Color | str | None = None, target: int | None = None) -> bool:
        """The current player plays ``card``; wilds use the colour (and target) pickers by default."""
        card = Card.parse(card)
        if card.is_wild:
            color = color if color is not None else self.color_picker.value
            if card.code == "WDT" and target is None:
                target = self.target_picker.value
        return self._do(lambda g: g.play(card, color, target))

    def draw(self) -> bool:
        """The current player draws a card."""
        return self._do(lambda g: g.draw())

    def keep(self) -> bool:
        """The current player keeps the card just drawn."""
        return self._do(lambda g: g.keep())

    def say_uno(self, seat: int) -> bool:
        """``seat`` says UNO (E-UNO-1, E-UNO-5, E-WDT-3, E-WDT-4)."""
        return self._do(lambda g: g.say_uno(seat))

    def talk(self, seat: int) -> bool:
        """``seat`` talks: a silenced player draws three (E-WDT-2)."""
        return self._do(lambda g: g.talk(seat))

    def catch(self, caller: int, target: int) -> bool:
        """``caller`` calls out ``target`` for not saying UNO (E-UNO-2, E-UNO-3)."""
        return self._do(lambda g: g.catch(caller, target))

    # ---------------------------------------------------------------- internals
    def _do(self, action) -> bool:
        g = self.game
        before = (g.current_player, g.winner, len(g.hands[g.current_player]))
        try:
            action(g)
        except IllegalMove as exc:
            self.message.error(str(exc))
            self._show()
            return False
        new = g.events[self._mark:]
        self._mark = len(g.events)
        text = " ".join(e.describe(g.names, EVERYONE) for e in new)
        penalties = [e for e in new if isinstance(e, ev.Drew) and e.reason in ("uno", "talk")]
        if penalties:
            # A penalty is part of the game, not an error of the page: said politely.
            self.message.show("error", _("Penalty! {events}", events=text), assertive=False)
        else:
            self.message.ok(text or _("Nothing happened."))
        self._show()
        self._move_focus(before)
        return True

    def _move_focus(self, before: tuple) -> None:
        """After a move that changes whose hand is shown, focus goes to that hand's first
        playable card (or Draw); when the hand is won, to Start again."""
        g = self.game
        if g.winner is not None:
            if before[1] is None:
                self.focus(".uno-btn-again")
            return
        if (g.current_player, g.winner, len(g.hands[g.current_player])) == before:
            return  # the same hand as before: focus stays where it is
        playable = self._playable()
        if playable:
            self.page.focus(self.hand_view.focus_selector(playable[0]))
        else:
            self.focus(".uno-btn-draw")

    def _playable(self) -> list[int]:
        g = self.game
        legal = {m.card for m in g.legal_moves() if m.kind == "play"}
        return [i for i, c in enumerate(g.hands[g.current_player]) if c in legal]

    def status_lines(self) -> list[str]:
        """Who is silenced, who may be caught, who said UNO, in words."""
        g = self.game
        lines = []
        if g.winner is not None:
            lines.append(_("{name} has won the hand. Start again to try more.", name=g.names[g.winner]))
        if g.silenced is not None:
            lines.append(ngettext(
                "{name} is silenced: talking costs {n} card. The silence ends as soon as anyone says UNO "
                "(E-WDT-3, E-WDT-4).",
                "{name} is silenced: talking costs {n} cards. The silence ends as soon as anyone says UNO "
                "(E-WDT-3, E-WDT-4).", g.rules.talk_penalty, name=g.names[g.silenced]))
        if g.uno_window is not None:
            lines.append(ngettext(
                "{name} has one card and did not say UNO: anyone may call them out until {next} makes a "
                "move (E-UNO-4). The penalty is {n} card.",
                "{name} has one card and did not say UNO: anyone may call them out until {next} makes a "
                "move (E-UNO-4). The penalty is {n} cards.", g.rules.uno_penalty,
                name=g.names[g.uno_window], next=g.names[g.current_player]))
        for seat in sorted(g.uno_said):
            lines.append(_("{name} said UNO in time: calling them out does nothing (E-UNO-3).", name=g.names[seat]))
        return lines

    def _show(self) -> None:
        g = self.game
        lines = self.status_lines()
        self.status.value = feedback("info", _("Now:"), lines) if lines else ""
        who = g.names[g.current_player]
        if g.winner is None:
            if g.phase == "drawn":
                text = _("{name}'s hand (it is {name}'s turn — they drew a playable card: play it or keep "
                         "it; click a card to play it):", name=who)
            else:
                text = _("{name}'s hand (it is {name}'s turn; click a card to play it):", name=who)
            self.hand_label.value = f"<b>{escape(text)}</b>"
            self.hand_view.name = _("{name}'s hand", name=who)
            self.hand_view.cards = g.hands[g.current_player]
            self.hand_view.set_playable(self._playable())
        else:
            self.hand_label.value = ""
            self.hand_view.cards = []
        self.keep_button.disabled = g.phase != "drawn"
        self.draw_button.disabled = g.winner is not None
        self.seats.update(g)
        self.table.update(g)
        self.log.update(g.narrate(EVERYONE))
