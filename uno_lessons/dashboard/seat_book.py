"""The hub's book of seats: which hub user holds which seat's token at a table, which hub
user took each seat, and the teacher key of each table a hub teacher opened.

The table store keeps only hashes of tokens and keys (a stolen copy opens nothing); a hub
page has no token in its address, so the service keeps the secret itself, next to the
store and reachable only where the store is (the service's environment): in the same
SQLite file (tables of its own) or the same Redis (keys ``uno:hub:…``, expiring with the
tables). Nothing here decides who may act: a token found here still opens its seat only
through the store's own :meth:`~uno_lessons.table.Store.rejoin`.

A seat's name is whatever the learner typed; the hub user who sat down there is what the
teacher's panel shows beside it (:meth:`SeatBook.seat_users`), so "ana" typed by eve reads
as eve's seat.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from typing import Any

from ..table import Store

_SCHEMA = ("create table if not exists uno_hub_seats (code text, user text, token text, "
           "primary key (code, user)); "
           "create table if not exists uno_hub_keys (code text primary key, key text); "
           "create table if not exists uno_hub_seat_users (code text, seat integer, user text, "
           "primary key (code, seat))")

#: The book of each memory store, shared by the pages of its process as the store is.
_MEMORY_BOOKS: weakref.WeakKeyDictionary[Store, dict[tuple[str, str], str]] = weakref.WeakKeyDictionary()


class SeatBook:
    """Seat tokens by (table, hub user), hub users by (table, seat) and teacher keys by
    table, kept beside ``store``."""

    def __init__(self, store: Store) -> None:
        url = store.url
        self._lock = threading.Lock()
        self._redis: Any = None
        self._db: sqlite3.Connection | None = None
        self._memory: dict[tuple[str, str], str] = {}
        self._ttl = max(1, int(store.keep))
        if url.startswith("sqlite://"):
            from ..table.sqlite import sqlite_path

            self._db = sqlite3.connect(sqlite_path(url), timeout=10, isolation_level=None,
                                       check_same_thread=False)
            self._db.executescript(_SCHEMA)
        elif url.startswith(("redis://", "rediss://", "unix://")):
            from ..table.redis import client_library

            self._redis = client_library().Redis.from_url(url, decode_responses=True, socket_timeout=5)
        else:
            self._memory = _MEMORY_BOOKS.setdefault(store, {})

    def _get(self, kind: str, code: str, user: str = "") -> str | None:
        if self._db is not None:
            with self._lock:
                if kind == "seat":
                    row = self._db.execute("select token from uno_hub_seats where code=? and user=?",
                                           (code, user)).fetchone()
                else:
                    row = self._db.execute("select key from uno_hub_keys where code=?", (code,)).fetchone()
            return row[0] if row else None
        if self._redis is not None:
            if kind == "seat":
                return self._redis.hget(f"uno:hub:{code}:seats", user)
            return self._redis.get(f"uno:hub:{code}:key")
        return self._memory.get((f"{kind}:{code}", user))

    def _put(self, kind: str, code: str, value: str | None, user: str = "") -> None:
        if self._db is not None:
            with self._lock:
                if kind == "seat" and value is None:
                    self._db.execute("delete from uno_hub_seats where code=? and user=?", (code, user))
                elif kind == "seat":
                    self._db.execute("insert or replace into uno_hub_seats values (?, ?, ?)", (code, user, value))
                else:
                    self._db.execute("insert or replace into uno_hub_keys values (?, ?)", (code, value))
        elif self._redis is not None:
            if kind == "seat":
                key = f"uno:hub:{code}:seats"
                if value is None:
                    self._redis.hdel(key, user)
                else:
                    self._redis.hset(key, user, value)
            else:
                key = f"uno:hub:{code}:key"
                self._redis.set(key, value or "")
            self._redis.expire(key, self._ttl)
        elif value is None:
            self._memory.pop((f"{kind}:{code}", user), None)
        else:
            self._memory[(f"{kind}:{code}", user)] = value

    def seat_token(self, code: str, user: str) -> str | None:
        """The token of ``user``'s seat at table ``code``, if they sat down there."""
        return self._get("seat", code, user)

    def keep_seat(self, code: str, user: str, token: str | None, seat: int | None = None) -> None:
        """Note ``user``'s seat token at ``code`` (None: forget it); with ``seat``, also that
        ``user`` took that seat (a claimed seat stays its first holder's: nothing forgets it)."""
        self._put("seat", code, token, user)
        if token is not None and seat is not None:
            self._keep_seat_user(code, int(seat), user)

    def _keep_seat_user(self, code: str, seat: int, user: str) -> None:
        if self._db is not None:
            with self._lock:
                self._db.execute("insert or replace into uno_hub_seat_users values (?, ?, ?)", (code, seat, user))
        elif self._redis is not None:
            key = f"uno:hub:{code}:users"
            self._redis.hset(key, str(seat), user)
            self._redis.expire(key, self._ttl)
        else:
            self._memory[(f"user:{code}", str(seat))] = user

    def seat_users(self, code: str) -> dict[int, str]:
        """The hub user who sat down at each seat of table ``code`` (seat -> user name)."""
        if self._db is not None:
            with self._lock:
                rows = self._db.execute("select seat, user from uno_hub_seat_users where code=?", (code,)).fetchall()
            return {int(seat): user for seat, user in rows}
        if self._redis is not None:
            return {int(seat): user for seat, user in self._redis.hgetall(f"uno:hub:{code}:users").items()}
        prefix = f"user:{code}"
        return {int(seat): user for (kind, seat), user in list(self._memory.items()) if kind == prefix}

    def teacher_key(self, code: str) -> str | None:
        """The teacher key of table ``code``, if a hub teacher opened it."""
        return self._get("key", code) or None

    def keep_teacher_key(self, code: str, key: str) -> None:
        """Note the teacher key of table ``code``."""
        self._put("key", code, key)

    def new_table(self, code: str, key: str) -> None:
        """A hub teacher just opened table ``code`` with teacher ``key``: note the key, and
        forget whatever was kept for an earlier table of the same code (one that expired:
        the SQLite book's rows outlive it), so its seats name none of that table's users."""
        if self._db is not None:
            with self._lock:
                for table in ("uno_hub_seats", "uno_hub_seat_users"):
                    self._db.execute(f"delete from {table} where code=?", (code,))
        elif self._redis is not None:
            self._redis.delete(f"uno:hub:{code}:seats", f"uno:hub:{code}:users")
        else:
            for entry in [e for e in self._memory if e[0] in (f"seat:{code}", f"user:{code}")]:
                del self._memory[entry]
        self.keep_teacher_key(code, key)

    def close(self) -> None:
        """Let go of the connection."""
        if self._db is not None:
            self._db.close()
        if self._redis is not None:
            self._redis.close()
