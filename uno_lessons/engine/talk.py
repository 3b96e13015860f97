"""The rules of what any seat may say at any time, as pure functions (E-UNO, E-WDT): when
saying UNO counts, when a call-out catches someone, and why nothing can be said once the
hand is over. ``Game.say_uno``, ``Game.catch`` and ``Game.talk`` ask them; so do the
views, the bots, the fast simulation and (through the views) the dashboard.
"""

from __future__ import annotations

from ..i18n import _

__all__ = ["uno_counts", "is_caught", "hand_over"]

# What cannot be done once the hand is over, one whole sentence per action.
_HAND_OVER = {
    "uno": lambda **v: _("The hand is over ({winner} won): nobody can say UNO now.", **v),
    "catch": lambda **v: _("The hand is over ({winner} won): nobody can call anyone out now.", **v),
    "caught": lambda **v: _("The hand is over ({winner} won): nobody can be called out now.", **v),
    "talk": lambda **v: _("The hand is over ({winner} won): nobody can talk now.", **v),
}


def uno_counts(hand_size: int, my_turn_before_playing: bool) -> bool:
    """E-UNO-5: would saying UNO count now, for a seat holding ``hand_size`` cards?

    It counts with one card, or with two while it is that seat's own turn before it has
    played (phase "turn", or "drawn" after drawing a playable card). The one place this rule
    is written: ``Game.uno_would_count`` and ``PlayerView.uno_would_count`` ask it for a seat
    of a game or of a seat's view, and the engine's ``say_uno``, the bots, the fast
    simulation and the dashboard ask those."""
    return hand_size == 1 or (hand_size == 2 and my_turn_before_playing)


def is_caught(target: int, hand_size: int, uno_window: int | None, said_uno: bool) -> bool:
    """E-UNO-2, E-UNO-3: does calling out ``target`` (holding ``hand_size`` cards, having
    ``said_uno`` or not) catch them, while ``uno_window`` is the seat that may be caught?
    Only the seat whose window is open, down to one card and silent about it, is caught."""
    return target == uno_window and hand_size == 1 and not said_uno


def hand_over(action: str, winner: str) -> str:
    """Why ``action`` ("uno", "catch", "caught" or "talk") cannot be taken: the hand is over
    and ``winner`` (a name) won it."""
    return _HAND_OVER[action](winner=winner)
