"""Lesson widgets, one per rule lesson (notebooks/01_setup.ipynb … 06_scoring.ipynb), and
lesson 7's (:mod:`.measuring`) for single games against their average and two bots on the
same deals.

Every lesson is a class with a ``.widget`` (displaying the object shows it) and methods a
test or a teacher can call from Python: ``SetupStepper().next()``, ``MatchingTrainer().check()``…
The self-checks come from a bank (``quiz("02-skip-on-skip")``), so a notebook cell does not
show the answer.
"""

from ..i18n import N_
from ._common import Quiz, rule_badge, show_cards
from .actions import ActionCardLab
from .challenge import ChallengeLab
from .matching import MatchingTrainer
from .measuring import DealByDeal, SpreadLab
from .quizzes import QUIZZES, quiz
from .scoring import ScoreCalculator
from .setup import SetupStepper
from .uno_talk import UnoTalkLab

__all__ = [
    "SetupStepper", "MatchingTrainer", "ActionCardLab", "ChallengeLab", "UnoTalkLab",
    "ScoreCalculator", "SpreadLab", "DealByDeal", "Quiz", "quiz", "QUIZZES", "show_cards", "rule_badge", "LESSONS",
]

#: The lessons in teaching order: (notebook name, title, rule ids); the titles are English
#: (N_), translated where shown with ``_(title)``.
LESSONS = (
    ("01_setup", N_("Setting up a game"), "E-SETUP, C-SETUP-4"),
    ("02_matching", N_("Which cards may be played?"), "E-MATCH"),
    ("03_action_cards", N_("Action cards and drawing"), "E-ACT, E-DRAW"),
    ("04_wild_draw_four", N_("The Wild Draw Four and its challenge"), "E-WD4, C-WD4"),
    ("05_uno_and_dont_talk", N_("Saying UNO and the Wild Don't Talk"), "E-UNO, E-WDT"),
    ("06_scoring", N_("Scoring and winning"), "E-WIN, E-SCORE"),
    ("07_simulation", N_("Measuring with simulation"), "all"),
    ("08_challenge_or_accept", N_("Challenge or accept? Deciding under uncertainty"), "E-WD4, C-WD4"),
    ("09_good_move", N_("Was that a good move?"), "strategy, not a rule"),
    ("10_learning", N_("Teach a computer to play"), "E-MATCH-1, E-DRAW-2, E-WD4-2, E-WIN-1"),
    ("11_house_rules", N_("Change a rule, measure the game"), "H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL, H-FORCE"),
)
