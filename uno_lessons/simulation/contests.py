"""Bots measured against each other: a tournament of win rates on the same deals, compared
deal by deal (:mod:`.paired`), and whole matches to 500."""

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
from .estimate import Estimate, label_rows, se_note, wilson
from .games import GameStats, Progress, _game_seeds, _simulate, make_players
from .paired import Paired, compare_paired, p_text


@dataclass(frozen=True, repr=False)
class Tournament:
    """Each contestant's results at a table of sensible bots, its seat moving every game, on the
    same seeded deals; ``baseline`` is the contestant the table compares the others with."""

    players: int
    rules: str
    names: tuple[str, ...]
    stats: tuple[GameStats, ...]
    seats: np.ndarray  # the contestant's seat in each game
    baseline: str = ""  # the contestant the others are compared with, deal by deal ("": the first)

    def won(self, name: str) -> np.ndarray:
        """Whether ``name`` won each deal (one boolean per game, in deal order)."""
        return self.stats[self.names.index(name)].winner == self.seats

    def win_rate(self, name: str) -> Estimate:
        """How often ``name`` won."""
        return Estimate.of(self.won(name))

    def interval(self, name: str) -> tuple[float, float]:
        """Wilson's 95% interval for ``name``'s win rate (not squeezed to nothing at 0 wins)."""
        won = self.won(name)
        return wilson(int(won.sum()), int(won.size))

    def points_per_game(self, name: str) -> Estimate:
        """Points ``name`` scored per game (zero in games it lost)."""
        s = self.stats[self.names.index(name)]
        return Estimate.of(np.where(s.winner == self.seats, s.points, 0))

    def compare(self, a: str, b: str | None = None) -> Paired:
        """``a``'s wins against ``b``'s (by default the baseline) on the same deals, deal by deal:
        the difference of the win rates with its paired standard error, the deals only one of
        them won, and the sign test."""
        b = b or self.baseline or self.names[0]
        return compare_paired(self.won(a), self.won(b), labels=(a, b), figure=_("win rate"))

    def __repr__(self) -> str:
        games = self.stats[0].n
        fair = f"{1 / self.players:.0%}"
        base = self.baseline or self.names[0]
        lines = [ngettext("{n} {rules} game each, {players} players, against sensible bots (a fair share is "
                          "{fair})", "{n} {rules} games each, {players} players, against sensible bots (a fair "
                          "share is {fair})", games, rules=rule_set_name(self.rules), players=self.players, fair=fair),
                 f"{_('bot'):<12} {_('win rate'):>9} {_('{level} interval', level='95%'):>16} {_('points per game'):>16}   "
                 + _("against {base}: difference, deals only it / only {base} won, sign test", base=base)]
        rows = sorted(self.names, key=lambda n: -self.win_rate(n).value)
        for name in rows:
            w, p = self.win_rate(name), self.points_per_game(name)
            low, high = self.interval(name)
            line = f"{name:<12} {w.value:>9.3f}   [{low:.3f}, {high:.3f}] {p.value:>8.1f} ± {p.stderr:<5.1f}"
            if name != base:
                c = self.compare(name, base)
                line += f"   {c.effect.value:+.3f} ± {c.effect.stderr:.3f} {c.higher:>5} / {c.lower:<4} {p_text(c.p)}"
            lines.append(line)
        lines.append(_("± is one standard error; the intervals are Wilson's {level} intervals. Every bot played the "
                       "same deals, so the difference is taken deal by deal, and p is the sign test's: the chance of "
                       "a split at least this uneven if the two bots were equally good.", level="95%"))
        return "\n".join(lines)


def tournament(contestants: Mapping[str, Any], games: int = 200, players: int = 4, *,
               rules: Rules | None = None, seed: int | None = 0, opponent: Any = "sensible",
               progress: Progress | None = None, baseline: str | None = None) -> Tournament:
    """A table of win rates: each contestant plays the same seeded games against ``opponent`` bots.

    The contestant's seat moves one place every game, so no one profits from a lucky seat. The
    table compares every contestant with ``baseline`` (a contestant's name; by default the
    first) deal by deal; :meth:`Tournament.compare` compares any two.
    """
    if baseline is not None and baseline not in contestants:
        raise ValueError(_("The baseline {name} is not one of the contestants: {names}.", name=repr(baseline),
                           names=", ".join(map(str, contestants))))
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
    return Tournament(players, rules.name, tuple(names), tuple(results), seats, baseline or "")


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
        return "\n".join([head] + label_rows(rows) + [se_note()])


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
