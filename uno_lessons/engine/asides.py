"""Out-of-turn actions as values (E-UNO, E-WDT, H-JUMP): what any seat may do while it is
not, or not only, its turn. Like :class:`~.moves.Move` for the player to move, each is a
small frozen value that says what is done, not how: ``Game.act`` makes one (after asking
:func:`~.reasons.why_refused` once whether it may be made), the table keeps them as its
records, the agents' environment numbers them and the bots' reactions yield them.

==================================  ==================================================
``SayUno(seat)``                    ``seat`` says "UNO" (E-UNO-1, E-UNO-5)
``Catch(caller, target)``           ``caller`` calls out ``target`` (E-UNO-2, E-UNO-3)
``Talk(seat)``                      ``seat`` talks (E-WDT-2: a silenced seat draws)
``JumpIn(seat, card, target)``      ``seat`` plays ``card`` out of turn (H-JUMP; ``target``:
                                    whom a 7 swaps with under H-SEVEN-ZERO, else None)
==================================  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .cards import Card

__all__ = ["SayUno", "Catch", "Talk", "JumpIn", "Aside"]


@dataclass(frozen=True, slots=True)
class SayUno:
    """``seat`` says "UNO" (E-UNO-1, E-UNO-5); made, it says whether it counted."""

    seat: int

    def __post_init__(self) -> None:
        _seats_as_ints(self, "seat")

    def __str__(self) -> str:
        return f"seat {self.seat} says UNO"


@dataclass(frozen=True, slots=True)
class Catch:
    """``caller`` calls out ``target`` for not saying UNO (E-UNO-2, E-UNO-3); made, it says
    whether ``target`` was caught."""

    caller: int
    target: int

    def __post_init__(self) -> None:
        _seats_as_ints(self, "caller", "target")

    @property
    def seat(self) -> int:
        """The seat that acts: the caller."""
        return self.caller

    def __str__(self) -> str:
        return f"seat {self.caller} calls out seat {self.target}"


@dataclass(frozen=True, slots=True)
class Talk:
    """``seat`` talks (E-WDT-2); made, it says whether ``seat`` was silenced and drew."""

    seat: int

    def __post_init__(self) -> None:
        _seats_as_ints(self, "seat")

    def __str__(self) -> str:
        return f"seat {self.seat} talks"


@dataclass(frozen=True, slots=True)
class JumpIn:
    """H-JUMP: ``seat`` plays ``card``, identical to the top card, out of turn (``target``:
    the seat a 7 swaps with under H-SEVEN-ZERO, else None); made, it gives the Move played."""

    seat: int
    card: Card
    target: int | None = None

    def __post_init__(self) -> None:
        _seats_as_ints(self, "seat", "target")
        # A card code ("R5") is welcome: the value always holds the Card itself.
        if not isinstance(self.card, Card):
            object.__setattr__(self, "card", Card.parse(self.card))

    def __str__(self) -> str:
        swap = "" if self.target is None else f" swapping hands with seat {self.target}"
        return f"seat {self.seat} jumps in with {self.card}{swap}"


#: Any out-of-turn action.
Aside = SayUno | Catch | Talk | JumpIn


def _seats_as_ints(action: Any, *names: str) -> None:
    """A seat given as a numpy integer (an agent's action, a simulation's array) is held as
    the int it stands for: the game keeps seats in its events and saves, and the compiled
    engine reads them as ints. Anything else stays as it came, for ``reasons.why_refused``
    to judge (True is no seat to jump in with)."""
    for name in names:
        seat = getattr(action, name)
        if isinstance(seat, np.integer):
            object.__setattr__(action, name, int(seat))
