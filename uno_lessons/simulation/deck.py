"""The deal as the simulations see it: the deck as small integer ids, which first cards go
back (E-SETUP-4), and the questions asked of a deal."""

from __future__ import annotations

from functools import cache

from ..engine.cards import Card, Color, Rank
from ..engine.rules import Rules
from ..i18n import N_

# For the vectorised deal every card is a small integer id, laid out colour by colour with 25
# cards each (R0, R1, R1, R2, R2, …, R9, R9, RS, RS, RR, RR, R+2, R+2, then yellow, green,
# blue), then 4 Wild, 4 Wild Draw Four and, for Encanto, 4 Wild Don't Talk. So numpy needs
# no lookup table: colour = id // 25 (4 means wild) and symbol = (id % 25 + 1) // 2, which is
# 0-9 for numbers, 10 Skip, 11 Reverse, 12 Draw Two.

_PER_COLOR = 25
_WILD_ID = 4 * _PER_COLOR  # the first wild's id: 100
_SYMBOLS = tuple(Rank)[:13]  # 0-9, Skip, Reverse, Draw Two, in that order


def deck_layout(rules: Rules | None = None) -> list[Card]:
    """The deck in id order for the vectorised deal: 112 cards (Encanto) or 108 (classic)."""
    return list(_layout((rules or Rules.encanto()).wild_dont_talk))


@cache
def _layout(wild_dont_talk: bool) -> tuple[Card, ...]:
    out: list[Card] = []
    for color in Color:
        out.extend(Card.parse(color.value + _SYMBOLS[(j + 1) // 2].value) for j in range(_PER_COLOR))
    wilds = ["W", "W+4"] + (["WDT"] if wild_dont_talk else [])
    for code in wilds:
        out.extend(Card.parse(code) for _ in range(4))
    return tuple(out)


def is_returned(card: Card, rules: Rules | None = None) -> bool:
    """Whether ``card``, turned first, goes back so another card is turned (E-SETUP-4, C-SETUP-4)."""
    rules = rules or Rules.encanto()
    if rules.first_card_action == "reflip":
        return card.is_action  # Encanto: every action card goes back
    return card.rank in (Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK)  # classic: only these


#: Each deal question in words: English (N_), translated where shown with ``_()``.
QUESTIONS: dict[str, str] = {
    "wild_in_hand": N_("a 7-card hand holds a wild"),
    "reflip": N_("the setup turns more than one card"),
    "can_play": N_("the first player to move can play at once"),
}


def rule_ids(question: str, rules: Rules | None = None) -> str:
    """The rule ids a deal question rests on, for this rule set."""
    rules = rules or Rules.encanto()
    setup = "E-SETUP-4" if rules.first_card_action == "reflip" else "C-SETUP-4"
    return {"wild_in_hand": "E-DECK, E-SETUP-2", "reflip": setup,
            "can_play": f"{setup}, E-MATCH"}[question]
