"""The live game as one widget, for Jupyter and Voilà: a view of a class or one-screen table.

``dashboard_page()`` (what ``notebooks/dashboard.ipynb`` shows) reads the page's URL and
builds the right page: a game on this screen (:class:`LiveGame`), a learner's seat at a
class table (after choosing a free seat), a spectator or projector page, or the teacher's.
The game itself lives in a :class:`~uno_lessons.table.Table`; these modules only draw it
and send it clicks: ``app`` (LiveGame, the page's controller), ``ports`` (the small
interfaces its parts know it by, never its class), ``layout`` (its widgets and their
drawing), ``page_view`` (what a page looks at and whether its seat is to move),
``roles`` (which parts a page of each role is built with: nothing of another role's; its
modes), ``voice`` (the message line and announcements), ``pacing`` (the bots' pace and
Step), ``language`` (switching language), ``frontend`` (whether a browser shows the page),
``controls`` (the top bar), ``setup_form`` (New game…), ``game_config`` (a game's
settings as the table's ``TableConfig``), ``seat_play`` (the hand, the moves and their
clicks, on pages that play a seat) with ``hand``, ``actions``, ``picker`` (a wild's colour and target) and
``wild`` (the pending wild, pure data), ``status``, ``others``, ``chart``, ``scores``,
``sentences`` and ``narration`` (what a page says), ``focus`` (where keyboard focus goes),
``tables`` (making one-screen and class tables), ``teacher`` (code, links, seats, Close the table), ``join``
(choosing a seat), ``class_page``, ``class_join`` and ``class_board`` (a class of several
tables: a learner seated by the server, the teacher's page and the projector of every
table), ``review`` and ``review_html`` (looking back at a finished hand with the coach),
``safety`` (every callback guarded), ``closing`` (closing every model of a
part), ``entry`` and ``style``.
"""

# Every page may read or run a learned bot's seat: the learning layer gives tables its policy
# reader when imported (uno_lessons.table.learned).
from .. import learn as _learn  # noqa: F401
from .app import DashboardBox, LiveGame
from .chart import SERIES, hand_size_chart_svg
from .entry import dashboard_page, page_query
from .style import CARD_H, CARD_W, SEATS_W, card_button_css, ring_width
from .teacher import table_links

__all__ = [
    "LiveGame", "dashboard_page", "page_query", "table_links",
    # parts a notebook or a test may reuse
    "DashboardBox", "hand_size_chart_svg", "SERIES",
    "CARD_W", "CARD_H", "SEATS_W", "card_button_css", "ring_width",
]
