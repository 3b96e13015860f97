"""The backend for several machines (a JupyterHub whose servers run on many nodes): Redis.

Keys per table ``CODE``: ``uno:CODE:config`` (the config), ``uno:CODE:teacher`` (the key's
hash), ``uno:CODE:log`` (a list of records) and ``uno:CODE:seats`` (a hash seat -> token
hash). Compare-and-append is one Lua script, which Redis runs atomically; it also renews
the keys' time to live, so Redis itself removes a table idle for the backend's ``keep``.

What survives a restart of ``redis-server`` is its persistence's business: run it with
``--appendonly yes --appendfsync always`` (the README's class setup) so that no answered
write is lost; with ``everysec`` up to a second of moves can go.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ..i18n import _
from .backend import Claim, keep_seconds, poll_wait
from .config import TableError
from .faults import log
from .news import HEARTBEAT, RETRY, News, ThreadNews

_APPEND = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[2] ~= '' then
  if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
end
for i = 5, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
redis.call('PUBLISH', KEYS[5], redis.call('LLEN', KEYS[1]))
return 1
"""
#: Seconds before a call to a Redis server that does not answer fails (a page must not hang).
TIMEOUT = 5.0
#: What installs the client library: an extra, since only this store needs it.
INSTALL = 'pip install "uno_lessons[redis]"'


def client_library() -> ModuleType:
    """The ``redis`` client library; TableError, with the sentence that says what to install,
    when it is missing (it is the ``redis`` extra, not a dependency of the package)."""
    try:
        import redis
    except ImportError:
        # No detail to hide and nothing more in a log: the sentence says all there is to do.
        raise TableError(_("This server stores its class tables in Redis, but the redis package is "
                           "not installed: install it with {command}.", command=INSTALL)) from None
    return redis


def news_channel(code: str) -> str:
    """The pub/sub channel the append script tells table ``code``'s new records on."""
    return f"uno:{code}:news"


class RedisNews(ThreadNews):
    """One thread per process waits on one pub/sub connection (a blocking read: no CPU while
    idle), subscribed to the listened tables' channels and to its own control channel, on
    which a new listener nudges it to subscribe at once. After each (re)subscription the
    table is told once, so a record that landed before the subscription is read too."""

    name = "redis-news"

    def __init__(self, client: Any, failures: tuple[type[BaseException], ...]) -> None:
        super().__init__()
        self._client, self._failures = client, failures
        #: ...and ValueError: a connection closed under the thread (the store closing).
        self._faults: tuple[type[BaseException], ...] = (*failures, ValueError)
        self._control = f"uno:news:{uuid.uuid4().hex}"

    def _nudge(self) -> None:
        try:
            self._client.publish(self._control, "")
        except self._failures:
            pass  # the thread finds the store away itself, and resubscribes when it is back

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                if not self._listeners:  # nobody listens: the thread ends (listen starts another)
                    self._thread = None
                    return
            pubsub = self._client.pubsub()
            try:
                pubsub.subscribe(self._control)
                subscribed: set[str] = set()
                while not self._stop.is_set():
                    wanted = set(self.codes())
                    if not wanted and not subscribed:
                        with self._lock:
                            if not self._listeners:
                                self._thread = None
                                return
                    if wanted - subscribed:
                        pubsub.subscribe(*(news_channel(c) for c in wanted - subscribed))
                    if subscribed - wanted:
                        pubsub.unsubscribe(*(news_channel(c) for c in subscribed - wanted))
                    subscribed = wanted
                    message = pubsub.get_message(timeout=HEARTBEAT)
                    while message is not None:
                        channel = str(message.get("channel", ""))
                        if message["type"] in ("message", "subscribe") and channel.endswith(":news") \
                                and channel.startswith("uno:") and channel != self._control:
                            self.live = True
                            self.tell(channel[len("uno:"):-len(":news")])
                        message = pubsub.get_message(timeout=0)
            except self._faults as exc:
                if self._stop.is_set():
                    break
                log.warning("the table news from Redis failed: %s: %s", type(exc).__name__, exc)
                self.live = False
                self.tell_all()  # each page reads, finds the fault and says so
                self._stop.wait(RETRY)
            finally:
                try:
                    pubsub.close()
                except self._faults:
                    pass

    def close(self) -> None:
        """Stop the thread and wait for it (before the store closes its connections)."""
        super().close()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(5)


class RedisBackend:
    """Tables in a Redis server, chosen by a ``redis://host:port/db`` URL (a password in it:
    ``redis://:password@host:port/db``). A :class:`~.backend.Backend`."""

    news: News
    failures: tuple[type[BaseException], ...]

    def __init__(self, url: str, keep: float | None = None) -> None:
        redis = client_library()
        self.url = url
        #: Seconds a table is kept after its last record: its keys' time to live.
        self.keep = keep_seconds() if keep is None else float(keep)
        self.failures = (redis.RedisError, OSError)
        try:
            self._r = redis.Redis.from_url(url, decode_responses=True, socket_timeout=TIMEOUT,
                                           socket_connect_timeout=TIMEOUT)
            self._r.ping()  # fail now, not at the first click
        except (redis.RedisError, ValueError) as exc:
            # The URL may hold a password: it goes to the server's log only, never to a page.
            log.error("the table store at %s cannot be reached: %s: %s", url, type(exc).__name__, exc)
            raise TableError(_("The class tables cannot be reached on this server. The person who "
                               "runs it can see why in the server's log.")) from exc
        self._append_script = self._r.register_script(_APPEND)
        self.news = RedisNews(self._r, self.failures)

    @property
    def _ttl(self) -> int:
        return max(1, int(self.keep))

    @staticmethod
    def _key(code: str, part: str) -> str:
        return f"uno:{code}:{part}"

    def create(self, code: str, config: str, teacher: str) -> bool:
        """See :meth:`.Backend.create`."""
        pipe = self._r.pipeline(transaction=True)
        pipe.set(self._key(code, "config"), config, nx=True, ex=self._ttl)
        pipe.set(self._key(code, "teacher"), teacher, nx=True, ex=self._ttl)
        made, _ = pipe.execute()
        return bool(made)

    def table(self, code: str) -> tuple[str, str] | None:
        """See :meth:`.Backend.table`."""
        config, teacher = self._r.mget(self._key(code, "config"), self._key(code, "teacher"))
        return None if config is None else (config, teacher)

    def records(self, code: str, since: int = 0) -> list[str]:
        """See :meth:`.Backend.records`."""
        return self._r.lrange(self._key(code, "log"), since, -1)

    def seq(self, code: str) -> int:
        """See :meth:`.Backend.seq`."""
        return int(self._r.llen(self._key(code, "log")))

    def append(self, code: str, expected: int, records: Sequence[str], claim: Claim | None = None) -> bool:
        """See :meth:`.Backend.append`: one Lua script, which Redis runs atomically; it also
        renews the table's time to live and publishes the news."""
        seat, token = ("", "") if claim is None else (str(claim[0]), claim[1])
        keys = [self._key(code, part) for part in ("log", "seats", "config", "teacher")] + [news_channel(code)]
        done = self._append_script(keys=keys, args=[expected, seat, token, self._ttl, *records])
        return bool(done)

    def seat_tokens(self, code: str) -> dict[int, str]:
        """See :meth:`.Backend.seat_tokens`."""
        return {int(s): t for s, t in self._r.hgetall(self._key(code, "seats")).items()}

    def expire(self, before: float) -> int:
        """See :meth:`.Backend.expire`: nothing to do here."""
        return 0  # Redis removes an idle table's keys itself (their time to live)

    def wait(self, code: str, seq: int, timeout: float) -> int:
        """See :meth:`.Backend.wait` (it looks every :data:`~.backend.POLL_INTERVAL` seconds)."""
        return poll_wait(self, code, seq, timeout)

    def close(self) -> None:
        """Close the connection pool (and stop the news thread)."""
        self.news.close()
        self._r.close()
