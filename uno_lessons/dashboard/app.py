"""The live table widget, :class:`LiveGame`: the controller of one page of a
:class:`~uno_lessons.table.Table` (a one-screen game, a learner's seat, a spectator or
projector page, the teacher's page).

It owns no game: every part draws from the page's view (:mod:`.page_view`), every click goes
to the table, which decides. What the page says is in :mod:`.sentences` and :mod:`.narration`,
where keyboard focus goes in :mod:`.focus`, its widgets (its role's only, :mod:`.roles`) in
:mod:`.layout`, how tables are made in :mod:`.tables`. Every callback runs guarded
(:mod:`.safety`): a refusal or a failing store is said in a sentence, nothing reaches the kernel.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..engine.game import Game
from ..i18n import _
from ..table import Table, TableError
from ..table.records import SPEEDS
from ..widgets.page import PageBridge, log_traceback, on_callback_error
from .closing import close_widgets
from .focus import PLAY_AREA, PageParts, focus_move, focus_target
from .layout import PARTS, PageWidgets
from .narration import Narrator, log_viewer
from .others import kind_word
from .page_view import PageView, page_view
from .roles import PagePlan, page_plan
from .safety import REFUSALS, guarded
from .sentences import intro_sentence, is_bot, page_title, something_went_wrong, turn_sentence
from .setup_form import first_config
from .status import status_html
from .style import aria_rules
from .tables import local_table, open_class_table
from .wild import PendingWild

__all__ = ["DashboardBox", "LiveGame", "PLAY_AREA"]


def section_titles() -> dict[str, str]:
    """The headings of the table's sections, in the current language."""
    return {"table": _("The table"), "log": _("What happened"), "chart": _("Cards in each hand, move by move")}


class DashboardBox(widgets.VBox):
    """The dashboard's outer box, with a short text form (notebook outputs stay small)."""

    def __init__(self, children=(), **kwargs) -> None:
        super().__init__(children, **kwargs)
        #: The live table built into this box (None until a page is built into it).
        self.game: LiveGame | None = None

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
        self._quiet = self._was_my_turn = False
        self._narrator = Narrator()  # the table's problem and its closing, each said once
        self._announced = 0  # sentences said so far (an action's own news is not said twice)
        self._speed, self._auto = speed, auto
        #: The page's outer box (``box``: one already shown, e.g. a join page's).
        self.widget = box if box is not None else DashboardBox([])
        self.widget.add_class("uno-dash")
        self._build(page_plan((table := table or local_table(self.config)).role))
        self._attach(table, view)
        on_callback_error(self._callback_failed)  # the kernel's guard says it here
        self._wait_for_frontend()
        self.widget.game = self

    # ------------------------------------------------------------------ building
    def _guard(self, callback):
        """``callback`` as every widget of this page calls it: refusals and faults are said
        on the message line, never raised into the kernel (see :mod:`.safety`)."""
        return guarded(callback, refused=self._refused, failed=self._failed)

    def _build(self, plan: PagePlan) -> None:
        """This page's widgets for its role only (see :mod:`.roles`), inside :attr:`widget`."""
        self.plan = plan
        self.parts = PageWidgets(plan, self, self._guard)
        self.bar.set_heading(self._title)
        self.bridge.aria = aria_rules()

    def __getattr__(self, name: str):
        """The page's parts by name (``live.status``, ``live.hand``…; see :data:`.layout.PARTS`)."""
        parts = self.__dict__.get("parts")
        if parts is not None and name in PARTS:
            return getattr(parts, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _rebuild(self, table: Table, view: str | None) -> None:
        """Become a page of ``table``'s role (a one-screen game that opened a class table):
        every widget of the old role is closed, so none of it stays reachable."""
        close_widgets(*self.widget.children, *self.parts.owned(), keep=[self.bridge])
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
        self._one, self._seen = widgets.IntText(value=1), widgets.IntText(value=0)
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
        self.table, self.pending = table, None
        table.auto = self.bar.auto_on
        table.speed_override = self.bar.speed_seconds() if table.is_local else None
        table.observe(self._on_change)
        self.bar.start(table, view)
        if self.teacher_panel is not None:
            self.teacher_panel.set_table(table, self.bridge)
        self.bridge.title = self._title()
        self.bar.relabel()
        self._narrator = Narrator(closed=table.closed)
        self._say("info", self._intro())
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
        return list(self.table.view().kinds)

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
        return self.look().seat

    def look(self) -> PageView:
        """What this page may see of its table now, its acting seat and whether it is to move."""
        return page_view(self.table, self.mode, self.plan.play, self.bar.viewed_seat)

    def new_game(self, **config) -> None:
        """A new one-screen match; keywords (players, rules, seed, seats) change the settings
        first; without them the last configuration is dealt again."""
        self.config = self.setup.apply(config)
        self._attach(local_table(self.config))

    def next_hand(self) -> None:
        """Deal the next hand of the match (after a hand is over)."""
        try:
            self.table.deal()
        except REFUSALS as exc:
            self._say("error" if isinstance(exc, TableError) else "info", str(exc))
            self.refresh()
            return
        self._say("info", self._intro())

    def show_position(self, game: Game) -> None:
        """Play on from ``game`` (a lesson's position or a saved game) with this table's seats
        on a new one-screen table; when it ends, it is scored like a hand."""
        kinds = self.seat_kinds
        if game.players != len(kinds):
            raise ValueError(f"This table has {len(kinds)} seats; the position has {game.players}")
        self._attach(local_table({**self.config, "seats": kinds}, names=list(game.names), rules=game.rules,
                                 start=game.to_json()))

    def _start_from_form(self, config: dict, class_table: bool) -> None:
        if not class_table:
            self.new_game(**config)
            return
        try:
            table, key = open_class_table(config)
        except TableError as exc:
            self._say("error", str(exc))
            return
        self.bridge.set_query({"table": table.code, "teacher": key})
        self._rebuild(table, "teacher")

    # ------------------------------------------------------------------ news
    def _title(self) -> str:
        table = getattr(self, "table", None)
        return page_title(None) if table is None else page_title(table.role, table.view())

    def _turn(self, look: PageView | None = None) -> str:
        return turn_sentence((look or self.look()).view, self.table.my_seats)

    def _intro(self) -> str:
        # Who dealt is not part of a view: the table's replica says it.
        return intro_sentence(self.look().view, self.table.my_seats, self.game.dealer)

    def _on_change(self, events) -> None:
        look, t = self.look(), self.table
        for kind, text in self._narrator.news(look.view, events, t.problem, mine=t.my_seats, deals=t.is_teacher,
                                              viewer=log_viewer(look.mode, t.is_teacher, look.seat)):
            self._say(kind, text)
        self.refresh()

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
    def refresh(self) -> None:
        """Redraw every part from what this page may see of the table now."""
        if self._quiet:
            return
        look = self.look()
        view, seat, mode, my_turn = look.view, look.seat, look.mode, look.my_turn
        self.parts.draw_table(view, mode, section_titles())
        if self.play is not None:
            self.play.draw(view, seat, my_turn, list(look.legal))
        self.parts.draw_around(view, mode)
        self.bar.update(self.table, view, seat)
        for cls, on in (("uno-projector", mode == "projector"), ("uno-dash-many", view.players > 6)):
            if on != (cls in self.widget._dom_classes):
                (self.widget.add_class if on else self.widget.remove_class)(cls)
        # The status line last, so that when it says whose turn it is, the rest is already sent.
        self.status.value = status_html(view, seat, my_turn, self._turn(look))
        move = focus_move(self._focus_target(look), turn_came=my_turn and not self._was_my_turn, pending=self.pending)
        if move is not None:
            self.bridge.focus(move[0], only_from=move[1])
        self._was_my_turn = my_turn

    def _focus_target(self, look: PageView) -> str | None:
        parts = PageParts(plays=self.play is not None, teacher_panel=self.teacher_panel is not None,
                          can_deal=self.bar.can_deal)
        return focus_target(look.view, parts, mode=look.mode, seat=look.seat, my_turn=look.my_turn,
                            legal=look.legal, pending=self.pending)

    def _focus_now(self) -> None:
        """Move focus where it belongs now (after the picker opened, moved on or closed)."""
        target = self._focus_target(self.look())
        if target is not None:
            self.bridge.focus(target)

    # ------------------------------------------------------------------ clicks, bots and the top bar
    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button does (pages that play a seat)."""
        if self.play is not None:
            self.play.click_card(index)

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
        view = self.look().view
        p = view.play
        if p.winner is not None:
            self._say("info", _("The hand is over: deal the next hand."))
        elif not is_bot(view, p.current_player):
            self._say("info", _("It is {name}'s turn: a learner moves by clicking.", name=p.names[p.current_player]))
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
                            name=self.look().view.names[seat], kind=kind_word(kind)))
        self.refresh()

    def _close_table(self) -> None:
        """Close the class table for good (the teacher panel asked and the teacher confirmed);
        the table's news then says so on every page."""
        self.table.close()
        self.bridge.focus(".uno-dash .uno-new-table a")  # what the teacher can do next

    def _language_changed(self, lang: str) -> None:
        from ..i18n import set_language

        set_language(lang)
        self.parts.relabel(lang)
        self.bridge.title = self._title()
        self.bridge.aria = aria_rules()
        self._say("info", self._turn())
        self.refresh()
