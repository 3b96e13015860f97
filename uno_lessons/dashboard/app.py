"""The live table widget, :class:`LiveGame`: a view of a :class:`~uno_lessons.table.Table`.

The same widget draws a one-screen game (a table in memory: hot seat against bots), a
learner's seat at a class table, a spectator or projector page, and the teacher's page.
It owns no game: every picture comes from ``table.view(...)`` (what this page may see) and
every click goes to the table, which decides and answers with the engine's reason when a
click is not allowed.

For people on a keyboard or a screen reader (WCAG 2.2 AA): what just happened and whose turn
it is are said once through the page bridge's polite live region (errors assertively); the
message line and the status are shown, not live. Keyboard focus is kept where play goes on:
on the colour buttons while a wild waits, back on the hand when the picker closes, on the
first playable card when this seat's turn comes round again, and never left on the page's
body when the control that had it goes away. A skip link leads past the top bar to the hand.

A page holds the widgets of its role only (:mod:`.roles`): a learner's page has no New game
form, no teacher panel, no bot controls; every callback runs guarded (:mod:`.safety`), so a
refusal or a store that fails is said in a sentence and nothing escapes to the kernel.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.events import EVERYONE, NOBODY
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import _, get_language
from ..page import PageBridge, log_traceback, on_callback_error
from ..render import style_block
from ..table import Table, TableError
from ..table.records import SPEEDS
from ..table.views import TableView
from ..widgets import LogView, MessageView, SeatsView
from ..widgets import TableView as TablePicture
from .chart import hand_size_chart_svg
from .closing import close_widgets
from .controls import TopBar
from .join_card import JoinCard, code_form_html
from .others import kind_word, others_html
from .roles import PagePlan, page_plan
from .safety import REFUSALS, guarded
from .scores import scores_html
from .seat_play import SeatPlay
from .sentences import (
    hand_over_sentence,
    intro_sentence,
    page_title,
    something_went_wrong,
    table_closed_text,
    turn_sentence,
)
from .setup_form import SetupForm, first_config
from .status import status_html
from .style import DASH_CSS, aria_rules, ring_width
from .teacher import TeacherPanel
from .wild import PendingWild

#: Where keyboard focus may be taken from when this seat's turn comes round again: the
#: hand, the moves and the picker (a reader elsewhere on the page is left where they are).
PLAY_AREA = ".uno-dash .uno-hand-panel, .uno-dash .uno-actions, .uno-dash .uno-picker"


class DashboardBox(widgets.VBox):
    """The dashboard's outer box, with a short text form (notebook outputs stay small)."""

    def __repr__(self) -> str:
        return "<UNO live table: run this cell to show it>"


class LiveGame:
    """A live UNO table: ``LiveGame()`` then display it (or its ``.widget``).

    Without ``table``: a one-screen game: ``seats`` lists what sits at each seat ("human",
    "random", "sensible"; default seat 0 human, the rest sensible bots), dealt from
    ``seed``. With ``table``: that table, as the page's handle allows (a seat, a spectator,
    the teacher). ``speed`` is a key of :data:`SPEEDS` or seconds. ``explain_illegal``:
    cards that cannot be played stay clickable so a learner can click one and read why not.
    ``box``: an outer box already on the page (a join page's) to build into.
    """

    def __init__(self, players: int = 4, *, rules: str = "encanto", seed: int | None = 1,
                 seats: list[str] | None = None, speed: str | float = "normal", auto: bool = True,
                 view: str | None = None, explain_illegal: bool = True, table: Table | None = None,
                 bridge: PageBridge | None = None, box: DashboardBox | None = None) -> None:
        self.explain_illegal = explain_illegal
        self.bridge = bridge or PageBridge(follow_language=False)  # the dashboard speaks ?lang= itself
        self.config = first_config(int(players), rules, seed, seats)
        self._quiet = False
        self._was_my_turn = False
        self._told_closed = False  # the page said that the teacher closed the table
        self._problem_said: str | None = None  # the table's problem, said once
        self._announced = 0  # sentences said so far (an action's own news is not said twice)
        self._speed, self._auto = speed, auto
        #: The page's outer box (``box``: one already shown, e.g. a join page's).
        self.widget = box if box is not None else DashboardBox([])
        self.widget.add_class("uno-dash")
        if table is None:
            c = self.config
            table = Table.local(c["players"], c["seats"], rules=c["rules"], seed=c["seed"])
        self._build(page_plan(table.role))
        self._attach(table, view)
        on_callback_error(self._callback_failed)  # the kernel's guard says it here
        self._wait_for_frontend()

    # ------------------------------------------------------------------ building
    def _guard(self, callback):
        """``callback`` as every widget of this page calls it: refusals and faults are said
        on the message line, never raised into the kernel (see :mod:`.safety`)."""
        return guarded(callback, refused=self._refused, failed=self._failed)

    def _build(self, plan: PagePlan) -> None:
        """This page's widgets for its role only (see :mod:`.roles`), inside :attr:`widget`."""
        W, g = widgets, self._guard
        self.plan = plan
        self.bar = TopBar(plan, on_view=g(self.refresh), on_seat=g(self.refresh), on_auto=g(self._auto_changed),
                          on_speed=g(self._speed_changed), on_step=g(self._step_clicked),
                          on_next=g(self.next_hand), on_language=g(self._language_changed),
                          speed=self._speed, auto=self._auto)
        self.setup = SetupForm(self.config, on_start=g(self._start_from_form)) if plan.setup else None
        if self.setup is not None:
            self.bar.attach_settings(self.setup)
        self.teacher_panel = (TeacherPanel(on_seat=g(self._seat_kind_changed), on_close=g(self._close_table))
                              if plan.teacher_panel else None)
        # How learners find a class table: the card (teacher, projector), the code form (the
        # page at the short address is the one-screen game's).
        self.join_card = JoinCard(self.bridge) if plan.role in ("teacher", "spectator") else None
        self.code_form = W.HTML(code_form_html(get_language()), _dom_classes=("uno-code-form-view",)) \
            if plan.setup else None
        #: The hand and the moves (pages that play a seat only), and its parts by name.
        self.play = SeatPlay(self, g) if plan.play else None
        self.hand = self.play.hand if self.play else None
        self.actions = self.play.actions if self.play else None
        self.picker = self.play.picker if self.play else None
        self.table_title = W.HTML()
        self.status = W.HTML(_dom_classes=("uno-status-view",))
        self.picture = TablePicture(width=78)
        self.message = MessageView()  # shown only: _say announces through the bridge
        self.others = W.HTML(_dom_classes=("uno-others-view",))
        left = W.VBox([self.table_title, self.status, self.picture, *(self.play.widgets if self.play else ()),
                       self.message, self.others],
                      _dom_classes=("uno-dash-left",))
        self.seats = SeatsView()
        self.log_title = W.HTML()
        self.log = LogView(max_lines=150)
        self.chart_title = W.HTML()
        self.chart = W.HTML(_dom_classes=("uno-chart-view",))
        self.scores = W.HTML(_dom_classes=("uno-scores-view",))
        self.right = W.VBox([self.seats, self.log_title, self.log, self.chart_title, self.chart, self.scores],
                            _dom_classes=("uno-dash-right",))
        cols = W.HBox([left, self.right], _dom_classes=("uno-dash-cols",))
        css = W.HTML(DASH_CSS + style_block(), layout=W.Layout(display="none"))
        parts = (css, self.hand.css_box if self.hand else None, self.bridge, self.play.skip if self.play else None,
                 self.bar.widget, self.code_form,
                 self.setup.widget if self.setup else None,
                 self.teacher_panel.widget if self.teacher_panel else None,
                 self.join_card.widget if self.join_card else None, cols)
        self.widget.children = [w for w in parts if w is not None]
        self.bar.set_heading(lambda: page_title(getattr(self, "table", None)))
        self.bridge.aria = aria_rules()

    def _rebuild(self, table: Table, view: str | None) -> None:
        """Become a page of ``table``'s role (a one-screen game that opened a class table):
        every widget of the old role is closed, so none of it stays reachable."""
        close_widgets(*self.widget.children, *(self.play.owned() if self.play else ()), keep=[self.bridge])
        self._build(page_plan(table.role))
        self._attach(table, view)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"<LiveGame {self.table!r}>"

    def _wait_for_frontend(self) -> None:
        # Bots wait for a viewer: a front end that renders this table runs a client-side link
        # that copies 1 into ``_seen`` and sends it back. Until then (e.g. while Voilà executes
        # the notebook, before the page is connected) no bot moves and no update can be lost.
        self.frontend_seen = False
        self._one = widgets.IntText(value=1)
        self._seen = widgets.IntText(value=0)
        self._seen.observe(self._frontend_ready, "value")
        self._link = widgets.jsdlink((self._one, "value"), (self._seen, "value"))

    def _frontend_ready(self, change=None) -> None:
        """A front end shows the table: start its clock (news from other pages, bots)."""
        if not self.frontend_seen:
            self.frontend_seen = True
            self.table.start()

    # ------------------------------------------------------------------ the table
    def _attach(self, table: Table, view: str | None = None) -> None:
        """Show ``table`` from now on (a new game, or the page's class table)."""
        old = getattr(self, "table", None)
        if old is not None:
            old.stop()
            old.unobserve(self._on_change)
        self.table = table
        self.pending = None
        self._problem_said = None
        table.auto = self.bar.auto_on
        table.speed_override = self.bar.speed_seconds() if table.is_local else None
        table.observe(self._on_change)
        self.bar.start(table, view)
        if self.teacher_panel is not None:
            self.teacher_panel.set_table(table, self.bridge)
        self.bridge.title = page_title(table)
        self.bar.relabel()
        self._say("info", intro_sentence(table))
        self._told_closed = table.closed
        self.refresh()
        if getattr(self, "frontend_seen", False):
            table.start()

    @property
    def game(self) -> Game:
        """The hand on the table (this kernel's replica; pages draw only from views)."""
        return self.table.state.game

    @property
    def match(self):
        """The match being played (scores to 500)."""
        return self.table.state.match

    @property
    def seat_kinds(self) -> list[str]:
        """What sits at each seat now: human, random or sensible."""
        return list(self.table.state.kinds)

    @property
    def humans(self) -> list[int]:
        """The seats this page plays."""
        return self.table.my_seats

    @property
    def pending(self) -> PendingWild | None:
        """The wild waiting for its colour (and target) on a page that plays; else None."""
        return self.play.pending if self.play else None

    @pending.setter
    def pending(self, value: PendingWild | None) -> None:
        if self.play is not None:
            self.play.pending = value

    @property
    def mode(self) -> str:
        """What the page shows: "player", "teacher" (every hand) or "projector" (no hand)."""
        return self.bar.mode

    @property
    def acting_seat(self) -> int | None:
        """The seat whose controls are shown (None on spectator, teacher and projector pages)."""
        if self.mode == "projector" or not self.plan.play:
            return None
        return self.table.acting_seat(self.bar.viewed_seat)

    def new_game(self, **config) -> None:
        """A new one-screen match; keywords (players, rules, seed, seats) change the settings
        first; without them the last configuration is dealt again."""
        self.config = self.setup.apply(config)
        c = self.config
        self._attach(Table.local(c["players"], c["seats"], rules=c["rules"], seed=c["seed"]))

    def next_hand(self) -> None:
        """Deal the next hand of the match (after a hand is over)."""
        try:
            self.table.deal()
        except REFUSALS as exc:
            self._say("error" if isinstance(exc, TableError) else "info", str(exc))
            self.refresh()
            return
        self._say("info", intro_sentence(self.table))

    def show_position(self, game: Game) -> None:
        """Play on from ``game`` (a lesson's position or a saved game) with this table's seats
        on a new one-screen table; when it ends, it is scored like a hand."""
        kinds = self.seat_kinds
        if game.players != len(kinds):
            raise ValueError(f"This table has {len(kinds)} seats; the position has {game.players}")
        self._attach(Table.local(list(game.names), kinds, rules=game.rules, seed=self.config["seed"],
                                 start=game.to_json()))

    def _start_from_form(self, config: dict, class_table: bool) -> None:
        if not class_table:
            self.new_game(**config)
            return
        from ..table import open_store

        try:
            store = open_store()
            # config["seed"] is None unless the teacher chose to deal from the form's seed:
            # the store then draws a secret one (a known seed tells every hand).
            code, key = store.create(config["players_names"], config["seats"], rules=config["rules"],
                                     seed=config["seed"])
            table = Table.connect(store, code, teacher=key)
        except TableError as exc:
            self._say("error", str(exc))
            return
        except OSError as exc:  # e.g. the data folder cannot be made: its path is not for a page
            log_traceback(exc, "opening the table store")
            self._say("error", something_went_wrong())
            return
        self.bridge.set_query({"table": code, "teacher": key})
        self._rebuild(table, "teacher")

    # ------------------------------------------------------------------ news
    def _on_change(self, events) -> None:
        problem = self.table.problem
        if problem != self._problem_said:  # said once, when it comes (not at every change)
            self._problem_said = problem
            if problem:
                self._say("error", problem)
        if self.table.closed and not self._told_closed:
            self._told_closed = True
            self._say("info", table_closed_text())
        elif events:
            viewer = self._viewer_for_log()
            names = self.table.state.names
            said = [e.describe(names, viewer) for e in events[-3:]]
            g = self.game
            if g.winner is not None and any(getattr(e, "kind", "") == "won" for e in events):
                text = hand_over_sentence(self.table)
            else:
                # What just happened, then whose turn it is: one sentence group, said once.
                text = " ".join([*said, turn_sentence(self.table)] if g.winner is None else said)
            self._say("ok" if g.winner is not None else "info", text)
        self.refresh()

    def _viewer_for_log(self) -> int | str:
        if self.mode == "teacher" and self.table.is_teacher:
            return EVERYONE
        seat = self.acting_seat
        return NOBODY if seat is None else seat

    def _say(self, kind: str, text: str, *, announce: bool = True) -> None:
        """Show ``text`` on the message line and (unless told already) say it once."""
        self.message.show(kind, text)
        if announce:
            self._announced += 1
            self.bridge.announce(text, assertive=kind == "error")

    def _refused(self, exc: Exception) -> None:
        """A click the table refused, or a store that failed: its sentence, then the page as
        the replica holds it (nothing changed)."""
        self.pending = None
        self._say("error", str(exc))
        self.refresh()

    def _failed(self) -> None:
        """A click that failed in a way nobody planned for (its traceback went to the server's
        terminal): a plain sentence, then the page as the replica holds it."""
        self.pending = None
        self._say("error", something_went_wrong())
        try:
            self.refresh()
        except Exception as exc:  # noqa: BLE001 - the sentence is out; the rest waits for the next change
            log_traceback(exc, "redrawing the dashboard after a failed click")

    def _callback_failed(self, _exc: BaseException) -> None:
        """The kernel's guard caught an exception from a widget callback of this kernel (e.g. a
        crafted update a widget refused): say the plain sentence on this page, if it is shown."""
        if self.message.comm is not None:
            self._failed()

    # ------------------------------------------------------------------ drawing
    def _current_view(self) -> TableView:
        t, mode = self.table, self.mode
        seat = self.acting_seat
        if mode == "teacher" and t.is_teacher:
            return t.view(teacher=True)
        if seat is not None:
            return t.view(seat=seat)
        if t.is_local and mode == "player":
            return t.view(seat=self.bar.viewed_seat)
        return t.view()

    def refresh(self) -> None:
        """Redraw every part from what this page may see of the table now."""
        if self._quiet:
            return
        view = self._current_view()
        play = view.play
        seat = self.acting_seat
        mode = self.mode
        my_turn = (seat is not None and not view.closed and view.seat == seat and play.my_turn
                   and not self.table.state.is_bot(seat))
        legal = list(play.legal_moves) if my_turn else []
        self.picture.update(play)
        ring = ring_width(view.players)
        self.seats.update(play, viewer=view.seat, highlight_skipped=view.skipped, width=ring)
        self.right.layout.flex = f"0 0 {ring + 10}px"
        self.table_title.value = f"<h2 class='uno-sr-only'>{escape(_('The table'))}</h2>"
        self.log_title.value = f"<h2 class='uno-dash-section' id='uno-log-title'>{escape(_('What happened'))}</h2>"
        self.log.update(play.log)
        self.chart_title.value = (f"<h2 class='uno-dash-section' id='uno-chart-title'>"
                                  f"{escape(_('Cards in each hand, move by move'))}</h2>")
        self.chart.value = hand_size_chart_svg(list(view.history), list(view.names), width=ring)
        self.scores.value = scores_html(view)
        if self.play is not None:
            self.play.draw(view, seat, my_turn, legal)
        self.others.value = "" if mode == "projector" else others_html(view, view.seat)
        self.others.layout.display = "none" if mode == "projector" else None
        self.bar.update(self.table, view, seat)
        if self.teacher_panel is not None:
            self.teacher_panel.update(view)
        if self.join_card is not None:
            self.join_card.update(view, mode)
        self._toggle_class("uno-projector", mode == "projector")
        self._toggle_class("uno-dash-many", view.players > 6)
        # The status line last, so that when it says whose turn it is, the rest is already sent.
        self.status.value = status_html(view, seat, my_turn, turn_sentence(self.table))
        self._keep_focus(self._focus_target(view, seat, my_turn, legal),
                         turn_came=my_turn and not self._was_my_turn)
        self._was_my_turn = my_turn

    # ------------------------------------------------------------------ focus
    def _focus_target(self, view: TableView, seat: int | None, my_turn: bool, legal: list[Move]) -> str | None:
        """Where keyboard focus belongs now (a CSS selector): the picker while a wild waits,
        else this seat's first playable card or the move on offer, else its first card."""
        target = self.play.focus_target(view, my_turn, legal) if self.play and seat is not None else None
        if target is not None or (my_turn and not view.closed):
            return target
        if view.closed:
            # The teacher: how to start a new table; anyone else: the status saying it is closed.
            return ".uno-dash .uno-teacher-panel a" if self.teacher_panel else ".uno-dash .uno-status-view"
        if self.bar.can_deal and (seat is None or view.play.winner is not None):
            return ".uno-dash .uno-next-hand"
        if seat is None or self.mode == "projector":
            if self.teacher_panel is not None:
                return ".uno-dash .uno-teacher-panel a"  # the learners' link, to hand out
            return ".uno-dash .uno-status-view"
        if self.hand.box.children:
            return self.hand.slot_selector(0)
        return ".uno-dash .uno-status-view"

    def _keep_focus(self, target: str | None, *, turn_came: bool) -> None:
        """When this seat's turn comes round, take focus to ``target`` from the play area;
        at any other redraw only when focus was lost (its control went away)."""
        if target is None:
            return
        if turn_came and self.pending is None:
            self.bridge.focus(target, only_from=PLAY_AREA)
        else:
            self.bridge.focus(target, only_from="")

    def _focus_now(self) -> None:
        """Move focus where it belongs now (after the picker opened, moved on or closed)."""
        view = self._current_view()
        seat = self.acting_seat
        my_turn = seat is not None and not view.closed and view.seat == seat and view.play.my_turn
        legal = list(view.play.legal_moves) if my_turn else []
        target = self._focus_target(view, seat, my_turn, legal)
        if target is not None:
            self.bridge.focus(target)

    def _toggle_class(self, cls: str, on: bool) -> None:
        has = cls in self.widget._dom_classes
        if on and not has:
            self.widget.add_class(cls)
        elif has and not on:
            self.widget.remove_class(cls)


    # ------------------------------------------------------------------ clicks
    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button does (pages that play a seat)."""
        if self.play is not None:
            self.play.click_card(index)

    # ------------------------------------------------------------------ bots and the top bar
    def step(self) -> bool:
        """One bot turn now; the table is redrawn. Returns True when something was done."""
        did = self.table.step()
        self.refresh()
        return did

    def run_bots(self, max_turns: int = 5000) -> None:
        """Let the bots move until a learner is to move or the hand is over (no pauses)."""
        self.table.run_bots(max_turns)
        self.refresh()

    def _step_clicked(self) -> None:
        g = self.game
        if g.winner is not None:
            self._say("info", _("The hand is over: deal the next hand."))
        elif not self.table.state.is_bot(g.current_player):
            self._say("info", _("It is {name}'s turn: a learner moves by clicking.", name=g.names[g.current_player]))
        else:
            self.table.step()
        self.refresh()

    def _auto_changed(self, on: bool) -> None:
        self.table.auto = on
        self.refresh()

    def _speed_changed(self, key: str) -> None:
        if self.table.is_local:
            self.table.speed_override = SPEEDS[key]
        elif self.table.is_teacher:
            try:
                self.table.set_speed(key)
            except REFUSALS as exc:
                self._say("error", str(exc))
                self.refresh()  # the toggle goes back to the speed the table has

    def _seat_kind_changed(self, seat: int, kind: str) -> None:
        try:
            self.table.set_seat(seat, kind)
        except REFUSALS as exc:
            self._say("error", str(exc))
            self.refresh()
            return
        self._say("info", _("Seat {seat} ({name}) is now played by: {kind}.", seat=seat,
                            name=self.table.state.names[seat], kind=kind_word(kind)))
        self.refresh()

    def _close_table(self) -> None:
        """Close the class table for good (the teacher panel asked and the teacher confirmed);
        the table's news then says so on every page."""
        self.table.close()
        self.bridge.focus(".uno-dash .uno-new-table a")  # what the teacher can do next

    def _language_changed(self, lang: str) -> None:
        from ..i18n import set_language

        set_language(lang)
        self.bar.relabel()
        for part in (self.setup, self.play, self.teacher_panel, self.join_card):
            if part is not None:
                part.relabel()
        if self.code_form is not None:
            self.code_form.value = code_form_html(lang)
        self.bridge.title = page_title(self.table)
        self.bridge.aria = aria_rules()
        self._say("info", turn_sentence(self.table))
        self.refresh()
