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
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.cards import Color
from ..engine.events import EVERYONE, NOBODY
from ..engine.game import Game
from ..engine.moves import IllegalMove, Move
from ..i18n import _
from ..page import PageBridge
from ..render import card_words, style_block
from ..table import Table, TableError
from ..table.records import SPEEDS
from ..table.views import TableView
from ..widgets import LogView, MessageView, SeatsView
from ..widgets import TableView as TablePicture
from .actions import ActionBar
from .chart import hand_size_chart_svg
from .controls import TopBar
from .hand import HandPanel
from .others import kind_word, others_html
from .picker import WildPicker
from .scores import scores_html
from .setup_form import SetupForm, first_config
from .status import status_html
from .style import DASH_CSS, aria_rules, ring_width
from .teacher import TeacherPanel
from .wild import PendingWild, wild_needing_choice

#: Where keyboard focus may be taken from when this seat's turn comes round again: the
#: hand, the moves and the picker (a reader elsewhere on the page is left where they are).
PLAY_AREA = ".uno-dash .uno-hand-panel, .uno-dash .uno-actions, .uno-dash .uno-picker"
#: The move buttons, in the order the first one on offer takes focus.
_MOVE_BUTTONS = (("keep", "uno-act-keep"), ("draw", "uno-act-draw"), ("pass", "uno-act-pass"),
                 ("accept", "uno-act-accept"), ("challenge", "uno-act-challenge"))


class DashboardBox(widgets.VBox):
    """The dashboard's outer box, with a short text form (notebook outputs stay small)."""

    def __repr__(self) -> str:
        return "<UNO live table: run this cell to show it>"


def skip_link_html() -> str:
    """The skip link to the hand (the keyboard's first stop, shown while it has focus)."""
    return f"<a class='uno-skip-link' href='#uno-hand'>{escape(_('Skip to your hand'))}</a>"


class LiveGame:
    """A live UNO table: ``LiveGame()`` then display it (or its ``.widget``).

    Without ``table``: a one-screen game: ``seats`` lists what sits at each seat ("human",
    "random", "sensible"; default seat 0 human, the rest sensible bots), dealt from
    ``seed``. With ``table``: that table, as the page's handle allows (a seat, a spectator,
    the teacher). ``speed`` is a key of :data:`SPEEDS` or seconds. ``explain_illegal``:
    cards that cannot be played stay clickable so a learner can click one and read why not.
    """

    def __init__(self, players: int = 4, *, rules: str = "encanto", seed: int | None = 1,
                 seats: list[str] | None = None, speed: str | float = "normal", auto: bool = True,
                 view: str | None = None, explain_illegal: bool = True, table: Table | None = None,
                 bridge: PageBridge | None = None) -> None:
        self.explain_illegal = explain_illegal
        self.pending: PendingWild | None = None
        self.bridge = bridge or PageBridge(follow_language=False)  # the dashboard speaks ?lang= itself
        self.config = first_config(int(players), rules, seed, seats)
        self._quiet = False
        self._was_my_turn = False
        self._announced = 0  # sentences said so far (an action's own news is not said twice)
        self._build(speed, auto)
        if table is None:
            c = self.config
            table = Table.local(c["players"], c["seats"], rules=c["rules"], seed=c["seed"])
        self._attach(table, view)
        self._wait_for_frontend()

    # ------------------------------------------------------------------ building
    def _build(self, speed: str | float, auto: bool) -> None:
        W = widgets
        self.bar = TopBar(on_view=lambda: self.refresh(), on_seat=lambda: self.refresh(),
                          on_auto=self._auto_changed, on_speed=self._speed_changed,
                          on_step=self._step_clicked, on_next=self.next_hand,
                          on_language=self._language_changed, speed=speed, auto=auto)
        self.setup = SetupForm(self.config, on_start=self._start_from_form)
        self.bar.attach_settings(self.setup)
        self.teacher_panel = TeacherPanel(on_seat=self._seat_kind_changed)
        self.skip = W.HTML(skip_link_html())
        self.skip.add_class("uno-skip-box")
        self.table_title = W.HTML()
        self.status = W.HTML()
        self.status.add_class("uno-status-view")
        self.picture = TablePicture(width=78)
        self.hand = HandPanel(on_card=self.click_card)
        self.actions = ActionBar(
            draw=self._draw_clicked, keep=lambda: self._move(Move("keep")),
            pass_=lambda: self._move(Move("pass")), uno=self._uno_clicked,
            challenge=lambda: self._move(Move("challenge")), accept=lambda: self._move(Move("accept")),
            catch=self._catch_clicked, talk=self._talk_clicked)
        self.picker = WildPicker(on_color=self._color_chosen, on_target=self._target_chosen,
                                 on_cancel=self._cancel_pending)
        self.message = MessageView()  # shown only: _say announces through the bridge
        self.others = W.HTML()
        self.others.add_class("uno-others-view")
        left = W.VBox([self.table_title, self.status, self.picture, self.hand.widget, self.actions.widget,
                       self.picker.widget, self.message, self.others])
        left.add_class("uno-dash-left")
        self.seats = SeatsView()
        self.log_title = W.HTML()
        self.log = LogView(max_lines=150)
        self.chart_title = W.HTML()
        self.chart = W.HTML()
        self.chart.add_class("uno-chart-view")
        self.scores = W.HTML()
        self.scores.add_class("uno-scores-view")
        self.right = W.VBox([self.seats, self.log_title, self.log, self.chart_title, self.chart, self.scores])
        self.right.add_class("uno-dash-right")
        cols = W.HBox([left, self.right])
        cols.add_class("uno-dash-cols")
        css = W.HTML(DASH_CSS + style_block(), layout=W.Layout(display="none"))
        self.widget = DashboardBox([css, self.hand.css_box, self.bridge, self.skip, self.bar.widget,
                                    self.setup.widget, self.teacher_panel.widget, cols])
        self.widget.add_class("uno-dash")
        self.bar.set_heading(self._page_title)
        self.bridge.aria = aria_rules()

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
        table.auto = self.bar.auto.value
        table.speed_override = self.bar.speed_seconds() if table.is_local else None
        table.observe(self._on_change)
        self.bar.set_role(table, view)
        self.teacher_panel.set_table(table, self.bridge)
        self.bridge.title = self._page_title()
        self.bar.set_heading(self._page_title)
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
        return list(self.table.state.kinds)

    @property
    def humans(self) -> list[int]:
        """The seats this page plays."""
        return self.table.my_seats

    @property
    def mode(self) -> str:
        """What the page shows: "player", "teacher" (every hand) or "projector" (no hand)."""
        return self.bar.view.value

    @property
    def acting_seat(self) -> int | None:
        """The seat whose controls are shown (None on spectator, teacher and projector pages)."""
        if self.mode == "projector":
            return None
        return self.table.acting_seat(self.bar.seat.value)

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
        except IllegalMove as exc:
            self._say("info", str(exc))
            self.refresh()
            return
        self._say("info", self._intro())

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
            code, key = store.create(config["players_names"], config["seats"], rules=config["rules"],
                                     seed=config["seed"])
            table = Table.connect(store, code, teacher=key)
        except (TableError, OSError) as exc:
            self._say("error", str(exc))
            return
        self.bridge.set_query({"table": code, "teacher": key})
        self._attach(table, "teacher")

    # ------------------------------------------------------------------ news
    def _on_change(self, events) -> None:
        if self.table.problem:
            self._say("error", self.table.problem)
        elif events:
            viewer = self._viewer_for_log()
            names = self.table.state.names
            said = [e.describe(names, viewer) for e in events[-3:]]
            g = self.game
            if g.winner is not None and any(getattr(e, "kind", "") == "won" for e in events):
                text = self._hand_over_text()
            else:
                # What just happened, then whose turn it is: one sentence group, said once.
                text = " ".join([*said, self._turn_sentence()] if g.winner is None else said)
            self._say("ok" if g.winner is not None else "info", text)
        self.refresh()

    def _viewer_for_log(self) -> int | str:
        if self.mode == "teacher" and self.table.is_teacher:
            return EVERYONE
        seat = self.acting_seat
        return NOBODY if seat is None else seat

    def _hand_over_text(self) -> str:
        g, m = self.game, self.match
        text = _("{name} wins the hand and scores {points} points.", name=g.names[g.winner], points=g.points)
        if m.is_over:
            text += " " + _("{name} reaches {total}: the match is won!", name=m.players[m.winner],
                            total=m.totals[m.winner])
        elif self.table.is_teacher:
            text += " " + _("Deal the next hand when ready.")
        else:
            text += " " + _("The teacher deals the next hand.")
        return text

    def _intro(self) -> str:
        st = self.table.state
        g = st.game
        if g.dealer is None:  # a hand played on from a position: nobody dealt it
            return _("Hand {number}. {turn}", number=st.hand_number, turn=self._turn_sentence())
        return _("Hand {number}: {dealer} dealt. {turn}", number=st.hand_number,
                 dealer=g.names[g.dealer], turn=self._turn_sentence())

    def _turn_sentence(self) -> str:
        st = self.table.state
        g = st.game
        if g.winner is not None:
            return _("{name} won the hand.", name=g.names[g.winner])
        who = g.names[g.current_player]
        if g.current_player in self.table.seats and not st.is_bot(g.current_player):
            return _("{name}, it is your turn.", name=who)
        if st.is_bot(g.current_player):
            return _("{name} ({kind}) is to move.", name=who, kind=kind_word(st.kinds[g.current_player]))
        return _("{name} is to move.", name=who)

    def _page_title(self) -> str:
        t = getattr(self, "table", None)
        if t is None or t.role == "local":
            return _("UNO live table")
        if t.role == "teacher":
            return _("UNO class table {code}: teacher", code=t.code)
        if t.role == "seat":
            return _("UNO class table {code}: {name}'s seat", code=t.code, name=t.state.names[t.my_seats[0]])
        return _("UNO class table {code}: watching", code=t.code)

    def _say(self, kind: str, text: str, *, announce: bool = True) -> None:
        """Show ``text`` on the message line and (unless told already) say it once."""
        self.message.show(kind, text)
        if announce:
            self._announced += 1
            self.bridge.announce(text, assertive=kind == "error")

    # ------------------------------------------------------------------ drawing
    def _current_view(self) -> TableView:
        t, mode = self.table, self.mode
        seat = self.acting_seat
        if mode == "teacher" and t.is_teacher:
            return t.view(teacher=True)
        if seat is not None:
            return t.view(seat=seat)
        if t.is_local and mode == "player":
            return t.view(seat=self.bar.seat.value)
        return t.view()

    def refresh(self) -> None:
        """Redraw every part from what this page may see of the table now."""
        if self._quiet:
            return
        view = self._current_view()
        play = view.play
        seat = self.acting_seat
        mode = self.mode
        my_turn = seat is not None and view.seat == seat and play.my_turn and not self.table.state.is_bot(seat)
        legal = list(play.legal_moves) if my_turn else []
        if self.pending is not None and (not my_turn or self.pending.seat != play.current_player):
            self.pending = None

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

        if mode == "projector":
            self.hand.hide()
        elif seat is not None:
            playable = {m.card.code for m in legal if m.kind == "play"}
            self.hand.show_buttons(view.names[seat], play.hand, playable, my_turn,
                                   self.pending.card if self.pending else None, self.explain_illegal)
        elif view.seat is not None:
            self.hand.show_picture(_("{name}'s hand ({kind})", name=view.names[view.seat],
                                     kind=kind_word(view.kinds[view.seat])), play.hand)
        else:
            self.hand.hide()
        self.actions.update(view, seat if mode != "projector" else None, {m.kind for m in legal},
                            self._uno_counts(view, seat))
        self.picker.update(self.pending, view.names)
        self.others.value = "" if mode == "projector" else others_html(view, view.seat)
        self.others.layout.display = "none" if mode == "projector" else None
        self.bar.update(self.table, view, seat)
        self.teacher_panel.update(view)
        self._toggle_class("uno-projector", mode == "projector")
        self._toggle_class("uno-dash-many", view.players > 6)
        self.skip.layout.display = None if self.hand.box.children else "none"
        # The status line last, so that when it says whose turn it is, the rest is already sent.
        self.status.value = status_html(view, seat, my_turn, self._turn_sentence())
        self._keep_focus(self._focus_target(view, seat, my_turn, legal),
                         turn_came=my_turn and not self._was_my_turn)
        self._was_my_turn = my_turn

    # ------------------------------------------------------------------ focus
    def _focus_target(self, view: TableView, seat: int | None, my_turn: bool, legal: list[Move]) -> str | None:
        """Where keyboard focus belongs now (a CSS selector): the picker while a wild waits,
        else this seat's first playable card or the move on offer, else its first card."""
        if self.pending is not None:
            return ".uno-dash .uno-picker " + (".uno-target-btn" if self.pending.step == "target"
                                               else ".uno-color-btn")
        if seat is None or self.mode == "projector":
            if self.bar.can_deal:
                return ".uno-dash .uno-next-hand"
            if self.teacher_panel.widget.layout.display != "none":
                return ".uno-dash .uno-teacher-panel a"  # the learners' link, to hand out
            return ".uno-dash .uno-status-view"
        if my_turn:
            playable = {m.card for m in legal if m.kind == "play"}
            first = next((i for i, c in enumerate(self.hand.cards) if c in playable), None)
            if first is not None:
                return self.hand.slot_selector(first)
            kinds = {m.kind for m in legal}
            return next((f".uno-dash .{cls}" for kind, cls in _MOVE_BUTTONS if kind in kinds), None)
        if view.play.winner is not None and self.bar.can_deal:
            return ".uno-dash .uno-next-hand"
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
        my_turn = seat is not None and view.seat == seat and view.play.my_turn
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


    @staticmethod
    def _uno_counts(view: TableView, seat: int | None) -> bool:
        if seat is None or seat in view.play.uno_said:
            return False
        n = view.play.hand_sizes[seat]
        return n == 1 or (n == 2 and view.play.current_player == seat and view.play.phase in ("turn", "drawn"))

    # ------------------------------------------------------------------ clicks
    def _move(self, move: Move) -> bool:
        """Make ``move`` for this page's seat; show the table's reason if it is refused."""
        try:
            self.table.apply(move, self.acting_seat)
        except (IllegalMove, TableError) as exc:
            self._say("error", str(exc))
            self.refresh()
            return False
        self.pending = None
        self.refresh()
        return True

    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button does."""
        cards = self.hand.cards
        if not 0 <= index < len(cards):
            return
        card = cards[index]
        seat = self.acting_seat
        view = self._current_view()
        if seat is not None and view.play.my_turn:
            pending = wild_needing_choice(card, seat, list(view.play.legal_moves))
            if pending is not None:
                self.pending = pending
                self._say("info", _("Choose the colour for your {card}.", card=card_words(card)))
                self.refresh()
                self._focus_now()
                return
        self.pending = None
        self._move(Move("play", card))

    def _draw_clicked(self) -> None:
        view = self._current_view()
        seat = self.acting_seat
        if (seat is not None and view.play.my_turn and view.play.phase == "turn"
                and view.play.current_color is None
                and any(m.kind == "draw" and m.color for m in view.play.legal_moves)):
            # Classic: a Wild was turned first, so the first player names the colour as they draw.
            self.pending = PendingWild(seat, None)
            self._say("info", _("The first card is a Wild: choose the colour, then you draw."))
            self.refresh()
            self._focus_now()
            return
        self._move(Move("draw"))

    def _color_chosen(self, color: Color) -> None:
        if self.pending is not None:
            self._complete(self.pending.with_color(color))

    def _target_chosen(self, seat: int) -> None:
        if self.pending is not None:
            self._complete(self.pending.with_target(seat))

    def _complete(self, pending: PendingWild) -> None:
        if not pending.ready:
            self.pending = pending
            self._say("info", _("Choose who may not talk."))
            self.refresh()
            self._focus_now()
            return
        self.pending = None
        self._move(pending.move())
        self._focus_now()  # the picker closed: back to the hand

    def _cancel_pending(self) -> None:
        self.pending = None
        self._say("info", _("Cancelled. {turn}", turn=self._turn_sentence()))
        self.refresh()
        self._focus_now()

    def _talk_action(self, act, ok_text, no_text) -> None:
        seat = self.acting_seat
        before = self._announced
        try:
            result = act(seat)
        except (IllegalMove, TableError) as exc:
            self._say("error", str(exc))
            self.refresh()
            return
        # The table's news (the event) was said already; the line still shows the outcome.
        self._say("ok" if result else "info", ok_text if result else no_text,
                  announce=self._announced == before)
        self.refresh()

    def _uno_clicked(self) -> None:
        name = self.table.state.names[self.acting_seat] if self.acting_seat is not None else ""
        self._talk_action(lambda s: self.table.say_uno(s), _("{name} says UNO!", name=name),
                          _("{name} says UNO, but it does not count now (E-UNO-5).", name=name))

    def _catch_clicked(self, target: int) -> None:
        names = self.table.state.names
        self._talk_action(lambda s: self.table.catch(target, s),
                          _("Caught! {name} did not say UNO and draws two cards.", name=names[target]),
                          _("{name} cannot be caught now: nothing happens (E-UNO-3).", name=names[target]))

    def _talk_clicked(self) -> None:
        name = self.table.state.names[self.acting_seat] if self.acting_seat is not None else ""
        self._talk_action(lambda s: self.table.talk(s),
                          _("{name} is silenced and talked: three cards (E-WDT-2).", name=name),
                          _("{name} talks; nobody minds.", name=name))

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
            except (IllegalMove, TableError) as exc:
                self._say("error", str(exc))

    def _seat_kind_changed(self, seat: int, kind: str) -> None:
        try:
            self.table.set_seat(seat, kind)
        except (IllegalMove, TableError) as exc:
            self._say("error", str(exc))
            return
        self._say("info", _("Seat {seat} ({name}) is now played by: {kind}.", seat=seat,
                            name=self.table.state.names[seat], kind=kind_word(kind)))
        self.refresh()

    def _language_changed(self, lang: str) -> None:
        from ..i18n import set_language

        set_language(lang)
        self.bar.relabel()
        self.setup.relabel()
        self.actions.relabel()
        self.picker.relabel()
        self.teacher_panel.relabel()
        self.bridge.title = self._page_title()
        self.bar.set_heading(self._page_title)
        self.skip.value = skip_link_html()
        self.bridge.aria = aria_rules()
        self._say("info", self._turn_sentence())
        self.refresh()
