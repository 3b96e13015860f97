"""A store in this process's memory: the one-browser dashboard and tests (no file, no server).

``memory://`` is a private store; ``memory://NAME`` is shared by every store of that name in
the process (several pages of one kernel, or tests playing several browsers).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from .news import News
from .store import Store

_SHARED: dict[str, dict] = {}
_NEWS: dict[str, News] = {}
_LOCK = threading.Condition()


class MemoryStore(Store):
    """Tables in a dict, behind one lock; ``wait_seq`` wakes as soon as a record lands."""

    news: News

    def __init__(self, url: str = "memory://", keep: float | None = None) -> None:
        super().__init__(url, keep)
        name = url[len("memory://"):]
        with _LOCK:
            data = _SHARED.setdefault(name, {}) if name else {}
            self.news = _NEWS.setdefault(name, News()) if name else News()
        self._tables: dict[str, dict] = data

    def _create(self, code: str, config: str, teacher: str) -> bool:
        with _LOCK:
            if code in self._tables:
                return False
            self._tables[code] = {"config": config, "teacher": teacher, "log": [], "seats": {},
                                  "touched": time.time()}
            return True

    def _table(self, code: str) -> tuple[str, str] | None:
        t = self._tables.get(code)
        return None if t is None else (t["config"], t["teacher"])

    def _records(self, code: str, since: int = 0) -> list[str]:
        with _LOCK:
            return list(self._tables[code]["log"][since:]) if code in self._tables else []

    def _seq(self, code: str) -> int:
        t = self._tables.get(code)
        return 0 if t is None else len(t["log"])

    def _append(self, code: str, expected: int, records: Sequence[str],
                claim: tuple[int, str] | None = None) -> bool:
        with _LOCK:
            t = self._tables[code]
            if len(t["log"]) != expected or (claim is not None and claim[0] in t["seats"]):
                return False
            if claim is not None:
                t["seats"][claim[0]] = claim[1]
            t["log"].extend(records)
            t["touched"] = time.time()
            _LOCK.notify_all()
        self.news.tell(code)
        return True

    def _seat_tokens(self, code: str) -> dict[int, str]:
        return dict(self._tables[code]["seats"]) if code in self._tables else {}

    def _expire(self, before: float) -> int:
        with _LOCK:
            old = [code for code, t in self._tables.items() if t["touched"] < before]
            for code in old:
                del self._tables[code]
            return len(old)

    def wait_seq(self, code: str, seq: int, timeout: float) -> int:
        with _LOCK:
            _LOCK.wait_for(lambda: self._seq(code) > seq, timeout)
            return self._seq(code)
