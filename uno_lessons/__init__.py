"""uno_lessons: an exact UNO: Encanto / classic UNO engine with Jupyter lessons."""

from .cards import Card, Color, Rank, build_deck, hand_points, parse_cards
from .game import Game
from .moves import IllegalMove, Move, explain_match, matches
from .rules import Rules

__all__ = [
    "Card", "Color", "Rank", "Rules", "Game", "Move", "IllegalMove", "hand_points",
    "build_deck", "parse_cards", "explain_match", "matches",
]
__version__ = "0.1.0"
