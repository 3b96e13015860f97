"""The base widget layer: small views built on uno_lessons.render.

This package is the only part of the base layer that imports ipywidgets. Lessons and the
dashboard compose these views: :class:`HandView` (card buttons a keyboard and a screen reader
can use), :class:`ToggleChoice` (toggle buttons with ``aria-pressed``), :class:`TableDisplay`,
:class:`SeatsView`, :class:`LogView`, :class:`ColorPicker` and :class:`MessageView` (which also
announces through the page's live region). Browser tests find cards by the CSS classes
``uno-card-btn`` and ``uno-card-<code>`` (``css_code``: ``"W+4"`` -> ``uno-card-Wp4``).
"""

from .choice import ToggleChoice
from .hand import CardButton, HandView
from .views import ColorPicker, LogView, MessageView, SeatsView, TableDisplay

__all__ = ["HandView", "CardButton", "ToggleChoice", "TableDisplay", "SeatsView", "LogView", "ColorPicker",
           "MessageView"]
