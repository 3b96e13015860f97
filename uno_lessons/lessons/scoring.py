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
from ..widgets import HandView, MessageView
from ._common import Lesson, LessonBox, button, feedback

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

    title = "Scoring: what is a hand worth?"
    rule_ids = ("E-SCORE",)

    def __init__(self, players: int = 4, seed: int = 7, example: bool = True) -> None:
        self.palette = HandView(PALETTE.split(), selectable=False, width=48)
        self.palette.on_click(lambda _i, card: self.add(card))
        self.picked = HandView([], selectable=False, width=56)
        self.picked.on_click(lambda i, _card: self.remove(i))
        self.picked.layout.border = "2px dashed #9aa"
        self.picked.layout.min_height = "100px"
        self.picked.layout.padding = "4px"
        self.example_button = button("The 227-point example")
        self.clear_button = button("Clear")
        self.points = widgets.HTML()
        self.message = MessageView()
        self.players_slider = widgets.IntSlider(value=players, min=2, max=10, description="Players",
                                                continuous_update=False)
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                               layout=widgets.Layout(width="180px"))
        self.hand_button = button("Play one hand", style="primary")
        self.match_button = button("Play to 500")
        self.new_match_button = button("New match")
        self.match_message = MessageView()
        self.match_table = widgets.HTML()
        self.example_button.on_click(lambda _b: self.load_example())
        self.clear_button.on_click(lambda _b: self.clear())
        self.hand_button.on_click(lambda _b: self.play_hand())
        self.match_button.on_click(lambda _b: self.play_to_target())
        self.new_match_button.on_click(lambda _b: self.new_match())
        self.players_slider.observe(lambda _c: self.new_match(), names="value")
        self.seed_box.observe(lambda _c: self.new_match(), names="value")
        self.widget = LessonBox([
            self.header(),
            widgets.HTML("<div class='uno-step-title'>1. Count a hand</div><div class='uno-muted'>"
                         "Click a card below to add it to the cards left in the losers' hands; "
                         "click a picked card to take it away.</div>"),
            self.palette,
            widgets.HBox([self.example_button, self.clear_button]),
            widgets.HTML("<div class='uno-muted' style='margin-top:6px'><b>Left-over cards</b> "
                         "(click one to take it away):</div>"),
            self.picked, self.points, self.message,
            widgets.HTML("<div class='uno-step-title'>2. A match to 500 (bots play)</div>"),
            widgets.HBox([self.players_slider, self.seed_box],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.hand_button, self.match_button, self.new_match_button]),
            self.match_message, self.match_table,
        ], label="ScoreCalculator")
        self._deck = build_deck()
        self.new_match()
        if example:
            self.load_example()
        else:
            self._show_points()

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
            self.message.error(f"The deck has only {copies} × {card.name}.")
            return False
        self.picked.cards = [*self.cards, card]
        self.message.info(f"Added {card.name}: {card.points} points.")
        self._show_points()
        return True

    def remove(self, index: int) -> None:
        """Take the picked card at ``index`` away."""
        cards = self.cards
        card = cards.pop(index)
        self.picked.cards = cards
        self.message.info(f"Took away {card.name} ({card.points} points).")
        self._show_points()

    def clear(self) -> None:
        """No left-over cards."""
        self.picked.cards = []
        self.message.info("Pick cards to count.")
        self._show_points()

    def load_example(self) -> None:
        """The source's example: nine cards worth 227 points (E-SCORE-3)."""
        self.picked.cards = EXAMPLE_227.split()
        self.message.ok("The example from the rules: 4 + 5 + 8 = 17, three action cards 3 × 20 = 60, "
                        "three wilds 3 × 50 = 150; 17 + 60 + 150 = 227 points.")
        self._show_points()

    def _show_points(self) -> None:
        numbers, actions, wilds = breakdown(self.cards)
        self.points.value = (
            "<div style='font-size:17px;margin:4px 0'>"
            f"Number cards <b>{numbers}</b> + Skip/Reverse/Draw Two <b>{actions}</b> + wilds <b>{wilds}</b>"
            f" = <b style='font-size:21px' class='uno-total'>{self.total} points</b></div>")

    # ---------------------------------------------------------------- part 2: a match
    def new_match(self, players: int | None = None, seed: int | None = None) -> None:
        """A new match of bots (sensible bots, seeded)."""
        if players is not None and players != self.players_slider.value:
            self.players_slider.value = players  # its observer starts the match
        if seed is not None and seed != self.seed_box.value:
            self.seed_box.value = seed
        match_seed, bot_seed = np.random.SeedSequence(self.seed_box.value).spawn(2)
        n = self.players_slider.value
        self.match = Match(n, rules=Rules.encanto(), seed=match_seed)
        self.bots = make_bots(n, bot_seed)
        self.last_game: Game | None = None
        self.match_message.info(f"{n} bots, first to {self.match.rules.target_score} points wins. "
                                "Press Play one hand.")
        self._show_match()

    def play_hand(self) -> bool:
        """Bots play one hand; its winner scores the cards left in the other hands."""
        m = self.match
        if m.is_over:
            self.match_message.info(f"The match is over: {m.players[m.winner]} won. Press New match.")
            return False
        game = run_hand(m.new_hand(), self.bots)
        if game.winner is None:
            self.match_message.error("That hand had no winner within the move limit; try another.")
            return False
        result = m.record(game)
        self.last_game = game
        left = [f"{m.players[s]}: {' '.join(c.code for c in h)} ({hand_points(h)})"
                for s, h in enumerate(game.hands) if s != game.winner]
        text = (f"Hand {result.number}: {m.players[result.winner]} goes out and scores {result.points} "
                "points, the cards left in the other hands.")
        if m.is_over:
            text += f" {m.players[m.winner]} has {m.totals[m.winner]} points: the match is won (E-SCORE-4)."
        self.match_message.ok(text)
        self._left_lines = left
        self._show_match()
        return True

    def play_to_target(self) -> None:
        """Bots play hands until someone reaches 500."""
        for _ in range(200):
            if self.match.is_over or not self.play_hand():
                break

    def _show_match(self) -> None:
        m = self.match
        head = "".join(f"<th>{escape(p)}</th>" for p in m.players)
        rows = []
        for r in m.results:
            final = " class='uno-final'" if m.is_over and r is m.results[-1] else ""
            cells = "".join(f"<td>{t}</td>" for t in r.totals)
            rows.append(f"<tr{final}><td>{r.number}</td><td style='text-align:left'>"
                        f"{escape(m.players[r.winner])}</td><td>{r.points}</td>{cells}</tr>")
        if not rows:
            rows.append(f"<tr><td colspan='{3 + len(m.players)}' style='text-align:left'>"
                        "No hands yet.</td></tr>")
        table = (f"<table class='uno-scoretable'><tr><th>hand</th><th>winner</th><th>points</th>{head}</tr>"
                 f"{''.join(rows)}</table>")
        left = ""
        if self.last_game is not None:
            left = feedback("info", "Left in the other hands after the last hand:", self._left_lines)
        self.match_table.value = ("<div style='max-height:320px;overflow-y:auto'>" + table + "</div>" + left)
