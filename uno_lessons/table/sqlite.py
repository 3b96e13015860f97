"""The embedded backend: one SQLite file (stdlib ``sqlite3``, WAL), no server to run.

WAL lets every page read while one writes; ``BEGIN IMMEDIATE`` takes the write lock before
the count is read, so compare-and-append is one transaction even across processes. A write
waits at most the busy timeout (``?busy=SECONDS`` in the URL, default 5) for another
process's lock, then fails (``sqlite3.OperationalError``, which the store says as a
:class:`~.faults.StoreError`) with nothing changed.

The file holds every table's seed, from which every hand follows, so it is its owner's alone:
the store makes it 0600 (and a missing folder 0700) as it creates it, SQLite gives its
``-wal`` and ``-shm`` files the database's mode, and :func:`secure_store_file` closes a file
that was left open to other users of the machine each time the store is opened.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from ..i18n import _
from .backend import Claim, keep_seconds, package_folder, poll_wait
from .config import TableError
from .faults import log
from .news import HEARTBEAT, RETRY, SQLITE_AFTER, SQLITE_CHECK, SQLITE_SETTLE, FileWatch, News, ThreadNews

#: Seconds a write waits for another process's lock before it gives up.
BUSY_TIMEOUT = 5.0

_SCHEMA = """
create table if not exists tables (code text primary key, config text not null,
                                   teacher text not null, touched real);
create table if not exists records (code text not null, seq integer not null,
                                    record text not null, primary key (code, seq));
create table if not exists seats (code text not null, seat integer not null,
                                  token text not null, primary key (code, seat));
"""


#: The files SQLite keeps beside the database, each holding table contents: the write-ahead
#: log, its shared-memory index and the rollback journal of a file last written before WAL.
COMPANIONS = ("-wal", "-shm", "-journal")

#: The permission bits of the file's group and of everyone else.
_OTHERS = 0o077


def private_folder(folder: str | os.PathLike[str]) -> None:
    """Create ``folder`` and each missing folder above it for their owner alone (0700);
    folders that exist are left as they are."""
    missing: list[Path] = []
    here = Path(os.path.abspath(folder))
    while not os.path.lexists(here) and here != here.parent:
        missing.append(here)
        here = here.parent
    for path in reversed(missing):
        try:
            # The mode is given to mkdir (a umask can only take bits away), so there is no
            # moment when the folder is open to others, as with mkdir-then-chmod.
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass  # another process made it just now (with the same mode, if it is this package)


def _same_folder(a: Path, b: Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def secure_store_file(path: str | os.PathLike[str]) -> list[str]:
    """Make the SQLite store at ``path`` its owner's alone, and return what was done or still
    needs doing, as sentences for the person who runs the server (empty: nothing to say).

    A missing folder is made 0700 (with its missing parents) and a missing file 0600; SQLite
    then gives the ``-wal`` and ``-shm`` files it makes the database's mode. An existing file
    (or its ``-wal``, ``-shm``, ``-journal``) that its group or others may open is set to 0600.
    The folder: the package's own (:func:`~.backend.package_folder`) is set to 0700 if others
    may open it; a folder the user named is not changed (it may hold other things), but a
    sentence says who can list it and how to close it. A server calls this at start; opening
    an :class:`SQLiteBackend` calls it too. OSError if a folder cannot be made or a file that
    is not this user's cannot be closed (the store must not be used then)."""
    name = os.fspath(path)
    if name in ("", ":memory:"):
        return []
    file = Path(os.path.abspath(name))
    folder = file.parent
    said: list[str] = []
    private_folder(folder)
    if stat.S_IMODE(os.stat(folder).st_mode) & _OTHERS:
        if _same_folder(folder, package_folder()):
            os.chmod(folder, 0o700)
            said.append(_opened_to_others(folder))
        else:
            said.append(_("Other users of this computer can list the folder {folder}, but not read "
                          "the class tables in it; to close the folder to them too, run: chmod 700 "
                          "{folder}", folder=str(folder)))
    try:
        # Created here with its mode (not by SQLite, which would give it 0644 less the umask).
        os.close(os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600))
    except FileExistsError:
        pass
    loose = False
    for each in (file, *(Path(f"{file}{end}") for end in COMPANIONS)):
        try:
            mode = stat.S_IMODE(os.stat(each).st_mode)
        except FileNotFoundError:
            continue
        if mode & _OTHERS:
            os.chmod(each, 0o600)
            loose = True
    if loose:
        said.insert(0, _opened_to_others(file))
    return said


def _opened_to_others(path: Path) -> str:
    return _("Other users of this computer could read {path}, which holds the class tables; now only "
             "you can.", path=str(path))


#: The sentences this process has logged: each store a kernel opens would say them again.
_told: set[str] = set()


def _tell(sentences: list[str]) -> None:
    for sentence in sentences:
        if sentence not in _told:
            _told.add(sentence)
            log.warning("%s", sentence)


def sqlite_path(url: str) -> str:
    """The file of a ``sqlite:///path`` URL (``sqlite:////abs/path`` or ``sqlite:///rel``)."""
    parsed = urlparse(url)
    path = unquote(parsed.netloc + parsed.path)
    if url.startswith("sqlite:////"):
        path = "/" + path.lstrip("/")  # urlparse keeps "//abs/path"; one slash is the file's name
    elif path.startswith("/"):
        path = path[1:]  # sqlite:///rel.db is relative, as in SQLAlchemy
    return path or ":memory:"


def busy_timeout(url: str) -> float:
    """The ``?busy=SECONDS`` of a sqlite URL, else :data:`BUSY_TIMEOUT`."""
    values = parse_qs(urlparse(url).query).get("busy")
    try:
        return max(0.0, float(values[-1])) if values else BUSY_TIMEOUT
    except ValueError:
        return BUSY_TIMEOUT


class SQLiteNews(ThreadNews):
    """One thread per process asks its own connection for ``PRAGMA data_version`` (changed by
    another connection's commit; it reads no table), and only when it changed reads the
    newest record number of each listened table. It looks when the file's write-ahead log is
    written to (Linux's inotify: no CPU while idle) and then every :data:`~.news.SQLITE_CHECK`
    seconds until the commit shows (at most :data:`~.news.SQLITE_AFTER` seconds; a commit is
    visible just after the log's last write) and :data:`~.news.SQLITE_SETTLE` seconds more,
    and at least every :data:`~.news.HEARTBEAT` seconds; where inotify is missing, every
    :data:`~.news.SQLITE_CHECK` seconds."""

    name = "sqlite-news"

    def __init__(self, path: str, busy: float) -> None:
        super().__init__()
        self.path, self.busy = path, busy
        self._watch: FileWatch | None = None

    def _run(self) -> None:
        known: dict[str, int] = {}
        db: sqlite3.Connection | None = None
        with self._lock:
            if self._watch is None or self._watch.pid != os.getpid():
                self._watch = FileWatch()
            watch = self._watch
        version = None
        hot_until = 0.0
        while not self._stop.is_set():
            codes = self.codes()
            if not codes:
                with self._lock:  # nobody listens: the thread ends (listen starts another)
                    if not self._listeners:
                        self._thread = None
                        break
                continue
            try:
                if db is None:
                    db = sqlite3.connect(self.path, timeout=self.busy, isolation_level=None)
                    version = None
                now = db.execute("pragma data_version").fetchone()[0]
                if not watch.watching:  # after the first read: this connection keeps the log file there
                    watch.watch(self.path + "-wal")
                new = [c for c in codes if c not in known]
                if now != version or new:
                    if version is not None and now != version:
                        hot_until = min(hot_until, time.monotonic() + SQLITE_SETTLE)
                    version = now
                    marks = ",".join("?" * len(codes))
                    seqs = dict(db.execute(f"select code, max(seq) from records where code in ({marks}) "
                                           "group by code", codes).fetchall())
                    grown = [c for c in codes if c in new or (seqs.get(c) or 0) != known.get(c)]
                    known = {c: seqs.get(c) or 0 for c in codes}
                    self.live = True
                    self.tell_all(grown)
            except sqlite3.Error as exc:
                log.warning("the table news of %s failed: %s: %s", self.path, type(exc).__name__, exc)
                self.live = False
                self.tell_all()  # each page reads, finds the fault and says so
                if db is not None:
                    db.close()
                db, known = None, {}
                watch.wait(RETRY)
                continue
            if not watch.watching or time.monotonic() < hot_until:
                wrote = watch.wait(SQLITE_CHECK)
            else:
                wrote = watch.wait(HEARTBEAT)
            if wrote:  # a commit is on its way: look until it shows (a loaded machine can delay it)
                hot_until = time.monotonic() + SQLITE_AFTER
        if db is not None:
            db.close()
        watch.unwatch()

    def _nudge(self) -> None:
        watch = self._watch
        if watch is not None and watch.pid == os.getpid():
            watch.poke()

    def close(self) -> None:
        """Stop the thread, then let go of its pipe."""
        super().close()
        thread = self._thread
        if thread is not None:
            thread.join(5)
        if self._watch is not None and (thread is None or not thread.is_alive()):
            self._watch.close()
            self._watch = None


class SQLiteBackend:
    """Tables in one SQLite file; safe for many kernels (processes) on one machine.
    A :class:`~.backend.Backend`."""

    news: News

    failures: tuple[type[BaseException], ...] = (sqlite3.Error, OSError)

    def __init__(self, url: str, keep: float | None = None) -> None:
        self.url = url
        #: Seconds a table is kept after its last record (``UNO_LESSONS_KEEP_DAYS``).
        self.keep = keep_seconds() if keep is None else float(keep)
        #: The database file (``:memory:`` for a private in-memory one).
        self.path = sqlite_path(url)
        #: Seconds a write waits for another process's lock (``?busy=``).
        self.busy = busy_timeout(url)
        self._lock = threading.Lock()
        try:
            if self.path != ":memory:":
                # Before SQLite sees the path: it would create the file (and a plain mkdir the
                # folder) open to every user of the machine.
                _tell(secure_store_file(self.path))
            # One connection per store, shared by the kernel's threads behind a lock; autocommit
            # mode (isolation_level=None) so transactions are exactly the BEGIN/COMMIT below.
            self._db = sqlite3.connect(self.path, timeout=self.busy, isolation_level=None,
                                       check_same_thread=False)
            with self._lock:
                self._db.execute("pragma journal_mode=wal")
                self._db.execute("pragma synchronous=normal")
                self._db.execute(f"pragma busy_timeout={int(self.busy * 1000)}")
                self._db.executescript(_SCHEMA)
                columns = {row[1] for row in self._db.execute("pragma table_info(tables)")}
                if "touched" not in columns:  # a file written before tables expired
                    self._db.execute("alter table tables add column touched real")
                self._db.execute("update tables set touched = ? where touched is null", (time.time(),))
                self._db.execute("create index if not exists tables_touched on tables (touched)")
            # A private in-memory file has no other connection to hear: this process tells itself.
            self.news = News() if self.path == ":memory:" else SQLiteNews(self.path, self.busy)
        except (OSError, sqlite3.Error) as exc:
            # The page hears a sentence; the file's path and the error go to the server's log.
            log.error("the table store %s cannot be opened: %s: %s", self.path, type(exc).__name__, exc)
            raise TableError(_("The class tables cannot be opened on this server. The person who "
                               "runs it can see why in the server's log.")) from exc

    def create(self, code: str, config: str, teacher: str) -> bool:
        """See :meth:`.Backend.create`."""
        with self._lock:
            try:
                self._db.execute("insert into tables (code, config, teacher, touched) values (?, ?, ?, ?)",
                                 (code, config, teacher, time.time()))
                return True
            except sqlite3.IntegrityError:
                return False

    def table(self, code: str) -> tuple[str, str] | None:
        """See :meth:`.Backend.table`."""
        with self._lock:
            row = self._db.execute("select config, teacher from tables where code = ?", (code,)).fetchone()
        return None if row is None else (row[0], row[1])

    def records(self, code: str, since: int = 0) -> list[str]:
        """See :meth:`.Backend.records`."""
        with self._lock:
            rows = self._db.execute("select record from records where code = ? and seq > ? order by seq",
                                    (code, since)).fetchall()
        return [r[0] for r in rows]

    def seq(self, code: str) -> int:
        """See :meth:`.Backend.seq`."""
        with self._lock:
            row = self._db.execute("select max(seq) from records where code = ?", (code,)).fetchone()
        return row[0] or 0

    def append(self, code: str, expected: int, records: Sequence[str], claim: Claim | None = None) -> bool:
        """See :meth:`.Backend.append`: ``BEGIN IMMEDIATE`` takes the write lock before the
        count is read."""
        with self._lock:
            db = self._db
            db.execute("begin immediate")
            try:
                now = db.execute("select max(seq) from records where code = ?", (code,)).fetchone()[0] or 0
                if now != expected:
                    db.execute("rollback")
                    return False
                if claim is not None:
                    taken = db.execute("select 1 from seats where code = ? and seat = ?",
                                       (code, claim[0])).fetchone()
                    if taken:
                        db.execute("rollback")
                        return False
                    db.execute("insert into seats (code, seat, token) values (?, ?, ?)", (code, *claim))
                db.executemany("insert into records (code, seq, record) values (?, ?, ?)",
                               [(code, expected + i + 1, r) for i, r in enumerate(records)])
                db.execute("update tables set touched = ? where code = ?", (time.time(), code))
                db.execute("commit")
            except BaseException:
                if db.in_transaction:
                    db.execute("rollback")
                raise
        self.news.tell(code)  # this process's pages at once; other processes' threads see it
        return True

    def seat_tokens(self, code: str) -> dict[int, str]:
        """See :meth:`.Backend.seat_tokens`."""
        with self._lock:
            rows = self._db.execute("select seat, token from seats where code = ?", (code,)).fetchall()
        return {int(s): t for s, t in rows}

    def expire(self, before: float) -> int:
        """See :meth:`.Backend.expire`."""
        with self._lock:
            db = self._db
            # Look before taking the write lock: usually nothing is that old.
            if db.execute("select 1 from tables where touched < ? limit 1", (before,)).fetchone() is None:
                return 0
            db.execute("begin immediate")
            try:
                old = [r[0] for r in db.execute("select code from tables where touched < ?", (before,))]
                for table in ("records", "seats", "tables"):
                    db.executemany(f"delete from {table} where code = ?", [(c,) for c in old])
                db.execute("commit")
                return len(old)
            except BaseException:
                if db.in_transaction:
                    db.execute("rollback")
                raise

    def wait(self, code: str, seq: int, timeout: float) -> int:
        """See :meth:`.Backend.wait` (it looks every :data:`~.backend.POLL_INTERVAL` seconds)."""
        return poll_wait(self, code, seq, timeout)

    def close(self) -> None:
        """Close the file (and stop the news thread)."""
        self.news.close()
        with self._lock:
            self._db.close()
