"""The table's store: who may keep what at a class table, composed with a :class:`~.backend.Backend`.

:class:`Store` is the whole public interface of class tables (``create``, ``join``,
``rejoin``, ``watch``, ``teacher``, and for the handles ``records``, ``append_checked`` and
``wait_seq``). It decides: a table's config is checked and its first hand dealt before it is
made, a seat is claimed together with its join record, a token or teacher key is compared
with the hash the backend keeps; the handles it returns check every action at the newest
position. What it allowed is kept by its backend (:mod:`.backend`: SQLite, Redis or memory),
which only stores text and appends records if the table still has the expected number.

``open_store(url)`` opens the backend the URL names (:func:`~.backend.open_backend`:
``"sqlite:///path/to/file.db"``, ``"redis://host:port/0"``, ``"memory://"``, or ``None``:
the URL in ``UNO_LESSONS_STORE``, else SQLite in the folder ``UNO_LESSONS_DATA``, default
``~/.local/share/uno_lessons``). The SQLite file holds every table's seed (so every hand):
it and its folder are made for their owner alone, and loosened ones are closed again at open
(:func:`~.sqlite.secure_store_file`).

A backend that fails (a locked file, a server away, a full disk, a timeout) raises its
library's error; the store makes every call to it inside :func:`~.faults.failing`, so the
page gets :class:`~.faults.StoreError` with a sentence for the learner, and the details go
to the server's log (its terminal), never to a page. A table idle for
``UNO_LESSONS_KEEP_DAYS`` days (default 30) is removed by the store.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.rules import Rules
from ..i18n import _
from .backend import Backend, Claim, open_backend
from .config import (
    TableClosed,
    TableConfig,
    TableError,
    clean_name,
    digest,
    new_code,
    new_secret,
    normal_code,
    same_secret,
)
from .faults import StoreError, failing
from .handles import SeatHandle, Spectator, TeacherHandle
from .news import News
from .records import Join, encode
from .state import TableState


class Store:
    """Class tables kept as config + records in ``backend``: ``create``, ``join``,
    ``rejoin``, ``watch`` and ``teacher`` open them; ``records``, ``append_checked`` and
    ``wait_seq`` are what the handles it returns read and write through. Every call to the
    backend raises :class:`~.faults.StoreError` (with a sentence) when the backend fails."""

    def __init__(self, backend: Backend) -> None:
        #: Where the tables are kept (:class:`~.backend.Backend`).
        self.backend = backend

    @property
    def url(self) -> str:
        """The backend's address."""
        return self.backend.url

    @property
    def keep(self) -> float:
        """Seconds a table is kept after its last record (``UNO_LESSONS_KEEP_DAYS``)."""
        return self.backend.keep

    @property
    def news(self) -> News:
        """Who tells pages of new records (:mod:`.news`)."""
        return self.backend.news

    def close(self) -> None:
        """Let go of the backend's connections."""
        self.backend.close()

    # ------------------------------------------------------------------ records, for the handles
    def seq(self, code: str) -> int:
        """How many records table ``code`` has."""
        with failing(self.backend, "seq", writes=False):
            return self.backend.seq(code)

    def records(self, code: str, since: int = 0) -> list[str]:
        """Table ``code``'s records after the first ``since``, in order (as stored: text)."""
        with failing(self.backend, "records", writes=False):
            return self.backend.records(code, since)

    def wait_seq(self, code: str, seq: int, timeout: float) -> int:
        """Wait until the table has more than ``seq`` records (or ``timeout`` seconds pass);
        returns the number of records then."""
        with failing(self.backend, "wait", writes=False):
            return self.backend.wait(code, seq, timeout)

    def append_checked(self, code: str, expected: int, records: Sequence[str],
                       claim: Claim | None = None) -> bool:
        """Compare-and-append ``records`` (checked by the caller at position ``expected``;
        ``claim`` = (seat, token hash) a seat taken with them); when the backend fails, look
        once whether the write landed anyway (Redis can run the append and lose the
        connection before it answers): True if it did, else the StoreError. False only when
        another page wrote first."""
        try:
            with failing(self.backend, "append", writes=True):
                return self.backend.append(code, expected, records, claim)
        except StoreError:
            try:
                landed = self.records(code, expected)[:len(records)] == list(records)
                if landed and claim is not None:
                    landed = self._seat_tokens(code).get(claim[0]) == claim[1]
            except (StoreError, ValueError):
                landed = False
            if landed:
                return True
            raise

    def _seat_tokens(self, code: str) -> dict[int, str]:
        with failing(self.backend, "seat_tokens", writes=False):
            return self.backend.seat_tokens(code)

    def _table(self, code: str) -> tuple[str, str] | None:
        with failing(self.backend, "table", writes=False):
            return self.backend.table(code)

    def expire(self, keep: float | None = None) -> int:
        """Remove tables idle for longer than ``keep`` seconds (default: :attr:`keep`)."""
        before = time.time() - (self.keep if keep is None else keep)
        with failing(self.backend, "expire", writes=True):
            return self.backend.expire(before)

    # ------------------------------------------------------------------ the public interface
    def create(self, players: Sequence[str] | int, seats: Sequence[str] | None = None, *,
               rules: str | Rules = "encanto", seed: int | None = None,
               start: str | None = None, house: Sequence[str] = (),
               policies: Mapping[int, Any] | None = None,
               teacher_key: str | None = None) -> tuple[str, str]:
        """Open a table: ``players`` are names (or a count), ``seats`` say "human", "random",
        "sensible" or "learned" for each, ``house`` the house rules switched on as well (e.g.
        ``("stacking", "jump_in")``; TableError for an unknown one), ``policies`` each
        learned seat's policy (seat -> a ``Policy`` or its ``to_data()`` dict; a bad one is
        refused with its sentence and no table is made). Returns ``(code, teacher_key)``;
        keep the key secret. ``teacher_key``: the key to use (a class's tables share its
        key, :mod:`.classroom`); by default a fresh one."""
        return self.create_table(TableConfig.make(players, seats, rules=rules, seed=seed, start=start,
                                                  house=house, policies=policies), teacher_key=teacher_key)

    def create_table(self, config: TableConfig, *, teacher_key: str | None = None) -> tuple[str, str]:
        """Open a table of ``config`` (a :class:`TableConfig`: every setting of its rules is kept
        with it, and played by); returns ``(code, teacher_key)`` (``teacher_key``: as for
        :meth:`create`). Its first hand is dealt first, so rules that cannot deal it (hands
        bigger than the deck) or a bad start position are refused with a TableError saying
        why, and no table is made."""
        try:
            TableState(config)  # deals the first hand: a bad start position fails here, not later
        except TableError:
            raise
        except ValueError as exc:  # the engine's own sentence, as the table's refusal
            raise TableError(str(exc)) from exc
        key = teacher_key or new_secret()
        for _attempt in range(20):
            # A new table is a good moment to let go of old ones (cheap when there are none).
            try:
                self.expire()
            except StoreError:
                pass  # the table itself may still be made; expiry waits for the next one

            code = new_code()
            with failing(self.backend, "create", writes=True):
                made = self.backend.create(code, config.to_json(), digest(key))
            if made:
                return code, key
        raise TableError(_("No free table code was found; try again."))

    def load(self, code: str) -> TableState:
        """The table replayed to its newest record; TableError for an unknown code or a
        table that does not replay."""
        code = normal_code(code)
        row = self._table(code)
        if row is None:
            raise TableError(_("There is no table {code}. Check the code with your teacher.", code=code))
        try:
            config = TableConfig.from_json(row[0])
        except TableError as exc:
            raise TableError(_("Table {code} cannot be opened: {reason}", code=code, reason=str(exc))) from exc
        return TableState.replay(config, self.records(code), code)

    def join(self, code: str, seat: int | None = None, name: str | None = None,
             token: str | None = None) -> SeatHandle:
        """Take a learner's seat (the first free one when ``seat`` is None) under ``name``;
        TableError if it is taken or a bot's. Keep ``handle.token`` to come back later
        (``token``: the seat's token to use, for a class that moves a learner
        (:mod:`.classroom`); by default a fresh one)."""
        code = normal_code(code)
        state = self.load(code)
        if state.closed:
            raise TableClosed(_("This table is closed: the teacher ended the game."))
        for _attempt in range(20):
            free = state.free_seats()
            chosen = seat
            if chosen is None:
                if not free:
                    raise TableError(_("Every learner's seat at table {code} is taken; you can "
                                       "still watch.", code=code))
                chosen = free[0]
            if not isinstance(chosen, int) or not 0 <= chosen < state.players:
                raise TableError(_("There is no seat {seat}: the seats are 0 to {last}.",
                                   seat=chosen, last=state.players - 1))
            record = Join(chosen, clean_name(name) if name is not None else state.names[chosen])
            base = state.seq
            state.apply(record)  # TableError (unchanged) if the seat is a bot's or taken
            token = token or new_secret()
            try:
                stored = self.append_checked(code, base, [encode(record)], claim=(chosen, digest(token)))
            except StoreError as exc:
                raise StoreError(_("The table could not save your seat; try again in a moment.")) from exc
            if stored:
                return SeatHandle(self, code, state, chosen, token)
            state = self.load(code)  # someone else wrote first: look again
        raise TableError(_("The table is very busy; try again."))

    def rejoin(self, code: str, token: str) -> SeatHandle:
        """Come back to the seat whose token this is (after a reload or a new kernel)."""
        code = normal_code(code)
        state = self.load(code)
        try:
            tokens = self._seat_tokens(code)
        except (ValueError, TypeError) as exc:  # a seat row edited by hand
            raise TableError(_(
                "Table {code} cannot be opened: one of its seats was edited by hand and cannot be "
                "read. Start a new table.", code=code)) from exc
        for seat, stored in tokens.items():
            if same_secret(token, stored):
                return SeatHandle(self, code, state, seat, token)
        raise TableError(_("This link does not hold a seat at table {code}. Open the table's "
                           "link again and choose a free seat.", code=code))

    def watch(self, code: str) -> Spectator:
        """Watch the table without a seat: no hand, no action."""
        code = normal_code(code)
        return Spectator(self, code, self.load(code))

    def teacher(self, code: str, teacher_key: str) -> TeacherHandle:
        """The teacher's handle (every hand, deal the next hand, give a seat to a bot);
        TableError for a wrong key."""
        code = normal_code(code)
        row = self._table(code)
        if row is None or not same_secret(teacher_key, row[1]):
            raise TableError(_("This teacher key does not open table {code}.", code=code))
        return TeacherHandle(self, code, self.load(code))


def open_store(url: str | None = None) -> Store:
    """The store at ``url`` ("sqlite:///file.db", "redis://host:port/0", "memory://"); None
    means ``$UNO_LESSONS_STORE`` or, failing that, SQLite in the default folder
    (:func:`~.backend.open_backend`)."""
    return Store(open_backend(url))
