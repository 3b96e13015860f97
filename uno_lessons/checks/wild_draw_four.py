"""Checks for exercise 04, the Wild Draw Four: when it is legal, and what a challenge does (E-WD4, C-WD4)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import Color
from ..engine.rules import Rules
from .core import Case, CheckResult, run_cases
from .values import CLASSIC, COLOUR_WORD, ENCANTO, hand_text, list_as_tuple, rules_name, to_cards, to_color

_WD4_ROWS = [
    # other cards, colour in force before, rules, legal?, rule, hint
    ("R5 Y3", "G", ENCANTO, True, "E-WD4-2", "E-WD4-2: does any other card match the current colour?"),
    ("G2 Y3", "G", ENCANTO, False, "E-WD4-2", "E-WD4-2: look for a card of the current colour."),
    ("B9 G2", "G", CLASSIC, False, "C-WD4-2", "C-WD4-2: a card of the current colour makes it illegal in both rule sets."),
    ("Y7 B7", "G", ENCANTO, True, "E-WD4-6",
     "E-WD4-2 and E-WD4-6: only the current colour matters here, not numbers or symbols."),
    ("W R5", "G", ENCANTO, False, "E-WD4-2",
     "E-WD4-2: in the Encanto text, do wild cards in the hand count as matching the colour?"),
    ("W R5", "G", CLASSIC, True, "C-WD4-2",
     "C-WD4-2: in the classic rules wild cards do not count; use rules.wilds_block_wild_draw_four."),
    ("W+4", "R", ENCANTO, False, "E-WD4-2", "E-WD4-2: a second Wild Draw Four is a wild card too."),
    ("W+4", "R", CLASSIC, True, "C-WD4-2",
     "C-WD4-2: in the classic rules wild cards do not count; use rules.wilds_block_wild_draw_four."),
    ("WDT B1", "R", ENCANTO, False, "E-WD4-2", "E-WD4-2: a Wild Don't Talk is a wild card too."),
    ("", "B", CLASSIC, True, "E-WD4-2", "E-WD4-2: with no other cards nothing can match."),
    ("YR YS", "B", ENCANTO, True, "E-WD4-2", "E-WD4-2: only the colour counts; symbols do not."),
]


def check_wild_draw_four_is_legal(func: Callable[[list, Color, Rules], bool]) -> CheckResult:
    """``wild_draw_four_is_legal(hand, color, rules)``: E-WD4-2 / C-WD4-2 honesty."""
    cases = [Case((to_cards(hand), to_color(color), rules), want,
                  f"other cards {hand_text(hand)}, {COLOUR_WORD[color]} in force, {rules_name(rules)} rules",
                  rule, hint)
             for hand, color, rules, want, rule, hint in _WD4_ROWS]
    return run_cases(func, cases, "wild_draw_four_is_legal")


def check_challenge_outcome(func: Callable[[list, Color, Rules], tuple]) -> CheckResult:
    """``challenge_outcome(hand, previous_color, rules)``: (who draws, how many, taken back?)."""
    honest = ("E-WD4-4: when the Wild Draw Four was legal, who draws, and how many? "
              "(The same in both rule sets.)")
    guilty_e = "E-WD4-5: when it was illegal, who draws, and does the card stay on the pile?"
    guilty_c = "C-WD4-5: in the classic rules something happens to the Wild Draw Four itself."
    cases = []
    for hand, color, rules, legal, _, _ in _WD4_ROWS:
        if legal:
            want, rule, hint = ("challenger", 6, False), "E-WD4-4", honest
        elif rules.guilty_penalty == "take_back":
            want, rule, hint = ("player", 4, True), "C-WD4-5", guilty_c
        else:
            want, rule, hint = ("player", 4, False), "E-WD4-5", guilty_e
        label = (f"other cards {hand_text(hand)}, {COLOUR_WORD[color]} before, "
                 f"{rules_name(rules)} rules")
        cases.append(Case((to_cards(hand), to_color(color), rules), want, label, rule, hint))
    return run_cases(func, cases, "challenge_outcome",
                     normalize=list_as_tuple)


def check_next_to_move(func: Callable[[str, bool, int, int, int], int]) -> CheckResult:
    """``next_to_move(answer, honest, challenger, direction, players)``: who moves next."""
    acc = "E-WD4-3: accepting means drawing four and losing the turn, honest or not."
    inn = "E-WD4-4: a challenger who was wrong also loses their turn."
    gui = "E-WD4-5 (official): a challenger who was right takes their turn as normal."
    rows = [
        ("accept", True, 1, 1, 4, 2, "E-WD4-3", acc), ("accept", False, 1, 1, 4, 2, "E-WD4-3", acc),
        ("accept", True, 3, 1, 4, 0, "E-WD4-3", acc + " Seats wrap around."),
        ("challenge", True, 1, 1, 4, 2, "E-WD4-4", inn), ("challenge", True, 0, -1, 3, 2, "E-WD4-4", inn),
        ("challenge", True, 1, 1, 2, 0, "E-WD4-4", inn),
        ("challenge", False, 1, 1, 4, 1, "E-WD4-5", gui), ("challenge", False, 2, -1, 3, 2, "E-WD4-5", gui),
    ]
    cases = [Case((answer, honest, ch, d, n), want,
                  f"seat {ch} {answer}s {'an honest' if honest else 'a bluffed'} Wild Draw Four, "
                  f"direction {d:+d}, {n} players", rule, hint)
             for answer, honest, ch, d, n, want, rule, hint in rows]
    return run_cases(func, cases, "next_to_move")


