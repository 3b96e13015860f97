"""Where a table's text is kept: the :class:`Backend` protocol, and which backend a URL names.

A backend only stores text: a table's config and teacher-key hash, its records in order, and
the hash of each taken seat's token. Its one clever operation is append-if-sequence
(compare-and-append): :meth:`Backend.append` appends records only if the table still has
exactly ``expected`` records, in one transaction, so two pages acting at once never both
land on the same position (of a jump-in and the move of the player to move, the first
stored wins). Nothing here decides who may append what: the table's
:class:`~.store.Store` does, and holds a backend to keep what it allowed.

Three backends implement the protocol: :class:`~.sqlite.SQLiteBackend` (one file, no
server), :class:`~.redis.RedisBackend` (several machines) and
:class:`~.memory.MemoryBackend` (one process). :func:`open_backend` picks one by URL.
A backend raises its own library's errors (listed in :attr:`Backend.failures`); the store
turns them into a :class:`~.faults.StoreError` with a sentence for the learner.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..i18n import _
from .config import TableError
from .news import News

STORE_ENV = "UNO_LESSONS_STORE"
DATA_ENV = "UNO_LESSONS_DATA"
KEEP_ENV = "UNO_LESSONS_KEEP_DAYS"
#: Days a table is kept after its last record when ``UNO_LESSONS_KEEP_DAYS`` is not set.
KEEP_DAYS = 30.0
#: Seconds between looks at a backend while waiting for a new record (without a wake-up of
#: its own, as in SQLite and Redis; pages are told by :mod:`.news` instead).
POLL_INTERVAL = 0.02

#: A seat claimed with a record: (seat, hash of the seat's token).
Claim = tuple[int, str]


@runtime_checkable
class Backend(Protocol):
    """The storage of class tables: text in, text out, and append-if-sequence.

    Every method may raise one of :attr:`failures` when the storage fails (a locked file, a
    server away, a full disk, a timeout); a write that raised changed nothing, except that a
    server may have run an append and lost the connection before it answered (the store
    reads back to find out)."""

    #: The address this backend was opened with (``sqlite:///…``, ``redis://…``, ``memory://…``).
    url: str
    #: Seconds a table is kept after its last record (``UNO_LESSONS_KEEP_DAYS``).
    keep: float
    #: Who tells pages of new records (:mod:`.news`).
    news: News
    #: What the backend's library raises when the storage fails.
    failures: tuple[type[BaseException], ...]

    def create(self, code: str, config: str, teacher: str) -> bool:
        """Store a new table (its config and teacher-key hash); False if the code is taken."""
        ...

    def table(self, code: str) -> tuple[str, str] | None:
        """The table's (config, teacher-key hash), or None when there is no such table."""
        ...

    def records(self, code: str, since: int = 0) -> list[str]:
        """The table's records after the first ``since``, in order (empty for no table)."""
        ...

    def seq(self, code: str) -> int:
        """How many records the table has (0 for no table)."""
        ...

    def append(self, code: str, expected: int, records: Sequence[str], claim: Claim | None = None) -> bool:
        """Append-if-sequence, in one transaction: append ``records`` only if the table has
        exactly ``expected`` records (and, with ``claim``, that seat has no token yet, which
        is then stored with them). False, and nothing changed, when another write came first.
        Tells :attr:`news` of the new records."""
        ...

    def seat_tokens(self, code: str) -> dict[int, str]:
        """Token hashes of the taken seats (ValueError if a stored seat is not a number)."""
        ...

    def expire(self, before: float) -> int:
        """Remove the tables whose last write was before ``before`` (a ``time.time()``);
        returns how many went (a backend that expires by itself returns 0)."""
        ...

    def wait(self, code: str, seq: int, timeout: float) -> int:
        """Wait until the table has more than ``seq`` records, or ``timeout`` seconds pass;
        returns the number of records then."""
        ...

    def close(self) -> None:
        """Let go of connections and stop the news thread."""
        ...


def poll_wait(backend: Backend, code: str, seq: int, timeout: float,
              interval: float = POLL_INTERVAL) -> int:
    """:meth:`Backend.wait` for a backend that cannot be woken: look every ``interval``
    seconds until the table has more than ``seq`` records or ``timeout`` seconds passed."""
    end = time.monotonic() + timeout
    while True:
        now = backend.seq(code)
        if now > seq or time.monotonic() >= end:
            return now
        time.sleep(interval)


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


def open_backend(url: str | None = None, keep: float | None = None) -> Backend:
    """The backend at ``url`` ("sqlite:///file.db", "redis://host:port/0", "memory://");
    None means ``$UNO_LESSONS_STORE`` or, failing that, SQLite in :func:`default_folder`.
    ``keep``: seconds an idle table is kept (default :func:`keep_seconds`). TableError, with
    a sentence and nothing secret, when the URL names no backend or it cannot be opened."""
    url = url or os.environ.get(STORE_ENV) or ""
    if not url:
        # The folder is made by the store, for its owner alone (a plain mkdir would leave it
        # 0755: every user of the machine could look in).
        url = f"sqlite:///{default_folder() / 'tables.db'}"
    if url.startswith("sqlite://"):
        from .sqlite import SQLiteBackend

        return SQLiteBackend(url, keep)
    if url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisBackend

        return RedisBackend(url, keep)
    if url.startswith("memory://"):
        from .memory import MemoryBackend

        return MemoryBackend(url, keep)
    raise TableError(_("“{url}” is not a store address: use sqlite:///file.db, redis://host:port/0 "
                       "or memory://.", url=url[:60]))
