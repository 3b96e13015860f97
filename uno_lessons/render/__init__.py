"""Pure HTML/SVG rendering of cards, hands, the table, the seats and the event log.

Every function returns an HTML string (inline SVG, system fonts, no CDN, no JavaScript), so
the engine, notebooks, Voilà and plain HTML files can all use it. This package must never
import ipywidgets: the engine stays usable without any UI (see tests/test_engine_no_ui.py).

One concept a module: ``style`` (palette, CSS), ``symbols`` (the signs on the faces),
``faces`` (one card), ``hands``, ``state`` (what the table and seats read from a game),
``table``, ``seats`` and ``log``; ``words`` (cards in words, translated) and ``measure`` (how
wide a word is, so a translated colour word fits its card). Import from here; the module
layout is not public.
"""

from __future__ import annotations

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.pictures import draw_with
from .faces import back_svg, card_html, card_svg
from .hands import hand_html
from .log import log_html
from .measure import fit_font_size, text_width
from .seats import seats_html
from .style import (  # noqa: F401
    COLORS_HEX,
    FOCUS,
    FONT,
    INK,
    STYLE,
    TEXT_ON,
    WILD_HEX,
    contrast_ratio,
    css_code,
    style_block,
)
from .table import color_swatch_html, table_html
from .words import card_state_words, card_words, cards_count, color_name, printed_color_word

# FONT and INK stay importable from here, as from the old render.py, but were never in __all__.
__all__ = [
    "COLORS_HEX", "TEXT_ON", "WILD_HEX", "STYLE", "style_block", "css_code", "card_svg",
    "back_svg", "card_html", "hand_html", "table_html", "seats_html", "log_html",
    "color_swatch_html", "FOCUS", "contrast_ratio", "text_width", "fit_font_size", "card_words",
    "card_state_words", "cards_count", "color_name", "printed_color_word",
]

# A Card or a Game at the end of a notebook cell is drawn with these pictures; the engine asks
# for them without importing the renderer (uno_lessons.engine.pictures).
draw_with(Card, card_html)
draw_with(Game, table_html)
