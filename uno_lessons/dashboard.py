"""A live game of UNO as one widget, for Jupyter and Voilà: ``LiveGame()``.

Humans play by clicking their cards and the action buttons; bots move by themselves after
a visible pause (or one at a time with **Step**). A teacher can switch between a player's
view (other hands face down, via ``game.view(seat)``) and a teacher's view (every hand face
up). Hands are scored to 500 with :class:`~uno_lessons.scoring.Match`.

How bots move without threads: the kernel's own asyncio loop runs a ``call_later`` timer
(Voilà keeps the kernel's loop running, so this works there too). Without a running loop,
e.g. in plain Python tests, nothing ticks and ``step()`` drives the bots.

Widget callbacks run with the server's rights: nothing here evaluates or opens anything a
viewer types; the only free input is an integer seed.
"""

from __future__ import annotations

import asyncio
import base64
import secrets
from functools import cache
from html import escape

import ipywidgets as widgets

from . import events as ev
from .bots import BOTS, Bot
from .cards import Card, Color
from .game import Game
from .moves import IllegalMove, Move
from .render import back_svg, card_svg, color_swatch_html, css_code, hand_html, style_block
from .rules import Rules
from .scoring import Match
from .widgets import ColorPicker, LogView, MessageView, SeatsView, TableView

__all__ = ["LiveGame", "SEAT_KINDS", "SPEEDS"]

#: What can sit at a seat: a person clicking, or one of the bots.
SEAT_KINDS = {"human": "human", "random": "random bot", "sensible": "sensible bot"}
#: Pause before each bot move, in seconds.
SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.35, "turbo": 0.08}
#: Line colours of the hand-size chart (distinct from the card colours, readable on white).
SERIES = ("#1b1b1b", "#e07000", "#7a3db8", "#00838f", "#c2185b", "#6d4c41", "#558b2f",
          "#3949ab", "#8d6e00", "#607d8b")
CARD_W, CARD_H = 60, 90  # hand buttons, 2:3 like a card
SEATS_W = 410  # width of the seat ring (and the right column) for up to six players


def ring_width(players: int) -> int:
    """Seat-ring width in px: wider for seven to ten players, so their seats do not overlap."""
    return SEATS_W if players <= 6 else 500 if players <= 8 else 560


_BACK = base64.b64encode(back_svg(width=26).encode()).decode()
_DASH_CSS = f"""<style>
.uno-dash{{box-sizing:border-box;max-width:1260px;width:100%;font-family:system-ui,-apple-system,
  'Segoe UI',Roboto,'Liberation Sans','DejaVu Sans',Arial,sans-serif;color:#1d1d1d;}}
.uno-dash *{{box-sizing:border-box;}}
.uno-dash-title{{font-size:22px;font-weight:800;margin:0 12px 0 2px;white-space:nowrap;}}
.uno-dash-bar{{align-items:center;flex-wrap:wrap;gap:4px 8px;}}
.uno-dash-cols{{align-items:flex-start;gap:14px;flex-wrap:nowrap;}}
.uno-dash-left{{flex:1 1 0;min-width:0;overflow:hidden;}}
.uno-dash-right{{min-width:0;overflow:hidden;}}
.uno-dash.uno-dash-many .uno-log{{max-height:96px;}}
.uno-dash-section{{font-size:15px;font-weight:700;margin:6px 0 0 2px;}}
.uno-dash .widget-html,.uno-dash .widget-html-content{{max-width:100%;}}
.uno-dash .uno-table{{width:100%;flex-wrap:nowrap;}}
.uno-dash .uno-table .uno-info{{flex:1 1 200px;min-width:0;}}
.uno-dash .uno-table .uno-pile{{flex:0 0 auto;}}
.uno-dash .uno-log{{max-height:128px;font-size:14px;}}
.uno-dash .uno-log-line{{padding:2px 0;}}
.uno-hand-btns{{flex-wrap:wrap;align-items:flex-end;gap:10px 4px;padding:12px 4px 4px 4px;
  min-height:{CARD_H + 22}px;}}
.uno-dash .widget-button.uno-card-btn{{width:{CARD_W}px;height:{CARD_H}px;min-width:{CARD_W}px;
  padding:0;margin:0;border:none;border-radius:8px;background-color:transparent;
  background-size:100% 100%;background-repeat:no-repeat;font-size:0;color:transparent;
  box-shadow:none;transition:transform .1s;}}
.uno-dash .widget-button.uno-card-btn.uno-legal{{transform:translateY(-9px);
  box-shadow:0 0 0 3px #f2a900,0 3px 6px rgba(0,0,0,.35);}}
.uno-dash .widget-button.uno-card-btn.uno-legal:hover{{transform:translateY(-13px);}}
.uno-dash .widget-button.uno-card-btn.uno-illegal{{opacity:.6;filter:saturate(.55);}}
.uno-dash .widget-button.uno-card-btn.uno-pending{{box-shadow:0 0 0 4px #0956bf;}}
.uno-dash .widget-button.uno-card-btn:disabled{{opacity:.85;cursor:default;}}
.uno-dash .widget-button.uno-card-btn:focus{{outline:3px solid #0956bf;outline-offset:2px;}}
.uno-actions{{flex-wrap:wrap;gap:6px;align-items:center;}}
.uno-actions .widget-button{{font-size:15px;height:34px;font-weight:600;}}
.uno-dash .widget-button.uno-act-primary:not(:disabled){{background:#f2a900;color:#1d1d1d;}}
.uno-picker{{flex-wrap:wrap;gap:6px;align-items:center;background:#eef4fb;border:2px solid #0956bf;
  border-radius:10px;padding:6px 10px;}}
.uno-picker .widget-button{{height:36px;font-weight:700;font-size:15px;}}
.uno-status{{font-size:17px;font-weight:700;padding:4px 10px;border-radius:8px;background:#fff6d6;
  border:1px solid #e6c766;}}
.uno-status.uno-status-wait{{background:#f1f3f5;border-color:#ccd;font-weight:600;}}
.uno-status.uno-status-over{{background:#e3f7e9;border-color:#7cc49a;}}
.uno-msg{{font-size:15px;min-height:30px;padding:4px 10px;border-radius:8px;}}
.uno-msg-error{{background:#fdeaea;border:1px solid #e39a9a;}}
.uno-msg-ok{{background:#e3f7e9;border:1px solid #7cc49a;}}
.uno-msg-info{{background:#eef4fb;border:1px solid #9dbbe0;}}
.uno-others{{max-height:186px;overflow-y:auto;border:1px solid #ddd;border-radius:10px;
  padding:2px 6px;background:#fcfcfa;}}
.uno-other-row{{display:flex;align-items:center;gap:8px;border-bottom:1px solid #eee;}}
.uno-other-row:last-child{{border-bottom:none;}}
.uno-other-name{{flex:0 0 150px;font-weight:700;font-size:14px;white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis;}}
.uno-other-row .uno-hand{{padding:8px 4px 2px 4px;flex-wrap:wrap;}}
.uno-other-row .uno-hand-item:hover{{transform:none;}}
.uno-minibacks{{display:flex;align-items:center;padding:6px 4px;}}
.uno-miniback{{display:inline-block;width:26px;height:39px;margin-right:-9px;border-radius:4px;
  background:url(data:image/svg+xml;base64,{_BACK}) center/100% 100% no-repeat;
  filter:drop-shadow(1px 1px 1px rgba(0,0,0,.35));}}
.uno-minibacks b{{margin-left:16px;font-size:14px;}}
.uno-scores{{border-collapse:collapse;font-size:14px;width:100%;table-layout:fixed;}}
.uno-scores th,.uno-scores td{{border:1px solid #ccc;padding:2px 6px;text-align:right;}}
.uno-scores th{{background:#eef2f7;}}
.uno-scores tr.uno-total td{{font-weight:800;background:#fff6d6;}}
.uno-scores td.uno-lead{{color:#2e8b57;}}
.uno-scores td.uno-hand-winner{{font-weight:700;color:#b36b00;}}
.uno-scores th{{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;}}
.uno-chart text{{font:12px system-ui,'Liberation Sans','DejaVu Sans',Arial,sans-serif;fill:#333;}}
.uno-settings{{border:2px solid #9aa;border-radius:10px;padding:6px 10px;background:#f7f8fa;
  gap:6px;}}
.uno-seat-kinds{{flex-wrap:wrap;gap:4px 10px;}}
.uno-dash .widget-dropdown.uno-seat-kind{{width:220px;}}
</style>"""


@cache
def card_button_css(code: str) -> str:
    """CSS giving the ``uno-card-<code>`` buttons their card picture (inline SVG, no CDN)."""
    card = Card.parse(code)
    data = base64.b64encode(card_svg(card, width=CARD_W).encode()).decode()
    return (f"<style>.uno-dash .widget-button.uno-card-btn.uno-card-{css_code(card)}"
            f"{{background-image:url(data:image/svg+xml;base64,{data});}}</style>")


class DashboardBox(widgets.VBox):
    """The dashboard's outer box, with a short text form (notebook outputs stay small)."""

    def __repr__(self) -> str:
        return "<UNO live table>"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def hand_size_chart_svg(history: list[tuple[int, ...]], names: list[str], *, width: int = SEATS_W,
                        height: int = 118) -> str:
    """Hand sizes over the moves of a hand as an inline SVG line chart (one line per seat)."""
    left, right, top = 30, 8, 8
    bottom = 22 + 12 * ((len(names) + 4) // 5)
    pw, ph = width - left - right, height - top - bottom
    n_pts = max(len(history), 1)
    peak = max([max(h) for h in history] + [7])
    ymax = peak + (-peak % 5 or 0)
    ymax = max(ymax, 5)

    def x(i: int) -> float:
        return left + (pw * i / (n_pts - 1) if n_pts > 1 else pw / 2)

    def y(v: int) -> float:
        return top + ph - ph * v / ymax

    out = [f'<svg class="uno-chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="hand sizes over the moves of this hand">']
    tick = next(t for t in (1, 2, 5, 10, 20, 50) if ph * t / ymax >= 16 or t == 50)
    for v in range(0, ymax + 1, tick):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                   f'stroke="#e3e3e3"/><text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" stroke="#999"/>')
    out.append(f'<text x="{width - right}" y="{top + ph + 14}" text-anchor="end">move {len(history) - 1}</text>'
               f'<text x="{left}" y="{top + ph + 14}">deal</text>')
    for seat in range(len(names)):
        pts = " ".join(f"{x(i):.1f},{y(h[seat]):.1f}" for i, h in enumerate(history))
        color = SERIES[seat % len(SERIES)]
        if len(history) == 1:
            out.append(f'<circle cx="{x(0):.1f}" cy="{y(history[0][seat]):.1f}" r="3" fill="{color}"/>')
        else:
            out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2.2" '
                       f'stroke-linejoin="round"/>')
    # Legend along the bottom: five seats per row (two rows for six to ten players).
    per_row = 5
    rows = (len(names) + per_row - 1) // per_row
    for seat, name in enumerate(names):
        lx = left + (seat % per_row) * (pw // per_row)
        ly = height - 4 - 12 * (rows - 1 - seat // per_row)
        color = SERIES[seat % len(SERIES)]
        out.append(f'<rect x="{lx}" y="{ly - 7}" width="12" height="4" fill="{color}"/>'
                   f'<text x="{lx + 16}" y="{ly - 2}">{escape(name[:9])}</text>')
    out.append("</svg>")
    return "".join(out)


class LiveGame:
    """A live UNO table: ``LiveGame()`` then display it (or its ``.widget``).

    ``seats`` lists what sits at each seat: "human", "random" or "sensible" (default: seat 0
    human, the others sensible bots). ``speed`` is a key of :data:`SPEEDS` or seconds.
    ``explain_illegal``: cards that cannot be played stay clickable (dimmed) so a learner can
    click one and read why not; with False they are disabled.
    """

    def __init__(self, players: int = 4, *, rules: str | Rules = "encanto", seed: int | None = 1,
                 seats: list[str] | None = None, speed: str | float = "normal", auto: bool = True,
                 view: str = "player", explain_illegal: bool = True) -> None:
        if not 2 <= int(players) <= 10:
            raise ValueError(f"UNO is played by 2 to 10 players; got {players}")
        self.explain_illegal = explain_illegal
        self._timer: asyncio.TimerHandle | None = None
        self._pending: dict | None = None  # a wild waiting for its colour (and target)
        self._buttons: list[widgets.Button] = []
        self._shown: list[Card] = []
        self._quiet = False
        self.history: list[tuple[int, ...]] = []
        self._recorded = False
        self._skipped: int | None = None
        self._build_widgets(int(players), rules, seed, seats, speed, auto, view)
        # Bots wait for a viewer: a front end that renders this table runs a client-side link
        # that copies 1 into ``_seen`` and sends it back. Until then (e.g. while Voilà executes
        # the notebook, before the page is connected) no bot moves and no update can be lost.
        self.frontend_seen = False
        self._one = widgets.IntText(value=1)
        self._seen = widgets.IntText(value=0)
        self._seen.observe(self._frontend_ready, "value")
        self._link = widgets.jsdlink((self._one, "value"), (self._seen, "value"))
        self.new_game()

    # ------------------------------------------------------------------ building
    def _build_widgets(self, players, rules, seed, seats, speed, auto, view) -> None:
        W = widgets
        rules_name = rules.name if isinstance(rules, Rules) else str(rules).lower()
        if rules_name not in ("encanto", "classic"):
            raise ValueError("rules must be 'encanto' or 'classic'")
        self._custom_rules = rules if isinstance(rules, Rules) else None
        seats = list(seats) if seats is not None else ["human"] + ["sensible"] * (players - 1)
        if len(seats) != players or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"seats must list {players} of {sorted(SEAT_KINDS)}")

        # The game to deal; the settings panel (built when first opened) edits these.
        if seed is None:  # a fresh deal, still reproducible: the seed is shown in the settings
            seed = secrets.randbelow(10**6)
        self.config = {"players": players, "rules": rules_name, "seed": int(seed), "seats": seats}
        self.settings = W.VBox([], layout=W.Layout(display="none"))
        self.settings.add_class("uno-settings")

        # Top bar.
        self.settings_toggle = W.ToggleButton(value=False, description="New game…",
                                              layout=W.Layout(width="110px"))
        self.settings_toggle.add_class("uno-settings-toggle")
        self.settings_toggle.observe(self._toggle_settings, "value")
        self.view_toggle = W.ToggleButtons(options=[("Player view", "player"), ("Teacher view", "teacher")],
                                           value=view, style={"button_width": "110px"})
        self.view_toggle.add_class("uno-view-toggle")
        self.view_toggle.observe(lambda _: self.refresh(), "value")
        self.view_seat = W.Dropdown(options=[("", 0)], value=0, description="as",
                                    layout=W.Layout(width="150px"), style={"description_width": "22px"})
        self.view_seat.add_class("uno-view-seat")
        self.view_seat.observe(lambda _: self.refresh(), "value")
        self.auto_input = W.Checkbox(value=auto, description="Bots move by themselves", indent=False,
                                     layout=W.Layout(width="200px"))
        self.auto_input.add_class("uno-auto")
        self.auto_input.observe(self._auto_changed, "value")
        speed_key = speed if isinstance(speed, str) else None
        if speed_key is not None and speed_key not in SPEEDS:
            raise ValueError(f"speed must be one of {list(SPEEDS)} or seconds")
        self._speed_override = None if speed_key else float(speed)
        self.speed_input = W.ToggleButtons(options=list(SPEEDS), value=speed_key or "fast",
                                           style={"button_width": "62px"},
                                           tooltips=[f"{v:g} s before each bot move" for v in SPEEDS.values()])
        self.speed_input.add_class("uno-speed")
        self.speed_input.observe(self._speed_changed, "value")
        self.step_button = W.Button(description="Step", tooltip="one bot move",
                                    layout=W.Layout(width="70px"))
        self.step_button.add_class("uno-step")
        self.step_button.on_click(lambda _: self._step_clicked())
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
        self.hand_label = W.HTML()
        self.hand_box = W.HBox([])
        self.hand_box.add_class("uno-hand-btns")
        self.hand_html = W.HTML()  # a face-up hand that is not clickable (a bot's, in player view)

        def button(text, cls, handler, tip=""):
            b = W.Button(description=text, tooltip=tip, layout=W.Layout(width="auto"))
            b.add_class(cls)
            b.on_click(lambda _: handler())
            return b

        self.draw_button = button("Draw", "uno-act-draw", self._draw_clicked, "draw one card")
        self.keep_button = button("Keep", "uno-act-keep", lambda: self._human_move(Move("keep")),
                                  "keep the card you drew")
        self.pass_button = button("Pass", "uno-act-pass", lambda: self._human_move(Move("pass")),
                                  "nothing to play and nothing to draw")
        self.uno_button = button("Say UNO!", "uno-act-uno", self._uno_clicked, "say UNO")
        self.challenge_button = button("Challenge", "uno-act-challenge",
                                       lambda: self._human_move(Move("challenge")),
                                       "challenge the Wild Draw Four")
        self.accept_button = button("Accept (draw 4)", "uno-act-accept",
                                    lambda: self._human_move(Move("accept")), "draw four, lose the turn")
        self.catch_target = W.Dropdown(options=[("", 0)], value=0, layout=W.Layout(width="110px"))
        self.catch_target.add_class("uno-catch-target")
        self.catch_button = button("Catch", "uno-act-catch", self._catch_clicked,
                                   "call out a player who did not say UNO")
        self.talk_button = button("Talk", "uno-act-talk", self._talk_clicked,
                                  "talk while silenced: draw three")
        for b in (self.draw_button, self.keep_button, self.pass_button, self.challenge_button,
                  self.accept_button):
            b.add_class("uno-act-primary")
        self.actions = W.HBox([self.draw_button, self.keep_button, self.pass_button, self.uno_button,
                               self.challenge_button, self.accept_button, self.catch_button,
                               self.catch_target, self.talk_button])
        self.actions.add_class("uno-actions")

        self.picker_label = W.HTML()
        self.color_picker = ColorPicker(on_pick=self._color_chosen)
        self.target_buttons = W.HBox([])
        self.target_buttons.add_class("uno-targets")
        self.cancel_button = button("Cancel", "uno-pick-cancel", self._cancel_pending)
        self.picker = W.HBox([self.picker_label, self.color_picker, self.target_buttons,
                              self.cancel_button], layout=W.Layout(display="none"))
        self.picker.add_class("uno-picker")
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
        css = W.HTML(_DASH_CSS + style_block(), layout=W.Layout(display="none"))
        # One small <style> per card face, added the first time that card is in a shown hand
        # (a page then loads a few pictures, not all 55).
        self._card_css: dict[str, widgets.HTML] = {}
        self._css_box = W.Box([], layout=W.Layout(display="none"))
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
        return [s for s, k in enumerate(self._kinds) if k == "human"]

    def new_game(self, **config) -> None:
        """Start a new match (and its first hand). Keywords (players, rules, seed, seats)
        change the configuration first; without them the last one is dealt again."""
        unknown = set(config) - set(self.config)
        if unknown:
            raise TypeError(f"unknown settings: {sorted(unknown)}")
        cfg = {**self.config, **config}
        n = int(cfg["players"])
        if not 2 <= n <= 10:
            raise ValueError(f"UNO is played by 2 to 10 players; got {n}")
        if "players" in config and "seats" not in config:
            cfg["seats"] = (list(cfg["seats"]) + ["sensible"] * 10)[:n]
        if len(cfg["seats"]) != n or any(k not in SEAT_KINDS for k in cfg["seats"]):
            raise ValueError(f"seats must list {n} of {sorted(SEAT_KINDS)}")
        if cfg["rules"] not in ("encanto", "classic"):
            raise ValueError("rules must be 'encanto' or 'classic'")
        if "rules" in config:
            self._custom_rules = None
        self.config = cfg
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
        self._cancel_timer()
        self.game: Game = self.match.new_hand()
        self._pending = None
        self._recorded = False
        self._skipped = None
        self.history = [self._sizes()]
        hand_no = len(self.match.results) + 1
        self._say("info", f"Hand {hand_no}: {self.game.names[self.game.dealer]} dealt. "
                  + self._whose_turn_sentence())
        self.refresh()
        self._schedule()

    def show_position(self, game: Game) -> None:
        """Play on from ``game`` (a lesson's position or a saved game) with the same seats;
        when it ends, it is scored like any hand of the match."""
        if game.players != len(self._kinds):
            raise ValueError(f"This table has {len(self._kinds)} seats; the position has {game.players}")
        self._cancel_timer()
        self.game = game
        self._pending = None
        self._recorded = False
        self._skipped = None
        self.history = [self._sizes()]
        self._say("info", self._whose_turn_sentence())
        self.refresh()
        self._schedule()

    def _build_settings(self) -> None:
        """The new-game panel: players, rules, seed and what sits at each seat."""
        if self.settings.children:
            return
        W, cfg = widgets, self.config
        self.players_input = W.BoundedIntText(value=cfg["players"], min=2, max=10, description="Players",
                                              layout=W.Layout(width="150px"))
        self.rules_input = W.ToggleButtons(options=[("Encanto", "encanto"), ("Classic", "classic")],
                                           value=cfg["rules"], description="Rules",
                                           style={"button_width": "90px"})
        self.seed_input = W.BoundedIntText(value=cfg["seed"], min=0, max=2**31 - 1, description="Seed",
                                           layout=W.Layout(width="200px"))
        self.players_input.add_class("uno-players")
        self.rules_input.add_class("uno-rules")
        self.seed_input.add_class("uno-seed")
        names = ev.default_names(10)
        self.seat_inputs = []
        for s in range(10):
            dd = W.Dropdown(options=[(label, key) for key, label in SEAT_KINDS.items()],
                            value=cfg["seats"][s] if s < cfg["players"] else "sensible",
                            description=f"{s}: {names[s]}",
                            layout=W.Layout(width="230px"), style={"description_width": "70px"})
            dd.add_class("uno-seat-kind")
            dd.add_class(f"uno-seat-kind-{s}")
            self.seat_inputs.append(dd)
        self.start_button = W.Button(description="Start new game", button_style="success",
                                     layout=W.Layout(width="160px"))
        self.start_button.add_class("uno-start")
        self.start_button.on_click(lambda _: self._start_from_settings())
        self.players_input.observe(lambda _: self._show_seat_inputs(), "value")
        seat_box = W.HBox(self.seat_inputs)
        seat_box.add_class("uno-seat-kinds")
        self._show_seat_inputs()
        self.settings.children = [W.HBox([self.players_input, self.rules_input, self.seed_input]),
                                  seat_box, self.start_button]

    def _start_from_settings(self) -> None:
        n = self.players_input.value
        self.settings_toggle.value = False
        self.new_game(players=n, rules=self.rules_input.value, seed=int(self.seed_input.value),
                      seats=[self.seat_inputs[s].value for s in range(n)])

    def _show_seat_inputs(self) -> None:
        n = self.players_input.value
        for s, dd in enumerate(self.seat_inputs):
            dd.layout.display = None if s < n else "none"

    def _toggle_settings(self, change) -> None:
        if change["new"]:
            self._build_settings()
        self.settings.layout.display = None if change["new"] else "none"

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
        return self.view_toggle.value == "teacher"

    @property
    def pause(self) -> float:
        """Seconds before each bot move."""
        return self._speed_override if self._speed_override is not None else SPEEDS[self.speed_input.value]

    def _sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.game.hands)

    # ------------------------------------------------------------------ bots
    def step(self) -> bool:
        """One bot tick: every bot may say UNO or call someone out, then the bot to move
        moves; the table is redrawn. Returns True when something was done."""
        did = self._bot_tick()
        self.refresh()
        return did

    def _bot_tick(self) -> bool:
        g = self.game
        if g.winner is not None:
            return False
        before = len(g.events)
        for seat, bot in enumerate(self.bots):
            if bot is not None and g.winner is None:
                bot.react(g, seat)
        mover = g.current_player
        bot = self.bots[mover]
        if bot is not None and g.winner is None:
            g.apply(bot.choose(g))
        did = len(g.events) > before
        if did:
            self._after_change(before, moved=bot is not None)
        return did

    def run_bots(self, max_moves: int = 5000) -> None:
        """Let the bots move until a human is to move or the hand is over (no pauses)."""
        for _ in range(max_moves):
            g = self.game
            if g.winner is not None or self._is_human(g.current_player):
                break
            self._bot_tick()
        self.refresh()

    def _frontend_ready(self, change=None) -> None:
        """A front end shows the table: bots may start moving by themselves."""
        if not self.frontend_seen:
            self.frontend_seen = True
            self._schedule()

    def _schedule(self) -> None:
        """Arm the timer for the next bot move, if bots are to move and auto-play is on."""
        if self._timer is not None or not self.auto_input.value or not self.frontend_seen:
            return
        g = self.game
        if g.winner is not None:
            if self.match.is_over or self.humans or self.match.results == []:
                return
            # A bots-only match deals on by itself, so it can be watched to its end.
            delay, action = 4 * self.pause + 1.0, self.next_hand
        elif self._is_human(g.current_player):
            return
        else:
            delay, action = self.pause, self.step
        loop = _running_loop()
        if loop is None:
            return

        def tick():
            self._timer = None
            try:
                action()
            except Exception as exc:  # keep the table usable; show what went wrong
                self._say("error", f"A bot move failed: {exc}")
                self.refresh()
                return
            self._schedule()

        self._timer = loop.call_later(delay, tick)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _auto_changed(self, change) -> None:
        if change["new"]:
            self._schedule()
        else:
            self._cancel_timer()
        self.refresh()

    def _speed_changed(self, change) -> None:
        self._speed_override = None
        if self._timer is not None:
            self._cancel_timer()
            self._schedule()

    def _step_clicked(self) -> None:
        self._cancel_timer()
        g = self.game
        if g.winner is not None:
            self._say("info", "The hand is over: deal the next hand.")
        elif self._is_human(g.current_player):
            self._say("info", f"It is {g.names[g.current_player]}'s turn: a human moves by clicking.")
        else:
            self._bot_tick()
        self.refresh()
        self._schedule()

    # ------------------------------------------------------------------ human actions
    def _human_move(self, move: Move) -> bool:
        """Apply ``move`` for the human to move; show the engine's reason if it is illegal."""
        g = self.game
        seat = g.current_player
        if g.winner is not None:
            self._say("error", f"The hand is over: {g.names[g.winner]} won.")
            self.refresh()
            return False
        if not self._is_human(seat):
            self._say("error", f"Wait: it is {g.names[seat]}'s turn, and {g.names[seat]} is a bot.")
            self.refresh()
            return False
        before = len(g.events)
        try:
            g.apply(move)
        except IllegalMove as exc:
            self._say("error", str(exc))
            self.refresh(hand=False)
            return False
        self._pending = None
        self._after_change(before, moved=True)
        self.refresh()
        self._schedule()
        return True

    def click_card(self, index: int) -> None:
        """What a click on the ``index``-th card button of the shown hand does."""
        if not 0 <= index < len(self._shown):
            return
        card = self._shown[index]
        g = self.game
        seat = g.current_player
        if g.winner is None and self._is_human(seat) and card.is_wild:
            plays = [m for m in g.legal_moves() if m.kind == "play" and m.card == card]
            if plays:
                self._pending = {"seat": seat, "card": card, "color": None, "target": None,
                                 "needs_target": plays[0].target is not None}
                self._say("info", f"Choose the colour for your {card.name}"
                          + (", then the player to silence." if plays[0].target is not None else "."))
                self.refresh()
                return
        self._pending = None
        self._human_move(Move("play", card))

    def _draw_clicked(self) -> None:
        g = self.game
        if g.winner is None and self._is_human(g.current_player) and g.phase == "turn" \
                and g.current_color is None and any(m.kind == "draw" and m.color for m in g.legal_moves()):
            # Classic: a Wild was turned first, so the first player names the colour as they draw.
            self._pending = {"seat": g.current_player, "card": None, "color": None, "target": None,
                             "needs_target": False}
            self._say("info", "The first card is a Wild: choose the colour, then you draw.")
            self.refresh()
            return
        self._human_move(Move("draw"))

    def _color_chosen(self, color: Color) -> None:
        p = self._pending
        if p is None:
            return
        p["color"] = color
        self._finish_pending()

    def _target_chosen(self, seat: int) -> None:
        p = self._pending
        if p is None:
            return
        p["target"] = seat
        self._finish_pending()

    def _finish_pending(self) -> None:
        p = self._pending
        if p["color"] is None or (p["needs_target"] and p["target"] is None):
            self.refresh()
            return
        if p["card"] is None:
            move = Move("draw", color=p["color"])
        else:
            move = Move("play", p["card"], p["color"], p["target"])
        if not self._human_move(move):
            self._pending = None
            self.refresh()

    def _cancel_pending(self) -> None:
        self._pending = None
        self._say("info", "Cancelled. " + self._whose_turn_sentence())
        self.refresh()

    def _uno_clicked(self) -> None:
        seat = self.acting_seat
        if seat is None or self.game.winner is not None:
            return
        before = len(self.game.events)
        counted = self.game.say_uno(seat)
        name = self.game.names[seat]
        if counted:
            self._say("ok", f"{name} says UNO!")
        else:
            self._say("error", f"{name} says UNO, but it does not count now (E-UNO-5).")
        self._after_change(before, moved=False)
        self.refresh()

    def _catch_clicked(self) -> None:
        seat = self.acting_seat
        g = self.game
        if seat is None or g.winner is not None:
            return
        target = self.catch_target.value
        before = len(g.events)
        try:
            caught = g.catch(seat, target)
        except IllegalMove as exc:
            self._say("error", str(exc))
            self.refresh(hand=False)
            return
        if caught:
            self._say("ok", f"Caught! {g.names[target]} did not say UNO and draws two cards.")
        else:
            self._say("info", f"{g.names[target]} cannot be caught now: nothing happens (E-UNO-3).")
        self._after_change(before, moved=False)
        self.refresh()

    def _talk_clicked(self) -> None:
        seat = self.acting_seat
        g = self.game
        if seat is None or g.winner is not None:
            return
        before = len(g.events)
        if g.talk(seat):
            self._say("error", f"{g.names[seat]} is silenced and talked: three cards (E-WDT-2).")
        else:
            self._say("info", f"{g.names[seat]} talks; nobody minds.")
        self._after_change(before, moved=False)
        self.refresh()

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
        kinds = {m.kind for m in legal}
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
        self.scores.value = self._scores_html()

        # The clickable hand (a human's) or a face-up, non-clickable one.
        if hand:
            self._show_hand(acting, viewer, my_turn, legal, pv)

        # Action buttons: only what is legal now is enabled.
        self.draw_button.disabled = "draw" not in kinds
        self.keep_button.disabled = "keep" not in kinds
        self.pass_button.disabled = "pass" not in kinds
        self.pass_button.layout.display = None if "pass" in kinds else "none"
        self.challenge_button.disabled = "challenge" not in kinds
        self.accept_button.disabled = "accept" not in kinds
        respond = g.phase == "challenge" and my_turn
        self.challenge_button.layout.display = None if respond else "none"
        self.accept_button.layout.display = None if respond else "none"
        self.keep_button.layout.display = None if "keep" in kinds else "none"
        live = g.winner is None and acting is not None
        self.uno_button.disabled = not (live and self._uno_counts(acting))
        others = [s for s in range(g.players) if s != acting] if acting is not None else []
        options = [(g.names[s], s) for s in others] or [("", 0)]
        if list(self.catch_target.options) != options:
            self.catch_target.options = options
        if g.uno_window is not None and g.uno_window != acting and g.uno_window in others:
            self.catch_target.value = g.uno_window
        self.catch_button.disabled = not live or not others
        self.catch_target.disabled = not live or not others
        self.talk_button.disabled = not (live and g.silenced == acting)
        self.talk_button.layout.display = None if live and g.silenced == acting else "none"
        self.actions.layout.display = None if acting is not None else "none"

        # Colour / target picker for a wild (or the classic first-Wild draw).
        p = self._pending
        if p is not None and (not my_turn or p["seat"] != g.current_player):
            p = self._pending = None
        if p is None:
            self.picker.layout.display = "none"
        else:
            self.picker.layout.display = None
            card = p["card"]
            what = f"your {card.name}" if card else "the game"
            if p["color"] is None:
                self.picker_label.value = f"<b>Colour for {escape(what)}:</b>"
            else:
                self.picker_label.value = (f"<b>{color_swatch_html(p['color'])} chosen. "
                                           f"Silence whom?</b>")
            self.color_picker.layout.display = None if p["color"] is None else "none"
            if p["needs_target"] and p["color"] is not None:
                self._set_targets([s for s in range(g.players) if s != p["seat"]])
            else:
                self.target_buttons.children = ()

        # The other hands: face down in the player view, face up in the teacher view.
        rows = []
        for s in range(g.players):
            if s == viewer:
                continue
            n = len(g.hands[s])
            kind = SEAT_KINDS[self._kinds[s]]
            if teacher:
                body = hand_html(g.hands[s], width=34, show_codes=False, style=False)
            else:
                n = pv.hand_sizes[s]
                backs = "<span class='uno-miniback'></span>" * min(n, 24)
                more = f"<b>+{n - 24}</b>" if n > 24 else ""
                body = (f"<div class='uno-minibacks uno-back' role='img' aria-label='{n} face-down cards'>"
                        f"{backs}{more}</div>")
            rows.append(f"<div class='uno-other-row' data-seat='{s}'><div class='uno-other-name' "
                        f"title='{escape(kind)}'>{escape(g.names[s])}<br><span style='font-weight:400'>"
                        f"{n} card{'s' if n != 1 else ''} · {escape(kind)}</span></div>{body}</div>")
        label = "Every hand, face up (teacher view)" if teacher else "The other hands, face down"
        self.others_label.value = f"<div class='uno-dash-section'>{label}</div>"
        self.others.value = f"<div class='uno-others'>{''.join(rows)}</div>"

        # Top-bar state.
        self.view_seat.layout.display = None if acting is None else "none"
        self.step_button.disabled = g.winner is not None or self._is_human(g.current_player)
        self.next_hand_button.disabled = g.winner is None or self.match.is_over

        # Status line last, so that when it says whose turn it is, the rest is already sent.
        # Its data attributes are what the browser tests read.
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
        self.status.value = (f"<div class='uno-status {cls}' data-phase='{g.phase}' "
                             f"data-current='{g.current_player}' data-human-turn='{int(my_turn)}' "
                             f"data-winner='{'' if g.winner is None else g.winner}' "
                             f"data-hand='{len(self.match.results) + (0 if self._recorded else 1)}' "
                             f"data-events='{len(g.events)}'>"
                             f"{escape(text)}</div>")

    def _set_targets(self, seats: list[int]) -> None:
        if [b._seat for b in self.target_buttons.children] == seats:
            return
        for old in self.target_buttons.children:
            old.close()
        buttons = []
        for s in seats:
            b = widgets.Button(description=self.game.names[s], layout=widgets.Layout(width="auto"))
            b.add_class("uno-target-btn")
            b.add_class(f"uno-target-{s}")
            b._seat = s
            b.on_click(lambda _, s=s: self._target_chosen(s))
            buttons.append(b)
        self.target_buttons.children = buttons

    def _uno_counts(self, seat: int) -> bool:
        g = self.game
        n = len(g.hands[seat])
        if seat in g.uno_said:
            return False
        return n == 1 or (n == 2 and seat == g.current_player and g.phase in ("turn", "drawn"))

    def _show_hand(self, acting: int | None, viewer: int, my_turn: bool, legal: list[Move], pv) -> None:
        g = self.game
        if acting is None:
            # Nobody human: show the viewed seat's hand face up, not clickable.
            self._set_buttons([], set(), False)
            seat = viewer
            self.hand_label.value = (f"<div class='uno-dash-section'>{escape(g.names[seat])}'s hand "
                                     f"({SEAT_KINDS[self._kinds[seat]]})</div>")
            self.hand_html.value = hand_html(pv.hand, width=52, style=False)
            self.hand_html.layout.display = None
            return
        self.hand_html.layout.display = "none"
        hand = list(pv.hand)  # the viewer is the acting human here
        playable = {m.card.code for m in legal if m.kind == "play"}
        self.hand_label.value = (f"<div class='uno-dash-section'>Your hand: {escape(g.names[acting])}"
                                 f" · {len(hand)} card{'s' if len(hand) != 1 else ''}</div>")
        self._shown = hand
        self._set_buttons(hand, playable if my_turn else set(), my_turn)

    def _set_buttons(self, hand: list[Card], playable: set[str], my_turn: bool) -> None:
        new = [c.code for c in hand if c.code not in self._card_css]
        for code in dict.fromkeys(new):
            self._card_css[code] = widgets.HTML(card_button_css(code))
        if new:
            self._css_box.children = tuple(self._card_css.values())
        while len(self._buttons) < len(hand):
            i = len(self._buttons)
            b = widgets.Button(description="", layout=widgets.Layout(width=f"{CARD_W}px", height=f"{CARD_H}px"))
            b.on_click(lambda _, i=i: self.click_card(i))
            self._buttons.append(b)
        pending = self._pending["card"] if self._pending else None
        for i, b in enumerate(self._buttons[:len(hand)]):
            card = hand[i]
            classes = ["uno-card-btn", f"uno-card-{css_code(card)}", f"uno-slot-{i}"]
            if my_turn:
                classes.append("uno-legal" if card.code in playable else "uno-illegal")
            if pending is not None and card == pending:
                classes.append("uno-pending")
            if list(b._dom_classes) != classes:
                b._dom_classes = classes
            if b.description != card.code:
                b.description = card.code
                b.tooltip = card.name
            disabled = not my_turn or (not self.explain_illegal and card.code not in playable)
            if b.disabled != disabled:
                b.disabled = disabled
        children = tuple(self._buttons[:len(hand)])
        if self.hand_box.children != children:
            self.hand_box.children = children
        if not hand:
            self._shown = []

    def _scores_html(self) -> str:
        """The score sheet: one row per hand (the winner's points), then the totals to 500."""
        m = self.match
        names = m.players
        target = m.rules.target_score
        head = "".join(f"<th title='{escape(n)}'>{escape(n[:5])}</th>" for n in names)
        rows = []
        shown = m.results[-3:]  # the last three hands; the totals row says the rest
        if len(m.results) > len(shown):
            rows.append(f"<tr><td>1–{shown[0].number - 1}</td><td colspan='{len(names)}' "
                        f"style='text-align:center;color:#666'>…</td></tr>")
        for r in shown:
            cells = "".join(f"<td class='uno-hand-winner'>★ {r.points}</td>" if s == r.winner else "<td>·</td>"
                            for s in range(len(names)))
            rows.append(f"<tr><td>{r.number}</td>{cells}</tr>")
        totals = m.totals
        best = max(totals) if any(totals) else None
        cells = "".join(f"<td class='{'uno-lead' if t == best else ''}'>{t}</td>" for t in totals)
        rows.append(f"<tr class='uno-total'><td>total</td>{cells}</tr>")
        status = f" · <b>{escape(names[m.winner])} wins the match!</b>" if m.is_over else f" (first to {target})"
        return (f"<div class='uno-dash-section'>Scores, hand by hand{status}</div>"
                f"<table class='uno-scores'><tr><th>hand</th>{head}</tr>{''.join(rows)}</table>")
