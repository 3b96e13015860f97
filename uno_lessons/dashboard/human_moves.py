"""What a human's clicks do: play a card (a wild first asks for its colour and target), draw,
keep, pass, answer a Wild Draw Four, say UNO, catch someone, talk.

Every move goes through the engine; an illegal one shows the engine's own reason and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import Color
from ..engine.game import Game
from ..engine.moves import IllegalMove, Move


class HumanMoves:
    """Mixin for :class:`LiveGame`: the handlers behind the hand panel's buttons.

    A wild card does not move at once: it waits in ``_pending`` (seat, card, colour, target)
    until the picker has what the move needs."""

    def _human_move(self, move: Move) -> bool:
        """Apply ``move`` for the human to move; show the engine's reason if it is illegal."""
        g = self.game
        seat = g.current_player
        if g.winner is not None:
            self._say("error", f"The hand is over: {g.names[g.winner]} won.")
            self.refresh()
            return False
        if not self._is_human(seat):
            self._say("error", f"Wait: it is {g.names[seat]}'s turn, and {g.names[seat]} is a bot.")
            self.refresh()
            return False
        before = len(g.events)
        try:
            g.apply(move)
        except IllegalMove as exc:
            self._say("error", str(exc))
            self.refresh(hand=False)
            return False
        self._pending = None
        self._after_change(before, moved=True)
        self.refresh()
        self._schedule()
        return True

    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button of the shown hand does."""
        if not 0 <= index < len(self._shown):
            return
        card = self._shown[index]
        g = self.game
        seat = g.current_player
        if g.winner is None and self._is_human(seat) and card.is_wild:
            plays = [m for m in g.legal_moves() if m.kind == "play" and m.card == card]
            if plays:
                self._pending = {"seat": seat, "card": card, "color": None, "target": None,
                                 "needs_target": plays[0].target is not None}
                self._say("info", f"Choose the colour for your {card.name}"
                          + (", then the player to silence." if plays[0].target is not None else "."))
                self.refresh()
                return
        self._pending = None
        self._human_move(Move("play", card))

    def _draw_clicked(self) -> None:
        g = self.game
        if g.winner is None and self._is_human(g.current_player) and g.phase == "turn" \
                and g.current_color is None and any(m.kind == "draw" and m.color for m in g.legal_moves()):
            # Classic: a Wild was turned first, so the first player names the colour as they draw.
            self._pending = {"seat": g.current_player, "card": None, "color": None, "target": None,
                             "needs_target": False}
            self._say("info", "The first card is a Wild: choose the colour, then you draw.")
            self.refresh()
            return
        self._human_move(Move("draw"))

    # ------------------------------------------------------------------ the picker's answers
    def _color_chosen(self, color: Color) -> None:
        self._complete_pending("color", color)

    def _target_chosen(self, seat: int) -> None:
        self._complete_pending("target", seat)

    def _complete_pending(self, key: str, value) -> None:
        p = self._pending
        if p is None:
            return
        p[key] = value
        if p["color"] is None or (p["needs_target"] and p["target"] is None):
            self.refresh()
            return
        if p["card"] is None:
            move = Move("draw", color=p["color"])
        else:
            move = Move("play", p["card"], p["color"], p["target"])
        if not self._human_move(move):
            self._pending = None
            self.refresh()

    def _cancel_pending(self) -> None:
        self._pending = None
        self._say("info", "Cancelled. " + self._whose_turn_sentence())
        self.refresh()

    # ------------------------------------------------------------------ table talk
    def _table_talk(self, act: Callable[[Game, int], tuple[str, str]]) -> None:
        """Run ``act(game, seat)`` for the acting human, out of turn, and show what it returns
        as ``(kind, text)``; an illegal call shows the engine's reason instead."""
        seat = self.acting_seat
        g = self.game
        if seat is None or g.winner is not None:
            return
        before = len(g.events)
        try:
            kind, text = act(g, seat)
        except IllegalMove as exc:
            self._say("error", str(exc))
            self.refresh(hand=False)
            return
        self._say(kind, text)
        self._after_change(before, moved=False)
        self.refresh()

    def _uno_clicked(self) -> None:
        def uno(g: Game, seat: int) -> tuple[str, str]:
            if g.say_uno(seat):
                return "ok", f"{g.names[seat]} says UNO!"
            return "error", f"{g.names[seat]} says UNO, but it does not count now (E-UNO-5)."

        self._table_talk(uno)

    def _catch_clicked(self) -> None:
        def catch(g: Game, seat: int) -> tuple[str, str]:
            target = self.catch_target.value
            if g.catch(seat, target):
                return "ok", f"Caught! {g.names[target]} did not say UNO and draws two cards."
            return "info", f"{g.names[target]} cannot be caught now: nothing happens (E-UNO-3)."

        self._table_talk(catch)

    def _talk_clicked(self) -> None:
        def talk(g: Game, seat: int) -> tuple[str, str]:
            if g.talk(seat):
                return "error", f"{g.names[seat]} is silenced and talked: three cards (E-WDT-2)."
            return "info", f"{g.names[seat]} talks; nobody minds."

        self._table_talk(talk)
