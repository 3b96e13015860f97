"""E-WD4: decide to challenge or accept a Wild Draw Four, then see the hand and the outcome.

The decision and the outcome are judged apart. Ben cannot see Ana's hand; what he can weigh
is how likely a Wild Draw Four like this one is a bluff (``q``, his estimate for his own
situation: a sensible bot bluffs only against a hand of two cards or fewer). A decision is
good when its expected swing at that ``q`` is at least the other's (lesson 8); the card that
comes up is shown separately, as the luck of this one deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets
import numpy as np

from ..engine.cards import Card, Color, build_deck
from ..engine.events import EVERYONE, default_names
from ..engine.game import Game
from ..engine.moves import wild_draw_four_honest
from ..engine.rules import Rules
from ..i18n import N_, _, ngettext, pgettext
from ..render import hand_html, log_html, seats_html, table_html
from ..simulation.challenge import break_even, challenge_value
from ..widgets import ToggleChoice
from ._common import Lesson, button, codes, feedback
from .setup import _rules

#: The seats, by the built-in names (Ana, Ben…), given in the current language where shown.
SEATS = 3


@dataclass(frozen=True)
class Example:
    """A Wild Draw Four position: the card it was played on, the player's hand, the colour named."""

    name: str
    previous: str
    hand: str  # Ana's hand before she played (the W+4 included)
    color: str  # the colour Ana names
    note: str = ""


#: The names and notes are English (N_), translated where shown; the names are also the keys.
EXAMPLES = {
    N_("green 7, no green card"): Example(
        N_("green 7, no green card"), "G7", "W+4 R2 Y5 B9 YS", "B",
        N_("The source's example: the previous top card was a green 7 and Ana held no green card.")),
    N_("green 7, a green card"): Example(
        N_("green 7, a green card"), "G7", "W+4 R2 G4 B9 YS", "B",
        N_("The same, but Ana also held a green 4.")),
    N_("green 7, a Wild in hand"): Example(
        N_("green 7, a Wild in hand"), "G7", "W+4 W R2 B9", "R",
        N_("No green card, but a Wild: the two rule sets judge this differently (E-WD4-2, C-WD4-2).")),
}
OTHERS = ("R5 B1 Y8", "G2 Y1 B6 R3")
PILE = "R1 Y2 B3 G5 R6 Y7 B8 G9 R8 Y6 B2 G1"
#: Ben's hand sizes to choose from: the first cards of OTHERS[0].
BEN_CARDS = (1, 2, 3)
#: The bluff chances offered (a chance given to the lab that is not here is added).
BLUFF_CHANCES = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0)


class ChallengeLab(Lesson):
    """E-WD4: Ana plays a Wild Draw Four; you are Ben and decide: challenge or accept."""

    title = N_("Challenge a Wild Draw Four?")
    rule_ids = ("E-WD4", "C-WD4")

    def __init__(self, example: str = "green 7, no green card", rules: Rules | str = "encanto",
                 seed: int = 0, *, bluff_chance: float = 0.25, cards: int = 3) -> None:
        if not 0 <= bluff_chance <= 1:
            raise ValueError(_("The bluff chance is a share of Wild Draw Fours: a number from 0 to 1, not "
                               "{value}.", value=bluff_chance))
        if cards not in BEN_CARDS:
            raise ValueError(_("Ben may hold {sizes} cards in this lab, not {value}.",
                               sizes=", ".join(map(str, BEN_CARDS)), value=cards))
        self.seed = seed
        self._random_count = 0
        chances = sorted({*BLUFF_CHANCES, float(bluff_chance)})
        self.bluff_picker = widgets.Dropdown(options=[(f"{q:.2f}", q) for q in chances], value=float(bluff_chance),
                                             description=_("Bluff chance q"), style={"description_width": "initial"},
                                             layout=widgets.Layout(width="auto", max_width="100%"))
        self.cards_picker = widgets.Dropdown(options=[(str(n), n) for n in BEN_CARDS], value=cards,
                                             description=_("Ben's cards"), style={"description_width": "initial"},
                                             layout=widgets.Layout(width="auto", max_width="100%"))
        self.example_picker = widgets.Dropdown(options=[(_(k), k) for k in EXAMPLES], value=example,
                                               description=_("Example"),
                                               layout=widgets.Layout(width="340px", max_width="100%"))
        self.rules_toggle = ToggleChoice([("Encanto", "Encanto"), (pgettext("rule set", "Classic"), "Classic")], value=_rules(rules).name.capitalize(),
                                         description=_("Rules"))
        self.random_button = button(_("Random example"))
        self.again_button = button(_("Start again"), name="again")
        self.challenge_button = button(_("Challenge!"), style="danger")
        self.accept_button = button(_("Accept: draw 4"), style="warning")
        self.situation = widgets.HTML()
        self.table = widgets.HTML()
        self.hand = widgets.HTML()
        self.knows = widgets.HTML()
        self.result = widgets.HTML()
        self.seats = widgets.HTML()
        self.log = widgets.HTML(layout=widgets.Layout(width="520px", max_width="100%"))
        self.example_picker.observe(lambda c: self.load(c["new"]), names="value")
        self.rules_toggle.observe(lambda _c: self.reset(), names="value")
        self.cards_picker.observe(lambda _c: self.reset(), names="value")
        self.bluff_picker.observe(lambda _c: self._show(), names="value")
        self.random_button.on_click(lambda _b: self.random_example())
        self.again_button.on_click(lambda _b: self.reset())
        self.challenge_button.on_click(lambda _b: self.challenge())
        self.accept_button.on_click(lambda _b: self.accept())
        self.widget = self.box([
            self.header(),
            widgets.HBox([self.example_picker, self.random_button, self.rules_toggle],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.situation, self.table, self.hand,
            widgets.HBox([self.cards_picker, self.bluff_picker], layout=widgets.Layout(flex_flow="row wrap")),
            self.knows,
            widgets.HBox([self.challenge_button, self.accept_button, self.again_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.result,
            widgets.HBox([self.seats, self.log], layout=widgets.Layout(flex_flow="row wrap")),
        ])
        self.load(example)

    # ---------------------------------------------------------------- driving it
    @property
    def rules(self) -> Rules:
        """The rule set in use (Encanto or classic)."""
        return _rules(self.rules_toggle.value)

    @property
    def bluff_chance(self) -> float:
        """Ben's estimate of how often a Wild Draw Four in his situation is a bluff."""
        return float(self.bluff_picker.value)

    def expected_swings(self) -> tuple[float, float]:
        """``(challenge, accept)``: the expected swing of each answer at the bluff chance set,
        in cards: Ana's cards gained minus Ben's cards drawn (E-WD4-3 … E-WD4-5, C-WD4-5)."""
        accept, challenge = challenge_value(self.bluff_chance, self.rules)
        return float(challenge), float(accept)

    def decision_was_good(self) -> bool | None:
        """Whether Ben's answer has the better expected swing at the bluff chance set (True),
        the worse one (False), or None: not decided yet, or both answers are as good."""
        if self.decided is None:
            return None
        challenge, accept = self.expected_swings()
        if abs(challenge - accept) < 1e-9:
            return None
        return (challenge > accept) == (self.decided == "challenge")

    def load(self, name: str) -> None:
        """Start one of the named examples (see EXAMPLES)."""
        self.example = EXAMPLES[name]
        if self.example_picker.value != name:
            self.example_picker.value = name  # its observer calls load again
            return
        self.reset()

    def random_example(self) -> None:
        """A new random (seeded) position: a previous top card and a hand with a Wild Draw Four."""
        rng = np.random.default_rng([self.seed, self._random_count])
        self._random_count += 1
        taken = set(" ".join([*OTHERS, PILE]).split())
        pool = [c for c in build_deck(self.rules.wild_dont_talk) if c.code not in taken and c.code not in ("W+4", "WDT")]
        order = [pool[i] for i in rng.permutation(len(pool))]
        previous = next(c for c in order if c.is_number)
        size = int(rng.integers(2, 6))
        hand: list[Card] = []
        for c in order:
            if len(hand) < size and c is not previous and c not in hand:
                hand.append(c)
        color = Color(rng.choice([c.value for c in Color if c is not previous.color]))
        self.example = Example(f"random {self._random_count}", previous.code, "W+4 " + codes(hand),
                               color.value, N_("A random position."))
        self.reset()

    def reset(self) -> None:
        """Set the current example up again: Ana has just played the Wild Draw Four."""
        ex = self.example
        self.hand_before = [Card.parse(c) for c in ex.hand.split()]
        ben = " ".join(OTHERS[0].split()[:self.cards_picker.value])
        self.game = Game.from_position([ex.hand, ben, OTHERS[1]], [ex.previous], PILE,
                                       current=0, rules=self.rules, names=default_names(SEATS))
        self.game.play("W+4", color=ex.color)
        pending = self.game.pending
        assert pending is not None  # a Wild Draw Four always leaves Ben an answer to give (E-WD4-3)
        self.honest = pending[2]
        self.decided: str | None = None
        self._mark = len(self.game.events)
        self._show()

    def challenge(self) -> None:
        """Ben challenges the Wild Draw Four (E-WD4-4, E-WD4-5)."""
        self._decide("challenge")

    def accept(self) -> None:
        """Ben accepts: draws four and loses the turn (E-WD4-3)."""
        self._decide("accept")

    # ---------------------------------------------------------------- internals
    def _decide(self, what: str) -> None:
        if self.decided is not None:
            self.result.value = feedback("info", _("Already decided: press Start again, pick an example "
                                                   "or Random example to try again.")) + self._verdict_html()
            return
        before = len(self.game.events)
        self.game.challenge() if what == "challenge" else self.game.accept()
        self.decided = what
        self._new_lines = self.game.narrate(EVERYONE)[before:]
        self._show()
        self.page.announce(self._verdict_words())
        # Challenge and Accept are now disabled: focus goes to the next thing to do.
        self.focus(".uno-btn-again")

    def _matching_indices(self) -> list[int]:
        prev = Card.parse(self.example.previous).color
        wilds = self.rules.wilds_block_wild_draw_four
        out, skipped = [], False
        for i, c in enumerate(self.hand_before):
            if c.code == "W+4" and not skipped:
                skipped = True
                continue
            if (c.is_wild and wilds) or c.color is prev:
                out.append(i)
        return out

    def _why(self) -> str:
        """Why the Wild Draw Four was legal or a bluff, one whole sentence per case."""
        prev = Card.parse(self.example.previous)
        color = prev.color.display_name if prev.color is not None else ""
        held = ", ".join(self.hand_before[i].code for i in self._matching_indices())
        if self.rules.wilds_block_wild_draw_four:
            if self.honest:
                return _("Ana held no card matching {color} (Encanto: a wild card counts as matching the "
                         "colour, E-WD4-2): the Wild Draw Four was legal.", color=color)
            return _("Ana held {cards}, matching {color} (Encanto: a wild card counts as matching the "
                     "colour, E-WD4-2): the Wild Draw Four was a bluff.", cards=held, color=color)
        if self.honest:
            return _("Ana held no card matching {color} (classic: only cards of that colour count, "
                     "C-WD4-2): the Wild Draw Four was legal.", color=color)
        return _("Ana held {cards}, matching {color} (classic: only cards of that colour count, "
                 "C-WD4-2): the Wild Draw Four was a bluff.", cards=held, color=color)

    def _outcome_line(self) -> str:
        """What Ben's answer did, by the rules: one sentence, no judgement of the decision."""
        rules = self.game.rules
        prev = Card.parse(self.example.previous)
        if self.decided == "challenge":
            if self.honest:
                return ngettext("The challenge fails: Ben draws {n} card and loses his turn (E-WD4-4).",
                                "The challenge fails: Ben draws {n} cards and loses his turn (E-WD4-4).",
                                rules.innocent_challenge_draw)
            if rules.guilty_penalty == "take_back":
                return ngettext(
                    "Caught! Classic rule: Ana takes the Wild Draw Four back and draws {n} card; {card} is on "
                    "top again; Ben plays as normal (C-WD4-5).",
                    "Caught! Classic rule: Ana takes the Wild Draw Four back and draws {n} cards; {card} is "
                    "on top again; Ben plays as normal (C-WD4-5).",
                    rules.guilty_draw, card=prev.name)
            return ngettext(
                "Caught! Ana draws the {n} card instead; Ben draws nothing and plays as normal (E-WD4-5).",
                "Caught! Ana draws the {n} cards instead; Ben draws nothing and plays as normal (E-WD4-5).",
                rules.guilty_draw)
        return _("Ben accepts: he draws {draw} and loses his turn (E-WD4-3).", draw=rules.wild_draw_four_count)

    def _luck_line(self) -> str:
        """The hidden card, seen afterwards: luck, said apart from the decision."""
        if self.honest:
            return _("Seen afterwards, the card was honest. That is the luck of this one deal: Ben could not see "
                     "Ana's hand, so it makes his decision neither better nor worse.")
        return _("Seen afterwards, Ana was bluffing. That is the luck of this one deal: Ben could not see Ana's "
                 "hand, so it makes his decision neither better nor worse.")

    def _decision(self) -> tuple[str, str]:
        """Ben's decision judged by its expected swing at his bluff chance: (feedback kind, sentence)."""
        challenge, accept = self.expected_swings()
        good, q = self.decision_was_good(), f"{self.bluff_chance:.2f}"
        if good is None:
            return "info", _("Both answers are as good at q = {q}: each is worth {swing:+.1f} cards on average.",
                             q=q, swing=accept)
        if good:
            return "ok", _("A good decision: at q = {q} challenging is worth {challenge:+.1f} cards on average, "
                           "accepting {accept:+.1f}.", q=q, challenge=challenge, accept=accept)
        return "bad", _("A worse decision: at q = {q} challenging is worth {challenge:+.1f} cards on average, "
                        "accepting {accept:+.1f}.", q=q, challenge=challenge, accept=accept)

    def _verdict_html(self) -> str:
        kind, head = self._decision()
        notes = [_("A swing counts Ana's cards gained minus Ben's cards drawn. Challenging pays when q is above "
                   "{line} (E-WD4-3 … E-WD4-5).", line=str(break_even(self.rules))),
                 _("This judges the decision by what Ben knew when he made it; the card that came up is below, as "
                   "luck.")]
        outcome = feedback("info", self._outcome_line(), [self._luck_line(), self._why(),
                                                           *getattr(self, "_new_lines", [])])
        return feedback(kind, head, notes) + outcome

    def _verdict_words(self) -> str:
        """What the page says aloud after a decision: the outcome, then the judgement."""
        return f"{self._outcome_line()} {self._decision()[1]}"

    def _show(self) -> None:
        g, ex = self.game, self.example
        prev = Card.parse(ex.previous)
        if g.rules.wilds_block_wild_draw_four:
            situation = _("Before Ana's turn the top card was {card} ({code}); Ana played a Wild Draw Four "
                          "and named {color}. You are Ben: challenge or accept? (Encanto rules)",
                          card=prev.name, code=prev.code, color=Color(ex.color).display_name)
        else:
            situation = _("Before Ana's turn the top card was {card} ({code}); Ana played a Wild Draw Four "
                          "and named {color}. You are Ben: challenge or accept? (classic rules)",
                          card=prev.name, code=prev.code, color=Color(ex.color).display_name)
        self.situation.value = feedback("info", f"{_(ex.note)} {situation}")
        self.table.value = table_html(g, width=64)
        done = self.decided is not None
        if done:
            match = self._matching_indices()
            cap = _("Ana's hand when she played (cards that matched the old colour have a gold frame):")
            pic = hand_html(self.hand_before, width=56, highlight=match, fan=False, label=_("Ana's hand"),
                            notes={i: _("matched the old colour") for i in match})
        else:
            n = len(self.hand_before) - 1
            cap = ngettext("Ana's hand: {n} card, face down until someone challenges.",
                           "Ana's hand: {n} cards, face down until someone challenges.", n)
            pic = hand_html(self.hand_before[1:], width=56, face_down=True, fan=False,
                            label=_("Ana's hand, face down"))
        self.hand.value = f"<div class='uno-muted'>{escape(cap)}</div>{pic}"
        self.challenge_button.disabled = done
        self.accept_button.disabled = done
        self.knows.value = "" if done else (
            "<div class='uno-muted'>" + escape(_(
                "What Ben knows: his own cards, how many cards Ana holds and the colour before her play; not her "
                "hand. Set q, his estimate of how often a Wild Draw Four in this situation is a bluff (a sensible "
                "bot bluffs only against a hand of two cards or fewer), then decide.")) + "</div>")
        self.result.value = self._verdict_html() if done else ""
        self.seats.value = seats_html(g, width=460)
        self.log.value = log_html(g.narrate(EVERYONE), last=8, style=False)


def honest(hand: str, previous_color: str, rules: Rules | str = "encanto") -> bool:
    """Was a Wild Draw Four from ``hand`` (codes, the W+4 included) legal on ``previous_color``?"""
    return wild_draw_four_honest([Card.parse(c) for c in hand.split()], Color.parse(previous_color),
                                 _rules(rules).wilds_block_wild_draw_four, Card.parse("W+4"))



