"""Checks for exercise 01, setting up a game: the deck, the first card, the first player (E-DECK, E-SETUP)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.rules import Rules
from ..i18n import _
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import CLASSIC, ENCANTO, players_text, rules_name


def check_cards_in_deck(func: Callable[[str, Rules], int]) -> CheckResult:
    """``cards_in_deck(code, rules)``: how many copies of a card the deck holds (E-DECK)."""
    number = _("E-DECK lists how many copies of each number 1–9 a colour has.")
    zero = _("Read E-DECK again: the 0 is not counted like 1–9.")
    action = _("E-DECK: how many Skip, Reverse and Draw Two cards per colour?")
    wild = _("E-DECK: wild cards have no colour; count them in the whole deck.")
    rows = [
        ("G3", ENCANTO, 2, number), ("Y9", CLASSIC, 2, number), ("R0", ENCANTO, 1, zero), ("B0", CLASSIC, 1, zero),
        ("BS", ENCANTO, 2, action), ("GR", CLASSIC, 2, action), ("R+2", ENCANTO, 2, action),
        ("W", ENCANTO, 4, wild), ("W+4", CLASSIC, 4, wild), ("WDT", ENCANTO, 4, wild),
        ("WDT", CLASSIC, 0, _("Read E-DECK again: does every deck have Wild Don't Talk cards, or only "
                              "the UNO: Encanto deck? Look at rules.wild_dont_talk.")),
    ]
    cases = [Case((code, rules), n, _("{card} in the {rules} deck", card=code, rules=rules_name(rules)), "E-DECK",
                  hint)
             for code, rules, n, hint in rows]
    return run_cases(func, cases, "cards_in_deck")


def check_deck_size(func: Callable[[Rules], int]) -> CheckResult:
    """``deck_size(rules)``: the number of cards in the deck (E-DECK).

    The package's own ``cards_in_deck`` stands in for the learner's while this runs."""
    hint_wdt = _("E-DECK: which cards exist only when rules.wild_dont_talk is True? "
                 "Count from the rules, not from the rule set's name.")
    cases = [
        Case((ENCANTO,), 112, "Rules.encanto()", "E-DECK",
             _("E-DECK adds up number cards, action cards and wilds: check each part.")),
        Case((CLASSIC,), 108, "Rules.classic()", "E-DECK", hint_wdt),
        Case((ENCANTO.replace(wild_dont_talk=False),), 108,
             _("Encanto as a house rule without Wild Don't Talk"), "E-DECK", hint_wdt),
        Case((CLASSIC.replace(wild_dont_talk=True),), 112,
             _("classic as a house rule with Wild Don't Talk"), "E-DECK", hint_wdt),
    ]
    return run_cases(func, cases, "deck_size", uses=DEPENDS["deck_size"])


def check_first_card_is_returned(func: Callable[[str, Rules], bool]) -> CheckResult:
    """``first_card_is_returned(code, rules)``: is the first card turned over sent back?"""
    enc = _("E-SETUP-4 (Encanto) says which kind of card is returned: is it only wilds, or "
            "every card that is not a number card?")
    num = _("E-SETUP-4 and C-SETUP-4: a number card is never sent back.")
    cls = _("C-SETUP-4: in the classic rules most first cards take effect; only one kind is "
            "returned. Use the rules argument (rules.first_card_action).")
    rows = [
        ("G5", ENCANTO, False, "E-SETUP-4", num), ("R0", ENCANTO, False, "E-SETUP-4", num),
        ("YS", ENCANTO, True, "E-SETUP-4", enc), ("BR", ENCANTO, True, "E-SETUP-4", enc),
        ("G+2", ENCANTO, True, "E-SETUP-4", enc), ("W", ENCANTO, True, "E-SETUP-4", enc),
        ("W+4", ENCANTO, True, "E-SETUP-4", enc), ("WDT", ENCANTO, True, "E-SETUP-4", enc),
        ("G5", CLASSIC, False, "C-SETUP-4", num), ("YS", CLASSIC, False, "C-SETUP-4", cls),
        ("BR", CLASSIC, False, "C-SETUP-4", cls), ("G+2", CLASSIC, False, "C-SETUP-4", cls),
        ("W", CLASSIC, False, "C-SETUP-4", cls), ("W+4", CLASSIC, True, "C-SETUP-4", cls),
    ]
    cases = [Case((code, rules), want, _("{card} turned first, {rules} rules", card=code, rules=rules_name(rules)),
                  rule, hint)
             for code, rules, want, rule, hint in rows]
    return run_cases(func, cases, "first_card_is_returned")


def check_first_player(func: Callable[[int, int, str, Rules], int]) -> CheckResult:
    """``first_player(dealer, players, first_card, rules)``: the seat that moves first."""
    left = _("E-SETUP-5: who sits to the left of the dealer? Seats go 0, 1, …, players - 1.")
    wrap = _("E-SETUP-5: seats wrap around the table: after the last seat comes seat 0 (think %).")
    enc = _("E-SETUP-4: in the Encanto rules the first card never takes effect, so who "
            "starts depends only on the dealer.")
    skip = _("C-SETUP-4: with a Skip or a Draw Two turned first, the first player loses their turn.")
    rev = _("C-SETUP-4: with a Reverse turned first, who plays first?")
    rows = [
        (0, 4, "G5", ENCANTO, 1, "E-SETUP-5", left), (2, 3, "R0", ENCANTO, 0, "E-SETUP-5", wrap),
        (3, 4, "B7", ENCANTO, 0, "E-SETUP-5", wrap), (1, 3, "R7", CLASSIC, 2, "E-SETUP-5", left),
        (0, 4, "YS", ENCANTO, 1, "E-SETUP-4", enc), (1, 4, "BR", ENCANTO, 2, "E-SETUP-4", enc),
        (0, 4, "YS", CLASSIC, 2, "C-SETUP-4", skip), (2, 3, "YS", CLASSIC, 1, "C-SETUP-4", skip),
        (0, 2, "G+2", CLASSIC, 0, "C-SETUP-4", skip), (2, 4, "BR", CLASSIC, 2, "C-SETUP-4", rev),
        (0, 4, "W", CLASSIC, 1, "C-SETUP-4",
         _("C-SETUP-4: after a Wild turned first, the first player chooses the colour and plays.")),
    ]
    cases = [Case((d, n, code, rules), want,
                  _("dealer {dealer}, {players}, {card} turned first, {rules} rules",
                    dealer=d, players=players_text(n), card=code, rules=rules_name(rules)), rule, hint)
             for d, n, code, rules, want, rule, hint in rows]
    return run_cases(func, cases, "first_player")
