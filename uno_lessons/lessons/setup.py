"""E-SETUP: a stepper through shuffling, dealing, turning the first card and who starts."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..engine import events as ev
from ..engine.events import EVERYONE
from ..engine.game import Game
from ..engine.rules import Rules
from ..i18n import N_, _, ngettext, pgettext
from ..render import back_svg, card_html, seats_html, table_html
from ..widgets import ToggleChoice
from ._common import Lesson, button, feedback, rule_badge


@dataclass(frozen=True)
class Step:
    """One step of the setup: a title, the rule ids it shows, a sentence and a picture."""

    title: str
    rules: tuple[str, ...]
    text: str
    picture: str
    official: bool = False


def _rules(rules: Rules | str) -> Rules:
    if isinstance(rules, Rules):
        return rules
    key = str(rules).strip().lower()
    if key == "encanto":
        return Rules.encanto()
    if key == "classic":
        return Rules.classic()
    raise ValueError(f"rules must be 'encanto' or 'classic', not {rules!r}")


def _pile_picture(count: int, label: str) -> str:
    # The count and label below say it in words, so the stacked backs are decoration.
    backs = "".join(f"<div style='position:absolute;left:{4 * i}px;top:{4 * i}px'>"
                    f"{back_svg(width=70, decorative=True)}</div>" for i in range(3))
    count_text = escape(ngettext("{n} card", "{n} cards", count))
    return (f"<div style='display:flex;align-items:center;gap:18px'><div style='position:relative;"
            f"width:84px;height:118px'>{backs}</div><div style='font-size:16px'>{count_text}"
            f"<br>{escape(label)}</div></div>")


def _seat_grid(game: Game, hand_size: int, dealer: int) -> str:
    boxes = []
    for seat, name in enumerate(game.names):
        mini = "".join(f"<span style='margin-left:{0 if i == 0 else -16}px;display:inline-block'>"
                       f"{back_svg(width=26, decorative=True)}</span>" for i in range(hand_size))
        if seat == dealer:
            title = escape(_("{name} (dealer)", name=name))
        else:
            title = escape(name)
        cards = escape(ngettext("{n} card", "{n} cards", hand_size))
        boxes.append(f"<div class='uno-seat-box'><b>{title}</b><br>"
                     f"<span class='uno-muted'>{cards}</span><div>{mini}</div></div>")
    return f"<div class='uno-seat-grid'>{''.join(boxes)}</div>"


def _seats_width(players: int) -> int:
    # Seats are placed on an oval: more players need a wider oval so the boxes do not touch.
    return 420 if players <= 6 else 620


def _shuffle_text(dealer: str, rules: Rules) -> str:
    # The deck is told by its cards: only the Encanto deck has Wild Don't Talk cards.
    if rules.wild_dont_talk:
        return _("{dealer} is the dealer and shuffles all {size} cards (Encanto deck).",
                 dealer=dealer, size=rules.deck_size)
    return _("{dealer} is the dealer and shuffles all {size} cards (classic deck).",
             dealer=dealer, size=rules.deck_size)


def _who_starts(game: Game, dealer: str, who: str, start: bool) -> str:
    if not start:
        return _("{dealer} dealt, so {name}, the player to the left of the dealer, starts. "
                 "Play goes clockwise.", dealer=dealer, name=who)
    if game.direction == 1:
        return _("{name} plays first; play goes clockwise.", name=who)
    return _("{name} plays first; play goes counter-clockwise.", name=who)


def build_steps(game: Game) -> list[Step]:
    """The setup of ``game`` as steps, read from its event log (Dealt, Turned, StartEffect)."""
    rules, names = game.rules, game.names
    dealer = game.dealer if game.dealer is not None else 0
    n = game.players
    steps = [Step(
        _("1. Shuffle"), ("E-SETUP-1",),
        _shuffle_text(names[dealer], rules),
        _pile_picture(rules.deck_size, _("face down, shuffled")))]
    events = game.events
    dealt = next(e for e in events if isinstance(e, ev.Dealt))
    steps.append(Step(
        _("2. Deal"), ("E-SETUP-2",),
        _("{dealt} Dealing starts with {name}, left of the dealer.", dealt=dealt.describe(names, EVERYONE),
          name=names[(dealer + 1) % n]),
        _seat_grid(game, dealt.hand_size, dealer)))
    pile = rules.deck_size - n * dealt.hand_size
    steps.append(Step(
        _("3. The draw pile"), ("E-SETUP-3",),
        ngettext("The other {n} card is the face-down draw pile.",
                 "The other {n} cards are the face-down draw pile.", pile),
        _pile_picture(pile, _("in the draw pile"))))
    turned = [e for e in events if isinstance(e, ev.Turned)]
    for i, e in enumerate(turned):
        title = _("4. Turn the first card") if i == 0 else _("4. Turn another card")
        if e.returned:
            if rules.first_card_action == "reflip":
                text = _("{turned} Encanto rule: an action card is not played at the start.",
                         turned=e.describe(names, EVERYONE))
                ids, official = ("E-SETUP-4",), False
            else:
                text = _("{turned} Classic rule: a Wild Draw Four turned first goes back.",
                         turned=e.describe(names, EVERYONE))
                ids, official = ("C-SETUP-4",), True
            back = escape(_("↩ back into the draw pile, reshuffled"))
            pic = (f"<div style='display:flex;align-items:center;gap:16px'>{card_html(e.card, width=90, dimmed=True)}"
                   f"<div style='font-size:16px;max-width:180px'>{back}</div></div>")
            steps.append(Step(title, ids, text, pic, official))
        else:
            steps.append(Step(title, ("E-SETUP-4",), e.describe(names, EVERYONE), card_html(e.card, width=90)))
    start = [i for i, e in enumerate(events) if isinstance(e, ev.StartEffect)]
    if start:
        follow = [e.describe(names, EVERYONE) for e in events[start[0]:]]
        skipped = next((e.seat for e in events[start[0]:] if isinstance(e, ev.Skipped)), None)
        steps.append(Step(
            _("5. The first card's effect (classic)"), ("C-SETUP-4",),
            " ".join(follow), seats_html(game, highlight_skipped=skipped, width=_seats_width(n)),
            official=True))
    text = _who_starts(game, names[dealer], names[game.current_player], bool(start))
    title = _("6. Who starts") if start else _("5. Who starts")
    steps.append(Step(title, ("E-SETUP-5",), text,
                      "<div style='display:flex;flex-flow:row wrap;gap:12px;align-items:center'>"
                      f"{table_html(game, width=70)}{seats_html(game, width=_seats_width(n))}</div>"))
    return steps


class SetupStepper(Lesson):
    """E-SETUP step by step: shuffle, deal, turn the first card, who starts (Next / Back)."""

    title = N_("Setting up a game")
    rule_ids = ("E-SETUP",)

    def __init__(self, players: int = 4, seed: int = 3, rules: Rules | str = "encanto",
                 dealer: int = 0) -> None:
        self.dealer = dealer
        # A labelled drop-down, not a slider: ipywidgets' slider handle has no accessible name.
        self.players_picker = widgets.Dropdown(options=list(range(2, 11)), value=players,
                                               description=_("Players"),
                                               layout=widgets.Layout(width="180px", max_width="100%"))
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=_("Seed"),
                                               layout=widgets.Layout(width="180px", max_width="100%"))
        self.rules_toggle = ToggleChoice([("Encanto", "Encanto"), (pgettext("rule set", "Classic"), "Classic")], value=_rules(rules).name.capitalize(),
                                         description=_("Rules"))
        self.new_button = button(_("Shuffle again"), tooltip=_("A new seed: shuffle and deal again"))
        self.back_button = button(_("◀ Back"), name="back")
        self.next_button = button(_("Next ▶"), style="primary", name="next")
        self.progress = widgets.HTML()
        self.step_title = widgets.HTML()
        self.text = widgets.HTML()
        self.picture = widgets.HTML(layout=widgets.Layout(min_height="160px", max_width="100%"))
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.new_button.on_click(lambda _b: self.reshuffle())
        for w in (self.players_picker, self.seed_box, self.rules_toggle):
            w.observe(lambda _c: self._rebuild(), names="value")
        self.index = 0
        self.game: Game
        self.steps: list[Step] = []
        self.widget = self.box([
            self.header(),
            widgets.HBox([self.players_picker, self.seed_box, self.rules_toggle, self.new_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.back_button, self.next_button, self.progress],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.step_title, self.text, self.picture,
        ])
        self._rebuild(announce=False)

    # ---------------------------------------------------------------- driving it
    def setup(self, players: int | None = None, seed: int | None = None,
              rules: Rules | str | None = None) -> None:
        """Change the number of players, the seed or the rule set, and start again."""
        self._building = True
        try:
            if players is not None:
                self.players_picker.value = players
            if seed is not None:
                self.seed_box.value = seed
            if rules is not None:
                self.rules_toggle.value = _rules(rules).name.capitalize()
        finally:
            self._building = False
        self._rebuild()

    def reshuffle(self) -> None:
        """A new shuffle: the next seed."""
        self.seed_box.value = self.seed_box.value + 1

    def next(self) -> None:
        """Show the next step."""
        self.go_to(self.index + 1)

    def back(self) -> None:
        """Show the previous step."""
        self.go_to(self.index - 1)

    def go_to(self, index: int) -> None:
        """Show step ``index`` (0-based; clipped to the steps there are)."""
        self.index = max(0, min(index, len(self.steps) - 1))
        self._show()
        self.page.announce(self._step_words())
        # At either end the button just pressed is disabled and would drop keyboard focus.
        if self.index == len(self.steps) - 1:
            self.focus(".uno-btn-back")
        elif self.index == 0:
            self.focus(".uno-btn-next")

    @property
    def step(self) -> Step:
        """The step shown now."""
        return self.steps[self.index]

    # ---------------------------------------------------------------- internals
    def _rebuild(self, announce: bool = True) -> None:
        if getattr(self, "_building", False):
            return
        rules = _rules(self.rules_toggle.value)
        players = self.players_picker.value
        self.game = Game.new(players, rules=rules, seed=self.seed_box.value,
                             dealer=min(self.dealer, players - 1))
        self.steps = build_steps(self.game)
        self.index = 0
        self._show()
        if announce:
            self.page.announce(_("A new deal: {players} players, {rules} rules, seed {seed}. {step}",
                                 players=players, rules=rules.display_name, seed=self.seed_box.value,
                                 step=self._step_words()))

    def _step_words(self) -> str:
        step = self.step
        return _("Step {number} of {total}: {title}. {text}", number=self.index + 1, total=len(self.steps),
                 title=step.title, text=step.text)

    def _show(self) -> None:
        step = self.step
        ids = " ".join(rule_badge(r, official=step.official) for r in step.rules)
        note = _("(official Mattel rule: the box text is silent)")
        official = f" <span class='uno-muted'>{escape(note)}</span>" if step.official else ""
        progress = _("Step {number} of {total}", number=self.index + 1, total=len(self.steps))
        self.progress.value = f"<span class='uno-muted'>{escape(progress)}</span>"
        self.step_title.value = f"<h4 class='uno-step-title'>{escape(step.title)} {ids}{official}</h4>"
        self.text.value = feedback("info", step.text)
        self.picture.value = step.picture
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.steps) - 1
