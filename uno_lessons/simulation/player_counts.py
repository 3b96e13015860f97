"""Game length and the first mover's edge by player count, one column per rule set."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from ..engine.rules import Rules
from ..i18n import _
from .estimate import Estimate, se_note
from .games import GameStats, Progress, simulate_games


def simulate_lengths(players: Sequence[int] = range(2, 11), games: int = 150, *,
                     rules: Rules | None = None, seed: int | None = 0,
                     progress: Progress | None = None) -> dict[int, GameStats]:
    """``games`` sensible-bot games for each player count: ``{players: GameStats}``."""
    players = list(players)
    out: dict[int, GameStats] = {}
    root = np.random.SeedSequence(seed)
    for k, (n, child) in enumerate(zip(players, root.spawn(len(players)))):
        out[n] = simulate_games(games, n, rules=rules, seed=int(child.generate_state(1)[0]))
        if progress is not None:
            progress(k + 1, len(players))
    return out


def _by_players(results: Mapping[str, Mapping[int, GameStats]], head: str, width: int,
                row: Callable[[int], str], cell: Callable[[GameStats | None], str]) -> str:
    """A text table: one row per player count, one column per rule set (shared layout)."""
    names = list(results)
    counts = sorted({n for r in results.values() for n in r})
    lines = [head + "  ".join(f"{name:>{width}}" for name in names)]
    for n in counts:
        lines.append(row(n) + "  ".join(cell(results[name].get(n)) for name in names))
    return "\n".join(lines)


def length_table(results: Mapping[str, Mapping[int, GameStats]]) -> str:
    """Mean moves per game ± SE, one row per player count, one column per rule set."""
    def cell(stats: GameStats | None) -> str:
        if stats is None:
            return f"{'':>20}"
        e = Estimate.of(stats.moves)
        return f"{e.value:>11.1f} ± {e.stderr:<6.1f}"

    return _by_players(results, f"{_('players'):>7}  ", 20, lambda n: f"{n:>7}  ", cell) + "\n" + se_note()


def first_mover_edge(results: Mapping[str, Mapping[int, GameStats]]) -> Estimate:
    """Pooled over every game: (first mover won) − 1 / players. Zero if moving first does not help."""
    excess = [(s.winner == s.first_player) - 1 / s.players for by_n in results.values() for s in by_n.values()]
    return Estimate.of(np.concatenate(excess))


def first_mover_table(results: Mapping[str, Mapping[int, GameStats]]) -> str:
    """The first mover's share of wins ± SE beside the fair share, by player count and rule set."""
    def cell(stats: GameStats | None) -> str:
        e = stats.first_mover_share() if stats is not None else None
        return f"{e.value:>8.3f} ± {e.stderr:.3f}" if e else " " * 16

    return _by_players(results, f"{_('players'):>7} {_('fair'):>6}  ", 16, lambda n: f"{n:>7} {1 / n:>6.3f}  ",
                       cell) + "\n" + se_note()
