"""A live game of UNO as one widget, for Jupyter and Voilà: ``LiveGame()``.

Humans play by clicking their cards and the action buttons; bots move by themselves after
a visible pause (or one at a time with **Step**). A teacher can switch between a player's
view (other hands face down, via ``game.view(seat)``) and a teacher's view (every hand face
up). Hands are scored to 500 with :class:`~uno_lessons.engine.scoring.Match`.

One concept a module: ``app`` (LiveGame, wiring the rest), ``setup_form`` (New game…),
``hand_panel`` (cards, actions, picker), ``human_moves`` (what clicks do), ``bots_clock``
(when bots move), ``chart``, ``scores``, ``other_hands`` and ``style`` (sizes and CSS).
Everything public is re-exported here, so ``from uno_lessons.dashboard import LiveGame``
is all a notebook needs.
"""

from .app import DashboardBox, LiveGame
from .bots_clock import SPEEDS
from .chart import SERIES, hand_size_chart_svg
from .setup_form import SEAT_KINDS
from .style import CARD_H, CARD_W, SEATS_W, card_button_css, ring_width

__all__ = [
    "LiveGame", "SEAT_KINDS", "SPEEDS",
    # parts a notebook or a test may reuse
    "DashboardBox", "hand_size_chart_svg", "SERIES",
    "CARD_W", "CARD_H", "SEATS_W", "card_button_css", "ring_width",
]
