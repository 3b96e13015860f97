"""The records a table is made of: moves and table actions as typed values, each with one
encoding as a small JSON list (the store's text).

A record is what the store appends and every page replays, in one total order. A move of
the seat to play is a :class:`Moved` (the engine's ``Move`` with its seat); what any seat
does out of turn is the engine's own value (:mod:`uno_lessons.engine.asides`); the rest
are the table's:

==========================================  ==================================================
value                                       stored as
==========================================  ==================================================
``Moved(seat, move)``                       ``["move", seat, kind, card, colour, target]``
``JumpIn(seat, card, target)``              ``["jump", seat, card, target]`` (H-JUMP; ``target``:
                                            whom a 7 swaps with under H-SEVEN-ZERO, else null)
``SayUno(seat)``                            ``["uno", seat]`` (E-UNO-1, E-UNO-5)
``Catch(caller, target)``                   ``["catch", caller, target]`` (E-UNO-2, E-UNO-3)
``Talk(seat)``                              ``["talk", seat]`` (E-WDT-2)
``Deal()``                                  ``["deal"]``: the next hand of the match (E-SCORE-4)
``Join(seat, name)``                        ``["join", seat, name]``: a learner takes a free seat
``Seated(seat, kind)``                      ``["seat", seat, kind]``: the teacher hands a seat to a
                                            bot or back to a learner
``Speed(key)``                              ``["speed", key]``: how long bots pause before moving
``Close()``                                 ``["close"]``: nothing more happens
==========================================  ==================================================

:func:`encode` and :func:`decode` (through :func:`fields_of` and :func:`from_fields`, the
JSON list) are the one encoding (the stored text is what it was
before records were typed, so stored tables load as they did). Records hold no secrets
(tokens live beside them, hashed) and no cards anyone drew: those follow from the seed,
which is as secret as the hands (see :mod:`.config`), so the log can be shown and
exported; only the store and the server replay it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..engine.asides import Catch, JumpIn, SayUno, Talk
from ..engine.cards import Card, Color
from ..engine.moves import KINDS, Move
from ..i18n import _
from .config import TableError
from .kinds import SeatKind

#: Pause before each bot move, in seconds.
SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.35, "turbo": 0.08}
RECORD_KINDS = ("move", "jump", "uno", "catch", "talk", "deal", "join", "seat", "speed", "close")


@dataclass(frozen=True, slots=True)
class Moved:
    """``seat``, the seat to play, makes ``move`` (an engine ``Move``)."""

    seat: int
    move: Move


@dataclass(frozen=True, slots=True)
class Deal:
    """The next hand of the match is dealt (E-SCORE-4)."""


@dataclass(frozen=True, slots=True)
class Join:
    """A learner takes the free seat ``seat`` under ``name``."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class Seated:
    """The teacher hands ``seat`` to a bot of ``kind`` or back to a learner."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Speed:
    """The teacher sets how long bots pause before moving (a key of :data:`SPEEDS`)."""

    key: str


@dataclass(frozen=True, slots=True)
class Close:
    """The teacher closes the table: nothing more happens."""


#: Any record: a move, an out-of-turn action, or one of the table's own.
Record = Moved | JumpIn | SayUno | Catch | Talk | Deal | Join | Seated | Speed | Close


def kind_of(record: Record) -> str:
    """The record's kind, the first word of its stored list ("move", "jump", "uno", …)."""
    return _KIND[type(record)]


_KIND: dict[type, str] = {Moved: "move", JumpIn: "jump", SayUno: "uno", Catch: "catch", Talk: "talk", Deal: "deal",
                          Join: "join", Seated: "seat", Speed: "speed", Close: "close"}


def fields_of(record: Record) -> list[Any]:
    """The record as its stored JSON list (see the table above)."""
    if type(record) is Moved:
        move = record.move
        return ["move", record.seat, move.kind, None if move.card is None else move.card.code,
                None if move.color is None else move.color.value, move.target]
    if type(record) is JumpIn:
        return ["jump", record.seat, record.card.code, record.target]
    if type(record) is Catch:
        return ["catch", record.caller, record.target]
    if type(record) is SayUno or type(record) is Talk:
        return [kind_of(record), record.seat]
    if type(record) is Join:
        return ["join", record.seat, record.name]
    if type(record) is Seated:
        return ["seat", record.seat, str(record.kind)]
    if type(record) is Speed:
        return ["speed", record.key]
    return [kind_of(record)]  # Deal, Close


def encode(record: Record) -> str:
    """A record as the JSON text the store keeps."""
    return json.dumps(fields_of(record), separators=(",", ":"), ensure_ascii=False)


def decode(text: str | bytes) -> Record:
    """A record from stored JSON text, checked for shape (not for legality); TableError if
    it is not a record this version writes."""
    try:
        rec = json.loads(text)
    except ValueError as exc:
        raise TableError(_("A stored record cannot be read ({detail}).", detail=str(exc)[:80])) from exc
    return from_fields(rec)


def from_fields(rec: Any) -> Record:
    """The record a stored JSON list holds (``fields_of``'s inverse), checked for shape (not
    for legality); TableError if it is not a record this version writes."""
    try:
        _check_shape(rec)
        return _built(rec)
    except (ValueError, TypeError, KeyError) as exc:
        raise TableError(_("A stored record cannot be read ({detail}).", detail=str(exc)[:80])) from exc


def _built(rec: list[Any]) -> Record:
    kind = rec[0]
    if kind == "move":
        _kind, seat, move_kind, card, color, target = rec
        return Moved(seat, Move(move_kind, None if card is None else Card.parse(card),
                                None if color is None else Color(color), target))
    if kind == "jump":
        return JumpIn(rec[1], Card.parse(rec[2]), rec[3])
    if kind == "uno":
        return SayUno(rec[1])
    if kind == "catch":
        return Catch(rec[1], rec[2])
    if kind == "talk":
        return Talk(rec[1])
    if kind == "join":
        return Join(rec[1], rec[2])
    if kind == "seat":
        return Seated(rec[1], SeatKind(rec[2]))
    if kind == "speed":
        return Speed(rec[1])
    return Deal() if kind == "deal" else Close()


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
