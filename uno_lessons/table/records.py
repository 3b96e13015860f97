"""The records a table is made of: moves and table actions as small JSON lists.

A record is what the store appends and every page replays, in one total order:

=====================================  ==================================================
``["move", seat, kind, card, colour, target]``  a move of the seat to play (engine ``Move``)
``["jump", seat, card, target]``       the seat jumps in out of turn (H-JUMP; ``target``: whom
                                       a 7 swaps with under H-SEVEN-ZERO, else null)
``["uno", seat]``                      the seat says "UNO" (E-UNO-1, E-UNO-5)
``["catch", seat, target]``            the seat calls out ``target`` (E-UNO-2, E-UNO-3)
``["talk", seat]``                     the seat talks (E-WDT-2)
``["deal"]``                           the next hand of the match is dealt (E-SCORE-4)
``["join", seat, name]``               a learner takes a free seat under that name
``["seat", seat, kind]``               the teacher hands a seat to a bot or back to a learner
``["speed", key]``                     the teacher sets how long bots pause before moving
``["close"]``                          the teacher closes the table: nothing more happens
=====================================  ==================================================

Records hold no secrets (tokens live beside them, hashed) and no cards anyone drew: those
follow from the seed, which is as secret as the hands (see :mod:`.config`), so the log can
be shown and exported; only the store and the server replay it.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.asides import Aside, Catch, JumpIn, SayUno
from ..engine.cards import Card, Color
from ..engine.moves import KINDS, Move
from ..i18n import _
from .config import TableError
from .kinds import SeatKind

#: Pause before each bot move, in seconds.
SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.35, "turbo": 0.08}
RECORD_KINDS = ("move", "jump", "uno", "catch", "talk", "deal", "join", "seat", "speed", "close")

Record = list[Any]


def move_record(seat: int, move: Move) -> Record:
    """The record of ``move`` made by ``seat``."""
    return ["move", seat, move.kind, None if move.card is None else move.card.code,
            None if move.color is None else move.color.value, move.target]


def record_move(record: Record) -> Move:
    """The engine move a ``move`` record holds."""
    _kind, _seat, kind, card, color, target = record
    return Move(kind, None if card is None else Card.parse(card),
                None if color is None else Color(color), target)


def jump_record(seat: int, card: Card | str, target: int | None = None) -> Record:
    """The record of ``seat`` jumping in with ``card`` (H-JUMP; ``target``: whom a 7 swaps
    with under H-SEVEN-ZERO)."""
    return ["jump", seat, Card.parse(card).code, target]


def aside_record(action: Aside) -> Record:
    """The record of an out-of-turn action (:mod:`~uno_lessons.engine.asides`)."""
    if isinstance(action, JumpIn):
        return jump_record(action.seat, action.card, action.target)
    if isinstance(action, Catch):
        return ["catch", action.caller, action.target]
    return ["uno" if isinstance(action, SayUno) else "talk", action.seat]


def encode(record: Record) -> str:
    """A record as the JSON text the store keeps."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


def decode(text: str | bytes) -> Record:
    """A record from stored JSON text, checked for shape (not for legality); TableError if
    it is not a record this version writes."""
    try:
        rec = json.loads(text)
        _check_shape(rec)
        if rec[0] == "move":
            record_move(rec)
        elif rec[0] == "jump":
            Card.parse(rec[2])
        return rec
    except TableError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        raise TableError(_("A stored record cannot be read ({detail}).", detail=str(exc)[:80])) from exc


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 16


def _check_shape(rec: Any) -> None:
    if not isinstance(rec, list) or not rec or rec[0] not in RECORD_KINDS:
        raise ValueError(f"unknown record {str(rec)[:40]}")
    kind, n = rec[0], len(rec)
    ok = {
        "move": n == 6 and _is_seat(rec[1]) and rec[2] in KINDS,
        "jump": n == 4 and _is_seat(rec[1]) and isinstance(rec[2], str) and (rec[3] is None or _is_seat(rec[3])),
        "uno": n == 2 and _is_seat(rec[1]),
        "talk": n == 2 and _is_seat(rec[1]),
        "catch": n == 3 and _is_seat(rec[1]) and _is_seat(rec[2]),
        "deal": n == 1,
        "join": n == 3 and _is_seat(rec[1]) and isinstance(rec[2], str),
        "seat": n == 3 and _is_seat(rec[1]) and SeatKind.known(rec[2]),
        "speed": n == 2 and rec[1] in SPEEDS,
        "close": n == 1,
    }[kind]
    if not ok:
        raise ValueError(f"malformed {kind} record {str(rec)[:60]}")
