"""Agents' environment speed: env steps per second, uno_lessons.agents vs RLCard 1.2's UNO env.

Each side is driven the way its users drive it, with the same policy:

- RLCard 1.2: ``rlcard.make("uno", config={"seed": s, "game_num_players": n})`` once, then
  ``state, player = env.reset()`` per game and ``env.step(action)`` with an action id from
  ``state["legal_actions"]`` until ``env.is_over()``. Every step RLCard builds the next
  player's state (its observation planes and legal actions). RLCard's rules: no UNO call, no
  challenge, no Wild Don't Talk; a drawn card that matches is played by itself. A game that
  ends in RLCard's IndexError (every card in the hands) is counted, not fatal.
- uno_lessons.agents: ``env(players=n, rules="encanto")`` once (every rule: UNO calls and
  catches, Wild Draw Four challenges, Wild Don't Talk, drawing as a decision), ``reset(seed=s)``
  for the first game and ``reset()`` for the next ones (one Generator deals them all), then
  PettingZoo's loop: ``for agent in env.agent_iter()``, ``env.last()`` (which builds the
  observation and the mask), ``env.step(action)`` with an action from ``env.legal_actions()``
  (the mask's ones), ``env.step(None)`` for each seat once the hand is over.
- The policy, the same code on both sides: a uniformly random one of the legal actions, one
  ``random.Random.random()`` call per step, seeded. Under uno_lessons' rules drawing is
  always legal (E-DRAW-2), so its random games are much longer than RLCard's, whose legal
  actions are "the plays, else draw": steps per second is the comparable figure, not games.
- ``batch``: ``uno_lessons.agents.batch.Batch(n, "encanto").run(1, policy, seed=generator)``
  hand after hand from one Generator (the env's hands for the same seed and actions,
  tests/test_agents_batch.py), the same policy, the observation built on every step; no
  PettingZoo loop.
- A step is one ``env.step`` with an action (the ``None`` steps of finished seats are not
  counted). Repeats are interleaved (uno_lessons, RLCard, uno_lessons, ...) so both see the
  same machine load; each figure is the median over the repeats, and the ratio is the ratio of
  the medians.

    python benchmarks/agents_speed.py [--steps 20000] [--players 2 4 10] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time


def run_ours(players: int, steps: int, seed: int) -> tuple[int, int, int]:
    """Play whole hands in uno_lessons' PettingZoo env until ``steps`` steps are made (the
    hand under way is finished); return (steps, hands, 0)."""
    from uno_lessons.agents import env

    e = env(players=players, rules="encanto")
    e.reset(seed=seed)
    pick = random.Random(seed)
    made = hands = 0
    while True:
        for _agent in e.agent_iter():
            _obs, _reward, termination, truncation, _info = e.last()
            if termination or truncation:
                e.step(None)
                continue
            legal = e.legal_actions()
            e.step(legal[int(pick.random() * len(legal))])
            made += 1
        hands += 1
        if made >= steps:
            return made, hands, 0
        e.reset()


def run_rlcard(players: int, steps: int, seed: int) -> tuple[int, int, int]:
    """Play whole games in RLCard 1.2's UNO env until ``steps`` steps are made; return
    (steps, games started, games ended by RLCard's IndexError)."""
    import rlcard

    e = rlcard.make("uno", config={"seed": seed, "game_num_players": players})
    pick = random.Random(seed)
    made = games = errors = 0
    while made < steps:
        games += 1
        try:
            state, _player = e.reset()
            while not e.is_over():
                legal = list(state["legal_actions"])
                state, _player = e.step(legal[int(pick.random() * len(legal))])
                made += 1
        except IndexError:  # RLCard fails when every card is in the hands; count, don't crash
            errors += 1
    return made, games, errors


def run_batch(players: int, steps: int, seed: int) -> tuple[int, int, int]:
    """Whole hands through ``uno_lessons.agents.batch.Batch`` (the env's rules, decisions,
    observations and seeding, without the AEC loop) with the same policy, until ``steps``
    steps are made; return (steps, hands, 0)."""
    import numpy as np

    from uno_lessons.agents.batch import Batch

    batch, rng, pick = Batch(players, "encanto"), np.random.default_rng(seed), random.Random(seed)

    def policy(seat: int, legal: list[int], observation: object) -> int:
        return legal[int(pick.random() * len(legal))]

    made = hands = 0
    while made < steps:
        made += batch.run(1, policy, seed=rng)[0].steps  # every step builds the observation too
        hands += 1
    return made, hands, 0


RUNNERS = {"uno_lessons": run_ours, "rlcard 1.2": run_rlcard, "batch": run_batch}


def measure(players: int, steps: int, repeat: int, seed: int) -> dict[str, dict[str, float]]:
    """Interleaved timed runs of both envs: per env the median steps/s, steps per game and
    the games ended by RLCard's IndexError (summed over the runs)."""
    runs: dict[str, list[tuple[float, int, int, int]]] = {name: [] for name in RUNNERS}
    for run in RUNNERS.values():  # warm up imports and caches, untimed
        run(players, 500, seed)
    for _ in range(repeat):
        for name, run in RUNNERS.items():
            start = time.perf_counter()
            made, games, errors = run(players, steps, seed)
            runs[name].append((time.perf_counter() - start, made, games, errors))
    return {name: {
        "steps/s": statistics.median(m / t for t, m, _, _ in rows),
        "spread": (min(m / t for t, m, _, _ in rows), max(m / t for t, m, _, _ in rows)),
        "steps/game": statistics.median(m / g for _, m, g, _ in rows),
        "errors": sum(err for *_, err in rows),
    } for name, rows in runs.items()}


def main() -> None:
    """Run both envs for each player count and print steps/s, the spread and the ratio."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--steps", type=int, default=20000, help="steps per run and env (whole games)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 10])
    ap.add_argument("--repeat", type=int, default=5, help="interleaved runs per env; the median is reported")
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args()
    try:
        import pettingzoo  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("PettingZoo or RLCard is missing: pip install -e '.[agents,bench]'") from None
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"# command: {' '.join(['python', *sys.argv])}")
    print(f"# {os.cpu_count()} cores, load average {load}; {args.steps} steps per run, median of "
          f"{args.repeat} interleaved runs, seed {args.seed}")
    print(f"{'players':>7} {'env':<12} {'steps/s':>9} {'min':>9} {'max':>9} {'steps/game':>10}")
    for n in args.players:
        res = measure(n, args.steps, args.repeat, args.seed)
        for name, r in res.items():
            low, high = r["spread"]
            note = f"   ({r['errors']} games ended in RLCard's IndexError)" if name == "rlcard 1.2" else ""
            print(f"{n:>7} {name:<12} {r['steps/s']:>9.0f} {low:>9.0f} {high:>9.0f} {r['steps/game']:>10.1f}{note}")
        ratio = res["uno_lessons"]["steps/s"] / res["rlcard 1.2"]["steps/s"]
        batch = res["batch"]["steps/s"] / res["rlcard 1.2"]["steps/s"]
        print(f"{n:>7} ratio uno_lessons / rlcard: steps/s {ratio:.2f}; batch / rlcard: {batch:.2f}")


if __name__ == "__main__":
    main()
