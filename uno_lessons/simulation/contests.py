"""Bots measured against each other: a tournament of win rates, and whole matches to 500."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.bots import run_match
from ..engine.events import NOBODY, default_names
from ..engine.rules import Rules, rule_set_name
from ..engine.scoring import Match
from ..i18n import _, ngettext
from .estimate import Estimate, label_rows
from .games import GameStats, Progress, _game_seeds, _simulate, make_players


@dataclass(frozen=True, repr=False)
class Tournament:
    """Each contestant's results at a table of sensible bots, its seat moving every game."""

    players: int
    rules: str
    names: tuple[str, ...]
    stats: tuple[GameStats, ...]
    seats: np.ndarray  # the contestant's seat in each game

    def win_rate(self, name: str) -> Estimate:
        """How often ``name`` won."""
        s = self.stats[self.names.index(name)]
        return Estimate.of(s.winner == self.seats)

    def points_per_game(self, name: str) -> Estimate:
        """Points ``name`` scored per game (zero in games it lost)."""
        s = self.stats[self.names.index(name)]
        return Estimate.of(np.where(s.winner == self.seats, s.points, 0))

    def __repr__(self) -> str:
        games = self.stats[0].n
        fair = f"{1 / self.players:.0%}"
        lines = [ngettext("{n} {rules} game each, {players} players, against sensible bots (a fair share is "
                          "{fair})", "{n} {rules} games each, {players} players, against sensible bots (a fair "
                          "share is {fair})", games, rules=rule_set_name(self.rules), players=self.players, fair=fair),
                 f"{_('bot'):<12} {_('win rate'):>16} {_('points per game'):>19}"]
        rows = sorted(self.names, key=lambda n: -self.win_rate(n).value)
        for name in rows:
            w, p = self.win_rate(name), self.points_per_game(name)
            lines.append(f"{name:<12} {w.value:>8.3f} ± {w.stderr:.3f} {p.value:>11.1f} ± {p.stderr:<5.1f}")
        return "\n".join(lines)


def tournament(contestants: Mapping[str, Any], games: int = 200, players: int = 4, *,
               rules: Rules | None = None, seed: int | None = 0, opponent: Any = "sensible",
               progress: Progress | None = None) -> Tournament:
    """A table of win rates: each contestant plays the same seeded games against ``opponent`` bots.

    The contestant's seat moves one place every game, so no one profits from a lucky seat.
    """
    rules = rules or Rules.encanto()
    seats = np.arange(games) % players
    names, results = [], []
    for k, (name, bot) in enumerate(contestants.items()):

        def seating(i: int, bot: Any = bot) -> list[Any]:
            spec = [opponent] * players
            spec[seats[i]] = bot
            return spec

        results.append(_simulate(games, seating, rules, seed, None))
        names.append(name)
        if progress is not None:
            progress(k + 1, len(contestants))
    return Tournament(players, rules.name, tuple(names), tuple(results), seats)


@dataclass(frozen=True, repr=False)
class MatchStats:
    """Per-match figures of seeded bot matches to 500 points (E-SCORE-4)."""

    rules: str
    players: int
    seeds: np.ndarray
    hands: np.ndarray  # hands played
    winner: np.ndarray  # seat that reached the target; NOBODY (-1) if none did
    winner_total: np.ndarray  # the winner's final total
    runner_up_total: np.ndarray  # the best other total

    @property
    def n(self) -> int:
        """How many matches."""
        return int(self.hands.size)

    def __repr__(self) -> str:
        count = f"{self.n:,}"
        head = ngettext("{count} {rules} match, {players} players", "{count} {rules} matches, {players} players",
                        self.n, count=count, rules=rule_set_name(self.rules), players=self.players)
        rows = [(_("hands per match"), Estimate.of(self.hands)),
                (_("winning total"), Estimate.of(self.winner_total)),
                (_("runner-up total"), Estimate.of(self.runner_up_total))]
        return "\n".join([head] + label_rows(rows))


def simulate_matches(
    n_matches: int,
    players: int | Sequence[Any] = 4,
    *,
    rules: Rules | None = None,
    seed: int | None = 0,
    progress: Progress | None = None,
    max_hands: int = 200,
) -> MatchStats:
    """Play ``n_matches`` seeded bot matches to 500 (as ``bots.play_match``) into numpy arrays."""
    rules = rules or Rules.encanto()
    seeds = _game_seeds(n_matches, seed)
    rows = []
    n_players = 0
    if progress is not None:
        progress(0, n_matches)
    for i, s in enumerate(seeds):
        match_seed, bot_seed = np.random.SeedSequence(int(s)).spawn(2)
        bots = make_players(players, bot_seed)
        n_players = len(bots)
        match = Match(default_names(n_players), rules=rules, seed=match_seed)
        run_match(match, bots, max_hands)
        totals = sorted(match.totals, reverse=True)
        winner = NOBODY if match.winner is None else match.winner
        rows.append((len(match.results), winner, totals[0], totals[1]))
        if progress is not None:
            progress(i + 1, n_matches)
    cols = np.array(rows, dtype=np.int64).T
    return MatchStats(rules.name, n_players, seeds, cols[0].astype(np.int32), cols[1].astype(np.int8),
                      cols[2].astype(np.int32), cols[3].astype(np.int32))
