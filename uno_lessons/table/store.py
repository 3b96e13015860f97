"""Where class tables live: one interface, three backends (SQLite, Redis, memory).

A backend only stores text: a table's config and teacher-key hash, its records in order, and
the hash of each taken seat's token. Its one clever operation is compare-and-append: append
records only if the table still has exactly ``expected`` records (in one transaction), so
two pages acting at once never both land on the same position. Everything a person may or
may not do is decided above it, in :class:`Store`'s methods and the handles they return.

``open_store(url)`` picks the backend: ``"sqlite:///path/to/file.db"``,
``"redis://host:port/0"``, ``"memory://"`` (one process only), or ``None``: the URL in
``UNO_LESSONS_STORE``, else SQLite in the folder ``UNO_LESSONS_DATA`` (default
``~/.local/share/uno_lessons``). The SQLite file holds every table's seed (so every hand):
it and its folder are made for their owner alone, and loosened ones are closed again at open
(:func:`~.sqlite.secure_store_file`).

A backend that fails (a locked file, a server away, a full disk, a timeout) raises
:class:`StoreError` with a sentence for the learner, whatever library it is built on: every
primitive is wrapped once, here (``__init_subclass__``), and the details go to the server's
log (its terminal), never to a page. A table idle for ``UNO_LESSONS_KEEP_DAYS`` days
(default 30) is removed by the store.
"""

from __future__ import annotations

import os
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine.rules import Rules
from ..i18n import _
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
from .faults import PRIMITIVES, StoreError, guarded
from .handles import SeatHandle, Spectator, TeacherHandle
from .news import News
from .records import encode
from .state import TableState

STORE_ENV = "UNO_LESSONS_STORE"
DATA_ENV = "UNO_LESSONS_DATA"
KEEP_ENV = "UNO_LESSONS_KEEP_DAYS"
#: Days a table is kept after its last record when ``UNO_LESSONS_KEEP_DAYS`` is not set.
KEEP_DAYS = 30.0


def keep_seconds() -> float:
    """How long an idle table is kept: ``$UNO_LESSONS_KEEP_DAYS`` days (default 30)."""
    try:
        days = float(os.environ.get(KEEP_ENV) or KEEP_DAYS)
    except ValueError:  # a typo in the setting keeps tables the default time, never less
        days = KEEP_DAYS
    return (days if days > 0 else KEEP_DAYS) * 86400.0



def package_folder() -> Path:
    """The package's own data folder, ``uno_lessons`` in the user's data folder
    (``$XDG_DATA_HOME``, else ``~/.local/share``). The package chose it, so it holds nothing
    but the package's files: :func:`~.sqlite.secure_store_file` closes it (0700) when other
    users can open it, which it never does to a folder the user named."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "uno_lessons"


def default_folder() -> Path:
    """The folder of the embedded store: ``$UNO_LESSONS_DATA``, else :func:`package_folder`.
    Nothing is created here: the store creates a missing folder for its owner alone (0700,
    :func:`~.sqlite.private_folder`)."""
    folder = os.environ.get(DATA_ENV)
    if folder:
        return Path(folder).expanduser()
    return package_folder()


class Store(ABC):
    """Tables kept as config + records: ``create``, ``join``, ``rejoin``, ``watch`` and
    ``teacher`` are the whole public interface; backends implement the ``_`` methods."""

    url = ""
    #: Seconds between looks at the store while waiting for a new record.
    poll_interval = 0.02
    #: What the backend's library raises when the store fails (turned into StoreError).
    failures: tuple[type[BaseException], ...] = (OSError,)
    #: Who tells pages of new records (:mod:`.news`); None: pages poll this store.
    news: News | None = None

    def __init__(self, url: str, keep: float | None = None) -> None:
        self.url = url
        #: Seconds a table is kept after its last record (``UNO_LESSONS_KEEP_DAYS``).
        self.keep = keep_seconds() if keep is None else float(keep)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, writes in PRIMITIVES.items():
            fn = cls.__dict__.get(name)
            if fn is not None and not getattr(fn, "__guarded__", False):
                setattr(cls, name, guarded(name, fn, writes))

    # ------------------------------------------------------------------ backend primitives
    @abstractmethod
    def _create(self, code: str, config: str, teacher: str) -> bool:
        """Store a new table; False if the code is taken."""

    @abstractmethod
    def _table(self, code: str) -> tuple[str, str] | None:
        """The table's (config, teacher-key hash), or None."""

    @abstractmethod
    def _records(self, code: str, since: int = 0) -> list[str]:
        """The records after the first ``since``, in order."""

    @abstractmethod
    def _seq(self, code: str) -> int:
        """How many records the table has."""

    @abstractmethod
    def _append(self, code: str, expected: int, records: Sequence[str],
                claim: tuple[int, str] | None = None) -> bool:
        """Compare-and-append in one transaction: only if the table has ``expected`` records
        (and, with ``claim`` = (seat, token hash), that seat has no token yet)."""

    @abstractmethod
    def _seat_tokens(self, code: str) -> dict[int, str]:
        """Token hashes of the taken seats (ValueError if a stored seat is not a number)."""

    @abstractmethod
    def _expire(self, before: float) -> int:
        """Remove the tables whose last write was before ``before`` (a ``time.time()``);
        returns how many went."""

    def expire(self, keep: float | None = None) -> int:
        """Remove tables idle for longer than ``keep`` seconds (default: :attr:`keep`)."""
        return self._expire(time.time() - (self.keep if keep is None else keep))

    def append_checked(self, code: str, expected: int, records: Sequence[str],
                       claim: tuple[int, str] | None = None) -> bool:
        """Compare-and-append; when the store fails, look once whether the write landed
        anyway (Redis can run the append and lose the connection before it answers): True if
        it did, else the StoreError. False only when another page wrote first."""
        try:
            return self._append(code, expected, records, claim)
        except StoreError:
            try:
                landed = self._records(code, expected)[:len(records)] == list(records)
                if landed and claim is not None:
                    landed = self._seat_tokens(code).get(claim[0]) == claim[1]
            except (StoreError, ValueError):
                landed = False
            if landed:
                return True
            raise

    def close(self) -> None:  # noqa: B027 - a backend without connections has nothing to close
        """Let go of connections."""

    def wait_seq(self, code: str, seq: int, timeout: float) -> int:
        """Wait until the table has more than ``seq`` records (or ``timeout`` seconds pass);
        returns the number of records then."""
        end = time.monotonic() + timeout
        while True:
            now = self._seq(code)
            if now > seq or time.monotonic() >= end:
                return now
            time.sleep(self.poll_interval)

    # ------------------------------------------------------------------ the public interface
    def create(self, players: Sequence[str] | int, seats: Sequence[str] | None = None, *,
               rules: str | Rules = "encanto", seed: int | None = None,
               start: str | None = None, house: Sequence[str] = (),
               policies: Mapping[int, Any] | None = None) -> tuple[str, str]:
        """Open a table: ``players`` are names (or a count), ``seats`` say "human", "random",
        "sensible" or "learned" for each, ``house`` the house rules switched on as well (e.g.
        ``("stacking", "jump_in")``; TableError for an unknown one), ``policies`` each
        learned seat's policy (seat -> a ``Policy`` or its ``to_data()`` dict; a bad one is
        refused with its sentence and no table is made). Returns ``(code, teacher_key)``;
        keep the key secret."""
        config = TableConfig.make(players, seats, rules=rules, seed=seed, start=start, house=house,
                                  policies=policies)
        TableState(config)  # deals the first hand: a bad start position fails here, not later
        key = new_secret()
        for _attempt in range(20):
            # A new table is a good moment to let go of old ones (cheap when there are none).
            try:
                self.expire()
            except StoreError:
                pass  # the table itself may still be made; expiry waits for the next one

            code = new_code()
            if self._create(code, config.to_json(), digest(key)):
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
        return TableState.replay(config, self._records(code), code)

    def join(self, code: str, seat: int | None = None, name: str | None = None) -> SeatHandle:
        """Take a learner's seat (the first free one when ``seat`` is None) under ``name``;
        TableError if it is taken or a bot's. Keep ``handle.token`` to come back later."""
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
            record = ["join", chosen, clean_name(name) if name is not None else state.names[chosen]]
            base = state.seq
            state.apply(record)  # TableError (unchanged) if the seat is a bot's or taken
            token = new_secret()
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
    means ``$UNO_LESSONS_STORE`` or, failing that, SQLite in the default folder."""
    url = url or os.environ.get(STORE_ENV) or ""
    if not url:
        # The folder is made by the store, for its owner alone (a plain mkdir would leave it
        # 0755: every user of the machine could look in).
        url = f"sqlite:///{default_folder() / 'tables.db'}"
    if url.startswith("sqlite://"):
        from .sqlite import SQLiteStore

        return SQLiteStore(url)
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisStore

        return RedisStore(url)
    if url.startswith("memory://"):
        from .memory import MemoryStore

        return MemoryStore(url)
    raise TableError(_("“{url}” is not a store address: use sqlite:///file.db, redis://host:port/0 "
                       "or memory://.", url=url[:60]))
