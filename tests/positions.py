"""Shared helpers for the engine's scenario tests: both rule sets and positions from codes."""

import pytest

from uno_lessons import Game, Rules

ENCANTO, CLASSIC = Rules.encanto(), Rules.classic()
#: Parametrize a test over both rule sets (where they do not differ, both must pass).
BOTH = pytest.mark.parametrize("rules", [ENCANTO, CLASSIC], ids=["encanto", "classic"])
#: A draw pile long enough for any penalty in a scenario; R1 is drawn first.
PILE = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "Y1", "Y2", "Y3"]


def pos(hands, discard, draw=PILE, **kw):
    """``Game.from_position`` with PILE as the default draw pile."""
    return Game.from_position(hands, discard, draw, **kw)
