"""Engine speed: complete games and moves per second, uno_lessons vs RLCard 1.2, in one run.

Each side is driven the way its users run it, with the same policy and the same random-number
cost:

- RLCard 1.2: ONE ``UnoGame`` per player count with ONE seeded ``numpy.random.RandomState``
  set as its ``np_random``; ``init_game()`` starts each game, then ``get_legal_actions()`` and
  ``step(action)`` until ``is_over()`` (as RLCard's own env does). A game that ends in
  RLCard's IndexError (every card in the hands) is counted, not fatal.
- uno_lessons: ONE seeded ``numpy.random.Generator``; ``Game.new(players, rng=generator)``
  deals each game (every rule on: ``Rules.encanto()``), then ``legal_moves()`` and
  ``apply(move)`` until there is a winner: UNO window, Wild Draw Four answers, drawing as a
  move of its own, the event log, all of it.
- The policy, the same code on both sides: a uniformly random one of the legal moves that
  play a card; when there is none, the first legal move (draw; for uno_lessons also accept
  a Wild Draw Four). RLCard's legal actions are exactly "the plays, else draw" and RLCard plays
  a drawn card that matches by itself; uno_lessons offers drawing as a legal move, so the
  policy draws only when it cannot play, and plays a drawn card that matches. One
  ``random.Random.random()`` call per move on each side picks the move.
- Interleaved finely: a run of ``--games`` games per engine is played in chunks of
  ``--chunk`` games (25; a few milliseconds each), alternating A B, B A, A B, ... between
  the engines, and each engine's time is the sum over its chunks. On a shared machine the
  speed of a core drifts by 20% and more within seconds (the same loop, run twice in a row,
  was seen to differ that much); engines timed one after the other in long runs each catch a
  different part of that drift, chunks a few milliseconds long catch the same parts. Each
  engine keeps one game object and one Generator from chunk to chunk, so a run is the same
  games as one long loop. Each run starts again from the seed.
- Per run the ratio is uno_lessons' games/s over RLCard's; the figure printed is the median
  over ``--repeat`` runs with the lowest and highest (the spread). Games/s counts every game
  started (RLCard's IndexError games too).
- Each run is timed twice: by the wall clock (games/s) and by the CPU time this process
  used (``time.process_time()``: games per CPU-second).
- The header names the engine that ran: ``game.py`` compiled with mypyc where a current
  build is there, else Python (``uno_lessons.engine.compiled``; ``UNO_LESSONS_ENGINE=python``
  asks for Python).

    python benchmarks/engine_speed.py [--games 2000] [--players 2 4 10] [--repeat 5] [--chunk 25]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from uno_lessons import Game, Rules
from uno_lessons.engine import compiled

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interleave import interleaved  # noqa: E402  (benchmarks/ is on sys.path)

#: Games per chunk: each run alternates chunks of this many games between the engines.
CHUNK = 25


def ours(players: int, seed: int) -> Callable[[int], tuple[int, int, int]]:
    """uno_lessons' side: a function that plays ``games`` more complete games through the
    public API and returns (games, moves, 0). Its Generator and picker go on from call to
    call, so chunks of games played one after another are one long run."""
    rng = np.random.default_rng(seed)  # one Generator deals every game
    pick = random.Random(seed)
    rules = Rules.encanto()

    def play(games: int) -> tuple[int, int, int]:
        moves = 0
        for _ in range(games):
            game = Game.new(players, rules=rules, rng=rng)
            while game.winner is None:
                legal = game.legal_moves()
                plays = [m for m in legal if m.kind == "play"]
                r = pick.random()
                game.apply(plays[int(r * len(plays))] if plays else legal[0])
                moves += 1
        return games, moves, 0

    return play


def rlcard(players: int, seed: int) -> Callable[[int], tuple[int, int, int]]:
    """RLCard 1.2's side: a function that plays ``games`` more games of its raw UnoGame loop
    and returns (games started, moves, IndexError games); one game object and one
    RandomState from call to call."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)  # one game object, as rlcard.make's env keeps
    game.np_random = np.random.RandomState(seed)
    pick = random.Random(seed)

    def play(games: int) -> tuple[int, int, int]:
        moves = errors = 0
        for _ in range(games):
            try:
                game.init_game()
                while not game.is_over():
                    legal = game.get_legal_actions()
                    plays = [a for a in legal if a != "draw"]
                    r = pick.random()
                    game.step(plays[int(r * len(plays))] if plays else legal[0])
                    moves += 1
            except IndexError:  # RLCard fails when every card is in the hands; count, don't crash
                errors += 1
        return games, moves, errors

    return play


def play_ours(players: int, games: int, seed: int) -> tuple[int, int, int]:
    """Play ``games`` complete games through the public API; return (games, moves, 0)."""
    return ours(players, seed)(games)


def play_rlcard(players: int, games: int, seed: int) -> tuple[int, int, int]:
    """RLCard 1.2's raw UnoGame loop; return (games started, moves, IndexError games)."""
    return rlcard(players, seed)(games)


ENGINES = {"uno_lessons": ours, "rlcard 1.2": rlcard}


def measure(players: int, games: int, repeat: int, seed: int, chunk: int = CHUNK) -> dict[str, dict[str, Any]]:
    """``repeat`` runs of ``games`` games per engine, interleaved in chunks (module
    docstring); per engine the median games/s and moves/s over the runs, moves per game,
    RLCard's IndexError games (summed), and ``ratios``: uno_lessons' games/s over RLCard's
    in each run (wall clock and CPU time)."""
    for make in ENGINES.values():  # warm up imports and caches, untimed
        make(players, seed)(20)
    runs: dict[str, list[tuple[float, int, int, int, float]]] = {name: [] for name in ENGINES}
    for _ in range(repeat):
        sides = {name: make(players, seed) for name, make in ENGINES.items()}  # each run from the seed
        for name, (wall, cpu, (played, made, failed)) in interleaved(sides, games, chunk).items():
            runs[name].append((wall, played, made, failed, cpu))
    out: dict[str, dict[str, Any]] = {}
    for name, rows in runs.items():
        out[name] = {
            "games/s": statistics.median(g / t for t, g, _, _, _ in rows),
            "moves/s": statistics.median(m / t for t, _, m, _, _ in rows),
            "moves/game": statistics.median(m / g for _, g, m, _, _ in rows),
            "errors": sum(err for _, _, _, err, _ in rows),
            "games/cpu-s": statistics.median(g / c for _, g, _, _, c in rows),
            "moves/cpu-s": statistics.median(m / c for _, _, m, _, c in rows),
        }
    a, b = runs["uno_lessons"], runs["rlcard 1.2"]
    out["ratios"] = {
        "wall": [(g1 / t1) / (g2 / t2) for (t1, g1, *_), (t2, g2, *_) in zip(a, b, strict=True)],
        "cpu": [(g1 / c1) / (g2 / c2) for (_, g1, _, _, c1), (_, g2, _, _, c2) in zip(a, b, strict=True)],
    }
    return out


def main() -> None:
    """Run both engines for each player count and print games/s, moves/s and the ratios."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per run and engine")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 10])
    ap.add_argument("--repeat", type=int, default=5, help="runs per player count; the median is reported")
    ap.add_argument("--chunk", type=int, default=CHUNK, help="games per chunk of the interleaving")
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("RLCard is missing: pip install -e '.[bench]'") from None
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"# command: {' '.join(['python', *sys.argv])}")
    print(f"# engine: {compiled.ENGINE}")  # compiled with mypyc, or Python (uno_lessons.engine.compiled)
    print(f"# {os.cpu_count()} cores, load average {load}; {args.games} games per run and engine in chunks of "
          f"{args.chunk}, {args.repeat} runs, seed {args.seed}")
    print(f"{'players':>7} {'engine':<12} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for n in args.players:
        res = measure(n, args.games, args.repeat, args.seed, args.chunk)
        for name in ENGINES:
            r = res[name]
            note = f"   ({r['errors']} games ended in RLCard's IndexError)" if name == "rlcard 1.2" else ""
            print(f"{n:>7} {name:<12} {r['games/s']:>9.0f} {r['moves/s']:>10.0f} {r['moves/game']:>10.1f}{note}")
        ours_, theirs = res["uno_lessons"], res["rlcard 1.2"]
        wall, cpu = res["ratios"]["wall"], res["ratios"]["cpu"]
        print(f"{n:>7} ratio uno_lessons / rlcard: games/s {statistics.median(wall):.2f} "
              f"(runs {min(wall):.2f}-{max(wall):.2f}), moves/s {ours_['moves/s'] / theirs['moves/s']:.2f}")
        print(f"{n:>7} ratio uno_lessons / rlcard per CPU-second: games {statistics.median(cpu):.2f} "
              f"(runs {min(cpu):.2f}-{max(cpu):.2f})")


if __name__ == "__main__":
    main()
