"""How a page hears that a table has a new record: it is told, instead of asking the store.

A page's clock (:meth:`~.table.Table.start`) registers a ``wake`` function for its table
with :meth:`News.listen`; each backend's news calls it (from any thread) soon after a record
lands, and the page then reads what is new. Idle, a page reads nothing:

- **memory**: the appending code tells the listeners itself (one process);
- **SQLite**: one thread per process waits until the file's write-ahead log is written to
  (Linux's inotify, :class:`FileWatch`: no CPU while idle; then it looks every
  :data:`SQLITE_CHECK` seconds until the commit shows; without inotify it looks every
  :data:`SQLITE_CHECK` seconds), then asks ``PRAGMA data_version`` (a counter SQLite changes
  when another connection commits) and only when it changed reads the newest record number
  of the listened tables, telling those that grew; the process's own writes are told at once;
- **Redis**: the append script publishes on ``uno:CODE:news`` in the same atomic step, and
  one thread per process waits on a pub/sub connection (a blocking read: no CPU while idle).

Telling is a hint, never the truth: the page still reads the records from the store and
checks them. When the news cannot flow (Redis away), :attr:`News.live` is False, every
listener is woken once (so its page finds the fault itself and says so), and pages poll as
before until the news is back; even live, a page looks again every few seconds
(``Table.idle_poll``), in case a hint was lost.
"""

from __future__ import annotations

import ctypes
import logging
import os
import select
import sys
import threading
from collections.abc import Callable, Iterable

Wake = Callable[[], None]
#: Seconds between the SQLite news thread's looks at ``PRAGMA data_version`` (without
#: inotify; with it, only for :data:`SQLITE_AFTER` seconds after a write to the log: the
#: commit becomes visible in the shared-memory index just after the log's last write).
SQLITE_CHECK = 0.05
#: Seconds the SQLite news thread keeps looking after a write to the log, until the commit
#: shows (on a loaded machine the writer can be held up between the two)...
SQLITE_AFTER = 2.0
#: ...and after the commit showed (a next commit may already be on its way).
SQLITE_SETTLE = 0.25
#: Seconds the news threads wait before trying again after the store failed.
RETRY = 1.0
#: Seconds a Redis news thread blocks on its connection before it looks at its channels again.
HEARTBEAT = 30.0

log = logging.getLogger("uno_lessons.table")

_IN_MODIFY = 0x2


class FileWatch:
    """Wait until a file is written to (Linux's inotify, through ctypes: a blocking wait, no
    CPU) or until :meth:`poke`; without inotify (another system, a file that is not there)
    :attr:`watching` is False and :meth:`wait` only waits for the timeout or a poke."""

    def __init__(self) -> None:
        self._poke_r, self._poke_w = os.pipe()
        self._fd = -1
        self.pid = os.getpid()  # a forked process makes its own

    @property
    def watching(self) -> bool:
        """Whether a write to the file ends a wait."""
        return self._fd >= 0

    def watch(self, path: str) -> bool:
        """Watch ``path`` for writes; False (and no watch) where that cannot be done."""
        if self._fd >= 0 or not sys.platform.startswith("linux"):
            return self._fd >= 0
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
            if fd < 0:
                return False
            if libc.inotify_add_watch(fd, os.fsencode(path), _IN_MODIFY) < 0:
                os.close(fd)
                return False
        except (OSError, AttributeError):
            return False
        self._fd = fd
        return True

    def wait(self, timeout: float) -> bool:
        """Return after a write to the file (True), a poke, or ``timeout`` seconds."""
        fds = [self._poke_r] + ([self._fd] if self._fd >= 0 else [])
        ready, _w, _x = select.select(fds, [], [], timeout)
        for fd in ready:
            try:
                os.read(fd, 65536)  # drain: one look answers every write so far
            except BlockingIOError:
                pass
        return self._fd >= 0 and self._fd in ready

    def poke(self) -> None:
        """End the current (or the next) wait now."""
        try:
            os.write(self._poke_w, b"!")
        except OSError:
            pass

    def unwatch(self) -> None:
        """Stop watching the file (the pipe stays, for the next watch)."""
        if self._fd >= 0:
            fd, self._fd = self._fd, -1
            os.close(fd)

    def close(self) -> None:
        """Let go of the watch and the pipe (only once no thread waits on them)."""
        self.unwatch()
        for fd in (self._poke_r, self._poke_w):
            try:
                os.close(fd)
            except OSError:
                pass
        self._poke_r = self._poke_w = -1


class Listening:
    """One page's registration; ``close()`` ends it."""

    def __init__(self, news: News, code: str, wake: Wake) -> None:
        self.news, self.code, self.wake = news, code, wake

    @property
    def live(self) -> bool:
        """Whether news is flowing now (False: the page should poll)."""
        return self.news.live

    def close(self) -> None:
        """Stop telling this page."""
        self.news._remove(self)

    def revive(self) -> None:
        """Have the news's thread running again if it ended (the page's watchdog asks)."""
        self.news.revive()


class News:
    """Listeners per table code; :meth:`tell` wakes those of one table. The base class only
    hears what this process writes (the memory store); backends add a thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listeners: dict[str, list[Listening]] = {}
        #: Whether news flows now: pages may then stop polling.
        self.live = True

    def listen(self, code: str, wake: Wake) -> Listening:
        """Call ``wake()`` (from any thread) soon after a record lands at table ``code``."""
        entry = Listening(self, code, wake)
        with self._lock:
            self._listeners.setdefault(code, []).append(entry)
        self._added(code)
        return entry

    def _remove(self, entry: Listening) -> None:
        with self._lock:
            entries = self._listeners.get(entry.code, [])
            if entry in entries:
                entries.remove(entry)
            if not entries:
                self._listeners.pop(entry.code, None)

    def codes(self) -> list[str]:
        """The tables someone listens to."""
        with self._lock:
            return list(self._listeners)

    def _added(self, code: str) -> None:
        """A backend's hook: a new table is listened to."""

    def tell(self, code: str) -> None:
        """Wake every listener of ``code``."""
        with self._lock:
            entries = list(self._listeners.get(code, ()))
        for entry in entries:
            try:
                entry.wake()
            except Exception:  # noqa: BLE001 - a page that went away (its loop closed)
                log.debug("a page listening to table %s could not be woken", code, exc_info=True)
                entry.close()

    def tell_all(self, codes: Iterable[str] | None = None) -> None:
        """Wake the listeners of ``codes`` (default: every table)."""
        for code in self.codes() if codes is None else list(codes):
            self.tell(code)

    def revive(self) -> None:  # noqa: B027 - nothing to restart without a thread
        """Start the backend's thread again if it ended while someone listens."""

    def close(self) -> None:  # noqa: B027 - nothing to stop without a thread
        """Stop the backend's thread, if any."""


class ThreadNews(News):
    """News with a daemon thread that runs while anyone listens (:meth:`_run`); started
    lazily in the process that listens (a forked kernel starts its own)."""

    name = "news"

    def __init__(self) -> None:
        super().__init__()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def _added(self, code: str) -> None:
        if not self._start():
            self._nudge()

    def _start(self) -> bool:
        """Start the thread if none runs while someone listens; True if one was started."""
        with self._lock:
            if not self._listeners or (self._thread is not None and self._thread.is_alive()):
                return False
            self._stop.clear()
            self._thread = threading.Thread(target=self._serve, name=f"uno-{self.name}", daemon=True)
            self._thread.start()
            return True

    def revive(self) -> None:
        """Start the thread again if it ended while someone listens (a page's watchdog asks)."""
        if not self._stop.is_set() and self._start():
            log.warning("the table news thread (%s) had ended: started again", self.name)

    def _serve(self) -> None:
        """The thread: :meth:`_run`, again after a fault nobody planned for (logged; the pages
        are woken and poll meanwhile), until it ends or is stopped."""
        while not self._stop.is_set():
            try:
                self._run()
                return
            except Exception:  # noqa: BLE001 - a thread that died would leave pages untold
                log.exception("the table news thread (%s) failed; it starts again", self.name)
                self.live = False
                self.tell_all()
                self._stop.wait(RETRY)

    def _nudge(self) -> None:
        """Make the running thread look at the listened codes now (a backend's hook)."""

    def _run(self) -> None:  # pragma: no cover - each backend has its own
        raise NotImplementedError

    def close(self) -> None:
        """Stop the thread (it ends within one of its waits)."""
        self._stop.set()
        self._nudge()
