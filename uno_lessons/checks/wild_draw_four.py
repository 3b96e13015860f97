"""Checks for exercise 04, the Wild Draw Four: when it is legal, and what a challenge does (E-WD4, C-WD4)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import Color
from ..engine.rules import Rules
from ..i18n import N_, _
from .core import Case, CheckResult, run_cases
from .reference import DEPENDS
from .values import (
    CLASSIC,
    ENCANTO,
    colour_word,
    direction_text,
    hand_text,
    list_as_tuple,
    players_text,
    rules_name,
    to_cards,
    to_color,
)

_CLASSIC_WILDS = N_("C-WD4-2: in the classic rules wild cards do not count; use rules.wilds_block_wild_draw_four.")
_WD4_ROWS = [
    # other cards, colour in force before, rules, legal?, rule, hint
    ("R5 Y3", "G", ENCANTO, True, "E-WD4-2", N_("E-WD4-2: does any other card match the current colour?")),
    ("G2 Y3", "G", ENCANTO, False, "E-WD4-2", N_("E-WD4-2: look for a card of the current colour.")),
    ("B9 G2", "G", CLASSIC, False, "C-WD4-2",
     N_("C-WD4-2: a card of the current colour makes it illegal in both rule sets.")),
    ("Y7 B7", "G", ENCANTO, True, "E-WD4-6",
     N_("E-WD4-2 and E-WD4-6: only the current colour matters here, not numbers or symbols.")),
    ("W R5", "G", ENCANTO, False, "E-WD4-2",
     N_("E-WD4-2: in the Encanto text, do wild cards in the hand count as matching the colour?")),
    ("W R5", "G", CLASSIC, True, "C-WD4-2", _CLASSIC_WILDS),
    ("W+4", "R", ENCANTO, False, "E-WD4-2", N_("E-WD4-2: a second Wild Draw Four is a wild card too.")),
    ("W+4", "R", CLASSIC, True, "C-WD4-2", _CLASSIC_WILDS),
    ("WDT B1", "R", ENCANTO, False, "E-WD4-2", N_("E-WD4-2: a Wild Don't Talk is a wild card too.")),
    ("", "B", CLASSIC, True, "E-WD4-2", N_("E-WD4-2: with no other cards nothing can match.")),
    ("YR YS", "B", ENCANTO, True, "E-WD4-2", N_("E-WD4-2: only the colour counts; symbols do not.")),
]


def check_wild_draw_four_is_legal(func: Callable[[list, Color, Rules], bool]) -> CheckResult:
    """``wild_draw_four_is_legal(hand, color, rules)``: E-WD4-2 / C-WD4-2 honesty."""
    cases = [Case((to_cards(hand), to_color(color), rules), want,
                  _("other cards {hand}, {colour} in force, {rules} rules", hand=hand_text(hand),
                    colour=colour_word(color), rules=rules_name(rules)),
                  rule, _(hint))
             for hand, color, rules, want, rule, hint in _WD4_ROWS]
    return run_cases(func, cases, "wild_draw_four_is_legal")


def check_challenge_outcome(func: Callable[[list, Color, Rules], tuple]) -> CheckResult:
    """``challenge_outcome(hand, previous_color, rules)``: (who draws, how many, taken back?).

    The package's own ``wild_draw_four_is_legal`` stands in for the learner's while this runs."""
    honest = _("E-WD4-4: when the Wild Draw Four was legal, who draws, and how many? "
               "(The same in both rule sets.)")
    guilty_e = _("E-WD4-5: when it was illegal, who draws, and does the card stay on the pile?")
    guilty_c = _("C-WD4-5: in the classic rules something happens to the Wild Draw Four itself.")
    cases = []
    for hand, color, rules, legal, _rule, _hint in _WD4_ROWS:
        if legal:
            want, rule, hint = ("challenger", 6, False), "E-WD4-4", honest
        elif rules.guilty_penalty == "take_back":
            want, rule, hint = ("player", 4, True), "C-WD4-5", guilty_c
        else:
            want, rule, hint = ("player", 4, False), "E-WD4-5", guilty_e
        label = _("other cards {hand}, {colour} before, {rules} rules", hand=hand_text(hand),
                  colour=colour_word(color), rules=rules_name(rules))
        cases.append(Case((to_cards(hand), to_color(color), rules), want, label, rule, hint))
    return run_cases(func, cases, "challenge_outcome", uses=DEPENDS["challenge_outcome"],
                     normalize=list_as_tuple)


def check_next_to_move(func: Callable[[str, bool, int, int, int], int]) -> CheckResult:
    """``next_to_move(answer, honest, challenger, direction, players)``: who moves next."""
    acc = _("E-WD4-3: accepting means drawing four and losing the turn, honest or not.")
    acc_wrap = _("E-WD4-3: accepting means drawing four and losing the turn, honest or not. Seats wrap around.")
    inn = _("E-WD4-4: a challenger who was wrong also loses their turn.")
    gui = _("E-WD4-5 (official): a challenger who was right takes their turn as normal.")
    rows = [
        ("accept", True, 1, 1, 4, 2, "E-WD4-3", acc), ("accept", False, 1, 1, 4, 2, "E-WD4-3", acc),
        ("accept", True, 3, 1, 4, 0, "E-WD4-3", acc_wrap),
        ("challenge", True, 1, 1, 4, 2, "E-WD4-4", inn), ("challenge", True, 0, -1, 3, 2, "E-WD4-4", inn),
        ("challenge", True, 1, 1, 2, 0, "E-WD4-4", inn),
        ("challenge", False, 1, 1, 4, 1, "E-WD4-5", gui), ("challenge", False, 2, -1, 3, 2, "E-WD4-5", gui),
    ]
    labels = {
        ("accept", True): N_("seat {seat} accepts an honest Wild Draw Four, direction {direction}, {players}"),
        ("accept", False): N_("seat {seat} accepts a bluffed Wild Draw Four, direction {direction}, {players}"),
        ("challenge", True): N_("seat {seat} challenges an honest Wild Draw Four, direction {direction}, "
                                "{players}"),
        ("challenge", False): N_("seat {seat} challenges a bluffed Wild Draw Four, direction {direction}, "
                                 "{players}"),
    }
    cases = [Case((answer, honest, ch, d, n), want,
                  _(labels[answer, honest], seat=ch, direction=direction_text(d), players=players_text(n)),
                  rule, hint)
             for answer, honest, ch, d, n, want, rule, hint in rows]
    return run_cases(func, cases, "next_to_move")
