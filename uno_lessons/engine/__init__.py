"""The rules engine: cards, rule sets, moves, the game, its event log, saves, views, scoring
and bots. Pure Python and numpy; it never imports a UI (tests/test_engine_no_ui.py). The game
module runs compiled with mypyc where a current build of it is there (``compiled``)."""

# ruff: noqa: E402 - the engine's modules are imported after use_compiled has chosen the build
from .compiled import use_compiled

use_compiled(__path__)  # before anything imports .game: the build, if current, comes first

from .asides import Aside, Catch, JumpIn, SayUno, Talk
from .bots import Bot, RandomBot, SensibleBot, play_game, play_match
from .cards import Card, Color, Rank, build_deck, hand_points, parse_cards, sort_cards
from .events import EVERYONE, NOBODY
from .game import Game
from .kinds import MoveKind, Phase
from .moves import IllegalMove, Move, explain_match, matches
from .rules import Rules
from .scoring import Match
from .talk import uno_counts

__all__ = [
    "Card", "Color", "Rank", "Rules", "Game", "Move", "MoveKind", "Phase", "IllegalMove", "hand_points",
    "build_deck", "parse_cards", "sort_cards", "explain_match", "matches", "Match",
    "Bot", "RandomBot", "SensibleBot", "play_game", "play_match", "EVERYONE", "NOBODY", "uno_counts",
    "SayUno", "Catch", "Talk", "JumpIn", "Aside",
]
