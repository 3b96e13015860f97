"""The New game… form: a game on this screen, or a table a whole class joins from its own
browsers; players, rules, seed and, seat by seat, a learner or a bot.

Widget callbacks run with the server's rights, so the form offers choices only: the one
free input is an integer seed, bounded. A configuration from the form, ``LiveGame(...)`` or
``new_game`` passes the table's own checks (:mod:`uno_lessons.table.config`: the seat kinds,
the rule sets and their player counts), with the table's sentences.

A class table is dealt from a secret seed (the store draws one): whoever knows a table's seed
can work out every hand. The form deals a class table from its own seed only when the teacher
ticks a box that says so.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.rules import HOUSE_SWITCHES, Rules
from ..i18n import _
from ..table.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_players,
    check_seats,
    house_of,
    house_switches,
    rules_named,
)
from ..table.kinds import SeatKind
from .controls import relabel_options
from .house import house_line
from .others import kind_word

__all__ = ["SetupForm", "check_config", "config_rules", "first_config", "next_config"]


def config_rules(cfg: dict) -> Rules:
    """The rules a configuration plays by: its rule set with its house rules on (``"house"``:
    a list of switches of :data:`~uno_lessons.engine.rules.HOUSE_SWITCHES`, default none)."""
    return rules_named(cfg["rules"], cfg.get("house", ()))


def check_config(cfg: dict) -> None:
    """Refuse, with the table's TableError (a ValueError) and its sentence, unknown rules or
    house rules, a player count the rules do not seat, or seats that are not one known kind
    each."""
    rules = config_rules(cfg)
    n = int(cfg["players"])
    check_players(n, rules)
    check_seats(cfg["seats"], n)


def first_config(players: int, rules: str | Rules, seed: int | None, seats: list[str] | None,
                 house: list[str] | tuple[str, ...] | None = None) -> dict:
    """The configuration ``LiveGame(...)`` starts with (default: seat 0 human, the rest bots);
    ``house``: the house rules switched on (default: those ``rules`` has on, if it is a
    ``Rules``, else none)."""
    rules_name = rules.name if isinstance(rules, Rules) else str(rules).lower()
    if house is None:
        house = house_of(rules) if isinstance(rules, Rules) else ()
    kinds = list(seats) if seats is not None else [str(SeatKind.HUMAN)] + [SeatKind.SENSIBLE] * (players - 1)
    if seed is None:  # a fresh deal, still reproducible: the seed is shown in the settings
        seed = secrets.randbelow(10**6)
    cfg = {"players": players, "rules": rules_name, "seed": int(seed), "seats": kinds,
           "house": list(house_switches(house))}
    check_config(cfg)
    return cfg


def next_config(current: dict, changes: dict) -> dict:
    """``current`` with ``changes`` applied and checked; a new player count alone keeps the
    seats it can (more seats are sensible bots)."""
    unknown = set(changes) - set(current)
    if unknown:
        raise TypeError(f"unknown settings: {sorted(unknown)}")
    cfg = {**current, **changes}
    if "house" in changes:
        cfg["house"] = list(house_switches(changes["house"]))
    n = int(cfg["players"])
    if "players" in changes and "seats" not in changes:
        cfg["seats"] = (list(cfg["seats"]) + [SeatKind.SENSIBLE] * MAX_PLAYERS)[:n]
    check_config(cfg)
    return cfg


class SetupForm:
    """The hidden New game… panel; **Start** calls ``on_start(config, class_table)``."""

    def __init__(self, config: dict, on_start: Callable[[dict, bool], None]) -> None:
        self.config = dict(config)
        self._on_start = on_start
        self.on_close: Callable[[], None] = lambda: None
        self.widget = widgets.VBox([], layout=widgets.Layout(display="none"))
        self.widget.add_class("uno-settings")

    def apply(self, changes: dict) -> dict:
        """The configuration after ``changes`` (checked); the form shows it next time."""
        self.config = next_config(self.config, changes)
        if self.widget.children:
            self._fill()
        return self.config

    def show(self, on: bool) -> None:
        """Open (building it the first time: most viewers never open it) or close."""
        if on and not self.widget.children:
            self._build()
        self.widget.layout.display = None if on else "none"
        if on:
            self._fill()

    def _build(self) -> None:
        W = widgets
        self.heading = W.HTML()
        self.where = W.ToggleButtons(options=[("", "screen"), ("", "class")], value="screen",
                                     style={"button_width": "auto"})
        self.where.add_class("uno-where")
        self.players = W.BoundedIntText(value=4, min=MIN_PLAYERS, max=MAX_PLAYERS, layout=W.Layout(width="170px"))
        self.players.add_class("uno-players")
        self.rules = W.ToggleButtons(options=[("Encanto", "encanto"), ("Classic", "classic")],
                                     style={"button_width": "auto"})
        self.rules.add_class("uno-rules")
        self.seed = W.BoundedIntText(value=0, min=0, max=2**31 - 1, layout=W.Layout(width="210px"))
        self.seed.add_class("uno-seed")
        # Off by default, and shown for a class table only: a known seed tells every hand.
        self.class_seed = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"),
                                     _dom_classes=("uno-class-seed",))
        self.where.observe(lambda _c: self._show_seed(), "value")
        self.class_seed.observe(lambda _c: self._show_seed(), "value")
        names = ev.default_names(MAX_PLAYERS)
        self.seat_inputs = []
        for s in range(MAX_PLAYERS):
            dd = W.Dropdown(options=[("", k) for k in SeatKind], value=SeatKind.SENSIBLE,
                            description=f"{s}: {names[s]}", layout=W.Layout(width="240px"),
                            style={"description_width": "70px"})
            dd.add_class("uno-seat-kind")
            dd.add_class(f"uno-seat-kind-{s}")
            self.seat_inputs.append(dd)
        # The house rules (docs/rules.md): off by default, each a checkbox named by its line.
        self.house_title = W.HTML()
        self.house = {s: W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"),
                                    _dom_classes=("uno-house-rule", f"uno-house-{s}"))
                      for s in HOUSE_SWITCHES}
        house_box = W.VBox([self.house_title, *self.house.values()], _dom_classes=("uno-house-rules",))
        self.start = W.Button(button_style="", layout=W.Layout(width="auto"))
        self.start.add_class("uno-start")
        self.start.on_click(lambda _b: self._start())
        self.players.observe(lambda _c: self._show_seats(), "value")
        seats = W.HBox(self.seat_inputs)
        seats.add_class("uno-seat-kinds")
        self.widget.children = [self.heading, self.where, W.HBox([self.players, self.rules, self.seed]),
                                self.class_seed, house_box, seats, self.start]
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language."""
        if not self.widget.children:
            return
        self.heading.value = f"<h2 class='uno-dash-section' id='uno-settings-title'>{escape(_('New game'))}</h2>"
        self.where.description = _("Play:")
        relabel_options(self.where, [(_("on this screen"), "screen"),
                                     (_("as a class, each on their own browser"), "class")])
        self.players.description = _("Players")
        self.rules.description = _("Rules")
        relabel_options(self.rules, [(_("Encanto"), "encanto"), (_("classic"), "classic")])
        self.seed.description = _("Seed")
        self.class_seed.description = _("Deal the class table from this seed (anyone who knows the seed "
                                        "can work out every hand)")
        self.house_title.value = (f"<h3 class='uno-dash-section' id='uno-house-title'>"
                                  f"{escape(_('House rules (off unless ticked)'))}</h3>")
        for switch, box in self.house.items():
            box.description = house_line(switch)
        for dd in self.seat_inputs:
            relabel_options(dd, [(kind_word(k), k) for k in SeatKind])
        self.start.description = _("Start new game")

    def _fill(self) -> None:
        cfg = self.config
        self.players.value = cfg["players"]
        self.rules.value = cfg["rules"]
        self.seed.value = cfg["seed"]
        for switch, box in self.house.items():
            box.value = switch in cfg.get("house", ())
        for s, dd in enumerate(self.seat_inputs):
            if s < cfg["players"]:
                dd.value = cfg["seats"][s]
        self._show_seats()
        self._show_seed()

    def _show_seed(self) -> None:
        # A game on this screen shows its seed; a class table offers it only behind the box.
        on_class = self.where.value == "class"
        self.class_seed.layout.display = None if on_class else "none"
        self.seed.layout.display = None if not on_class or self.class_seed.value else "none"

    def _show_seats(self) -> None:
        # All ten dropdowns exist from the start; a smaller table only hides the rest, so a
        # choice made for seat 7 survives going down to four players and back up.
        n = self.players.value
        for s, dd in enumerate(self.seat_inputs):
            dd.layout.display = None if s < n else "none"

    def _start(self) -> None:
        n = self.players.value
        config = {"players": n, "rules": self.rules.value, "seed": int(self.seed.value),
                  "seats": [self.seat_inputs[s].value for s in range(n)],
                  "house": [s for s, box in self.house.items() if box.value]}
        check_config(config)
        self.on_close()
        if self.where.value == "class":
            # None: the store draws a secret seed. The form's seed only on the teacher's say-so.
            seed = config["seed"] if self.class_seed.value else None
            self._on_start({**config, "seed": seed, "players_names": ev.default_names(n)}, True)
        else:
            self._on_start(config, False)
