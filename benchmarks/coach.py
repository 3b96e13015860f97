"""The coach, measured (issue 38): its strength, its speed, and the rollout's overhead.

Four parts, each printed with what it measured and its spread:

- ``strength``: the coach bot against three sensible bots on ``--deals`` seeded deals, and
  the same deals with a sensible bot in its seat (the seat moves round the table deal by
  deal; every other bot and the deal are the same in both games). The paired difference of
  the two seats' win shares, with its standard error: the coach is stronger when it is more
  than two standard errors above 0. ``--rollouts``: the bot's most rollouts per option (it
  stops early when one move is clearly best, see ``coach.bot.search``); ``--workers``
  processes share the deals (the results do not depend on how many).
- ``speed``: the time of one piece of advice with ``--advice-rollouts`` (200) rollouts per
  option, at positions from seeded games of sensible bots with a choice to make (a random
  move of each game), at 2, 4 and 10 players: median, quartiles, extremes.
- ``review``: a whole hand of four sensible bots at a class table looked back at, every
  decision weighed with ``--advice-rollouts`` per option, as the Review view does.
- ``rate``: rollouts per second (the options of a hand's first decision played out, each
  nearly a whole game) against the engine's own games of sensible bots per second, timed
  in chunks that take turns (``interleave.py``), so both catch the same drift of the machine.

    python benchmarks/coach.py [--parts strength speed review rate] [--deals 2000] [--rollouts 64]
                               [--workers 1] [--positions 20] [--quick]

``--quick`` is the CI's run (``tests/test_benchmarks.py``): a few deals and positions.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # interleave.py, beside this file

from interleave import interleaved  # noqa: E402

from uno_lessons import Game  # noqa: E402
from uno_lessons.coach import CoachBot, advise, review  # noqa: E402
from uno_lessons.engine.bots import SensibleBot, make_bots, run_hand  # noqa: E402
from uno_lessons.engine.seeds import Seed  # noqa: E402
from uno_lessons.simulation import Estimate  # noqa: E402


def deal_seeds(n: int, seed: int) -> list[int]:
    """The seeds of ``n`` deals, as ``simulate_games`` makes them."""
    return [int(s) for s in np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64).astype(np.int64)
            & (2**62 - 1)]


def play_deal(s: int, players: int, coach_seat: int | None, rollouts: int) -> int:
    """The winner of deal ``s`` (``play_game``'s seeding): sensible bots, and the coach bot at
    ``coach_seat`` (None: sensible there too). -1 when nobody won within the move limit."""
    spec: list = ["sensible"] * players
    if coach_seat is not None:
        spec[coach_seat] = lambda seed: CoachBot(seed, rollouts=rollouts)
    bots = make_bots(spec, Seed(s, (1,)))
    game = run_hand(Game.new(players, rng=Seed(s, (0,)).generator()), bots)
    return -1 if game.winner is None else game.winner


def strength_chunk(args: tuple[list[tuple[int, int]], int, int]) -> list[tuple[int, int, float]]:
    """For each ``(deal index, seed)``: whether the coach's seat won with the coach there,
    with a sensible bot there, and the CPU seconds the coach's game took."""
    deals, players, rollouts = args
    out = []
    for i, s in deals:
        seat = i % players
        start = time.process_time()
        coach = play_deal(s, players, seat, rollouts) == seat
        spent = time.process_time() - start
        sensible = play_deal(s, players, None, rollouts) == seat
        out.append((int(coach), int(sensible), spent))
    return out


def strength(deals: int, players: int, rollouts: int, workers: int, seed: int) -> None:
    seeds = list(enumerate(deal_seeds(deals, seed)))
    chunks = [(seeds[k::workers * 8], players, rollouts) for k in range(workers * 8)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            rows = [row for part in pool.map(strength_chunk, chunks) for row in part]
    else:
        rows = [row for part in map(strength_chunk, chunks) for row in part]
    wall = time.perf_counter() - start
    coach = np.array([r[0] for r in rows])
    sensible = np.array([r[1] for r in rows])
    diff = Estimate.of(coach - sensible)
    both = int((coach & sensible).sum())
    only_coach, only_sensible = int((coach & ~sensible.astype(bool)).sum()), int((sensible & ~coach.astype(bool)).sum())
    cpu = [r[2] for r in rows]
    print(f"Strength: the coach bot (at most {rollouts} rollouts per option) against {players - 1} sensible bots, "
          f"{deals:,} seeded deals (seed {seed}), its seat moving round the table")
    print(f"  coach's seat won            {Estimate.of(coach)!r}")
    print(f"  sensible bot, same seats    {Estimate.of(sensible)!r}   (a fair share is {1 / players:.4f})")
    print(f"  paired difference           {diff!r}   = {diff.value / diff.stderr:.1f} standard errors"
          if diff.stderr > 0 else f"  paired difference           {diff!r}")
    print(f"  deals won by both {both:,}, by the coach only {only_coach:,}, by the sensible bot only {only_sensible:,}")
    print(f"  a coach game's CPU time: median {statistics.median(cpu):.2f} s, quartiles "
          f"{np.percentile(cpu, 25):.2f}-{np.percentile(cpu, 75):.2f} s, most {max(cpu):.2f} s; "
          f"wall clock {wall:.0f} s with {workers} worker(s)")


def decision_positions(players: int, count: int, seed: int) -> list[Game]:
    """``count`` positions with a choice, one from each seeded game of sensible bots: the
    first decision with more than one legal move after a random number (0 to 39) of moves."""
    rng = np.random.default_rng(seed)
    found: list[Game] = []
    s = seed * 1000
    while len(found) < count:
        s += 1
        game = Game.new(players, seed=s)
        bots = make_bots(players, s)
        run_hand(game, bots, max_moves=int(rng.integers(0, 40)))
        for _step in range(40):  # on to the next decision with a choice
            if game.is_over or len(game.legal_moves()) > 1:
                break
            run_hand(game, bots, max_moves=1)
        if not game.is_over and len(game.legal_moves()) > 1:
            found.append(game)
    return found


def speed(players_list: list[int], positions: int, rollouts: int, seed: int) -> None:
    print(f"Advice time, {rollouts} rollouts per option, {positions} positions with a choice per player count")
    print(f"  {'players':>7} {'median':>8} {'quartiles':>17} {'fastest':>8} {'slowest':>8} {'options':>8} "
          f"{'rollouts/s':>11}")
    for players in players_list:
        times, options, rates = [], [], []
        for k, game in enumerate(decision_positions(players, positions, seed + players)):
            start = time.perf_counter()
            advice = advise(game, game.current_player, rollouts=rollouts, seed=k)
            spent = time.perf_counter() - start
            times.append(spent)
            options.append(len(advice.options))
            rates.append(len(advice.options) * rollouts / spent)
        q1, q3 = np.percentile(times, [25, 75])
        print(f"  {players:>7} {statistics.median(times):>7.3f}s {q1:>7.3f}s-{q3:.3f}s {min(times):>7.3f}s "
              f"{max(times):>7.3f}s {statistics.median(options):>8.0f} {statistics.median(rates):>11,.0f}")


def review_time(hands: int, rollouts: int, seed: int) -> None:
    from uno_lessons.table import Table

    print(f"Review of whole hands (4 sensible bots at a class table), {rollouts} rollouts per option")
    for h in range(hands):
        table = Table.local(["Ana", "Ben", "Caro", "Dev"], ["sensible"] * 4, seed=seed + h)
        table.run_bots()
        start_game, actions = table.finished_hand()
        start = time.perf_counter()
        steps = review(start_game, actions, rollouts=rollouts, seed=h)
        spent = time.perf_counter() - start
        weighed = [s for s in steps if s.advice is not None]
        worst = max((s.cost or 0.0) for s in weighed) if weighed else 0.0
        print(f"  hand {h + 1}: {len(actions)} actions, {len(weighed)} decisions weighed in {spent:.1f} s "
              f"({spent / max(1, len(weighed)):.2f} s each); the costliest move gave up {worst:.3f}")


def rate(players: int, target: int, rollouts: int, seed: int, repeat: int) -> None:
    """Rollouts/s of the coach against plain games/s, chunks taking turns."""

    def plain():
        rng = np.random.default_rng(seed)
        bots = [SensibleBot(None) for _ in range(players)]

        def play(k: int) -> tuple[int, int, int]:
            for _game in range(k):
                run_hand(Game.new(players, rng=rng), bots)
            return k, 0, 0
        return play

    def rollouts_side():
        games = iter(range(10**9))

        def play(k: int) -> tuple[int, int, int]:
            done = 0
            while done < k:
                g = Game.new(players, seed=seed + next(games))
                if len(g.legal_moves()) < 2:
                    continue
                advice = advise(g, g.current_player, rollouts=rollouts, seed=1)
                done += len(advice.options) * rollouts
            return done, 0, 0
        return play

    print(f"Rollouts against plain games, {players} players (a rollout from a hand's first decision is nearly "
          f"a whole game)")
    ratios = []
    for _run in range(repeat):
        got = interleaved({"plain": plain(), "rollouts": rollouts_side()}, target, chunk=max(10, target // 20))
        plain_rate = got["plain"][2][0] / got["plain"][0]
        roll_rate = got["rollouts"][2][0] / got["rollouts"][0]
        ratios.append(roll_rate / plain_rate)
        print(f"  plain games {plain_rate:,.0f}/s   rollouts {roll_rate:,.0f}/s   rollouts / games {roll_rate / plain_rate:.2f}")
    if repeat > 1:
        print(f"  median ratio {statistics.median(ratios):.2f} (runs {min(ratios):.2f}-{max(ratios):.2f})")


def main() -> None:
    """Measure and print; nothing here is a stored figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", default=["strength", "speed", "review", "rate"],
                        choices=["strength", "speed", "review", "rate"])
    parser.add_argument("--deals", type=int, default=2000, help="seeded deals of the strength part")
    parser.add_argument("--players", type=int, default=4, help="players of the strength and rate parts")
    parser.add_argument("--rollouts", type=int, default=64, help="the coach bot's most rollouts per option")
    parser.add_argument("--workers", type=int, default=1, help="processes for the strength part")
    parser.add_argument("--advice-rollouts", type=int, default=200, help="rollouts per option of one piece of advice")
    parser.add_argument("--positions", type=int, default=20, help="positions per player count for the advice time")
    parser.add_argument("--speed-players", type=int, nargs="+", default=[2, 4, 10])
    parser.add_argument("--hands", type=int, default=3, help="hands looked back at")
    parser.add_argument("--rate-rollouts", type=int, default=3000, help="rollouts (and plain games) per rate run")
    parser.add_argument("--repeat", type=int, default=3, help="rate runs")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="a few deals and positions: proves the script works")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.rollouts, args.positions, args.advice_rollouts = 6, 8, 2, 8
        args.hands, args.rate_rollouts, args.repeat, args.speed_players = 1, 60, 1, [2, 4]
    load = os.getloadavg()
    print(f"# load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores")
    if "strength" in args.parts:
        strength(args.deals, args.players, args.rollouts, args.workers, args.seed)
    if "speed" in args.parts:
        speed(args.speed_players, args.positions, args.advice_rollouts, args.seed)
    if "review" in args.parts:
        review_time(args.hands, args.advice_rollouts, args.seed)
    if "rate" in args.parts:
        rate(args.players, args.rate_rollouts, 50 if not args.quick else 8, args.seed, args.repeat)
    load = os.getloadavg()
    print(f"# load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
