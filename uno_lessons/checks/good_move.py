"""Exercise 9, "Was that a good move?": its positions and its graded items, a reading of the
coach's numbers rather than code to type (:mod:`.answers`: a letter or a number in a variable).

The notebook shows the coach's advice on two positions (:func:`coach_on`, seeded), and the
learner reads it. The answer key is not here (a learner can read the package): it is in the
solution's hidden tests (``grade("g4_gives_up", 0.51, tolerance=0.005)``), and
``tests/test_good_move.py`` asks the coach again and checks that the key is still its answer. The rule ids
the items cite are those the positions turn on (E-WD4-4: a challenge lost to an honest card;
E-ACT-4: a Skip with two players); the judging itself is strategy and statistics, not a rule.
"""

from __future__ import annotations

from ..coach import Advice, advise
from ..engine.game import Game
from ..i18n import N_
from .answers import Choice, Number

__all__ = ["two_cards_left", "three_cards_left", "coach_on", "ROLLOUTS", "SEED", "ANSWER_LUCK",
           "BEST_MOVE_GUESS", "G4_GIVES_UP", "ANSWER_SETTLED", "ITEMS"]

#: The rollouts and seed of the exercise's coach cells.
ROLLOUTS, SEED = 100, 2


def two_cards_left() -> Game:
    """Two players: Ana holds a green Skip and a green 4, Ben one card; a green 1 is on top."""
    return Game.from_position([["GS", "G4"], ["B9"]], discard=["G1"], draw_pile="R1 R2 Y3 B4 B6 Y8",
                              names=["Ana", "Ben"])


def three_cards_left() -> Game:
    """As :func:`two_cards_left`, but Ana also holds a yellow 7."""
    return Game.from_position([["GS", "G4", "Y7"], ["B9"]], discard=["G1"], draw_pile="R1 R2 Y3 B4 B6 Y8",
                              names=["Ana", "Ben"])


def coach_on(game: Game) -> Advice:
    """The coach's advice for the seat to move, with the exercise's rollouts and seed."""
    return advise(game, game.current_player, rollouts=ROLLOUTS, seed=SEED)


#: Step 1: the coach rated challenging better; the card was honest and the hand lost. Every
#: option has a question to think about; the right letter is in the solution's hidden test.
ANSWER_LUCK = Choice("answer_luck", ("A", "B", "C"), {
    "A": N_("When Caro decided, could she see whether Ana's card was honest? What do the coach's two chances "
            "say about the decision she made?"),
    "B": N_("Which choice left Caro the higher chance to win when she decided, and what decided how this one "
            "hand came out?"),
    "C": N_("How often does accepting win such a hand, by the coach's numbers? Would it likely have won this "
            "one?"),
}, "strategy")

#: Step 2 (predict, then the coach's table shows it): with two players a Skip gives the turn back.
BEST_MOVE_GUESS = Choice("best_move_guess", ("A", "B", "C"), {
    "A": N_("After the Skip, who plays next with two players? How many cards does Ana hold then?"),
    "B": N_("After the green 4, what does Ana still hold, and who plays next with one card?"),
    "C": N_("What does drawing do with Ana's two playable cards, and whose turn is it then?"),
}, "E-ACT-4")

#: Step 3: what the green 4 gives up against the best move, read from the coach's table.
G4_GIVES_UP = Number("g4_gives_up", N_(
    "Which column of the coach's table compares each move with the best? Read the green 4's line there."),
    "statistics", slips=(
        (-0.51, 0.005, N_("Is what a move gives up a positive or a negative number?")),
        (0.49, 0.005, N_("Is that the green 4's own chance to win, or what it gives up against the best move?")),
    ))

#: Step 4: a lead and its paired standard error: clear of chance or not?
ANSWER_SETTLED = Choice("answer_settled", ("A", "B", "C"), {
    "A": N_("Is the lead more than two of its standard errors? Which standard error belongs to a difference on "
            "shared deals?"),
    "B": N_("How big is the lead, and how big are two of its standard errors (the paired one)?"),
    "C": N_("Which of the two moves has the higher chance to win in the table?"),
}, "statistics")

#: The items in the order of the exercise.
ITEMS = (ANSWER_LUCK, BEST_MOVE_GUESS, G4_GIVES_UP, ANSWER_SETTLED)
