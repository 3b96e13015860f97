"""Checks for exercise 10, teach a computer to play: the chances of the legal moves (softmax),
the direction that makes a move likelier (the score gradient), one REINFORCE step, and a
reward of the learner's own from the points left in a hand (E-SCORE-2); then three graded
readings: what one won game does to a move's chance, what adding the same number to
overlapping weights does, and what a comparison of trainings shows. The learning steps are
maths, not rules: their hints say so; only the reward's hints cite the rules they explain."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from ..engine.cards import hand_points
from ..engine.game import Game
from ..i18n import N_, _
from .answers import Choice
from .core import Case, CheckResult, run_cases

MATHS, STATISTICS = "maths", "statistics"


def as_numbers(got: Any) -> Any:
    """An array or list answer as a tuple of floats (left as it is when it is no such thing)."""
    if isinstance(got, (list, tuple, np.ndarray)):
        try:
            return tuple(float(x) for x in np.asarray(got, dtype=float).ravel())
        except (TypeError, ValueError):
            return got
    return got


def _softmax(scores: list[float]) -> tuple[float, ...]:
    top = max(scores)
    z = [math.exp(s - top) for s in scores]
    return tuple(v / sum(z) for v in z)


def check_softmax(func: Callable[[Any], Any]) -> CheckResult:
    """``softmax(scores)``: each legal move's chance, exp(score) over the sum of them all."""
    ratio = _("Each move's chance is e to its score divided by the sum of e to every score, so the chances add up "
              "to 1.")
    big = _("Very large scores overflow e to the score: subtract the largest score from every score first; "
            "the chances stay the same.")
    given: list[tuple[list[float], str]] = [
        ([0.0, 0.0], ratio), ([1.0, 0.0], ratio), ([2.0, -1.0, 0.5], ratio), ([3.0], ratio),
        ([1000.0, 1001.0], big), ([-800.0, -799.0, -801.0], big),
    ]
    cases = [Case((np.array(scores),), _softmax(scores), _("scores {scores}", scores=scores), MATHS, hint)
             for scores, hint in given]
    return run_cases(func, cases, "softmax", normalize=as_numbers)


def _gradient(matrix: list[list[float]], p: list[float], chosen: int) -> tuple[float, ...]:
    columns = range(len(matrix[0]))
    return tuple(matrix[chosen][j] - sum(p[i] * matrix[i][j] for i in range(len(matrix))) for j in columns)


def check_score_gradient(func: Callable[[Any, Any, int], Any]) -> CheckResult:
    """``score_gradient(matrix, probabilities, chosen)``: the features of the chosen move minus
    the features expected under the probabilities."""
    expected = _("The expected features weigh each move's row by its chance and add them up over the moves: a "
                 "likely move counts more than an unlikely one, not all the same.")
    chosen = _("Start from the row of the move that was made, then take away the expected features.")
    given = [
        ([[1.0, 0.0], [0.0, 1.0]], [0.5, 0.5], 0, chosen),
        ([[1.0, 0.0], [0.0, 1.0]], [0.5, 0.5], 1, chosen),
        ([[1.0, 0.2, 0.0], [0.0, 0.5, 1.0], [1.0, 1.0, 0.0]], [0.2, 0.3, 0.5], 2, expected),
        ([[1.0, 0.2, 0.0], [0.0, 0.5, 1.0], [1.0, 1.0, 0.0]], [0.9, 0.05, 0.05], 0, expected),
        ([[0.0, 3.0]], [1.0], 0, _("With one legal move there is no choice: nothing to push either way.")),
    ]
    cases = [Case((np.array(m), np.array(p), k), _gradient(m, p, k),
                  _("features {matrix}, chances {p}, move {k} made", matrix=m, p=p, k=k), MATHS, hint)
             for m, p, k, hint in given]
    return run_cases(func, cases, "score_gradient", normalize=as_numbers)


def check_reinforce_step(func: Callable[..., Any]) -> CheckResult:
    """``reinforce_step(weights, gradient, reward, baseline, learning_rate)``: the new weights,
    weights + learning_rate × (reward − baseline) × gradient."""
    sign = _("A game that went better than the baseline (reward above it) moves the weights along the "
             "gradient; a worse one moves them the other way: what counts is the reward minus the baseline.")
    rate = _("The learning rate scales the whole step: a small rate takes small steps.")
    given = [
        ([0.0, 0.0], [1.0, -1.0], 1.0, 0.0, 0.5, rate),
        ([0.0, 0.0], [1.0, -1.0], 0.0, 0.25, 1.0, sign),
        ([0.5, -2.0, 1.0], [0.2, 0.0, -0.4], 1.0, 0.25, 0.1, rate),
        ([1.0, 1.0], [3.0, 3.0], 0.3, 0.3, 0.2, _("A reward equal to the baseline teaches nothing: the weights "
                                                 "stay as they are.")),
    ]
    cases = [Case((np.array(w), np.array(g), r, b, lr),
                  tuple(wi + lr * (r - b) * gi for wi, gi in zip(w, g)),
                  _("weights {w}, gradient {g}, reward {r}, baseline {b}, learning rate {lr}", w=w, g=g, r=r, b=b,
                    lr=lr), MATHS, hint)
             for w, g, r, b, lr, hint in given]
    return run_cases(func, cases, "reinforce_step", normalize=as_numbers)


def _finished(hands: list[str], discard: str, last: str) -> Game:
    """A hand that seat 0 wins by playing ``last``."""
    game = Game.from_position(hands, discard=discard, draw_pile="B1 B2 B3 B4 B5 B6")
    game.play(last)
    return game


def check_points_reward(func: Callable[[Game, int], float]) -> CheckResult:
    """``points_reward(game, seat)``: 1 for the winner; otherwise minus the points left in the
    seat's hand (E-SCORE-2) over 100."""
    points = _("E-SCORE-2: a number card counts its face value, an action card 20 and a wild 50; add them up "
               "over the cards left in this seat's hand and divide by 100, with a minus sign.")
    winner = _("E-WIN-1: the seat that played its last card is game.winner; its reward is 1.")
    rows = [
        (["G2", "R+2 W B5"], "G3", "G2", 0, winner),
        (["G2", "R+2 W B5"], "G3", "G2", 1, points),
        (["Y9", "Y1 G7", "WDT W+4 RS BR"], "Y4", "Y9", 2, points),
        (["Y9", "Y1 G7", "WDT W+4 RS BR"], "Y4", "Y9", 1, points),
        (["G+2", "R3 R4", "B0"], "G3", "G+2", 1,
         _("E-WIN-2: a last Draw Two still makes the next player draw; read the hand as it is once the game is "
           "over.")),
    ]
    cases = []
    for hands, discard, last, seat, hint in rows:
        game = _finished(hands, discard, last)
        want = 1.0 if game.winner == seat else -hand_points(game.hands[seat]) / 100
        label = _("seat {winner} won with {card}; seat {seat} holds {hand}", winner=game.winner, card=last,
                  seat=seat, hand=" ".join(c.code for c in game.hands[seat]) or "-")
        cases.append(Case((game, seat), want, label, "E-SCORE-2", hint))
    return run_cases(func, cases, "points_reward")


#: Predict, then check (E-WIN-1): one won game with a draw in it, and the chance of drawing after it.
#: The right letters of these items are in the solution's hidden tests, not here (see :mod:`.answers`).
DRAW_AFTER_WIN = Choice("draw_after_win", ("A", "B", "C"), {
    "A": N_("Which moves of the won game does REINFORCE push, and which way, when the reward beats the "
            "baseline?"),
    "B": N_("Does REINFORCE know which move of the game was a good one, or only that the game's reward beat the "
            "baseline?"),
    "C": N_("Is learning rate × (reward − baseline) × the direction 0 here? Work out 0.5 × (1 − 0.25)."),
}, MATHS)

#: Reading the weights: every card played is exactly one of the four kinds, so is_number +
#: is_action + is_wild + is_wild_draw_four = plays_card, and the weights cannot be read one by one.
SHIFT_WEIGHTS = Choice("shift_weights", ("A", "B", "C"), {
    "A": N_("Count per move, not per weight: how many of the four kinds does one card played have, and does it "
            "have plays_card too?"),
    "B": N_("Add up what happens to one card play's score: through its kind, and through plays_card. And to a "
            "draw's score?"),
    "C": N_("A draw has none of the four kinds, and its plays_card is 0: which weights touch a draw's score at "
            "all?"),
}, MATHS)

#: Reading a comparison of trainings: a difference against the spread between trainings.
TRAINING_VERDICT = Choice("training_verdict", ("A", "B", "C"), {
    "A": N_("Does one evaluation's error cover the luck of the training, or only the luck of the deals? What would "
            "a fourth seed give?"),
    "B": N_("How many standard errors of the seed-by-seed differences is 5.7 points, and how many does a clear "
            "difference need with only three seeds?"),
    "C": N_("Is the best of three trainings a measure of the reward, or partly the luck of the seeds?"),
}, STATISTICS)
