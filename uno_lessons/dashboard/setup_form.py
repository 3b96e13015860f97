"""The New game… form: a game on this screen, or a table a whole class joins from its own
browsers; players, rules, seed and, seat by seat, a learner or a bot.

Widget callbacks run with the server's rights, so the form offers choices only: the one
free input is an integer seed, bounded. **Start** makes the table's own value, a
:class:`~uno_lessons.table.TableConfig` (checked as every table is, with the table's
sentences), as ``LiveGame(...)`` and ``new_game`` do (:mod:`.game_config`): its rules are a
``Rules`` value, so every setting a teacher gives is the game's. Rules that are no preset
(``LiveGame(rules=Rules.encanto().replace(draw_two_count=3))``) are offered in the form as
a rule set of their own, chosen, so **Start** keeps them too.

A class table is dealt from a secret seed (:func:`~uno_lessons.table.config.secret_seed`,
drawn when its config is made): whoever knows a table's seed can work out every hand. The
form deals a class table from its own seed only when the teacher ticks a box that says so.
On the hub, a learner's form offers no class table at all (only the class's teachers open
one; :func:`uno_lessons.dashboard.hub_page.may_open_class_tables`).

A seat can be a learned bot: the teacher uploads a learner's saved policy (``.json`` or
``.npz``, read by :func:`uno_lessons.learn.policy.load_policy`: numbers only, never code)
for the seat chosen beside the upload. A refused file leaves the form as it was and the
form says why in the policy's own sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.rules import HOUSE_SWITCHES, Rules
from ..i18n import _
from ..table.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TableConfig,
    TableError,
    house_of,
    house_set_to,
    learned_name,
    rule_set_of,
    rules_named,
)
from ..table.kinds import SeatKind
from .class_form import ClassChoice, ClassSettings, classes_offered
from .controls import relabel_options
from .game_config import policies_of, used_policies
from .house import house_line
from .others import kind_word
from .sentences import something_went_wrong
from .tournament import TournamentPanel

__all__ = ["SetupForm"]

#: The rule-set choice that stands for the rules the game has now, when they are no preset.
OWN_RULES = "own"


class SetupForm:
    """The hidden New game… panel; **Start** calls ``on_start(config, class_table)`` with the
    table's :class:`~uno_lessons.table.TableConfig` (a class of several tables: a
    :class:`~.class_form.ClassChoice`). Its rules are the rule set chosen, or the rules the
    game has now when they are no preset (a ``Rules`` value given in code, every setting
    kept), with the house rules ticked."""

    def __init__(self, config: TableConfig,
                 on_start: Callable[[TableConfig | ClassChoice, bool], None]) -> None:
        #: The settings the form shows (the game on this screen now).
        self.config = config
        self._on_start = on_start
        #: Learned bots' policies uploaded in this form, by seat (kept while the seat's kind changes).
        self.policies: dict[int, Any] = policies_of(config)
        self.on_close: Callable[[], None] = lambda: None
        self.widget = widgets.VBox([], layout=widgets.Layout(display="none"))
        self.widget.add_class("uno-settings")

    def show_config(self, config: TableConfig) -> None:
        """Show ``config`` (the game just started on this screen) from now on."""
        self.config = config
        if self.widget.children:
            self._fill()

    def _own_rules(self) -> Rules | None:
        """The rules of the game now when they are no preset (with house rules or not), else None."""
        return self.config.rules if rule_set_of(self.config.rules) is None else None

    def _chosen_rules(self) -> Rules:
        """The rules chosen (a preset, or the game's own rules, every setting kept) with the
        house rules ticked, and only those."""
        own = self._own_rules()
        base = own if self.rules.value == OWN_RULES and own is not None else rules_named(self.rules.value)
        return house_set_to(base, [s for s, box in self.house.items() if box.value])

    def _rule_options(self) -> list[tuple[str, str]]:
        options = [(_("Encanto"), "encanto"), (_("classic"), "classic")]
        own = self._own_rules()
        if own is not None:  # offered (and chosen) so that Start keeps every setting of them
            options.append((_("{rules} with its own settings", rules=own.display_name), OWN_RULES))
        return options

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
        self.bots_note = W.HTML(_dom_classes=("uno-bots-note",))  # what each kind of bot does
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
                                self.class_seed, house_box, seats, self.bots_note, policy_box, self.start, self.start_note,
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
        relabel_options(self.rules, self._rule_options())
        self.seed.description = _("Seed")
        self.class_seed.description = _("Deal the class table from this seed (anyone who knows the seed "
                                        "can work out every hand)")
        self.house_title.value = (f"<h3 class='uno-dash-section' id='uno-house-title'>"
                                  f"{escape(_('House rules (off unless ticked)'))}</h3>")
        for switch, box in self.house.items():
            box.description = house_line(switch)
        for dd in self.seat_inputs:
            relabel_options(dd, [(kind_word(k), k) for k in SeatKind])
        bots = _("A random bot plays any legal move. A sensible bot follows a few plain rules. The coach bot is "
                 "the strongest: before each choice it plays every move out many times, on deals of the cards it "
                 "cannot see, and picks the move that won most often; it may think for a second.")
        self.bots_note.value = f"<p class='uno-muted'>{escape(bots)}</p>"
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
        self.players.value = cfg.players
        relabel_options(self.rules, self._rule_options())
        self.rules.value = rule_set_of(cfg.rules) or OWN_RULES
        self.seed.value = cfg.seed
        on = house_of(cfg.rules)
        for switch, box in self.house.items():
            box.value = switch in on
        self.policies.update(policies_of(cfg))
        for s, dd in enumerate(self.seat_inputs):
            if s < cfg.players:
                dd.value = cfg.seats[s]
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
        class_table = self.where.value == "class"
        # None: a secret seed is drawn for a class table. The form's seed only on the teacher's say-so.
        seed = int(self.seed.value) if not class_table or self.class_seed.value else None
        try:
            config = TableConfig.make(n, seats, rules=self._chosen_rules(), seed=seed,
                                      policies=used_policies(self.policies, seats))
        except TableError as exc:  # said beside Start; the form stays open as it was
            self._note(str(exc), error=True, where=self.start_note)
            return
        self.start_note.value = ""
        self.on_close()
        self._on_start(config, class_table)

    def _start_class(self) -> None:
        """Start a class of several tables: its counts with the form's rules and house rules
        (``on_start(choice, True)`` with a :class:`~.class_form.ClassChoice`)."""
        try:
            choice = ClassChoice(**self.class_settings.settings(), rules=self._chosen_rules())
            choice.plan()
        except TableError as exc:  # said beside Start; the form stays open as it was
            self._note(str(exc), error=True, where=self.start_note)
            return
        self.start_note.value = ""
        self.on_close()
        self._on_start(choice, True)
