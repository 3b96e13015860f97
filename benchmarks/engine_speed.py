"""Engine speed: complete games and moves per second, uno_lessons vs RLCard 1.2, in one run.

Same policy on both sides: a random playable card if there is one, else draw (and play the
drawn card if it can be played); accept every Wild Draw Four. RLCard plays the drawn card
by itself and has no challenge, so its "accept" is implicit. Both policies draw their
random numbers from a seeded ``random.Random``, so the policy costs the same on both sides.

    python benchmarks/engine_speed.py [--games 2000] [--players 2 4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from uno_lessons import Game, Rules


def play_ours(players: int, games: int, seed: int) -> tuple[int, int]:
    """Play ``games`` complete games through the public API; return (games, moves)."""
    pick = random.Random(seed)
    rules = Rules.encanto()
    moves = 0
    for g in range(games):
        game = Game.new(players, rules=rules, seed=seed + g)
        while game.winner is None:
            legal = game.legal_moves()
            plays = [m for m in legal if m.kind == "play"]
            if plays:
                move = plays[int(pick.random() * len(plays))]
            else:  # accept a Wild Draw Four, else draw (or pass when nothing is left)
                move = next((m for m in legal if m.kind == "accept"), legal[0])
            game.apply(move)
            moves += 1
    return games, moves


def play_rlcard(players: int, games: int, seed: int) -> tuple[int, int, int]:
    """RLCard 1.2's raw UnoGame loop; return (games finished, moves, IndexError games)."""
    from rlcard.games.uno.game import UnoGame

    pick = random.Random(seed)
    moves = errors = 0
    for g in range(games):
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed + g)
        try:
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(legal[int(pick.random() * len(legal))])
                moves += 1
        except IndexError:  # RLCard fails when every card is in the hands; count, don't crash
            errors += 1
    return games - errors, moves, errors


def timed(fn, *args) -> tuple[float, tuple]:
    """Wall time of one call and its result."""
    start = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - start, out


def main() -> None:
    """Run both engines for each player count and print games/s, moves/s and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--repeat", type=int, default=3, help="runs per engine; the median is reported")
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("RLCard is missing: pip install -e '.[bench]'") from None
    print(f"{args.games} games per run, median of {args.repeat} runs, seed {args.seed}")
    print(f"{'players':>7} {'engine':<12} {'games/s':>9} {'moves/s':>10} {'moves/game':>10}")
    for n in args.players:
        ours_t, theirs_t = [], []
        for _ in range(args.repeat):  # interleave so both see the same machine load
            t, (g_ours, m_ours) = timed(play_ours, n, args.games, args.seed)
            ours_t.append(t)
            t, (g_rl, m_rl, err) = timed(play_rlcard, n, args.games, args.seed)
            theirs_t.append(t)
        t_ours, t_rl = statistics.median(ours_t), statistics.median(theirs_t)
        gps_ours, gps_rl = g_ours / t_ours, args.games / t_rl
        print(f"{n:>7} {'uno_lessons':<12} {gps_ours:>9.0f} {m_ours / t_ours:>10.0f} {m_ours / g_ours:>10.1f}")
        print(f"{n:>7} {'rlcard 1.2':<12} {gps_rl:>9.0f} {m_rl / t_rl:>10.0f} {m_rl / max(g_rl, 1):>10.1f}"
              f"   ({err} games ended in RLCard's IndexError)")
        print(f"{n:>7} ratio (games/s, uno_lessons / rlcard): {gps_ours / gps_rl:.2f}")


if __name__ == "__main__":
    main()
