"""The small interfaces the parts of a dashboard page talk through.

The page (:class:`~.app.LiveGame`) is the controller; its parts (:class:`~.layout.PageWidgets`,
:class:`~.seat_play.SeatPlay`, :func:`~.language.switch_language`) know it only by what is
declared here, never by its class or its private members. So each part imports this module
and nothing of the page, the page imports the parts, and no two modules of the dashboard
import each other (``tests/test_dashboard_api.py`` checks both).
"""

from __future__ import annotations

from typing import Protocol

from ..table import Table, TableConfig
from .class_form import ClassChoice
from .page_view import PageView
from .roles import PageMode
from .voice import PageVoice


class PageControls(Protocol):
    """What the page's controls (top bar, New game… form, teacher panel) ask of their page
    when they are used; each is wrapped by the page's guard before a widget calls it."""

    def refresh(self) -> None:
        """Redraw every part (another view or seat was chosen)."""

    def next_hand(self) -> None:
        """Deal the next hand of the match."""

    def step_clicked(self) -> None:
        """Step: one bot move now, or say why not."""

    def auto_changed(self, on: bool) -> None:
        """Bots move by themselves (``on``) or only on Step."""

    def speed_changed(self, key: str) -> None:
        """The bots' speed was chosen (a key of :data:`~uno_lessons.table.SPEEDS`)."""

    def language_changed(self, lang: str) -> None:
        """The page speaks ``lang`` from now on."""

    def start_from_form(self, config: TableConfig | ClassChoice, class_table: bool) -> None:
        """Start the New game… form's table: on this screen, a class table, or a class of
        several tables."""

    def seat_kind_changed(self, seat: int, kind: str) -> None:
        """The teacher put a learner or a bot of ``kind`` at ``seat``."""

    def close_table(self) -> None:
        """The teacher confirmed closing the class table."""


class SeatHost(Protocol):
    """What the part that plays a seat (:class:`~.seat_play.SeatPlay`) asks of its page."""

    @property
    def table(self) -> Table:
        """The table the page shows (its clicks go there)."""

    @property
    def voice(self) -> PageVoice:
        """The page's message line and announcements."""

    @property
    def mode(self) -> PageMode:
        """What the page shows now (a player's view, the teacher's, the projector's)."""

    @property
    def acting_seat(self) -> int | None:
        """The seat whose controls are shown."""

    @property
    def explain_illegal(self) -> bool:
        """Whether cards that cannot be played stay clickable, to say why not."""

    def look(self) -> PageView:
        """What the page may see of its table now."""

    def refresh(self) -> None:
        """Redraw every part."""

    def focus_now(self) -> None:
        """Move keyboard focus where it belongs now."""


class ReviewHost(Protocol):
    """What the Review view (:class:`~.review.ReviewPanel`) asks of its page."""

    @property
    def table(self) -> Table:
        """The table the page shows (its finished hands are looked back at)."""

    @property
    def voice(self) -> PageVoice:
        """The page's message line and announcements."""

    def look(self) -> PageView:
        """What the page may see of its table now."""

    def refresh(self) -> None:
        """Redraw every part."""


class PageHost(PageControls, SeatHost, ReviewHost, Protocol):
    """A page as its widgets (:class:`~.layout.PageWidgets`) know it: its controls' callbacks
    and, on a page that plays a seat, what the seat's part asks."""


class Relabelled(Protocol):
    """Parts that can say their words again in the current language."""

    def relabel(self, lang: str) -> None:
        """Every word in ``lang``, the language just set."""
