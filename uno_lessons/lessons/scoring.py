"""E-SCORE: pick left-over cards and count the hand's points; then watch bots play to 500."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import numpy as np

from ..engine.bots import make_bots, run_hand
from ..engine.cards import Card, build_deck, hand_points
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.scoring import Match
from ..i18n import N_, _, ngettext, pgettext
from ..render import card_words
from ..widgets import HandView, MessageView
from ..widgets.page import page_bridge
from ._common import Lesson, button, feedback

#: One card of every kind to pick from (the colour does not change the points).
PALETTE = "R0 Y1 G2 B3 R4 Y5 G6 B7 R8 Y9 GS BR Y+2 W W+4 WDT"
#: The source's example: 4 + 5 + 8, three 20-point action cards, three wilds = 227.
EXAMPLE_227 = "R4 Y5 G8 BS YR G+2 W W+4 WDT"


def breakdown(cards) -> tuple[int, int, int]:
    """Points of number cards, of Skip/Reverse/Draw Two, and of wilds (E-SCORE-2)."""
    cards = [Card.parse(c) for c in cards]
    numbers = sum(c.points for c in cards if c.is_number)
    actions = sum(c.points for c in cards if c.is_action and not c.is_wild)
    wilds = sum(c.points for c in cards if c.is_wild)
    return numbers, actions, wilds


class ScoreCalculator(Lesson):
    """E-SCORE: count left-over cards (the 227-point example), then a bots' match to 500."""

    title = N_("Scoring: what is a hand worth?")
    rule_ids = ("E-SCORE",)

    def __init__(self, players: int = 4, seed: int = 7, example: bool = True) -> None:
        self.palette = HandView(PALETTE.split(), selectable=False, width=48, name=_("Cards to add"))
        self.palette.on_click(lambda _i, card: self.add(card))
        self.picked = HandView([], selectable=False, width=56, name=_("Left-over cards"))
        self.picked.on_click(lambda i, _card: self.remove(i))
        self.picked.layout.border = "2px dashed #9aa"
        self.picked.layout.min_height = "100px"
        self.picked.layout.padding = "4px"
        self.example_button = button(_("The 227-point example"))
        self.clear_button = button(_("Clear"))
        self.points = widgets.HTML()
        self.message = MessageView(page=page_bridge())
        # A labelled drop-down, not a slider: ipywidgets' slider handle has no accessible name.
        self.players_picker = widgets.Dropdown(options=list(range(2, 11)), value=players,
                                               description=_("Players"),
                                               layout=widgets.Layout(width="180px", max_width="100%"))
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=_("Seed"),
                                               layout=widgets.Layout(width="180px", max_width="100%"))
        self.hand_button = button(_("Play one hand"), style="primary")
        self.match_button = button(_("Play to 500"))
        self.new_match_button = button(_("New match"))
        self.match_message = MessageView(page=page_bridge())
        self.match_table = widgets.HTML()
        self.example_button.on_click(lambda _b: self.load_example())
        self.clear_button.on_click(lambda _b: self.clear())
        self.hand_button.on_click(lambda _b: self.play_hand())
        self.match_button.on_click(lambda _b: self.play_to_target())
        self.new_match_button.on_click(lambda _b: self.new_match())
        self.players_picker.observe(lambda _c: self.new_match(), names="value")
        self.seed_box.observe(lambda _c: self.new_match(), names="value")
        self.widget = self.box([
            self.header(),
            widgets.HTML("<h4 class='uno-step-title'>" + _("1. Count a hand") + "</h4><div class='uno-muted'>"
                         + _("Click a card below to add it to the cards left in the losers' hands; "
                             "click a picked card to take it away.") + "</div>"),
            self.palette,
            widgets.HBox([self.example_button, self.clear_button], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<div class='uno-muted' style='margin-top:6px'><b>" + _("Left-over cards")
                         + "</b> " + _("(click one to take it away):") + "</div>"),
            self.picked, self.points, self.message,
            widgets.HTML("<h4 class='uno-step-title'>" + _("2. A match to 500 (bots play)") + "</h4>"),
            widgets.HBox([self.players_picker, self.seed_box],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.hand_button, self.match_button, self.new_match_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.match_message, self.match_table,
        ])
        self._deck = build_deck()
        self._quiet = True  # the first messages are on the page already: nothing to announce
        self.new_match()
        if example:
            self.load_example()
        else:
            self._show_points()
        self._quiet = False

    # ---------------------------------------------------------------- part 1: one hand
    @property
    def cards(self) -> list[Card]:
        """The picked left-over cards."""
        return self.picked.cards

    @property
    def total(self) -> int:
        """Points of the picked cards (E-SCORE-2)."""
        return hand_points(self.cards)

    def add(self, card: Card | str) -> bool:
        """Add one card to the left-overs (no more copies than the deck has)."""
        card = Card.parse(card)
        have = sum(1 for c in self.cards if c == card)
        copies = self._deck.count(card)
        if have >= copies:
            self.message.error(_("The deck has only {n} × {card}.", n=copies, card=card_words(card)))
            return False
        self.picked.cards = [*self.cards, card]
        self._show_points()
        self.message.info(_("Added {card}: {points} points. Total {total} points.", card=card_words(card),
                            points=card.points, total=self.total))
        return True

    def remove(self, index: int) -> None:
        """Take the picked card at ``index`` away."""
        cards = self.cards
        card = cards.pop(index)
        self.picked.cards = cards
        self._show_points()
        self.message.info(_("Took away {card} ({points} points). Total {total} points.",
                            card=card_words(card), points=card.points, total=self.total))
        if not cards:
            # The last picked card is gone with its button: focus goes back to the cards to add.
            self.page.focus(self.palette.focus_selector(0))

    def clear(self) -> None:
        """No left-over cards."""
        self.picked.cards = []
        self.message.info(_("Pick cards to count."))
        self._show_points()

    def load_example(self) -> None:
        """The source's example: nine cards worth 227 points (E-SCORE-3)."""
        self.picked.cards = EXAMPLE_227.split()
        self.message.show("ok", _("The example from the rules: 4 + 5 + 8 = 17, three action cards 3 × 20 = 60, "
                                  "three wilds 3 × 50 = 150; 17 + 60 + 150 = 227 points."),
                          announce=not getattr(self, "_quiet", False))
        self._show_points()

    def _show_points(self) -> None:
        numbers, actions, wilds = breakdown(self.cards)
        total = ngettext("{n} point", "{n} points", self.total)
        # The figures are bold and the total large: markup the translators need not see.
        bold = {name: f"<b>{value}</b>" for name, value in (("numbers", numbers), ("actions", actions),
                                                           ("wilds", wilds))}
        total_html = f"<b style='font-size:21px' class='uno-total'>{escape(total)}</b>"
        self.points.value = (
            "<div style='font-size:17px;margin:4px 0'>"
            + _("Number cards {numbers} + Skip/Reverse/Draw Two {actions} + wilds {wilds} = {total}",
                **bold, total=total_html)
            + "</div>")

    # ---------------------------------------------------------------- part 2: a match
    def new_match(self, players: int | None = None, seed: int | None = None) -> None:
        """A new match of bots (sensible bots, seeded)."""
        if players is not None and players != self.players_picker.value:
            self.players_picker.value = players  # its observer starts the match
        if seed is not None and seed != self.seed_box.value:
            self.seed_box.value = seed
        match_seed, bot_seed = np.random.SeedSequence(self.seed_box.value).spawn(2)
        n = self.players_picker.value
        self.match = Match(n, rules=Rules.encanto(), seed=match_seed)
        self.bots = make_bots(n, bot_seed)
        self.last_game: Game | None = None
        self.match_message.show("info", _("{n} bots, first to {target} points wins. Press Play one hand.",
                                          n=n, target=self.match.rules.target_score),
                                announce=not getattr(self, "_quiet", False))
        self._show_match()

    def play_hand(self) -> bool:
        """Bots play one hand; its winner scores the cards left in the other hands."""
        m = self.match
        if m.winner is not None:  # the match is over
            self.match_message.info(_("The match is over: {name} won. Press New match.",
                                      name=m.players[m.winner]))
            return False
        game = run_hand(m.new_hand(), self.bots)
        if game.winner is None:
            self.match_message.error(_("That hand had no winner within the move limit; try another."))
            return False
        result = m.record(game)
        self.last_game = game
        left = [f"{m.players[s]}: {' '.join(c.code for c in h)} ({hand_points(h)})"
                for s, h in enumerate(game.hands) if s != game.winner]
        text = _("Hand {number}: {name} goes out and scores {points} points, the cards left in the other "
                 "hands.", number=result.number, name=m.players[result.winner], points=result.points)
        if m.is_over:  # nobody had reached the target before this hand: its winner just did
            text += " " + _("{name} has {points} points: the match is won (E-SCORE-4).",
                            name=m.players[result.winner], points=m.totals[result.winner])
        self.match_message.show("ok", text, announce=not getattr(self, "_quiet", False))
        self._left_lines = left
        self._show_match()
        return True

    def play_to_target(self) -> None:
        """Bots play hands until someone reaches 500 (only the last hand is announced)."""
        self._quiet = True
        try:
            for _i in range(200):
                if self.match.is_over or not self.play_hand():
                    break
        finally:
            self._quiet = False
        self.page.announce(self.match_message.text)

    def _show_match(self) -> None:
        m = self.match
        head = "".join(f"<th scope='col'>{escape(p)}</th>" for p in m.players)
        rows = []
        for r in m.results:
            final = " class='uno-final'" if m.is_over and r is m.results[-1] else ""
            cells = "".join(f"<td>{t}</td>" for t in r.totals)
            rows.append(f"<tr{final}><td>{r.number}</td><td style='text-align:left'>"
                        f"{escape(m.players[r.winner])}</td><td>{r.points}</td>{cells}</tr>")
        if not rows:
            rows.append(f"<tr><td colspan='{3 + len(m.players)}' style='text-align:left'>"
                        + escape(_("No hands yet.")) + "</td></tr>")
        cols = "".join(f"<th scope='col'>{escape(t)}</th>" for t in (pgettext("score table", "hand"), _("winner"), _("points")))
        caption = _("Hands of the match and each player's total")
        table = (f"<table class='uno-scoretable'><caption>{escape(caption)}</caption><tr>{cols}{head}</tr>"
                 f"{''.join(rows)}</table>")
        left = ""
        if self.last_game is not None:
            left = feedback("info", _("Left in the other hands after the last hand:"), self._left_lines)
        # A scrolling box a keyboard can reach and scroll (WCAG 2.1.1), named for screen readers.
        self.match_table.value = (f"<div class='uno-scroll' role='region' tabindex='0' "
                                  f"aria-label='{escape(caption)}'>" + table + "</div>" + left)
