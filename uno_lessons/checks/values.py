"""Values in the check tables and in learners' answers: written short, copied, compared, shown.

The check tables write cards as codes ("G3", "W+4") and colours as letters so a table row
reads like the rulebook; a learner may answer with :class:`Card`/:class:`Color` objects or
with codes, lists or tuples, numpy scalars included. Everything here makes those compare
fairly and print the same way in every report.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..engine.cards import Card, Color
from ..engine.rules import Rules
from ..i18n import ngettext

#: The two rule sets every table draws its cases from (built once: Rules are immutable).
ENCANTO = Rules.encanto()
CLASSIC = Rules.classic()

# ---------------------------------------------------------------------------- writing cases
def to_card(code: str) -> Card:
    """The card a code such as ``"G3"`` or ``"W+4"`` names."""
    return Card.parse(code)


def to_cards(codes: str) -> list[Card]:
    """The cards of space-separated codes, in order (an empty string gives an empty hand)."""
    return [Card.parse(c) for c in codes.split()]


def to_color(letter: str) -> Color:
    """The colour a letter (R, Y, G, B) names."""
    return Color.parse(letter)


def colour_word(letter: str) -> str:
    """The colour a letter names, as a word in the learner's language ("green")."""
    return Color.parse(letter).display_name


def players_text(n: int) -> str:
    """How a case label says the number of players: "4 players"."""
    return ngettext("{n} player", "{n} players", n)


def direction_text(direction: int) -> str:
    """How a case label writes a direction of play: "+1" (clockwise) or "-1"."""
    return f"{direction:+d}"


def rules_name(rules: Rules) -> str:
    """How a case label names a rule set: "Encanto" or "classic"."""
    return rules.display_name


def hand_text(codes: str) -> str:
    """Space-separated codes as a bracketed list for a case label: ``[G2, Y3]``."""
    return "[" + ", ".join(codes.split()) + "]"


# ---------------------------------------------------------------------------- answers
def fresh(value: Any) -> Any:
    """A copy of list/tuple/dict arguments, so a learner's function cannot change a case."""
    if isinstance(value, list):
        return [fresh(v) for v in value]
    if isinstance(value, tuple):
        return tuple(fresh(v) for v in value)
    if isinstance(value, dict):
        return {k: fresh(v) for k, v in value.items()}
    return value


def norm(value: Any) -> Any:
    """Cards become codes and colours letters, so lists of cards compare with lists of codes."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Color):
        return value.value
    if isinstance(value, (list, tuple)):
        return tuple(norm(v) for v in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def list_as_tuple(got: Any) -> Any:
    """A list answer as a tuple, for checks whose expected value is a tuple."""
    return tuple(got) if isinstance(got, list) else got


def same(got: Any, expected: Any) -> bool:
    """Does the answer equal the expected value? Strict about types: True is not 1."""
    got, expected = norm(got), norm(expected)
    # bool before int: bool is a subclass of int, and "return 1" must not pass for True
    if isinstance(expected, bool) or expected is None:
        return got is expected or (isinstance(got, (bool, np.bool_)) and bool(got) is expected)
    if isinstance(expected, float):
        return (isinstance(got, (int, float)) and not isinstance(got, bool)
                and math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9))
    if isinstance(expected, int):
        return isinstance(got, int) and not isinstance(got, bool) and got == expected
    if isinstance(expected, tuple):
        return (isinstance(got, tuple) and len(got) == len(expected)
                and all(same(g, x) for g, x in zip(got, expected)))
    return got == expected


def show_value(value: Any) -> str:
    """An answer as a report shows it: cards as codes, floats short, long text cut."""
    value = norm(value)
    if isinstance(value, tuple):
        inner = ", ".join(show_value(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, float):
        return f"{value:.4g}"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
