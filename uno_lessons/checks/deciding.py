"""Checks for exercise 08, challenge or accept: the expected swing of each answer to a Wild
Draw Four, then four graded readings: the classic break-even, a prediction of the bluff share
against a hand of five cards, a decision judged apart from its outcome, and what the same
deals say about deciding by your situation (E-WD4-2 … E-WD4-5, C-WD4-5)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.rules import Rules
from ..i18n import N_, _
from ..simulation.challenge import challenge_value
from .answers import Choice, Number
from .core import Case, CheckResult, run_cases
from .values import CLASSIC, ENCANTO, list_as_tuple, rules_name

STRATEGY, STATISTICS = "strategy", "statistics"


def _swings(q: float, rules: Rules) -> tuple[float, float]:
    accept, challenge = challenge_value(q, rules)
    return float(challenge), float(accept)


def check_expected_swings(func: Callable[[float, Rules], tuple[float, float]]) -> CheckResult:
    """``expected_swings(q, rules)``: ``(challenge, accept)``, each answer's expected swing (the
    other player's cards gained minus your cards drawn) when a share ``q`` of such Wild Draw
    Fours are bluffs."""
    honest = _("When the card was honest the challenger draws six; that happens with the chance 1 − q.")
    bluff = _("When it was a bluff its player draws four and you draw nothing: +4 for you, with the "
              "chance q.")
    weigh = _("Weigh each outcome of a challenge by its chance and add them: q for a bluff, 1 − q for an honest "
              "card.")
    accept = _("Accepting always costs four cards, whatever q: the swing is −4.")
    take_back = _("Under classic rules the caught bluffer also takes the Wild Draw Four back: one card "
                  "more for them (rules.guilty_penalty is 'take_back').")
    rows: list[tuple[float, Rules, str, str]] = [
        (0.0, ENCANTO, "E-WD4-4", honest), (1.0, ENCANTO, "E-WD4-5", bluff), (0.35, ENCANTO, "E-WD4-4", weigh),
        (0.2, ENCANTO, "E-WD4-3", accept), (0.5, CLASSIC, "C-WD4-5", take_back), (0.0, CLASSIC, "E-WD4-4", honest),
    ]
    cases = [Case((q, rules), _swings(q, rules), _("q = {q}, {rules} rules", q=q, rules=rules_name(rules)), rule,
                  hint) for q, rules, rule, hint in rows]
    return run_cases(func, cases, "expected_swings", normalize=list_as_tuple)


#: Reading the rules (C-WD4-5): the classic break-even. The number and its tolerance are in
#: the solution's hidden test, not here (see :mod:`.answers`).
CLASSIC_LINE = Number("classic_line", N_(
    "Where is challenging's expected swing equal to accepting's −4 under classic rules, where the caught bluffer "
    "draws four and takes the card back (C-WD4-5)?"), "C-WD4-5", slips=(
    (1 / 5, 0.003, N_("Is that the Encanto line? What does a caught bluffer also take back under classic rules "
                      "(C-WD4-5)?")),
    (1 / 3, 0.003, N_("Does your line count only your own cards, or also the cards the bluffer gains?")),
))

#: Predict, then check (E-WD4-2): sensible bots against a hand of five cards. The right letter
#: is in the solution's hidden test.
FIVE_CARDS = Choice("five_cards", ("A", "B", "C", "D"), {
    "A": N_("Is bluff_rate the share of Wild Draw Fours that are bluffs, or how often a bot bluffs when it may? "
            "When may a sensible bot bluff?"),
    "B": N_("Does the share over all games hold in every situation? Against which hands does a sensible bot "
            "bluff?"),
    "C": N_("Against which hands does a sensible bot bluff at all, and is five cards one of them?"),
    "D": N_("Against which hand is the share about half: two cards, or five?"),
}, "E-WD4-2")

#: Judging a decision, not its outcome (strategy).
HONEST_OUTCOME = Choice("honest_outcome", ("A", "B", "C"), {
    "A": N_("Could Ben see the card when he decided? What was each answer worth at q = 0.46?"),
    "B": N_("What was each answer worth at q = 0.46, and which part of what happened was luck?"),
    "C": N_("What did Ben know when he decided, and is a decision judged by that or by the hidden hand?"),
}, STRATEGY)

#: Reading the same deals (statistics).
SITUATIONAL = Choice("situational", ("A", "B", "C"), {
    "A": N_("How often does a fair coin split 45 tosses 31 to 14, or more unevenly? And how many comparisons were "
            "made on the same deals?"),
    "B": N_("Is ± 0.010 the error of the difference on the same deals, or each rate's error as if the games were "
            "separate?"),
    "C": N_("How many of the deals that differ went the other way, and what is left when you take them off?"),
}, STATISTICS)

ANSWERS = (CLASSIC_LINE, FIVE_CARDS, HONEST_OUTCOME, SITUATIONAL)
