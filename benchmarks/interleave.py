"""What the speed benchmarks share: sides timed in short chunks, taking turns.

``engine_speed.py`` and ``agents_speed.py`` both compare uno_lessons with RLCard on a shared
machine, whose cores drift in speed by 20% and more within seconds. Timing each side for a
whole run, one after the other, lets each catch a different part of that drift; chunks a
few milliseconds long, in the order A B, B A, A B, ..., let all sides catch the same parts.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

#: A side: ``play(k)`` goes on playing from where it stopped, at least ``k`` more of what is
#: counted (games, or steps in whole hands), and returns three counts, that count first.
Side = Callable[[int], tuple[int, int, int]]


def interleaved(sides: Mapping[str, Side], target: int, chunk: int) -> dict[str, tuple[float, float, list[int]]]:
    """Play every side until its first count reaches ``target``, ``chunk`` at a time, the
    sides taking turns in the order A B, B A, ...; per side the wall-clock seconds, the
    CPU seconds of this process and its counts summed over the chunks."""
    names = list(sides)
    wall = dict.fromkeys(names, 0.0)
    cpu = dict.fromkeys(names, 0.0)
    counts = {name: [0, 0, 0] for name in names}
    turn = 0
    while any(counts[name][0] < target for name in names):
        for name in names if turn % 2 == 0 else names[::-1]:  # A B, B A, ...: drift cancels
            left = target - counts[name][0]
            if left <= 0:
                continue
            start, spent = time.perf_counter(), time.process_time()
            got = sides[name](min(chunk, left))
            wall[name] += time.perf_counter() - start
            cpu[name] += time.process_time() - spent
            counts[name] = [a + b for a, b in zip(counts[name], got, strict=True)]
        turn += 1
    return {name: (wall[name], cpu[name], counts[name]) for name in names}
