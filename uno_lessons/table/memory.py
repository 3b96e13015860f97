"""A backend in this process's memory: the one-browser dashboard and tests (no file, no server).

``memory://`` is a private store; ``memory://NAME`` is shared by every store of that name in
the process (several pages of one kernel, or tests playing several browsers).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from .backend import Claim, keep_seconds
from .news import News

_SHARED: dict[str, dict] = {}
_NEWS: dict[str, News] = {}
_LOCK = threading.Condition()


class MemoryBackend:
    """Tables in a dict, behind one lock; :meth:`wait` wakes as soon as a record lands.
    A :class:`~.backend.Backend`."""

    #: Nothing outside Python fails here; an OSError is the nearest to a store that fails.
    failures: tuple[type[BaseException], ...] = (OSError,)

    def __init__(self, url: str = "memory://", keep: float | None = None) -> None:
        self.url = url
        self.keep = keep_seconds() if keep is None else float(keep)
        name = url[len("memory://"):]
        with _LOCK:
            data = _SHARED.setdefault(name, {}) if name else {}
            self.news: News = _NEWS.setdefault(name, News()) if name else News()
        #: The stored rows, per table code: ``config``, ``teacher`` (the key's hash), ``log``
        #: (the records), ``seats`` (seat -> token hash) and ``touched`` (the last write's
        #: ``time.time()``); what a debugger shows (tests edit it as a person edits a file).
        self.tables: dict[str, dict] = data

    def create(self, code: str, config: str, teacher: str) -> bool:
        """See :meth:`.Backend.create`."""
        with _LOCK:
            if code in self.tables:
                return False
            self.tables[code] = {"config": config, "teacher": teacher, "log": [], "seats": {},
                                 "touched": time.time()}
            return True

    def table(self, code: str) -> tuple[str, str] | None:
        """See :meth:`.Backend.table`."""
        t = self.tables.get(code)
        return None if t is None else (t["config"], t["teacher"])

    def records(self, code: str, since: int = 0) -> list[str]:
        """See :meth:`.Backend.records`."""
        with _LOCK:
            return list(self.tables[code]["log"][since:]) if code in self.tables else []

    def seq(self, code: str) -> int:
        """See :meth:`.Backend.seq`."""
        t = self.tables.get(code)
        return 0 if t is None else len(t["log"])

    def append(self, code: str, expected: int, records: Sequence[str], claim: Claim | None = None) -> bool:
        """See :meth:`.Backend.append` (one lock makes it one step)."""
        with _LOCK:
            t = self.tables[code]
            if len(t["log"]) != expected or (claim is not None and claim[0] in t["seats"]):
                return False
            if claim is not None:
                t["seats"][claim[0]] = claim[1]
            t["log"].extend(records)
            t["touched"] = time.time()
            _LOCK.notify_all()
        self.news.tell(code)
        return True

    def seat_tokens(self, code: str) -> dict[int, str]:
        """See :meth:`.Backend.seat_tokens`."""
        return dict(self.tables[code]["seats"]) if code in self.tables else {}

    def expire(self, before: float) -> int:
        """See :meth:`.Backend.expire`."""
        with _LOCK:
            old = [code for code, t in self.tables.items() if t["touched"] < before]
            for code in old:
                del self.tables[code]
            return len(old)

    def wait(self, code: str, seq: int, timeout: float) -> int:
        """See :meth:`.Backend.wait`: woken by the append itself, no polling."""
        with _LOCK:
            _LOCK.wait_for(lambda: self.seq(code) > seq, timeout)
            return self.seq(code)

    def close(self) -> None:
        """Nothing to let go of: the tables stay for the other stores of the same name."""
