"""Instant feedback for the exercise notebooks, and grading nbgrader can trust.

Every graded check cell holds one line, ``check("can_play")`` (:mod:`.step`): it runs the
learner's function on a fixed table of cases (or, for a graded prediction or reading of a
result, :mod:`.answers`, grades the answer the learner wrote in a variable), shows a ✓/✗ report, and raises a short
``AssertionError`` naming the step when it does not pass, so ``nbgrader validate`` and
``autograde`` tell the truth. ``check_xxx(func)`` runs one table and returns a
:class:`CheckResult` without raising. In Jupyter the result shows itself as an HTML table (its
``_repr_html_``); anywhere else its ``repr`` is the same report as plain text.

A failing case shows what the function returned and a folded hint that quotes the rule from
the package's rule book (:mod:`uno_lessons.engine.rulebook`), never the expected answer. A
stub that still raises ``NotImplementedError`` gets a friendly "not started yet" message; a
cell that did not run, a likely slip (``card.colour``) and an error every case hits alike
are each said once, with the line to fix. A step that builds on an earlier one is checked
with the package's own version of that earlier function (:mod:`.reference`), so one mistake
costs one point. Output is deterministic (fixed cases, seeded games) so stored notebook
outputs stay stable under nbval.

The runner and its report live in :mod:`.core`, errors in words in :mod:`.slips`, the cell
history in :mod:`.cells`, shared value handling in :mod:`.values`, and each exercise's check
tables in their own module (:mod:`.setup` … :mod:`.capstone`, :mod:`.tournaments`). This
package does not import ipywidgets: plain HTML works in every front end, Voilà and nbconvert
included.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Each `X as X` re-exports a name the one-module checks.py made public without listing it in __all__
from ..engine.cards import Card as Card
from ..engine.cards import Color as Color
from ..engine.rules import Rules as Rules
from . import capstone, deciding
from .actions import check_direction_after, check_next_seat_after, check_seat_after_sequence
from .answers import AnswerResult, Choice, Number
from .capstone import check_best_color, check_bot, check_summarize
from .core import Case, CaseResult, CheckResult, run_cases
from .core import Problem as Problem
from .deciding import check_expected_swings
from .good_move import ITEMS as GOOD_MOVE_ITEMS
from .house_rules import (
    FORCE_ERROR,
    GAMES_NEEDED,
    check_is_clear,
    check_mean_and_error,
    check_paired_difference,
    check_share_above_fair,
)
from .learning import (
    DRAW_AFTER_WIN,
    SHIFT_WEIGHTS,
    TRAINING_VERDICT,
    check_points_reward,
    check_reinforce_step,
    check_score_gradient,
    check_softmax,
)
from .matching import check_can_play, check_match_reason, check_playable_cards
from .scoring import check_card_points, check_hand_score, check_match_winner
from .setup import check_cards_in_deck, check_deck_size, check_first_card_is_returned, check_first_player
from .step import StepNotPassed, check, grade
from .tournaments import TournamentResult, tournament
from .uno_talk import check_catch_penalty, check_silenced_after, check_talk_penalty, check_uno_counts
from .values import CLASSIC as CLASSIC
from .values import ENCANTO as ENCANTO
from .wild_draw_four import check_challenge_outcome, check_next_to_move, check_wild_draw_four_is_legal

__all__ = [
    "Case", "CaseResult", "CheckResult", "TournamentResult", "CHECKS", "ANSWERS", "run_cases", "tournament",
    "AnswerResult", "Choice", "Number",
    "check", "grade", "StepNotPassed",
    "check_cards_in_deck", "check_deck_size", "check_first_card_is_returned", "check_first_player",
    "check_can_play", "check_playable_cards", "check_match_reason",
    "check_next_seat_after", "check_direction_after", "check_seat_after_sequence",
    "check_wild_draw_four_is_legal", "check_challenge_outcome", "check_next_to_move",
    "check_uno_counts", "check_catch_penalty", "check_talk_penalty", "check_silenced_after",
    "check_card_points", "check_hand_score", "check_match_winner",
    "check_best_color", "check_bot", "check_summarize", "check_expected_swings",
    "check_mean_and_error", "check_share_above_fair", "check_paired_difference", "check_is_clear",
    "check_softmax", "check_score_gradient", "check_reinforce_step", "check_points_reward",
]

#: Every check, by the name of the learner's function it checks.
CHECKS: dict[str, Callable[[Any], CheckResult]] = {
    "cards_in_deck": check_cards_in_deck,
    "deck_size": check_deck_size,
    "first_card_is_returned": check_first_card_is_returned,
    "first_player": check_first_player,
    "can_play": check_can_play,
    "playable_cards": check_playable_cards,
    "match_reason": check_match_reason,
    "next_seat_after": check_next_seat_after,
    "direction_after": check_direction_after,
    "seat_after_sequence": check_seat_after_sequence,
    "wild_draw_four_is_legal": check_wild_draw_four_is_legal,
    "challenge_outcome": check_challenge_outcome,
    "next_to_move": check_next_to_move,
    "uno_counts": check_uno_counts,
    "catch_penalty": check_catch_penalty,
    "talk_penalty": check_talk_penalty,
    "silenced_after": check_silenced_after,
    "card_points": check_card_points,
    "hand_score": check_hand_score,
    "match_winner": check_match_winner,
    "best_color": check_best_color,
    "MyBot": check_bot,
    "summarize": check_summarize,
    "expected_swings": check_expected_swings,
    "mean_and_error": check_mean_and_error,
    "share_above_fair": check_share_above_fair,
    "paired_difference": check_paired_difference,
    "is_clear": check_is_clear,
    "softmax": check_softmax,
    "score_gradient": check_score_gradient,
    "reinforce_step": check_reinforce_step,
    "points_reward": check_points_reward,
}

#: The graded interpretation items (a prediction or a reading, not a function), by the name of
#: the variable the learner writes the answer in; ``check(name)`` grades them as it grades a step.
ANSWERS: dict[str, Choice | Number] = {item.name: item for item in (
    *capstone.ANSWERS, *deciding.ANSWERS, *GOOD_MOVE_ITEMS, FORCE_ERROR, GAMES_NEEDED, DRAW_AFTER_WIN, SHIFT_WEIGHTS, TRAINING_VERDICT)}
