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
- Repeats are interleaved (uno_lessons, RLCard, uno_lessons, RLCard, ...) so both see the same
  machine load; each side's figure is the median over the repeats, and the ratio is the
  ratio of the medians. Games/s counts every game started (RLCard's IndexError games too).
- Each run is timed twice: by the wall clock (games/s) and by the CPU time this process
  used (``time.process_time()``: games per CPU-second). On a machine doing other work the
  wall clock also counts the time the process waited for a core, which differs from run to
  run; the CPU time does not, so its ratio is the steadier figure of the two engines' cost.

    python benchmarks/engine_speed.py [--games 2000] [--players 2 4 10] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from uno_lessons import Game, Rules


def play_ours(players: int, games: int, seed: int) -> tuple[int, int, int]:
    """Play ``games`` complete games through the public API; return (games, moves, 0)."""
    rng = np.random.default_rng(seed)  # one Generator deals every game
    pick = random.Random(seed)
    rules = Rules.encanto()
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


def play_rlcard(players: int, games: int, seed: int) -> tuple[int, int, int]:
    """RLCard 1.2's raw UnoGame loop; return (games started, moves, IndexError games)."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)  # one game object, as rlcard.make's env keeps
    game.np_random = np.random.RandomState(seed)
    pick = random.Random(seed)
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


ENGINES = {"uno_lessons": play_ours, "rlcard 1.2": play_rlcard}


def measure(players: int, games: int, repeat: int, seed: int) -> dict[str, dict[str, float]]:
    """Interleaved timed runs of both engines: per engine the median games/s and moves/s,
    moves per game and RLCard's IndexError games (summed over the runs)."""
    runs: dict[str, list[tuple[float, int, int, int, float]]] = {name: [] for name in ENGINES}
    for play in ENGINES.values():  # warm up imports and caches, untimed
        play(players, 20, seed)
    for _ in range(repeat):
        for name, play in ENGINES.items():
            start, cpu = time.perf_counter(), time.process_time()
            g, m, err = play(players, games, seed)
            runs[name].append((time.perf_counter() - start, g, m, err, time.process_time() - cpu))
    out = {}
    for name, rows in runs.items():
        out[name] = {
            "games/s": statistics.median(g / t for t, g, _, _, _ in rows),
            "moves/s": statistics.median(m / t for t, _, m, _, _ in rows),
            "moves/game": statistics.median(m / g for _, g, m, _, _ in rows),
            "errors": sum(err for _, _, _, err, _ in rows),
            "games/cpu-s": statistics.median(g / c for _, g, _, _, c in rows),
            "moves/cpu-s": statistics.median(m / c for _, _, m, _, c in rows),
        }
    return out


def main() -> None:
    """Run both engines for each player count and print games/s, moves/s and the ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per run and engine")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 10])
    ap.add_argument("--repeat", type=int, default=5, help="interleaved runs per engine; the median is reported")
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("RLCard is missing: pip install -e '.[bench]'") from None
    print(f"{args.games} games per run, median of {args.repeat} interleaved runs, seed {args.seed}")
    print(f"{'players':>7} {'engine':<12} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for n in args.players:
        res = measure(n, args.games, args.repeat, args.seed)
        ours, theirs = res["uno_lessons"], res["rlcard 1.2"]
        for name, r in res.items():
            note = f"   ({r['errors']} games ended in RLCard's IndexError)" if name == "rlcard 1.2" else ""
            print(f"{n:>7} {name:<12} {r['games/s']:>9.0f} {r['moves/s']:>10.0f} {r['moves/game']:>10.1f}{note}")
        print(f"{n:>7} ratio uno_lessons / rlcard: games/s {ours['games/s'] / theirs['games/s']:.2f}, "
              f"moves/s {ours['moves/s'] / theirs['moves/s']:.2f}")
        print(f"{n:>7} ratio uno_lessons / rlcard per CPU-second: games {ours['games/cpu-s'] / theirs['games/cpu-s']:.2f}, "
              f"moves {ours['moves/cpu-s'] / theirs['moves/cpu-s']:.2f}")


if __name__ == "__main__":
    main()
