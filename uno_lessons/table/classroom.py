"""A class, not a table: one code for a whole class, seated by the server at tables of ten or fewer.

A table holds at most ten players (E-SETUP), so a class of 30 plays at several tables. The
teacher opens a *class* for N learners (:func:`open_class`): the store makes as many tables
as needed, balanced (their learner seats differ by at most one), each with the bots the
teacher chose, all under the class's one teacher key. Learners are given one class code;
:func:`seat_learner` seats each arriving learner at a table, chosen by the server (the table
with the most free learner seats, ties by order), and returns the seat's handle as
:meth:`.Store.join` does (its token brings the learner back, as at any table).

A class is kept in the same backend as its tables, as a row of its own: its settings (the
tables' codes) and the teacher key's hash, and a log of records appended with
compare-and-append, which is what makes seating safe when learners arrive at once:

* ``["hold", table, seat, time]``: the seat is held for the learner who is sitting down.
  A learner is seated in two steps (hold it in the class log, then join the table), and the
  class log's compare-and-append puts every hold in one order, so two arrivals never choose
  the same seat and the tables stay balanced. A hold lasts :data:`HOLD_SECONDS` while the
  seat is free (a page that died between the steps frees its seat again).
* ``["move", table, seat, to_table, to_seat, token_hash, time]``: the teacher moved the
  learner at ``(table, seat)`` (whose seat token hashes to ``token_hash``) to a free seat at
  another table; that seat is held for them for :data:`MOVE_HOLD_SECONDS`, and their old seat
  goes to a bot. The learner's page takes the new seat with :func:`follow`: its new token is
  derived from the old one (:func:`moved_token`), so only the holder of the old seat's token
  can take it, and taking it again (a reload) gives the same seat back.

The class's teacher handle (:class:`ClassTeacher`) sees every table (:class:`ClassWatch`),
opens any of them as its teacher, moves a learner and hands a seat to a bot or back.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.rules import Rules
from ..i18n import _
from .config import (
    TableError,
    clean_name,
    digest,
    new_code,
    new_secret,
    normal_code,
    rules_named,
    same_secret,
    with_house,
)
from .faults import failing
from .handles import SeatHandle, TeacherHandle
from .kinds import BOT_KINDS, SeatKind
from .state import TableState
from .views import TableView

if TYPE_CHECKING:
    from .store import Store

#: Seconds a seat stays held for a learner who is sitting down (then it is free again).
HOLD_SECONDS = 30.0
#: Seconds a seat at another table stays held for a learner the teacher moved there.
MOVE_HOLD_SECONDS = 600.0
#: How often seating is tried again after another arrival came first.
RETRIES = 60
#: The most learners one class is made for (the store makes a table per ten).
MAX_LEARNERS = 200


@dataclass(frozen=True)
class ClassPlan:
    """The tables of a class: for each table, its learner seats and its bot seats."""

    learners: tuple[int, ...]
    bots: tuple[int, ...]

    @property
    def tables(self) -> int:
        """How many tables."""
        return len(self.learners)

    def seats(self, table: int, bot: str) -> list[str]:
        """Who sits at each seat of ``table``: its learners first, then its bots."""
        return [SeatKind.HUMAN.value] * self.learners[table] + [bot] * self.bots[table]


def plan_tables(learners: int, per_table: int | None = None, bots: int = 0, *, fill: bool = False,
                rules: Rules | None = None) -> ClassPlan:
    """The tables for ``learners`` learners at tables of at most ``per_table`` players
    (default and most: the rules' ``max_players``, 10), ``bots`` of them bots at every
    table: as few tables as hold the class, their learner seats balanced (they differ by at
    most one). ``fill``: bots also take every seat the learners leave, so each table has
    ``per_table`` players. TableError, with a sentence for the teacher, when no such tables
    can be made."""
    rules = rules or Rules()
    most = rules.max_players
    per_table = most if per_table is None else per_table
    for value in (learners, per_table, bots):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TableError(_("The numbers of learners, players at a table and bots are whole numbers."))
    if not 1 <= learners <= MAX_LEARNERS:
        raise TableError(_("A class has 1 to {most} learners.", most=MAX_LEARNERS))
    if not rules.min_players <= per_table <= most:
        raise TableError(_("A table seats {low} to {high} players.", low=rules.min_players, high=most))
    if not 0 <= bots < per_table:
        raise TableError(_("At least one seat at each table is a learner's: choose fewer than "
                           "{n} bots a table.", n=per_table))
    room = per_table - bots
    tables = -(-learners // room)  # as few tables as hold the class
    seated = [learners // tables + (1 if t < learners % tables else 0) for t in range(tables)]
    extra = [per_table - n if fill else bots for n in seated]
    if any(n + b < rules.min_players for n, b in zip(seated, extra)):
        raise TableError(_("A table needs at least {low} players: add a bot at each table or "
                           "invite more learners.", low=rules.min_players))
    return ClassPlan(tuple(seated), tuple(extra))


@dataclass(frozen=True)
class Hold:
    """A seat held in the class log: for an arriving learner (``token_hash`` None) until
    ``until``, or for the moved learner whose old seat's token hashes to ``token_hash``."""

    table: int
    seat: int
    until: float
    token_hash: str | None = None
    origin: tuple[int, int] | None = None  # a moved learner's old (table, seat)


@dataclass(frozen=True)
class ClassState:
    """A class as its store holds it: code, its tables' codes and its log (the holds and
    moves, newest last), read at ``seq`` records."""

    code: str
    tables: tuple[str, ...]
    settings: dict[str, Any]
    holds: tuple[Hold, ...]
    seq: int

    def index(self, table_code: str) -> int:
        """Which of the class's tables ``table_code`` is; TableError if it is not one."""
        code = normal_code(table_code)
        if code not in self.tables:
            raise TableError(_("Table {table} is not one of class {code}'s tables.", table=code, code=self.code))
        return self.tables.index(code)

    def held(self, table: int, seat: int, now: float) -> Hold | None:
        """The newest hold on ``(table, seat)`` that still lasts at ``now``, if any."""
        for hold in reversed(self.holds):
            if (hold.table, hold.seat) == (table, seat):
                return hold if hold.until > now else None
        return None

    def move_of(self, table: int, seat: int) -> Hold | None:
        """The newest move of the learner who sat at ``(table, seat)``, if any."""
        for hold in reversed(self.holds):
            if hold.origin == (table, seat):
                return hold
        return None


def _decode(text: str) -> Hold:
    fields = json.loads(text)
    if fields[0] == "hold":
        return Hold(int(fields[1]), int(fields[2]), float(fields[3]) + HOLD_SECONDS)
    if fields[0] == "move":
        return Hold(int(fields[3]), int(fields[4]), float(fields[6]) + MOVE_HOLD_SECONDS, str(fields[5]),
                    (int(fields[1]), int(fields[2])))
    raise ValueError(fields[0])


def open_class(store: Store, learners: int, *, per_table: int | None = None, bots: int = 0,
               bot: str = "sensible", fill: bool = False, rules: str | Rules = "encanto",
               house: Sequence[str] = ()) -> tuple[str, str]:
    """Open a class of ``learners`` learners in ``store``: its tables (:func:`plan_tables`:
    at most ``per_table`` players, ``bots`` bots of kind ``bot`` at each, ``fill`` the
    learners' spare seats with bots too), each with a secret deal and the ``rules`` (a rule
    set's name or a whole ``Rules`` value, every setting kept) with the ``house`` rules on
    as well, and the class that seats learners at them. Returns ``(class_code,
    teacher_key)``: the key opens the class and every one of its tables as their teacher;
    keep it secret. TableError (nothing made) for settings no table can have."""
    if bot not in BOT_KINDS:
        raise TableError(_("A seat is played by a learner (human) or a bot ({bots}).", bots=", ".join(BOT_KINDS)))
    played = rules_named(rules, house) if isinstance(rules, str) else with_house(rules, house)
    plan = plan_tables(learners, per_table, bots, fill=fill, rules=played)
    key = new_secret()
    tables = [store.create(sum((plan.learners[t], plan.bots[t])), plan.seats(t, bot), rules=played,
                           teacher_key=key)[0] for t in range(plan.tables)]
    settings = json.dumps({"class": 1, "tables": tables, "learners": learners, "per_table": per_table,
                           "bots": bots, "bot": bot, "fill": fill, "rules": played.to_dict()})
    for _attempt in range(20):
        code = new_code()
        with failing(store.backend, "create", writes=True):
            made = store.backend.create(code, settings, digest(key))
        if made:
            return code, key
    raise TableError(_("No free class code was found; try again."))


def load_class(store: Store, code: str) -> ClassState:
    """Class ``code`` as the store holds it now; TableError if there is no such class (a
    table's code says so: it is the code of one table, not of a class)."""
    code = normal_code(code)
    with failing(store.backend, "table", writes=False):
        row = store.backend.table(code)
    settings = _settings(row[0]) if row is not None else None
    if settings is None:
        if row is not None:
            raise TableError(_("{code} is the code of a table, not of a class: open it as a table.", code=code))
        raise TableError(_("There is no class {code}. Check the code with your teacher.", code=code))
    texts = store.records(code)
    try:
        holds = tuple(_decode(text) for text in texts)
    except (ValueError, TypeError, IndexError, KeyError) as exc:
        raise TableError(_("Class {code} cannot be opened: its seating plan was edited by hand. "
                           "Open a new class.", code=code)) from exc
    return ClassState(code, tuple(settings["tables"]), settings, holds, len(texts))


def is_class(store: Store, code: str) -> bool:
    """Whether ``code`` names a class (rather than a table, or nothing)."""
    try:
        code = normal_code(code)
    except TableError:
        return False
    with failing(store.backend, "table", writes=False):
        row = store.backend.table(code)
    return row is not None and _settings(row[0]) is not None


def _settings(text: str) -> dict[str, Any] | None:
    try:
        settings = json.loads(text)
    except ValueError:
        return None
    ok = isinstance(settings, dict) and settings.get("class") == 1 and isinstance(settings.get("tables"), list)
    return settings if ok else None


def free_places(state: ClassState, tables: Sequence[TableState], now: float) -> list[list[int]]:
    """For each table of the class, its learner seats that are free and held for nobody (a
    closed table has none)."""
    return [places_at(state, i, t, now) for i, t in enumerate(tables)]


def places_at(state: ClassState, index: int, table: TableState, now: float) -> list[int]:
    """The learner seats of the class's table ``index`` (now ``table``) that are free and
    held for nobody."""
    return [] if table.closed else [s for s in table.free_seats() if state.held(index, s, now) is None]


def choose_table(places: Sequence[Sequence[int]]) -> int | None:
    """The table a learner is seated at: the one with the most free places, the first of
    those that tie; None when every seat is taken."""
    best = max(range(len(places)), key=lambda i: (len(places[i]), -i), default=None)
    return best if best is not None and places[best] else None


def seat_learner(store: Store, code: str, name: str) -> SeatHandle:
    """Seat a learner arriving at class ``code`` under ``name``, at the table the server
    chooses (:func:`choose_table`); returns their seat's handle (keep ``handle.token`` to
    come back). Learners arriving at once are put in one order by the class log, so no two
    get one seat and the tables stay balanced. TableError, nothing held, when every seat is
    taken or the name is empty."""
    name = clean_name(name)
    for _attempt in range(RETRIES):
        state = load_class(store, code)
        tables = [store.load(t) for t in state.tables]
        now = time.time()
        places = free_places(state, tables, now)
        table = choose_table(places)
        if table is None:
            raise TableError(_("Every learner's seat in class {code} is taken; ask your teacher "
                               "for a seat.", code=state.code))
        seat = places[table][0]
        hold = json.dumps(["hold", table, seat, now])
        if not store.append_checked(state.code, state.seq, [hold]):
            continue  # another learner arrived first: look again
        try:
            return store.join(state.tables[table], seat=seat, name=name)
        except TableError as exc:
            if type(exc) is not TableError:  # the store failing, or the table closed: say so
                raise
            continue  # the seat went another way (a teacher's link): look again
    raise TableError(_("The class is very busy; try again."))


def moved_token(token: str, table_code: str, seat: int) -> str:
    """The token of the seat at ``table_code`` a learner holding ``token`` was moved to:
    only they can work it out, and it is the same every time they ask."""
    mac = hmac.new(token.encode(), f"move:{table_code}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")


def follow(store: Store, code: str, table_code: str, token: str) -> SeatHandle | None:
    """Where the learner holding ``token`` at ``table_code`` now sits: None when the teacher
    has not moved them (or gave them their old seat back), else the handle of the seat they
    were moved to (taken now, or again after a reload). TableError when that seat is no
    longer theirs to take."""
    state = load_class(store, code)
    table = state.index(table_code)
    old = store.rejoin(state.tables[table], token)  # TableError: not a seat here
    move = state.move_of(table, old.seat)
    if move is None or move.token_hash is None or not same_secret(token, move.token_hash):
        return None
    if not old.state.is_bot(old.seat):
        return None  # the teacher gave the seat back: the learner stays
    to_code = state.tables[move.table]
    new = moved_token(token, to_code, move.seat)
    with failing(store.backend, "seat_tokens", writes=False):
        taken = store.backend.seat_tokens(to_code).get(move.seat)
    if taken is not None:
        if same_secret(new, taken):
            return store.rejoin(to_code, new)
        raise TableError(_("Your teacher moved you to table {table}, but that seat was taken; ask "
                           "your teacher for a seat.", table=to_code))
    if move.until <= time.time():
        raise TableError(_("Your teacher moved you to table {table}, but the seat kept for you there "
                           "is free for others now; ask your teacher for a seat.", table=to_code))
    return store.join(to_code, seat=move.seat, name=old.state.names[old.seat], token=new)


class ClassTeacher:
    """The teacher of a class: every table's summary, each table's teacher handle, moving a
    learner to another table and handing a seat to a bot (or back)."""

    def __init__(self, store: Store, code: str, key: str) -> None:
        code = normal_code(code)
        with failing(store.backend, "table", writes=False):
            row = store.backend.table(code)
        if row is None or _settings(row[0]) is None or not same_secret(key, row[1]):
            raise TableError(_("This teacher key does not open class {code}.", code=code))
        self.store, self.code, self.key = store, code, key

    def state(self) -> ClassState:
        """The class as the store holds it now."""
        return load_class(self.store, self.code)

    def tables(self) -> list[TableView]:
        """Every table of the class as a spectator sees it (no hand), in order."""
        return ClassWatch(self.store, self.code).views()

    def table(self, table_code: str) -> TeacherHandle:
        """Table ``table_code`` of the class, opened as its teacher."""
        state = self.state()
        return self.store.teacher(state.tables[state.index(table_code)], self.key)

    def to_bot(self, table_code: str, seat: int, kind: str = "sensible") -> None:
        """Give ``seat`` at ``table_code`` to a bot of ``kind`` (or back to its learner,
        ``"human"``)."""
        self.table(table_code).set_seat(seat, kind)

    def move(self, table_code: str, seat: int, to_table: str, to_seat: int | None = None,
             bot: str = "sensible") -> tuple[str, int]:
        """Move the learner at ``seat`` of ``table_code`` to a free learner seat of
        ``to_table`` (``to_seat``, or its first free one): the seat is held for them, their
        old seat goes to a bot of kind ``bot``, and their page takes the new seat
        (:func:`follow`). Returns the new (table code, seat). TableError, nothing changed,
        when the learner or the seat is not there."""
        for _attempt in range(RETRIES):
            state = self.state()
            i, j = state.index(table_code), state.index(to_table)
            old, new = self.store.load(state.tables[i]), self.store.load(state.tables[j])
            if not (isinstance(seat, int) and 0 <= seat < old.players and seat in old.claimed
                    and not old.is_bot(seat)):
                raise TableError(_("No learner plays seat {seat} at table {table} now.", seat=seat,
                                   table=state.tables[i]))
            if i == j:
                raise TableError(_("{name} already sits at table {table}: choose another table.",
                                   name=old.names[seat], table=state.tables[i]))
            free = places_at(state, j, new, time.time())
            if to_seat is not None:
                free = [s for s in free if s == to_seat]
            if not free:
                raise TableError(_("Table {table} has no free learner seat to move {name} to.",
                                   table=state.tables[j], name=old.names[seat]))
            with failing(self.store.backend, "seat_tokens", writes=False):
                token_hash = self.store.backend.seat_tokens(state.tables[i])[seat]
            record = json.dumps(["move", i, seat, j, free[0], token_hash, time.time()])
            if self.store.append_checked(self.code, state.seq, [record]):
                self.to_bot(state.tables[i], seat, bot)
                return state.tables[j], free[0]
        raise TableError(_("The class is very busy; try again."))


class ClassWatch:
    """Every table of class ``code`` kept in step, as a spectator sees them (no hand): what
    the class's teacher page and projector draw. :meth:`sync` reads only what is new."""

    def __init__(self, store: Store, code: str) -> None:
        self.store = store
        self.state = load_class(store, code)
        self.code = self.state.code
        self.handles = [store.watch(t) for t in self.state.tables]

    def sync(self) -> bool:
        """Take in what happened at every table and in the class since the last look;
        whether anything did."""
        seq = self.state.seq
        if self.store.seq(self.code) != seq:
            self.state = load_class(self.store, self.code)
        changed = [h.sync() for h in self.handles]
        return self.state.seq != seq or any(changed)

    def views(self) -> list[TableView]:
        """Each table as a spectator sees it, in order."""
        return [h.view() for h in self.handles]
