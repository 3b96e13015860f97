"""Scoring across hands (E-SCORE): a match is hands played until someone reaches 500."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..i18n import _, pgettext
from .cards import hand_points
from .events import default_names
from .game import Game
from .rules import Rules

__all__ = ["Match", "HandResult", "hand_points"]


@dataclass(frozen=True)
class HandResult:
    """One finished hand of a match: who won, what it was worth, the totals after it."""

    number: int
    winner: int
    points: int
    totals: tuple[int, ...]


@dataclass
class Match:
    """Several hands to ``rules.target_score`` (E-SCORE-2..4); the dealer moves left each hand."""

    players: list[str]
    rules: Rules = field(default_factory=Rules.encanto)
    seed: int | np.random.SeedSequence | None = None
    results: list[HandResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        if isinstance(self.players, int):
            self.players = default_names(self.players)
        self.players = list(self.players)
        n = len(self.players)
        if not self.rules.min_players <= n <= self.rules.max_players:
            raise ValueError(_("UNO is played by {low} to {high} players; got {n}", low=self.rules.min_players,
                               high=self.rules.max_players, n=n))
        # One seed per hand from a SeedSequence: the same match seed gives the same hands.
        self.hands_dealt = 0
        self._seeds = self.seed if isinstance(self.seed, np.random.SeedSequence) else np.random.SeedSequence(self.seed)

    @property
    def totals(self) -> list[int]:
        """Points per seat so far."""
        return list(self.results[-1].totals) if self.results else [0] * len(self.players)

    @property
    def winner(self) -> int | None:
        """The seat that reached the target first, or None while the match goes on."""
        for seat, total in enumerate(self.totals):
            if total >= self.rules.target_score:
                return seat
        return None

    @property
    def is_over(self) -> bool:
        """True once someone has reached the target score."""
        return self.winner is not None

    def new_hand(self) -> Game:
        """Deal the next hand (the dealer rotates left each hand)."""
        winner = self.winner
        if winner is not None:
            raise ValueError(_("The match is over: {name} reached {target}.", name=self.players[winner],
                               target=self.rules.target_score))
        dealer = self.hands_dealt % len(self.players)
        self.hands_dealt += 1
        return Game.new(self.players, rules=self.rules, seed=self._seeds.spawn(1)[0], dealer=dealer)

    def record(self, game: Game) -> HandResult:
        """Add a finished hand: its winner scores the cards left in the other hands."""
        winner, points = game.winner, game.points
        if winner is None or points is None:  # a won hand has both
            raise ValueError(_("This hand has no winner yet: finish it before recording it."))
        if self.is_over:
            raise ValueError(_("The match is already over."))
        totals = self.totals
        totals[winner] += points
        result = HandResult(len(self.results) + 1, winner, points, tuple(totals))
        self.results.append(result)
        return result

    def table(self) -> list[dict[str, int | str]]:
        """The table of totals: one row per hand with the winner, the points and every total."""
        rows: list[dict[str, int | str]] = []
        for r in self.results:
            row: dict[str, int | str] = {"hand": r.number, "winner": self.players[r.winner], "points": r.points}
            row.update({name: total for name, total in zip(self.players, r.totals)})
            rows.append(row)
        return rows

    def table_text(self) -> str:
        """The table of totals as fixed-width text (column headings in the current language)."""
        names = self.players
        hand, winner, points = (pgettext("score table", "hand"), pgettext("score table", "winner"),
                                pgettext("score table", "points"))
        # A translated heading may be wider than the English one: its column grows with it.
        wh, ww, wp = max(4, len(hand)), max(8, len(winner)), max(6, len(points))
        head = f"{hand:>{wh}}  {winner:<{ww}} {points:>{wp}}  " + " ".join(f"{n[:8]:>8}" for n in names)
        lines = [head]
        for r in self.results:
            lines.append(f"{r.number:>{wh}}  {names[r.winner][:8]:<{ww}} {r.points:>{wp}}  "
                         + " ".join(f"{t:>8}" for t in r.totals))
        return "\n".join(lines)

