"""The public state of play that the table and seat views read from a game, and its wording.

Views read the game duck-typed (``getattr`` with defaults) so they also draw a ``GameView``,
a saved position or a hand-made stand-in in a lesson, not only a live ``Game``.
"""

from __future__ import annotations

from html import escape
from typing import Any, NamedTuple

from ..i18n import _

__all__ = ["PlayState", "plural", "direction_words"]


class PlayState(NamedTuple):
    """Who sits where, who plays now, which way play goes, the phase, the winner, who is silenced."""

    names: list[str]
    current: int | None
    direction: int
    phase: str
    winner: int | None
    silenced: int | None

    @classmethod
    def of(cls, game: Any) -> PlayState:
        """The state of ``game``, with defaults for whatever it does not have."""
        return cls(names=list(getattr(game, "names", [])),
                   current=getattr(game, "current_player", None),
                   direction=int(getattr(game, "direction", 1)),
                   phase=getattr(game, "phase", "turn"),
                   winner=getattr(game, "winner", None),
                   silenced=getattr(game, "silenced", None))

    def name(self, seat: int | None) -> str:
        """The HTML-escaped name of ``seat``: "Seat 3" when unnamed, "?" when nobody."""
        if seat is None:
            return "?"
        return escape(self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat}")


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an "s" unless ``n`` is 1: "1 card", "2 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def direction_words(direction: int) -> tuple[str, str]:
    """An arrow and the words for the direction of play (1 clockwise, -1 counter-clockwise)."""
    return ("↻", _("clockwise")) if direction >= 0 else ("↺", _("counter-clockwise"))
