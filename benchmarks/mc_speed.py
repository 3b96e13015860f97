"""Monte Carlo speed: the vectorised numpy deal against a plain Python loop, in one run.

Both estimate the same three deal questions (a wild in a 7-card hand; the setup turning more
than one card; the first player able to play at once) from the same number of simulated
deals, and both print their estimates beside the exact values so you can see they agree.
Each side is timed several times and the fastest run is kept, as ``timeit`` does (the run
least disturbed by other work on the machine): ``--repeat`` runs of the numpy version, which
takes milliseconds, and ``--loop-repeat`` runs of the loop, which takes about a second. Then
the bot-game runner ``simulate_games`` is timed, beside the same games played one
``play_game`` call each (the public loop, which builds every game's and bot's Generator).

    python benchmarks/mc_speed.py [--deals 200000] [--repeat 10] [--loop-repeat 3] [--games 500]
"""

from __future__ import annotations

import argparse
import statistics
import time

from uno_lessons import Rules, play_game
from uno_lessons import simulation as sim
from uno_lessons.engine import compiled


def timed(fn, repeat: int):
    """Run ``fn`` ``repeat`` times: (its last result, the fastest time, the median time, the
    least CPU time this process used in a run: on a shared machine, the figure others' work
    disturbs least)."""
    times, cpu, result = [], [], None
    for _ in range(repeat):
        start, spent = time.perf_counter(), time.process_time()
        result = fn()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - spent)
    return result, min(times), statistics.median(times), min(cpu)


def main() -> None:
    """Measure and print; nothing here is a stored figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200_000, help="simulated deals per estimate")
    parser.add_argument("--repeat", type=int, default=10, help="timed numpy runs; the fastest counts")
    parser.add_argument("--loop-repeat", type=int, default=3, help="timed loop and game runs; the fastest counts")
    parser.add_argument("--games", type=int, default=500, help="bot games for the runner's speed")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", choices=["encanto", "classic"], default="encanto")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.encanto() if args.rules == "encanto" else Rules.classic()
    n = args.deals

    sim.deal_estimates(1000, rules, args.seed)  # warm up numpy and the caches
    vec, vec_best, vec_median, _ = timed(lambda: sim.deal_estimates(n, rules, args.seed), args.repeat)
    loop, loop_best, loop_median, _ = timed(lambda: sim.deal_estimates_loop(n, rules, args.seed),
                                         max(1, args.loop_repeat))

    print(f"Deal questions, {rules.name} rules, {n:,} deals per estimate")
    print(f"  {'question':<14} {'exact':>7}   {'numpy':<28} {'plain Python':<28}")
    for q in sim.QUESTIONS:
        exact = float(sim.exact_value(q, rules))
        print(f"  {q:<14} {exact:7.4f}   {vec[q]!r:<28} {loop[q]!r:<28}")
    print(f"  numpy (vectorised, {args.repeat} runs): best {vec_best * 1000:8.2f} ms   median {vec_median * 1000:8.2f} ms")
    print(f"  plain Python loop ({args.loop_repeat} runs): best {loop_best * 1000:8.2f} ms   median {loop_median * 1000:8.2f} ms")
    print(f"  speed-up (best/best): {loop_best / vec_best:.0f}x   (median/median: {loop_median / vec_median:.0f}x)")
    print(f"  per deal: numpy {vec_best / n * 1e9:.0f} ns, Python {loop_best / n * 1e9:.0f} ns")

    sim.simulate_games(20, args.players, rules=rules, seed=0)  # warm up
    stats, g_best, g_median, g_cpu = timed(
        lambda: sim.simulate_games(args.games, args.players, rules=rules, seed=args.seed), max(1, args.loop_repeat))
    moves = int(stats.moves.sum())
    seeds = [int(s) for s in stats.seeds]
    games, p_best, p_median, _ = timed(lambda: [play_game(args.players, rules=rules, seed=s) for s in seeds],
                                    max(1, args.loop_repeat))
    same = all(g.winner == w and (g.points or 0) == p for g, w, p in zip(games, stats.winner, stats.points))
    print(f"\nBot games through simulate_games ({args.players} sensible bots, {rules.name}, "
          f"{args.games} games, per-game figures collected; engine: {compiled.ENGINE})")
    print(f"  best {g_best:.3f} s: {args.games / g_best:,.0f} games/s, {moves / g_best:,.0f} moves/s "
          f"(median {args.games / g_median:,.0f} games/s; per CPU-second {args.games / g_cpu:,.0f})")
    print(f"  the same games one play_game call each: best {p_best:.3f} s, {args.games / p_best:,.0f} games/s "
          f"(same winners and points: {'yes' if same else 'NO'}); simulate_games is {p_best / g_best:.1f}x that")


if __name__ == "__main__":
    main()
