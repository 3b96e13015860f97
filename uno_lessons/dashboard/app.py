"""The live table widget, :class:`LiveGame`: the controller of one page of a
:class:`~uno_lessons.table.Table` (a one-screen game, a learner's seat, a spectator or
projector page, the teacher's page).

It owns no game and reads no replica: every part draws from the page's view
(:mod:`.page_view`), every click goes to the table, which decides. What the page says is in
:mod:`.sentences` and :mod:`.narration` (said through :mod:`.voice`), where keyboard focus goes
in :mod:`.focus`, its widgets (its role's only, :mod:`.roles`) and their drawing in
:mod:`.layout`, how tables are made in :mod:`.tables`, the bots' pace in :mod:`.pacing`,
switching languages in :mod:`.language`, when a browser shows the page in :mod:`.frontend`.
Every callback runs guarded (:mod:`.safety`): a refusal or a failing store is said in a
sentence, nothing reaches the kernel.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..engine.game import Game
from ..engine.rules import Rules
from ..i18n import _
from ..table import Table, TableConfig, TableError
from ..widgets.page import PageBridge, log_traceback, on_callback_error
from .class_form import ClassChoice, open_class_from_form
from .closing import close_widgets
from .focus import PLAY_AREA, focus_move, page_focus
from .frontend import FrontendWatch
from .game_config import first_config, next_config, position_config
from .language import switch_language
from .layout import PageWidgets
from .narration import Narrator, log_viewer
from .others import kind_word
from .pacing import pace, set_speed, step_refusal
from .page_view import PageView, page_view
from .roles import PageMode, PagePlan, Role, page_plan
from .safety import REFUSALS, guarded
from .sentences import intro_sentence, page_title, something_went_wrong, turn_sentence
from .style import DASH_CSS, aria_rules
from .tables import local_table, open_class_table
from .voice import PageVoice, refusal_kind
from .wild import PendingWild

__all__ = ["DashboardBox", "LiveGame", "PLAY_AREA"]


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
    "random", "sensible", "learned"; default seat 0 human, the rest sensible bots), dealt from
    ``seed``. With ``table``: that table, as the page's handle allows (a seat, a spectator,
    the teacher). ``speed`` is a key of :data:`~uno_lessons.table.SPEEDS` or seconds.
    ``explain_illegal``: cards that cannot be played stay clickable so a learner can click
    one and read why not. ``box``: an outer box already on the page (a join page's) to build into.
    ``rules``: a rule set's name or a ``Rules`` value, whose every setting the game plays by
    (``Rules.encanto().replace(draw_two_count=3)``). ``house``: the house rules on (e.g.
    ``["stacking", "jump_in"]``; docs/rules.md; default: those ``rules`` has on).
    ``policies``: each learned seat's policy, ``{1: load_policy("ana.json")}`` (docs/learned_bots.md).
    A setting the table refuses is a ``TableError`` (a ``ValueError``) saying why.
    """

    #: The table this page shows (another one after New game…).
    table: Table
    #: The one-screen game's settings: the table's own value, its rules whole (New game… shows them).
    config: TableConfig

    def __init__(self, players: int = 4, *, rules: str | Rules = "encanto", seed: int | None = 1,
                 seats: list[str] | None = None, speed: str | float = "normal", auto: bool = True,
                 view: str | None = None, explain_illegal: bool = True, table: Table | None = None,
                 bridge: PageBridge | None = None, box: DashboardBox | None = None,
                 house: list[str] | tuple[str, ...] | None = None, policies: dict[int, Any] | None = None) -> None:
        self.explain_illegal = explain_illegal
        self.bridge = bridge or PageBridge(follow_language=False)  # the dashboard speaks ?lang= itself
        self.config = first_config(int(players), rules, seed, seats, house, policies)
        self._was_my_turn = False
        self._speed, self._auto = speed, auto
        #: The page's outer box (``box``: one already shown, e.g. a join page's).
        self.widget = box if box is not None else DashboardBox([])
        self.widget.add_class("uno-dash")
        self._build(page_plan((table := table or local_table(self.config)).role))
        self._attach(table, view)
        on_callback_error(self._callback_failed)  # the kernel's guard says it here
        # Bots wait for a viewer: until a front end renders this page (e.g. while Voilà
        # executes the notebook) no bot moves and no update can be lost.
        self.frontend = FrontendWatch(lambda: self.table.start())
        self.widget.game = self

    # ------------------------------------------------------------------ building
    def _build(self, plan: PagePlan) -> None:
        """This page's widgets for its role only (see :mod:`.roles`), inside :attr:`widget`;
        each callback guarded: refusals and faults are said, never raised into the kernel."""
        self.plan = plan
        #: The page's widgets by part (``live.parts.status``, ``live.parts.hand``…; None where
        #: its role has none): see :class:`~.layout.PageWidgets`.
        self.parts = PageWidgets(plan, self, lambda cb: guarded(cb, refused=self._refused, failed=self._refused),
                                 box=self.widget, bridge=self.bridge, config=self.config, speed=self._speed,
                                 auto=self._auto)
        self.voice = PageVoice(self.parts.message, self.bridge)
        self.parts.bar.set_heading(self._title)
        self.bridge.aria = aria_rules()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"<LiveGame {self.table!r}>"

    # ------------------------------------------------------------------ the table
    def _attach(self, table: Table, view: str | None = None) -> None:
        """Show ``table`` from now on (a new game, or the page's class table)."""
        if (old := self.__dict__.get("table")) is not None:
            old.stop()
            old.unobserve(self._on_change)
            self.parts.review.close()  # a hand of the table left behind
        self.table, self.pending = table, None
        pace(table, auto=self.parts.bar.auto_on, seconds=self.parts.bar.speed_seconds())
        table.observe(self._on_change)
        self.parts.bar.start(view, None if table.is_local else table.view().speed)
        if self.parts.teacher_panel is not None:
            self.parts.teacher_panel.set_table(table, self.bridge)
        self.bridge.title = self._title()
        self.parts.bar.relabel()
        look = self.look()
        self._narrator = Narrator(closed=look.view.closed)  # its problem and its closing, each said once
        self.voice.say("info", self._intro(look))
        self.refresh(look)
        if "frontend" in self.__dict__ and self.frontend.shown:
            table.start()

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
        return self.parts.play.pending if self.parts.play else None

    @pending.setter
    def pending(self, value: PendingWild | None) -> None:
        if self.parts.play is not None:
            self.parts.play.pending = value

    @property
    def mode(self) -> PageMode:
        """What the page shows: a player's view, every hand (teacher) or the projector's."""
        return self.parts.bar.mode

    @property
    def acting_seat(self) -> int | None:
        """The seat whose controls are shown (None on spectator, teacher and projector pages)."""
        return self.look().seat

    def look(self) -> PageView:
        """What this page may see of its table now, its acting seat and whether it is to move."""
        return page_view(self.table, self.mode, self.plan.play, self.parts.bar.viewed_seat)

    def new_game(self, **changes) -> None:
        """A new one-screen match; keywords (:data:`~.game_config.SETTINGS`: players, rules, a name
        or a whole ``Rules`` value, house, seed, seats, policies) change the settings first;
        without them the last configuration is dealt again. A setting the table refuses is a
        ``TableError`` saying why, and the game goes on as it was."""
        self._play_here(next_config(self.config, changes))

    def _play_here(self, config: TableConfig) -> None:
        """A one-screen table of ``config`` from now on (the form shows its settings)."""
        table = local_table(config)  # refused: nothing here has changed yet
        self.config = config
        if self.parts.setup is not None:
            self.parts.setup.show_config(config)
        self._attach(table)

    def next_hand(self) -> None:
        """Deal the next hand of the match (after a hand is over)."""
        try:
            self.table.deal()
        except REFUSALS as exc:
            self.voice.say(refusal_kind(exc), str(exc))
            self.refresh()
            return
        self.voice.say("info", self._intro(self.look()))

    def show_position(self, game: Game) -> None:
        """Play on from ``game`` (a lesson's position or a saved game) with this table's seats
        on a new one-screen table; when it ends, it is scored like a hand."""
        kinds = self.seat_kinds
        if game.players != len(kinds):
            raise ValueError(f"This table has {len(kinds)} seats; the position has {game.players}")
        self._attach(local_table(position_config(self.config, list(game.names), kinds, game.rules,
                                                 game.to_json())))

    def start_from_form(self, config: TableConfig | ClassChoice, class_table: bool) -> None:
        """Start the New game… form's ``config``: on this screen, or (``class_table``) a class
        table or a class of several tables (a :class:`~.class_form.ClassChoice`) this page
        then becomes the teacher's page of."""
        if isinstance(config, ClassChoice):  # a class of several tables: this page becomes its teacher's
            self._become_class(config)
            return
        if not class_table:
            self._play_here(config)
            return
        try:
            table, key = open_class_table(config)
        except TableError as exc:
            self.voice.say("error", str(exc))
            return
        from .hub_page import teacher_query  # on the hub: the key is kept there, not in the address

        self.bridge.set_query(teacher_query(table.code, key))
        # Become the teacher's page: every widget of the one-screen role is closed, so none of
        # it stays reachable.
        close_widgets(*self.widget.children, *self.parts.owned(), keep=[self.bridge])
        self._build(page_plan(table.role))
        self._attach(table, Role.TEACHER)

    def _become_class(self, choice: ClassChoice) -> None:
        """Open the class of the form's ``choice`` and become its teacher's page (every widget
        of the one-screen role closed, the clock of its table stopped)."""
        from .class_board import ClassBoard

        try:
            store, code, key = open_class_from_form(choice)
            board = ClassBoard(store, code, self.bridge, key=key)
        except TableError as exc:
            self.voice.say("error", str(exc))
            return
        self.table.stop()
        self.bridge.set_query({"class": code, "teacher": key})
        close_widgets(*self.widget.children, *self.parts.owned(), keep=[self.bridge])
        style = widgets.HTML(DASH_CSS, layout=widgets.Layout(display="none"))
        self.widget.children = [style, self.bridge, board.widget]
        self.class_board = board
        board.start()

    # ------------------------------------------------------------------ news
    def _title(self) -> str:
        table = self.__dict__.get("table")
        return page_title(None) if table is None else page_title(table.role, table.view())

    def _intro(self, look: PageView) -> str:
        return intro_sentence(look.view, self.table.my_seats, look.view.dealer)

    def _on_change(self, events) -> None:
        look, t = self.look(), self.table
        for kind, text in self._narrator.news(look.view, events, t.problem, mine=t.my_seats, deals=t.is_teacher,
                                              viewer=log_viewer(look.mode, t.is_teacher, look.seat)):
            self.voice.say(kind, text)
        self.refresh(look)

    def _refused(self, exc: Exception | None = None) -> None:
        """A click the table refused or a store that failed (``exc``: its sentence), or one
        that failed in a way nobody planned for (its traceback went to the server's terminal:
        a plain sentence); then the page as its table holds it (nothing changed)."""
        self.pending = None
        self.voice.say("error", something_went_wrong() if exc is None else str(exc))
        try:
            self.refresh()
        except Exception as e:  # noqa: BLE001 - the sentence is out; the rest waits for the next change
            log_traceback(e, "redrawing the dashboard after a failed click")

    def _callback_failed(self, _exc: BaseException) -> None:
        """The kernel's guard caught an exception from a widget callback of this kernel (e.g. a
        crafted update a widget refused): say the plain sentence on this page, if it is shown."""
        if self.voice.shown:
            self._refused()

    # ------------------------------------------------------------------ drawing
    def refresh(self, look: PageView | None = None) -> None:
        """Redraw every part from what this page may see of the table now (``look``, when
        the caller has just looked), then move keyboard focus where it belongs."""
        look = look or self.look()
        self.parts.draw(look, self.table, self.widget)
        target = page_focus(look, self.parts.focus_parts(), self.pending)
        move = focus_move(target, turn_came=look.my_turn and not self._was_my_turn, pending=self.pending)
        if move is not None:
            self.bridge.focus(move[0], only_from=move[1])
        self._was_my_turn = look.my_turn

    def focus_now(self) -> None:
        """Move focus where it belongs now (after the picker opened, moved on or closed)."""
        target = page_focus(self.look(), self.parts.focus_parts(), self.pending)
        if target is not None:
            self.bridge.focus(target)

    # ------------------------------------------------------------------ clicks, bots and the top bar
    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button does (pages that play a seat)."""
        if self.parts.play is not None:
            self.parts.play.click_card(index)

    def step(self) -> bool:
        """One bot turn now; the table is redrawn. Returns True when something was done."""
        did = self.table.step()
        self.refresh()
        return did

    def run_bots(self, max_turns: int = 5000) -> None:
        """Let the bots move until a learner is to move or the hand is over (no pauses)."""
        self.table.run_bots(max_turns)
        self.refresh()

    def step_clicked(self) -> None:
        """Step (the top bar): one bot move now, or the sentence saying why not."""
        refusal = step_refusal(self.look().view)
        if refusal is None:
            self.table.step()
        else:
            self.voice.say("info", refusal)
        self.refresh()

    def auto_changed(self, on: bool) -> None:
        """Bots move by themselves (``on``) or wait for Step (the top bar's box)."""
        self.table.auto = on
        self.refresh()

    def speed_changed(self, key: str) -> None:
        """The bots' speed chosen in the top bar (the teacher's, at a class table)."""
        set_speed(self.table, key)  # refused (not the teacher): the guard redraws the speed the table has

    def seat_kind_changed(self, seat: int, kind: str) -> None:
        """The teacher panel put a learner or a bot of ``kind`` at ``seat``."""
        self.table.set_seat(seat, kind)  # refused: the guard says why and redraws
        self.voice.say("info", _("Seat {seat} ({name}) is now played by: {kind}.", seat=seat,
                                 name=self.look().view.names[seat], kind=kind_word(kind)))
        self.refresh()

    def close_table(self) -> None:
        """Close the class table for good (the teacher panel asked and the teacher confirmed);
        the table's news then says so on every page."""
        self.table.close()
        self.bridge.focus(".uno-dash .uno-new-table a")  # what the teacher can do next

    def language_changed(self, lang: str) -> None:
        """The page speaks ``lang`` from now on (the top bar's language list)."""
        switch_language(lang, self.parts, self.bridge, self._title)
        self.voice.say("info", turn_sentence(self.look().view, self.table.my_seats))
        self.refresh()
