"""The live table itself, :class:`LiveGame`: the engine, the match and the seats, wired to
the panels of the other modules, and the one ``refresh`` that redraws them all.

Widget callbacks run with the server's rights: nothing here evaluates or opens anything a
viewer types; the only free input is an integer seed.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.bots import BOTS, Bot
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.scoring import Match
from ..render import style_block
from ..widgets import LogView, MessageView, SeatsView, TableView
from .bots_clock import BotsClock
from .chart import hand_size_chart_svg
from .hand_panel import HandPanel
from .human_moves import HumanMoves
from .other_hands import others_html, others_label_html
from .scores import scores_html
from .setup_form import SEAT_KINDS, SetupForm, check_players, first_config, next_config
from .style import DASH_CSS, SEATS_W, ring_width


class DashboardBox(widgets.VBox):
    """The dashboard's outer box, with a short text form (notebook outputs stay small)."""

    def __repr__(self) -> str:
        return "<UNO live table>"


class LiveGame(SetupForm, BotsClock, HandPanel, HumanMoves):
    """A live UNO table: ``LiveGame()`` then display it (or its ``.widget``).

    ``seats`` lists what sits at each seat: "human", "random" or "sensible" (default: seat 0
    human, the others sensible bots). ``speed`` is a key of :data:`SPEEDS` or seconds.
    ``explain_illegal``: cards that cannot be played stay clickable (dimmed) so a learner can
    click one and read why not; with False they are disabled.
    """

    def __init__(self, players: int = 4, *, rules: str | Rules = "encanto", seed: int | None = 1,
                 seats: list[str] | None = None, speed: str | float = "normal", auto: bool = True,
                 view: str = "player", explain_illegal: bool = True) -> None:
        check_players(int(players))
        self.explain_illegal = explain_illegal
        self._quiet = False
        self.history: list[tuple[int, ...]] = []
        self._recorded = False
        self._skipped: int | None = None
        self.config = first_config(int(players), rules, seed, seats)
        self._custom_rules = rules if isinstance(rules, Rules) else None
        self._build_widgets(speed, auto, view)
        self._wait_for_frontend()
        self.new_game()

    # ------------------------------------------------------------------ building
    def _build_widgets(self, speed, auto, view) -> None:
        W = widgets
        # Top bar.
        self._build_setup_form()
        self.view_toggle = W.ToggleButtons(options=[("Player view", "player"), ("Teacher view", "teacher")],
                                           value=view, style={"button_width": "110px"})
        self.view_toggle.add_class("uno-view-toggle")
        self.view_toggle.observe(lambda _: self.refresh(), "value")
        self.view_seat = W.Dropdown(options=[("", 0)], value=0, description="as",
                                    layout=W.Layout(width="150px"), style={"description_width": "22px"})
        self.view_seat.add_class("uno-view-seat")
        self.view_seat.observe(lambda _: self.refresh(), "value")
        self._build_clock(speed, auto)
        self.next_hand_button = W.Button(description="Next hand", layout=W.Layout(width="100px"))
        self.next_hand_button.add_class("uno-next-hand")
        self.next_hand_button.on_click(lambda _: self.next_hand())
        title = W.HTML("<div class='uno-dash-title'>UNO live table</div>")
        bar = W.HBox([title, self.settings_toggle, self.view_toggle, self.view_seat, self.auto_input,
                      self.speed_input, self.step_button, self.next_hand_button])
        bar.add_class("uno-dash-bar")

        # Left column: status, table, own hand, actions, picker, message, other hands.
        self.status = W.HTML()
        self.table = TableView(width=78)
        self._build_hand_panel()
        self.message = MessageView()
        self.others_label = W.HTML()
        self.others = W.HTML()
        left = W.VBox([self.status, self.table, self.hand_label, self.hand_box, self.hand_html,
                       self.actions, self.picker, self.message, self.others_label, self.others])
        left.add_class("uno-dash-left")

        # Right column: seats, log, chart, scores.
        self.seats = SeatsView(width=SEATS_W)
        self.log = LogView(max_lines=150)
        self.chart = W.HTML()
        self.chart.add_class("uno-chart-view")
        self.scores = W.HTML()
        self.scores.add_class("uno-scores-view")

        def section(text):
            return W.HTML(f"<div class='uno-dash-section'>{escape(text)}</div>")

        self.right = W.VBox([self.seats, section("What happened"), self.log,
                             section("Cards in each hand, move by move"), self.chart, self.scores])
        self.right.add_class("uno-dash-right")
        cols = W.HBox([left, self.right])
        cols.add_class("uno-dash-cols")
        css = W.HTML(DASH_CSS + style_block(), layout=W.Layout(display="none"))
        self.widget = DashboardBox([css, self._css_box, bar, self.settings, cols])
        self.widget.add_class("uno-dash")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        return f"<LiveGame {self.game!r}>"

    # ------------------------------------------------------------------ game setup
    @property
    def seat_kinds(self) -> list[str]:
        """What sits at each seat of the current game: human, random or sensible."""
        return list(self._kinds)

    @property
    def humans(self) -> list[int]:
        """The seats where a person plays by clicking."""
        return [s for s, k in enumerate(self._kinds) if k == "human"]

    def new_game(self, **config) -> None:
        """Start a new match (and its first hand). Keywords (players, rules, seed, seats)
        change the configuration first; without them the last one is dealt again."""
        cfg = next_config(self.config, config)
        if "rules" in config:
            self._custom_rules = None
        self.config = cfg
        n = int(cfg["players"])
        self._kinds = list(cfg["seats"])
        rules = self._custom_rules if self._custom_rules is not None else (
            Rules.classic() if cfg["rules"] == "classic" else Rules.encanto())
        seed = int(cfg["seed"])
        self.match = Match(n, rules=rules, seed=seed)
        root = [int(seed), 7]  # the bots' own seeds, apart from the deal's
        self.bots: list[Bot | None] = []
        for s, kind in enumerate(self._kinds):
            self.bots.append(BOTS[kind](root + [s]) if kind != "human" else None)
        names = self.match.players
        self._quiet = True  # no redraw of the old hand while the seat list changes
        try:
            self.view_seat.options = [(f"{names[s]}", s) for s in range(n)]
            self.view_seat.value = self.humans[0] if self.humans else 0
        finally:
            self._quiet = False
        self._deal()

    def next_hand(self) -> None:
        """Deal the next hand of the match (after a hand is over)."""
        if self.game.winner is None or self.match.is_over:
            self._say("info", "The next hand starts once this hand is over."
                      if self.game.winner is None else "The match is over: start a new game.")
            return
        self._deal()

    def _deal(self) -> None:
        game = self.match.new_hand()
        self._play_on(game, f"Hand {len(self.match.results) + 1}: {game.names[game.dealer]} dealt. ")

    def show_position(self, game: Game) -> None:
        """Play on from ``game`` (a lesson's position or a saved game) with the same seats;
        when it ends, it is scored like any hand of the match."""
        if game.players != len(self._kinds):
            raise ValueError(f"This table has {len(self._kinds)} seats; the position has {game.players}")
        self._play_on(game)

    def _play_on(self, game: Game, intro: str = "") -> None:
        """Make ``game`` the hand on the table: a fresh chart, no pending wild, bots armed."""
        self._cancel_timer()
        self.game = game
        self._pending = None
        self._recorded = False
        self._skipped = None
        self.history = [self._sizes()]
        self._say("info", intro + self._whose_turn_sentence())
        self.refresh()
        self._schedule()

    # ------------------------------------------------------------------ who is who
    def _is_human(self, seat: int | None) -> bool:
        return seat is not None and self._kinds[seat] == "human"

    @property
    def acting_seat(self) -> int | None:
        """The human whose controls are shown: the one to move, else the viewed human seat."""
        g = self.game
        if g.winner is None and self._is_human(g.current_player):
            return g.current_player
        if self._is_human(self.view_seat.value):
            return self.view_seat.value
        return self.humans[0] if self.humans else None

    @property
    def viewer(self) -> int:
        """The seat whose view is shown in the player view."""
        seat = self.acting_seat
        return seat if seat is not None else self.view_seat.value

    @property
    def teacher(self) -> bool:
        """Whether the teacher view (every hand face up) is on."""
        return self.view_toggle.value == "teacher"

    def _sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.game.hands)

    # ------------------------------------------------------------------ after a change
    def _after_change(self, before: int, *, moved: bool) -> None:
        g = self.game
        new = g.events[before:]
        if moved:
            skipped = [e.seat for e in new if isinstance(e, ev.Skipped)]
            self._skipped = skipped[-1] if skipped else None
        sizes = self._sizes()
        if moved or sizes != self.history[-1]:
            self.history.append(sizes)
        if g.winner is not None and not self._recorded:
            self._recorded = True
            self._cancel_timer()
            self.match.record(g)
            text = f"{g.names[g.winner]} wins the hand and scores {g.points} points."
            if self.match.is_over:
                w = self.match.winner
                text += f" {self.match.players[w]} reaches {self.match.totals[w]}: the match is won!"
            else:
                text += " Deal the next hand when ready."
            self._say("ok", text)
        elif moved:
            last = [e.describe(g.names, None if self.teacher else self.viewer) for e in new]
            if last:
                self._say("info", " ".join(last[-3:]))

    # ------------------------------------------------------------------ showing
    def _say(self, kind: str, text: str) -> None:
        self.message.show(kind, text)

    def _whose_turn_sentence(self) -> str:
        g = self.game
        if g.winner is not None:
            return f"{g.names[g.winner]} won the hand."
        who = g.names[g.current_player]
        if self._is_human(g.current_player):
            return f"{who}, it is your turn."
        return f"{who} (a {SEAT_KINDS[self._kinds[g.current_player]]}) is to move."

    def refresh(self, hand: bool = True) -> None:
        """Redraw every part of the table from the engine's state."""
        if self._quiet or not hasattr(self, "game"):
            return
        g = self.game
        teacher = self.teacher
        viewer = self.viewer
        acting = self.acting_seat
        my_turn = g.winner is None and acting is not None and acting == g.current_player
        legal = g.legal_moves() if my_turn else []
        pv = g.view(viewer)  # what the viewed seat may see: own hand, other hands as counts

        self.table.update(g)
        seats_viewer = None if teacher and acting is None else viewer
        ring = ring_width(g.players)
        self.seats.update(g, viewer=seats_viewer, highlight_skipped=self._skipped, width=ring)
        self.right.layout.flex = f"0 0 {ring + 10}px"
        many = "uno-dash-many" in self.widget._dom_classes
        if many != (g.players > 6):
            (self.widget.add_class if not many else self.widget.remove_class)("uno-dash-many")
        self.log.update(g.narrate() if teacher else list(pv.log))
        self.chart.value = hand_size_chart_svg(self.history, g.names, width=ring_width(g.players))
        self.scores.value = scores_html(self.match)

        # The clickable hand (a human's) or a face-up, non-clickable one.
        if hand:
            self._show_hand(acting, viewer, my_turn, legal, pv)
        self._refresh_actions(g, acting, my_turn, {m.kind for m in legal})
        self._refresh_picker(g, my_turn)

        # The other hands: face down in the player view, face up in the teacher view.
        self.others_label.value = others_label_html(teacher)
        self.others.value = others_html(g, pv, viewer, self._kinds, teacher)

        # Top-bar state.
        self.view_seat.layout.display = None if acting is None else "none"
        self.step_button.disabled = g.winner is not None or self._is_human(g.current_player)
        self.next_hand_button.disabled = g.winner is None or self.match.is_over

        # Status line last, so that when it says whose turn it is, the rest is already sent.
        self.status.value = self._status_html(acting, my_turn)

    def _status_html(self, acting: int | None, my_turn: bool) -> str:
        # Its data attributes are what the browser tests read.
        g = self.game
        if g.winner is not None:
            cls, text = "uno-status-over", f"★ {g.names[g.winner]} wins the hand ({g.points} points)."
        elif my_turn:
            cls = ""
            text = {"challenge": f"{g.names[acting]}: a Wild Draw Four! Accept it or challenge it.",
                    "drawn": f"{g.names[acting]}: play the card you drew, or keep it."}.get(
                        g.phase, f"{g.names[acting]}, your turn: click a glowing card, or draw.")
        else:
            cls = "uno-status-wait"
            text = self._whose_turn_sentence()
            if acting is not None:
                text += " Watch, say UNO, or catch someone."
        return (f"<div class='uno-status {cls}' data-phase='{g.phase}' "
                f"data-current='{g.current_player}' data-human-turn='{int(my_turn)}' "
                f"data-winner='{'' if g.winner is None else g.winner}' "
                f"data-hand='{len(self.match.results) + (0 if self._recorded else 1)}' "
                f"data-events='{len(g.events)}'>"
                f"{escape(text)}</div>")
