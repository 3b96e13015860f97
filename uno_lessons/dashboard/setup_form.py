"""The New game… form: players, rules, seed and what sits at each seat; and the checks a
configuration must pass, whether it comes from the form, ``LiveGame(...)`` or ``new_game``.

Widget callbacks run with the server's rights, so the form offers choices only: the one
free input is an integer seed, bounded.
"""

from __future__ import annotations

import secrets

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.rules import Rules

#: What can sit at a seat: a person clicking, or one of the bots.
SEAT_KINDS = {"human": "human", "random": "random bot", "sensible": "sensible bot"}
RULE_SETS = ("encanto", "classic")
MAX_PLAYERS = 10


def check_players(n: int) -> None:
    """Refuse a table UNO is not played at."""
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"UNO is played by 2 to 10 players; got {n}")


def check_seats(seats: list[str], n: int) -> None:
    """Refuse a seat list of the wrong length or with an unknown kind."""
    if len(seats) != n or any(k not in SEAT_KINDS for k in seats):
        raise ValueError(f"seats must list {n} of {sorted(SEAT_KINDS)}")


def check_rules(name: str) -> None:
    """Refuse a rule set the dashboard cannot deal."""
    if name not in RULE_SETS:
        raise ValueError("rules must be 'encanto' or 'classic'")


def first_config(players: int, rules: str | Rules, seed: int | None, seats: list[str] | None) -> dict:
    """The configuration ``LiveGame(...)`` starts with (default: seat 0 human, the rest bots)."""
    rules_name = rules.name if isinstance(rules, Rules) else str(rules).lower()
    check_rules(rules_name)
    seats = list(seats) if seats is not None else ["human"] + ["sensible"] * (players - 1)
    check_seats(seats, players)
    if seed is None:  # a fresh deal, still reproducible: the seed is shown in the settings
        seed = secrets.randbelow(10**6)
    return {"players": players, "rules": rules_name, "seed": int(seed), "seats": seats}


def next_config(current: dict, changes: dict) -> dict:
    """``current`` with ``changes`` applied and checked; a new player count alone keeps the
    seats it can (more seats are sensible bots)."""
    unknown = set(changes) - set(current)
    if unknown:
        raise TypeError(f"unknown settings: {sorted(unknown)}")
    cfg = {**current, **changes}
    n = int(cfg["players"])
    check_players(n)
    if "players" in changes and "seats" not in changes:
        cfg["seats"] = (list(cfg["seats"]) + ["sensible"] * MAX_PLAYERS)[:n]
    check_seats(cfg["seats"], n)
    check_rules(cfg["rules"])
    return cfg


class SetupForm:
    """Mixin for :class:`LiveGame`: the hidden settings panel and its toggle in the top bar.

    The panel is built the first time it is opened (most viewers never open it); **Start new
    game** calls ``self.new_game(...)``, which the app provides, as is ``self.config``."""

    def _build_setup_form(self) -> None:
        W = widgets
        self.settings = W.VBox([], layout=W.Layout(display="none"))
        self.settings.add_class("uno-settings")
        self.settings_toggle = W.ToggleButton(value=False, description="New game…",
                                              layout=W.Layout(width="110px"))
        self.settings_toggle.add_class("uno-settings-toggle")
        self.settings_toggle.observe(self._toggle_settings, "value")

    def _build_settings(self) -> None:
        """The new-game panel: players, rules, seed and what sits at each seat."""
        if self.settings.children:
            return
        W, cfg = widgets, self.config
        self.players_input = W.BoundedIntText(value=cfg["players"], min=2, max=MAX_PLAYERS,
                                              description="Players", layout=W.Layout(width="150px"))
        self.rules_input = W.ToggleButtons(options=[("Encanto", "encanto"), ("Classic", "classic")],
                                           value=cfg["rules"], description="Rules",
                                           style={"button_width": "90px"})
        self.seed_input = W.BoundedIntText(value=cfg["seed"], min=0, max=2**31 - 1, description="Seed",
                                           layout=W.Layout(width="200px"))
        self.players_input.add_class("uno-players")
        self.rules_input.add_class("uno-rules")
        self.seed_input.add_class("uno-seed")
        names = ev.default_names(MAX_PLAYERS)
        self.seat_inputs = []
        for s in range(MAX_PLAYERS):
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
        # All ten dropdowns exist from the start; a smaller table only hides the rest, so a
        # choice made for seat 7 survives going down to four players and back up.
        n = self.players_input.value
        for s, dd in enumerate(self.seat_inputs):
            dd.layout.display = None if s < n else "none"

    def _toggle_settings(self, change) -> None:
        if change["new"]:
            self._build_settings()
        self.settings.layout.display = None if change["new"] else "none"
