"""Agents' environment speed: env steps per second, uno_lessons.agents vs RLCard 1.2's UNO env.

Each side is driven the way its users drive it, with the same policy:

- RLCard 1.2: ``rlcard.make("uno", config={"seed": s, "game_num_players": n})`` once (RLCard
  1.2 hands ``game_num_players`` on to blackjack and hold'em only, so its UNO env seats two
  players whatever ``n`` is; the benchmark prints the count it seated), then
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
  counted). Interleaved finely: a run of ``--steps`` steps per env is played in chunks of
  about ``--chunk`` steps (2,000, whole hands: a few hundredths of a second), in the order A B C, C B
  A, ..., and each env's time is the sum over its chunks, so all see the same drift of the
  machine's speed (engine_speed.py says why). Each keeps its env and Generator from chunk to
  chunk; each run starts again from the seed. Per run the ratio is steps/s over RLCard's,
  by the wall clock and by the CPU time this process used (``time.process_time()``: steps
  per CPU-second); the figures printed are the medians over ``--repeat`` runs, with the
  lowest and highest. The header names the engine that ran (compiled with mypyc, or Python).

    python benchmarks/agents_speed.py [--steps 20000] [--players 2 4 10] [--repeat 5] [--chunk 2000]
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from interleave import interleaved  # noqa: E402  (benchmarks/ is on sys.path)

#: Steps per chunk of the interleaving (whole hands: a chunk ends with the hand that passes it).
CHUNK = 2000


def ours(players: int, seed: int) -> Callable[[int], tuple[int, int, int]]:
    """uno_lessons' PettingZoo env: a function that plays whole hands until at least
    ``steps`` more steps are made and returns (steps, hands, 0). One env and one picker from
    call to call: ``reset(seed=seed)`` for the first hand, ``reset()`` for every next one."""
    from uno_lessons.agents import env

    e = env(players=players, rules="encanto")
    e.reset(seed=seed)
    pick = random.Random(seed)

    def play(steps: int) -> tuple[int, int, int]:
        made = hands = 0
        while made < steps:
            for _agent in e.agent_iter():
                _obs, _reward, termination, truncation, _info = e.last()
                if termination or truncation:
                    e.step(None)
                    continue
                legal = e.legal_actions()
                e.step(legal[int(pick.random() * len(legal))])
                made += 1
            hands += 1
            e.reset()  # the next hand, from the same Generator
        return made, hands, 0

    return play


def rlcard(players: int, seed: int) -> Callable[[int], tuple[int, int, int]]:
    """RLCard 1.2's UNO env: a function that plays whole games until at least ``steps`` more
    steps are made and returns (steps, games started, games ended by RLCard's IndexError).
    One env (``rlcard.make`` seeds it) and one picker from call to call."""
    import rlcard as rlcard_

    e = rlcard_.make("uno", config={"seed": seed, "game_num_players": players})
    # RLCard 1.2's Env passes game_num_players on only for blackjack and the hold'em games
    # (rlcard/envs/env.py): its UNO env always seats two, whatever is asked. Read, not assumed.
    seated[players] = e.num_players
    pick = random.Random(seed)

    def play(steps: int) -> tuple[int, int, int]:
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

    return play


def batch(players: int, seed: int) -> Callable[[int], tuple[int, int, int]]:
    """``uno_lessons.agents.batch.Batch`` (the env's rules, decisions, observations and
    seeding, without the AEC loop) with the same policy: a function that plays whole hands
    from one Generator until at least ``steps`` more steps are made; returns (steps, hands, 0)."""
    import numpy as np

    from uno_lessons.agents.batch import Batch

    runner, rng, pick = Batch(players, "encanto"), np.random.default_rng(seed), random.Random(seed)

    def policy(seat: int, legal: list[int], observation: object) -> int:
        return legal[int(pick.random() * len(legal))]

    def play(steps: int) -> tuple[int, int, int]:
        made = hands = 0
        while made < steps:
            made += runner.run(1, policy, seed=rng)[0].steps  # every step builds the observation too
            hands += 1
        return made, hands, 0

    return play


def run_ours(players: int, steps: int, seed: int) -> tuple[int, int, int]:
    """Play whole hands in uno_lessons' PettingZoo env until ``steps`` steps are made (the
    hand under way is finished); return (steps, hands, 0)."""
    return ours(players, seed)(steps)


def run_rlcard(players: int, steps: int, seed: int) -> tuple[int, int, int]:
    """Play whole games in RLCard 1.2's UNO env until ``steps`` steps are made; return
    (steps, games started, games ended by RLCard's IndexError)."""
    return rlcard(players, seed)(steps)


def run_batch(players: int, steps: int, seed: int) -> tuple[int, int, int]:
    """Whole hands through ``Batch`` with the same policy until ``steps`` steps are made;
    return (steps, hands, 0)."""
    return batch(players, seed)(steps)


RUNNERS = {"uno_lessons": ours, "rlcard 1.2": rlcard, "batch": batch}
#: Players RLCard's env actually seated, by the count asked for (``rlcard`` notes it).
seated: dict[int, int] = {}


def measure(players: int, steps: int, repeat: int, seed: int, chunk: int = CHUNK) -> dict[str, dict[str, Any]]:
    """``repeat`` runs of about ``steps`` steps per env, interleaved in chunks of about
    ``chunk`` steps (module docstring): per env the median steps/s over the runs, steps per
    game, RLCard's IndexError games (summed), and the per-run ratios to RLCard's steps/s."""
    for make in RUNNERS.values():  # warm up imports and caches, untimed
        make(players, seed)(500)
    runs: dict[str, list[tuple[float, int, int, int, float]]] = {name: [] for name in RUNNERS}
    for _ in range(repeat):
        sides = {name: make(players, seed) for name, make in RUNNERS.items()}  # each run from the seed
        for name, (wall, cpu, (made, games, errors)) in interleaved(sides, steps, chunk).items():
            runs[name].append((wall, made, games, errors, cpu))
    out: dict[str, dict[str, Any]] = {name: {
        "steps/s": statistics.median(m / t for t, m, *_ in rows),
        "spread": (min(m / t for t, m, *_ in rows), max(m / t for t, m, *_ in rows)),
        "steps/game": statistics.median(m / g for _, m, g, *_ in rows),
        "errors": sum(err for *_, err, _ in rows),
    } for name, rows in runs.items()}
    theirs = runs["rlcard 1.2"]
    for name in ("uno_lessons", "batch"):
        pairs = list(zip(runs[name], theirs, strict=True))
        out[name]["ratios"] = [(m1 / t1) / (m2 / t2) for (t1, m1, *_), (t2, m2, *_) in pairs]
        out[name]["cpu ratios"] = [(m1 / c1) / (m2 / c2) for (_, m1, _, _, c1), (_, m2, _, _, c2) in pairs]
    return out


def main() -> None:
    """Run the envs for each player count and print steps/s, the spread and the ratios."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--steps", type=int, default=20000, help="steps per run and env (whole games)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 10])
    ap.add_argument("--repeat", type=int, default=5, help="runs per player count; the median is reported")
    ap.add_argument("--chunk", type=int, default=CHUNK, help="steps per chunk of the interleaving (whole hands)")
    ap.add_argument("--seed", type=int, default=12345)
    args = ap.parse_args()
    try:
        import pettingzoo  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("PettingZoo or RLCard is missing: pip install -e '.[agents,bench]'") from None
    from uno_lessons.engine import compiled

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"# command: {' '.join(['python', *sys.argv])}")
    print(f"# engine: {compiled.ENGINE}")  # compiled with mypyc, or Python (uno_lessons.engine.compiled)
    print(f"# {os.cpu_count()} cores, load average {load}; {args.steps} steps per run and env in chunks of "
          f"{args.chunk}, {args.repeat} runs, seed {args.seed}")
    print(f"{'players':>7} {'env':<12} {'steps/s':>9} {'min':>9} {'max':>9} {'steps/game':>10}")
    for n in args.players:
        res = measure(n, args.steps, args.repeat, args.seed, args.chunk)
        for name in RUNNERS:
            r = res[name]
            low, high = r["spread"]
            note = f"   ({r['errors']} games ended in RLCard's IndexError)" if name == "rlcard 1.2" else ""
            print(f"{n:>7} {name:<12} {r['steps/s']:>9.0f} {low:>9.0f} {high:>9.0f} {r['steps/game']:>10.1f}{note}")
        if seated.get(n, n) != n:
            print(f"{n:>7} (RLCard's env was asked for {n} players and seated {seated[n]}: its UNO env ignores "
                  "game_num_players)")
        env_r, batch_r = res["uno_lessons"]["ratios"], res["batch"]["ratios"]
        print(f"{n:>7} ratio uno_lessons / rlcard: steps/s {statistics.median(env_r):.2f}; "
              f"batch / rlcard: {statistics.median(batch_r):.2f}")
        print(f"{n:>7} ratios per run: env {min(env_r):.2f}-{max(env_r):.2f}, batch {min(batch_r):.2f}-{max(batch_r):.2f}")
        env_c, batch_c = res["uno_lessons"]["cpu ratios"], res["batch"]["cpu ratios"]
        print(f"{n:>7} ratio per CPU-second: env {statistics.median(env_c):.2f} (runs {min(env_c):.2f}-{max(env_c):.2f}), "
              f"batch {statistics.median(batch_c):.2f} (runs {min(batch_c):.2f}-{max(batch_c):.2f})")


if __name__ == "__main__":
    main()
