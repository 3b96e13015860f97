"""uno_lessons: an exact UNO: Encanto / classic UNO engine with Jupyter lessons.

The layers, each a subpackage: ``engine`` (rules, no UI), ``render`` (pure SVG/HTML),
``table`` (who plays where, the shared store; no widgets), the widgets (``lessons``,
``dashboard``), ``simulation``, the ``coach`` and the exercises (``checks``, ``exercises``).
"""

from .coach import advise  # also hands the engine's bots its own, "coach" (engine.bots.register_bot)
from .engine import (
    EVERYONE,
    NOBODY,
    Bot,
    Card,
    Color,
    Game,
    IllegalMove,
    Match,
    Move,
    MoveKind,
    Phase,
    RandomBot,
    Rank,
    Rules,
    SensibleBot,
    build_deck,
    explain_match,
    hand_points,
    matches,
    parse_cards,
    play_game,
    play_match,
    sort_cards,
)
from .i18n import LANGUAGES, get_language, set_language, use_language
from .render import card_html as _card_html  # noqa: F401 - hands the engine its pictures

__all__ = [
    "Card", "Color", "Rank", "Rules", "Game", "Move", "MoveKind", "Phase", "IllegalMove", "hand_points",
    "build_deck", "parse_cards", "sort_cards", "explain_match", "matches", "Match",
    "Bot", "RandomBot", "SensibleBot", "play_game", "play_match",
    "set_language", "get_language", "use_language", "LANGUAGES", "EVERYONE", "NOBODY", "advise",
]
__version__ = "0.2.0"
