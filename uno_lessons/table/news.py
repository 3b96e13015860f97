"""How a page hears that a table has a new record: it is told, instead of asking the store.

A page's clock (:meth:`~.table.Table.start`) registers a ``wake`` function for its table
with :meth:`News.listen`; each backend's news calls it (from any thread) soon after a record
lands, and the page then reads what is new. Idle, a page reads nothing:

- **memory**: the appending code tells the listeners itself (one process);
- **SQLite**: one thread per process looks at ``PRAGMA data_version`` (a counter that SQLite
  changes when another connection commits; no table is read) every :data:`SQLITE_CHECK`
  seconds, and only when it changed reads the newest record number of the listened tables,
  telling those that grew; the process's own writes are told at once;
- **Redis**: the append script publishes on ``uno:CODE:news`` in the same atomic step, and
  one thread per process waits on a pub/sub connection (a blocking read: no CPU while idle).

Telling is a hint, never the truth: the page still reads the records from the store and
checks them. When the news cannot flow (Redis away), :attr:`News.live` is False, every
listener is woken once (so its page finds the fault itself and says so), and pages poll as
before until the news is back; even live, a page looks again every few seconds
(``Table.idle_poll``), in case a hint was lost.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

Wake = Callable[[], None]
#: Seconds between the SQLite news thread's looks at ``PRAGMA data_version``.
SQLITE_CHECK = 0.05
#: Seconds the news threads wait before trying again after the store failed.
RETRY = 1.0
#: Seconds a Redis news thread blocks on its connection before it looks at its channels again.
HEARTBEAT = 30.0

log = logging.getLogger("uno_lessons.table")


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
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._stop.clear()
                self._thread = threading.Thread(target=self._run, name=f"uno-{self.name}", daemon=True)
                self._thread.start()
                return
        self._nudge()

    def _nudge(self) -> None:
        """Make the running thread look at the listened codes now (a backend's hook)."""

    def _run(self) -> None:  # pragma: no cover - each backend has its own
        raise NotImplementedError

    def close(self) -> None:
        """Stop the thread (it ends within one of its waits)."""
        self._stop.set()
        self._nudge()
