"""The review's worker: a process of its own that weighs a finished hand's decisions.

``python -m uno_lessons.coach.worker`` reads one request, a line of JSON on its standard
input (:func:`request_line`: a table's config and records, the hand, the rollouts, the seed,
and optionally the seats whose decisions to weigh), and writes one line of JSON per message:
``{"total": n}`` first, then ``{"number": k, "rollouts": r, "options": [...]}`` for each
decision as it is weighed (each option ``[kind, card, colour, target, win, stderr, n,
versus, versus stderr]``), and ``{"done": true}`` at the end; ``{"error": sentence}`` when
the request cannot be done (a hand still being played: the table refuses it).

Why a process: the coach's rollouts are seconds of CPU, and a page's kernel also runs its
live table. In a process of its own, at a lower priority (``NICE``), the analysis never
holds the kernel's interpreter and yields the CPU to every live table on the machine. It
ends when it is done, or at its next line once nobody reads it any more.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Collection, Iterator
from typing import IO, Any

from ..engine.cards import Card, Color
from ..engine.moves import Move
from .advice import Advice, Option
from .review import decisions, weigh

__all__ = ["NICE", "request_line", "messages", "option_data", "option_of", "main"]

#: How much lower than the kernel's the worker's priority is (``os.nice``).
NICE = 10


def request_line(config: str, records: list[str], hand: int, *, rollouts: int, seed: int,
                 seats: Collection[int] | None = None) -> str:
    """The request for hand ``hand`` of the table of ``config`` (its JSON text) and
    ``records`` (as stored), as the worker reads it."""
    return json.dumps({"config": config, "records": list(records), "hand": hand, "rollouts": rollouts,
                       "seed": seed, "seats": None if seats is None else sorted(seats)}) + "\n"


def option_data(option: Option) -> list[Any]:
    """One option as plain data: the move's kind, card, colour and target, then its
    estimate and its paired difference from the best."""
    m = option.move
    return [str(m.kind), None if m.card is None else m.card.code, None if m.color is None else m.color.value,
            m.target, option.win.value, option.win.stderr, option.win.n, option.versus_best.value,
            option.versus_best.stderr]


def option_of(data: list[Any], legal: list[Move]) -> Option:
    """The option ``data`` (:func:`option_data`) with the engine's own move of ``legal``."""
    from ..simulation.estimate import Estimate

    kind, card, color, target, value, stderr, n, versus, versus_se = data
    move = Move(kind, None if card is None else Card.parse(card), None if color is None else Color.parse(color),
                target)
    return Option(legal[legal.index(move)], Estimate(value, stderr, n), Estimate(versus, versus_se, n))


def messages(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The worker's messages for ``request``, one at a time (see the module)."""
    from ..table.config import TableConfig, TableError
    from ..table.hands import finished_hand

    try:
        config = TableConfig.from_json(request["config"])
        start, actions = finished_hand(config, request["records"], request["hand"])
        seats = request.get("seats")
        todo = decisions(start, actions, seats)
    except (TableError, ValueError) as exc:
        yield {"error": str(exc)}
        return
    yield {"total": len(todo)}
    advice: Advice
    for number, advice in weigh(start, actions, rollouts=request["rollouts"], seed=request["seed"], seats=seats):
        yield {"number": number, "rollouts": advice.rollouts, "options": [option_data(o) for o in advice.options]}
    yield {"done": True}


def main(stdin: IO[str] = sys.stdin, stdout: IO[str] = sys.stdout) -> int:
    """Read the request, write the messages; 0 when done."""
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: the analysis still runs, at the kernel's priority
        pass
    request = json.loads(stdin.readline())
    try:
        for message in messages(request):
            stdout.write(json.dumps(message) + "\n")
            stdout.flush()
    except BrokenPipeError:  # the page that asked is gone: nobody reads the rest
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
