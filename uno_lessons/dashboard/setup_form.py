"""The New game… form: a game on this screen, or a table a whole class joins from its own
browsers; players, rules, seed and, seat by seat, a learner or a bot.

Widget callbacks run with the server's rights, so the form offers choices only: the one
free input is an integer seed, bounded. A configuration from the form, ``LiveGame(...)`` or
``new_game`` passes the table's own checks (:mod:`uno_lessons.table.config`: the seat kinds,
the rule sets and their player counts), with the table's sentences.

A class table is dealt from a secret seed (the store draws one): whoever knows a table's seed
can work out every hand. The form deals a class table from its own seed only when the teacher
ticks a box that says so. On the hub, a learner's form offers no class table at all (only
the class's teachers open one; :func:`uno_lessons.dashboard.hub_page.may_open_class_tables`).

A seat can be a learned bot: the teacher uploads a learner's saved policy (``.json`` or
``.npz``, read by :func:`uno_lessons.learn.policy.load_policy`: numbers only, never code)
for the seat chosen beside the upload. A refused file leaves the form as it was and the
form says why in the policy's own sentence.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.rules import HOUSE_SWITCHES, Rules
from ..i18n import _
from ..table.classroom import plan_tables
from ..table.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TableError,
    check_players,
    check_policies,
    check_seats,
    house_of,
    house_switches,
    learned_name,
    rules_named,
)
from ..table.kinds import SeatKind
from .class_form import ClassSettings, classes_offered
from .controls import relabel_options
from .house import house_line
from .others import kind_word
from .sentences import something_went_wrong
from .tournament import TournamentPanel

__all__ = ["SetupForm", "check_config", "config_rules", "first_config", "next_config"]


def config_rules(cfg: dict) -> Rules:
    """The rules a configuration plays by: its rule set with its house rules on (``"house"``:
    a list of switches of :data:`~uno_lessons.engine.rules.HOUSE_SWITCHES`, default none)."""
    return rules_named(cfg["rules"], cfg.get("house", ()))


def check_config(cfg: dict) -> None:
    """Refuse, with the table's TableError (a ValueError) and its sentence, unknown rules or
    house rules, a player count the rules do not seat, or seats that are not one known kind
    each, or a learned seat without its policy (``"policies"``: seat -> a ``Policy`` or its
    data; see :func:`~uno_lessons.table.config.check_policies`)."""
    rules = config_rules(cfg)
    n = int(cfg["players"])
    check_players(n, rules)
    check_seats(cfg["seats"], n)
    check_policies(cfg.get("policies"), cfg["seats"])


def used_policies(policies: Mapping[int, Any], seats: list[str]) -> dict[int, Any]:
    """Of the policies uploaded seat by seat, those whose seat is a learned bot's now (a seat
    switched to another kind keeps its upload in the form, for when it is switched back)."""
    return {s: p for s, p in policies.items() if s < len(seats) and seats[s] == SeatKind.LEARNED}


def first_config(players: int, rules: str | Rules, seed: int | None, seats: list[str] | None,
                 house: list[str] | tuple[str, ...] | None = None,
                 policies: Mapping[int, Any] | None = None) -> dict:
    """The configuration ``LiveGame(...)`` starts with (default: seat 0 human, the rest bots);
    ``house``: the house rules switched on (default: those ``rules`` has on, if it is a
    ``Rules``, else none); ``policies``: each ``"learned"`` seat's policy (a ``Policy`` or
    its data)."""
    rules_name = rules.name if isinstance(rules, Rules) else str(rules).lower()
    if house is None:
        house = house_of(rules) if isinstance(rules, Rules) else ()
    kinds = list(seats) if seats is not None else [str(SeatKind.HUMAN)] + [SeatKind.SENSIBLE] * (players - 1)
    if seed is None:  # a fresh deal, still reproducible: the seed is shown in the settings
        seed = secrets.randbelow(10**6)
    cfg = {"players": players, "rules": rules_name, "seed": int(seed), "seats": kinds,
           "house": list(house_switches(house)), "policies": dict(policies or {})}
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
    cfg["policies"] = used_policies(cfg.get("policies") or {}, list(cfg["seats"]))
    check_config(cfg)
    return cfg


class SetupForm:
    """The hidden New game… panel; **Start** calls ``on_start(config, class_table)``."""

    def __init__(self, config: dict, on_start: Callable[[dict, bool], None]) -> None:
        self.config = dict(config)
        self._on_start = on_start
        #: Learned bots' policies uploaded in this form, by seat (kept while the seat's kind changes).
        self.policies: dict[int, Any] = dict(config.get("policies") or {})
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
        self.where = W.ToggleButtons(options=[("", "screen"), ("", "class"), ("", "classroom")], value="screen",
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
            dd.observe(lambda _c: self._name_seats(), "value")
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
        seats = self._seats_box = W.HBox(self.seat_inputs)
        seats.add_class("uno-seat-kinds")
        # A learner's saved policy for the seat chosen beside it: read here, checked, kept as data.
        self.policy_title = W.HTML()
        self.policy_seat = W.Dropdown(options=[(str(s), s) for s in range(MAX_PLAYERS)], value=1,
                                      layout=W.Layout(width="auto"), _dom_classes=("uno-policy-seat",))
        self.policy_upload = W.FileUpload(accept=".json,.npz", multiple=False, layout=W.Layout(width="auto"),
                                          _dom_classes=("uno-policy-upload",))
        self.policy_upload.observe(lambda _c: self._uploaded(), "value")
        self.policy_note = W.HTML(_dom_classes=("uno-policy-note",))
        self.start_note = W.HTML(_dom_classes=("uno-start-note",))  # why Start was refused
        policy_box = self._policy_box = W.VBox([self.policy_title, W.HBox([self.policy_seat, self.policy_upload]), self.policy_note],
                            _dom_classes=("uno-learned-bots",))
        # The class tournament of uploaded policies lives here too: where the policies are uploaded.
        self.tournament = TournamentPanel()
        self.class_settings = ClassSettings()  # a class of several tables: its own choices
        self.widget.children = [self.heading, self.where, self.class_settings.widget,
                                W.HBox([self.players, self.rules, self.seed]),
                                self.class_seed, house_box, seats, policy_box, self.start, self.start_note,
                                self.tournament.widget]
        self.relabel()

    def relabel(self) -> None:
        """Words in the current language."""
        if not self.widget.children:
            return
        self.heading.value = f"<h2 class='uno-dash-section' id='uno-settings-title'>{escape(_('New game'))}</h2>"
        self.where.description = _("Play:")
        where = [(_("on this screen"), "screen"), (_("as a class, each on their own browser"), "class")]
        if classes_offered():  # the hub serves one table at a time
            where.append((_("a class of several tables"), "classroom"))
        relabel_options(self.where, where)
        self.class_settings.relabel()
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
        self._name_seats()
        self.policy_title.value = (f"<h3 class='uno-dash-section' id='uno-learned-title'>"
                                   f"{escape(_('Learned bots'))}</h3><p class='uno-muted'>"
                                   f"{escape(_('A learner saves a trained policy with save_policy (a .json or .npz file of numbers, never code); upload it here for the seat you choose.'))}</p>")
        self.policy_seat.description = _("For seat")
        self.policy_upload.description = _("Upload a saved policy")
        self.policy_upload.tooltip = _("Upload a learner's saved policy (.json or .npz) for the chosen seat")
        self.start.description = _("Start new game")
        self.tournament.relabel()

    def _fill(self) -> None:
        cfg = self.config
        self.players.value = cfg["players"]
        self.rules.value = cfg["rules"]
        self.seed.value = cfg["seed"]
        for switch, box in self.house.items():
            box.value = switch in cfg.get("house", ())
        self.policies.update(cfg.get("policies") or {})
        for s, dd in enumerate(self.seat_inputs):
            if s < cfg["players"]:
                dd.value = cfg["seats"][s]
        self._name_seats()
        self._show_seats()
        self._show_seed()

    def _show_seed(self) -> None:
        # On the hub a learner's form offers no class table (she would choose its seed and know
        # every hand): the choice is hidden, and the table is refused where it would be made
        # (tables.open_class_table), since a widget message can select a hidden choice.
        from .hub_page import may_open_class_tables

        offered = may_open_class_tables()
        self.where.layout.display = None if offered else "none"
        # A class of several tables (standalone servers only): its own choices, no seats, no seed.
        classroom = offered and classes_offered() and self.where.value == "classroom"
        self.class_settings.show(classroom)
        for part in (self.players, self._seats_box, self._policy_box):
            part.layout.display = "none" if classroom else None
        # A game on this screen shows its seed; a class table offers it only behind the box.
        on_class = offered and self.where.value == "class"
        self.class_seed.layout.display = None if on_class else "none"
        self.seed.layout.display = None if not classroom and (not on_class or self.class_seed.value) else "none"

    def _show_seats(self) -> None:
        # All ten dropdowns exist from the start; a smaller table only hides the rest, so a
        # choice made for seat 7 survives going down to four players and back up.
        n = self.players.value
        for s, dd in enumerate(self.seat_inputs):
            dd.layout.display = None if s < n else "none"
        relabel_options(self.policy_seat, [(str(s), s) for s in range(n)])

    def _seat_names(self, n: int) -> list[str]:
        """The seats' names: the built-in names, a learned bot's after its policy ("Ana's bot")."""
        names = ev.default_names(n)
        for s, policy in self.policies.items():
            if s < n and self.seat_inputs[s].value == SeatKind.LEARNED:
                names[s] = learned_name(policy.name)
        return names

    def _name_seats(self) -> None:
        names = self._seat_names(MAX_PLAYERS)
        for s, dd in enumerate(self.seat_inputs):
            dd.description = f"{s}: {names[s]}"

    def _uploaded(self) -> None:
        """A policy file was uploaded: seat it at the chosen seat, or say why not (nothing changes)."""
        from ..learn.policy import PolicyError, load_policy

        files = self.policy_upload.value
        if not files:
            return
        upload = files[0]
        seat = int(self.policy_seat.value)
        try:
            policy = load_policy(bytes(upload["content"]), filename=str(upload["name"]))
        except PolicyError as exc:
            self._note(_("This file cannot be seated: {reason}", reason=str(exc)), error=True)
        except Exception as exc:  # noqa: BLE001 - a fault of ours: the terminal, and a plain sentence
            from ..terminal import log_traceback

            log_traceback(exc, "reading an uploaded policy")
            self._note(something_went_wrong(), error=True)
        else:
            self.policies[seat] = policy
            self.seat_inputs[seat].value = SeatKind.LEARNED
            self._name_seats()
            self._note(_("{name}'s bot (learned) sits at seat {seat}.", name=policy.name, seat=seat))
        finally:
            self.policy_upload.value = ()  # the same file may be uploaded again

    def _note(self, text: str, error: bool = False, where: widgets.HTML | None = None) -> None:
        kind = "uno-policy-refused" if error else "uno-policy-seated"
        (where or self.policy_note).value = f"<p class='{kind}' role='status'>{escape(text)}</p>"

    def _start(self) -> None:
        if self.where.value == "classroom":
            self._start_class()
            return
        n = self.players.value
        seats = [self.seat_inputs[s].value for s in range(n)]
        config = {"players": n, "rules": self.rules.value, "seed": int(self.seed.value), "seats": seats,
                  "house": [s for s, box in self.house.items() if box.value],
                  "policies": used_policies(self.policies, seats)}
        try:
            check_config(config)
        except TableError as exc:  # said beside Start; the form stays open as it was
            self._note(str(exc), error=True, where=self.start_note)
            return
        self.start_note.value = ""
        self.on_close()
        if self.where.value == "class":
            # None: the store draws a secret seed. The form's seed only on the teacher's say-so.
            seed = config["seed"] if self.class_seed.value else None
            self._on_start({**config, "seed": seed, "players_names": self._seat_names(n)}, True)
        else:
            self._on_start(config, False)

    def _start_class(self) -> None:
        """Start a class of several tables: its settings with the form's rules and house rules
        (``on_start(config, True)``, ``config["learners"]`` saying it is a class)."""
        config = {**self.class_settings.settings(), "rules": self.rules.value,
                  "house": [s for s, box in self.house.items() if box.value]}
        try:
            plan_tables(config["learners"], config["per_table"], config["bots"], fill=config["fill"],
                        rules=rules_named(config["rules"], config["house"]))
        except TableError as exc:  # said beside Start; the form stays open as it was
            self._note(str(exc), error=True, where=self.start_note)
            return
        self.start_note.value = ""
        self.on_close()
        self._on_start(config, True)
