"""Actions any seat may take at any time: saying UNO, calling out, talking (E-UNO, E-WDT)."""

from __future__ import annotations

import numpy as np

from ..i18n import _
from . import events as ev
from .moves import DRAWN, OVER, TURN, IllegalMove
from .reasons import no_such_seat

# What cannot be done once the hand is over, one whole sentence per action.
_HAND_OVER = {
    "uno": lambda **v: _("The hand is over ({winner} won): nobody can say UNO now.", **v),
    "catch": lambda **v: _("The hand is over ({winner} won): nobody can call anyone out now.", **v),
    "caught": lambda **v: _("The hand is over ({winner} won): nobody can be called out now.", **v),
    "talk": lambda **v: _("The hand is over ({winner} won): nobody can talk now.", **v),
}


_SEAT_TYPES = (int, np.integer)  # a seat number (True/False pass too, as 1 and 0)


def uno_counts(hand_size: int, my_turn_before_playing: bool) -> bool:
    """E-UNO-5: would saying UNO count now, for a seat holding ``hand_size`` cards?

    It counts with one card, or with two while it is that seat's own turn before it has
    played (phase "turn", or "drawn" after drawing a playable card). The one place this rule
    is written: ``Game.uno_would_count`` and ``PlayerView.uno_would_count`` ask it for a seat
    of a game or of a seat's view, and the engine's ``say_uno``, the bots, the fast
    simulation and the dashboard ask those."""
    return hand_size == 1 or (hand_size == 2 and my_turn_before_playing)


class TableTalk:
    """Mixed into Game: what players say across the table, whoever's turn it is."""

    def uno_would_count(self, seat: int) -> bool:
        """E-UNO-5: would ``seat`` saying UNO count now (:func:`uno_counts` for this game)?
        ``seat`` must be a seat of the game; saying it again once said still counts."""
        return uno_counts(len(self.hands[seat]), seat == self.current_player and self.phase in (TURN, DRAWN))

    def say_uno(self, seat: int) -> bool:
        """``seat`` says "UNO" (E-UNO-1, E-UNO-5). Returns whether it counted."""
        self._check_seat(seat, "uno")
        counts = self.uno_would_count(seat)
        self._log.append((ev.SaidUno, seat, counts))
        if counts:
            self.uno_said.add(seat)
            if self.uno_window == seat:
                self.uno_window = None
            if self.silenced is not None:  # E-WDT-3, E-WDT-4
                self._log.append((ev.SilenceEnded, self.silenced))
                self.silenced = None
        elif seat == self.silenced:  # E-UNO-5: said at the wrong moment, it is talking
            self._talked(seat)
        return counts

    def catch(self, caller: int, target: int) -> bool:
        """``caller`` calls out ``target`` for not saying UNO (E-UNO-2, E-UNO-3). Returns
        whether ``target`` was penalised."""
        self._check_seat(caller, "catch")
        self._check_seat(target, "caught")
        if caller == target:
            raise IllegalMove(_("{name} cannot call out themselves.", name=self.names[caller]))
        if caller == self.silenced:  # E-WDT-5: calling out is talking
            self._talked(caller)
        caught = target == self.uno_window and len(self.hands[target]) == 1 and target not in self.uno_said
        self._log.append((ev.CaughtOut, caller, target, caught))
        if caught:
            self.uno_window = None
            self._penalty(target, self.rules.uno_penalty, "uno")
        return caught

    def talk(self, seat: int) -> bool:
        """``seat`` talks; a silenced player draws three (E-WDT-2). Returns whether penalised."""
        self._check_seat(seat, "talk")
        if seat == self.silenced:
            self._talked(seat)
            return True
        self._log.append((ev.Talked, seat, False))
        return False

    def _talked(self, seat: int) -> None:
        self._log.append((ev.Talked, seat, True))
        self._penalty(seat, self.rules.talk_penalty, "talk")

    def _check_seat(self, seat: int, action: str) -> None:
        if self.phase == OVER:
            raise IllegalMove(_HAND_OVER[action](winner=self.names[self.winner]))
        if (type(seat) is not int and not isinstance(seat, _SEAT_TYPES)) or not 0 <= seat < len(self.hands):
            raise IllegalMove(no_such_seat(seat, len(self.hands)))
