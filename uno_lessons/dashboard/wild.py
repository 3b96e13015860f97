"""A wild card waiting for its colour (and, for a Wild Don't Talk, the player to silence),
or a 7 waiting for the player to swap hands with (H-SEVEN-ZERO), played in turn or as a
jump-in (H-JUMP).

Pure data, no widgets: the dashboard keeps one :class:`PendingWild` while the picker is
open and turns it into the engine move once it has everything the move needs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.cards import Card, Color
from ..engine.moves import Move


@dataclass(frozen=True)
class PendingWild:
    """A wild chosen by ``seat`` (``card`` None: the classic first-Wild draw, which only
    names a colour), with what has been picked so far. ``swap``: a 7 under H-SEVEN-ZERO,
    which needs no colour, only whom to swap with; ``jump``: played out of turn (H-JUMP)."""

    seat: int
    card: Card | None
    needs_target: bool = False
    color: Color | None = None
    target: int | None = None
    swap: bool = False
    jump: bool = False

    def with_color(self, color: Color) -> PendingWild:
        """The same wild with its colour picked."""
        return replace(self, color=color)

    def with_target(self, seat: int) -> PendingWild:
        """The same wild with the player to silence picked."""
        return replace(self, target=seat)

    @property
    def ready(self) -> bool:
        """Whether the move can be made now."""
        if self.swap:
            return self.target is not None
        return self.color is not None and (not self.needs_target or self.target is not None)

    @property
    def step(self) -> str:
        """What the picker asks for next: "color" or "target"."""
        return "color" if self.color is None and not self.swap else "target"

    def move(self) -> Move:
        """The engine move (once ``ready``)."""
        if self.card is None:
            return Move("draw", color=self.color)
        return Move("play", self.card, self.color, self.target)


def wild_needing_choice(card: Card, seat: int, legal: list[Move]) -> PendingWild | None:
    """A PendingWild if playing ``card`` needs a colour (and target) first, or (a 7 under
    H-SEVEN-ZERO, whose legal plays carry a target) whom to swap with; else None."""
    plays = [m for m in legal if m.kind == "play" and m.card == card]
    if not plays:
        return None
    if not card.is_wild:
        return PendingWild(seat, card, needs_target=True, swap=True) if plays[0].target is not None else None
    return PendingWild(seat, card, needs_target=plays[0].target is not None)

