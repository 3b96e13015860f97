"""The widgets of one dashboard page, for its role only (see :mod:`.roles`), and their
drawing from the page's view (:class:`~.page_view.PageView`): the table's own parts (picture,
seats, log, chart, scores, the others' hands), the seat's hand and moves, the top bar and the
status line.

:class:`PageWidgets` builds them into the page's outer box; the page (the controller,
:class:`~.app.LiveGame`) is known here only as a :class:`~.ports.PageHost`: the callbacks its
controls call and what its seat's part asks; it says when to draw.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..i18n import get_language
from ..render import style_block
from ..table import Table, TableConfig
from ..table.views import TableView
from ..widgets import LogView, MessageView, SeatsView, TableDisplay
from ..widgets.page import PageBridge
from .actions import ActionBar
from .chart import hand_size_chart_svg
from .controls import TopBar
from .focus import PageParts
from .front_door import FrontDoor
from .hand import HandPanel
from .house import JumpInBar, house_html, house_sentence
from .join_card import JoinCard, code_form_html
from .others import others_html
from .page_view import PageView
from .picker import WildPicker
from .ports import PageHost
from .review import ReviewPanel
from .roles import PageMode, PagePlan, Role
from .scores import scores_html
from .seat_play import SeatPlay
from .sentences import section_titles, turn_sentence
from .setup_form import SetupForm
from .status import status_html
from .style import DASH_CSS, ring_width
from .teacher import TeacherPanel


def page_classes(view: TableView, mode: str) -> dict[str, bool]:
    """The CSS classes of the page's outer box and whether each is on now."""
    return {"uno-projector": mode == PageMode.PROJECTOR, "uno-dash-many": view.players > 6}


class PageWidgets:
    """Every widget of ``page``'s role, built into ``box`` (the page's outer box, beside its
    ``bridge``); ``guard`` wraps each callback (see :mod:`.safety`). ``config`` fills the
    New game… form, ``speed`` and ``auto`` the bots' controls."""

    def __init__(self, plan: PagePlan, page: PageHost, guard: Callable[[Callable], Callable], *,
                 box: widgets.Box, bridge: PageBridge, config: TableConfig, speed: str | float, auto: bool) -> None:
        W, g, p = widgets, guard, page
        self.bar = TopBar(plan, on_view=g(p.refresh), on_seat=g(p.refresh), on_auto=g(p.auto_changed),
                          on_speed=g(p.speed_changed), on_step=g(p.step_clicked), on_next=g(p.next_hand),
                          on_language=g(p.language_changed), speed=speed, auto=auto)
        self.setup = SetupForm(config, on_start=g(p.start_from_form)) if plan.setup else None
        if self.setup is not None:
            self.bar.attach_settings(self.setup)
        self.teacher_panel = (TeacherPanel(on_seat=g(p.seat_kind_changed), on_close=g(p.close_table))
                              if plan.teacher_panel else None)
        # How learners find a class table: the card (teacher, projector), the code form (the
        # page at the short address is the one-screen game's).
        self.join_card = JoinCard(bridge) if plan.role in (Role.TEACHER, Role.SPECTATOR) else None
        self.code_form = W.HTML(code_form_html(get_language()), _dom_classes=("uno-code-form-view",)) \
            if plan.setup else None
        # A learner's device at the short address sees the code box first (see front_door).
        self.front_door = FrontDoor(box, bridge) if plan.setup else None
        #: The hand and the moves (pages that play a seat only), and its parts by name.
        self.play = SeatPlay(p, g) if plan.play else None
        self.hand: HandPanel | None = self.play.hand if self.play else None
        self.actions: ActionBar | None = self.play.actions if self.play else None
        self.picker: WildPicker | None = self.play.picker if self.play else None
        self.jumps: JumpInBar | None = self.play.jumps if self.play else None
        self.table_title, self.status = W.HTML(), W.HTML(_dom_classes=("uno-status-view",))
        self.picture = TableDisplay(width=78)
        self.message = MessageView()  # shown only: the page announces through the bridge
        self.others = W.HTML(_dom_classes=("uno-others-view",))
        left = W.VBox([self.table_title, self.status, self.picture, *(self.play.widgets if self.play else ()),
                       self.message, self.others], _dom_classes=("uno-dash-left",))
        self.seats, self.log_title, self.log = SeatsView(), W.HTML(), LogView(max_lines=150)
        self.house_ring = W.HTML(_dom_classes=("uno-house-ring",))  # the house rules, under the seats
        self.chart_title, self.chart = W.HTML(), W.HTML(_dom_classes=("uno-chart-view",))
        self.scores = W.HTML(_dom_classes=("uno-scores-view",))
        #: The Review view of a finished hand (every role's page; built when opened).
        self.review = ReviewPanel(p, g, weigh_all=plan.review_all)
        self.right = W.VBox([self.seats, self.house_ring, self.log_title, self.log, self.chart_title, self.chart, self.scores],
                            _dom_classes=("uno-dash-right",))
        cols = W.HBox([left, self.right], _dom_classes=("uno-dash-cols",))
        css = W.HTML(DASH_CSS + style_block(), layout=W.Layout(display="none"))
        parts = (css, self.hand.css_box if self.hand else None, bridge, self.play.skip if self.play else None,
                 self.front_door.widget if self.front_door else None, self.bar.widget, self.code_form, self.setup.widget if self.setup else None,
                 self.teacher_panel.widget if self.teacher_panel else None,
                 self.join_card.widget if self.join_card else None, self.review.widget, cols)
        box.children = [w for w in parts if w is not None]

    def owned(self) -> list[widgets.Widget]:
        """Widgets of this page that may be outside its boxes now (to close them all)."""
        return self.play.owned() if self.play else []

    def relabel(self, lang: str) -> None:
        """Words of the parts in ``lang``, the current language."""
        self.bar.relabel()
        for part in (self.setup, self.play, self.teacher_panel, self.join_card, self.front_door, self.review):
            if part is not None:
                part.relabel()
        if self.code_form is not None:
            self.code_form.value = code_form_html(lang)

    def draw(self, look: PageView, table: Table, box: widgets.Box) -> None:
        """Every part as ``look`` has it (``table``: the page's, for the seats it plays and
        its kind; ``box``: the page's outer box)."""
        view, seat, mode = look.view, look.seat, look.mode
        self.draw_table(view, mode, section_titles())
        if self.play is not None:
            self.play.draw(view, seat, look.my_turn, list(look.legal))
        self.draw_around(view, mode)
        self.review.update(view.hand_number, view.play.winner is not None)
        self.bar.update(table, view, seat)
        for cls, on in page_classes(view, mode).items():
            if on != (cls in box._dom_classes):
                (box.add_class if on else box.remove_class)(cls)
        # The status line last, so that when it says whose turn it is, the rest is already sent.
        self.status.value = (status_html(view, seat, look.my_turn, turn_sentence(view, table.my_seats))
                             + house_html(view.house, view.play.stack))

    def focus_parts(self) -> PageParts:
        """Which parts this page has now, as far as keyboard focus cares."""
        return PageParts(plays=self.play is not None, teacher_panel=self.teacher_panel is not None,
                         can_deal=self.bar.can_deal)

    def draw_table(self, view: TableView, mode: str, titles: dict[str, str]) -> None:
        """The table's own parts as ``view`` has them (``titles``: the section headings)."""
        play = view.play
        self.picture.update(play)
        ring = ring_width(view.players)
        self.seats.update(play, viewer=view.seat, highlight_skipped=view.skipped, width=ring)
        self.right.layout.flex = f"0 0 {ring + 10}px"
        ring_words = escape(house_sentence(view.house)) if view.house else ""
        if self.house_ring.value != ring_words:
            self.house_ring.value = ring_words
        self.table_title.value = f"<h2 class='uno-sr-only'>{escape(titles['table'])}</h2>"
        self.log_title.value = f"<h2 class='uno-dash-section' id='uno-log-title'>{escape(titles['log'])}</h2>"
        self.log.update(play.log)
        self.chart_title.value = f"<h2 class='uno-dash-section' id='uno-chart-title'>{escape(titles['chart'])}</h2>"
        self.chart.value = hand_size_chart_svg(list(view.history), list(view.names), width=ring)
        self.scores.value = scores_html(view)

    def draw_around(self, view: TableView, mode: str) -> None:
        """The others' hands, the teacher's panel and the join card as ``view`` has them."""
        self.others.value = "" if mode == PageMode.PROJECTOR else others_html(view, view.seat)
        self.others.layout.display = "none" if mode == PageMode.PROJECTOR else None
        if self.teacher_panel is not None:
            self.teacher_panel.update(view)
        if self.join_card is not None:
            self.join_card.update(view, mode)
