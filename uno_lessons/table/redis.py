"""The store for several machines (a JupyterHub whose servers run on many nodes): Redis.

Keys per table ``CODE``: ``uno:CODE:config`` (the config), ``uno:CODE:teacher`` (the key's
hash), ``uno:CODE:log`` (a list of records) and ``uno:CODE:seats`` (a hash seat -> token
hash). Compare-and-append is one Lua script, which Redis runs atomically; it also renews
the keys' time to live, so Redis itself removes a table idle for the store's ``keep``.

What survives a restart of ``redis-server`` is its persistence's business: run it with
``--appendonly yes --appendfsync always`` (the README's class setup) so that no answered
write is lost; with ``everysec`` up to a second of moves can go.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from ..i18n import _
from .config import TableError
from .faults import log
from .store import Store

_APPEND = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[2] ~= '' then
  if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
end
for i = 5, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
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


class RedisStore(Store):
    """Tables in a Redis server, chosen by a ``redis://host:port/db`` URL."""

    def __init__(self, url: str, keep: float | None = None) -> None:
        redis = client_library()
        super().__init__(url, keep)
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

    @property
    def _ttl(self) -> int:
        return max(1, int(self.keep))

    @staticmethod
    def _key(code: str, part: str) -> str:
        return f"uno:{code}:{part}"

    def _create(self, code: str, config: str, teacher: str) -> bool:
        pipe = self._r.pipeline(transaction=True)
        pipe.set(self._key(code, "config"), config, nx=True, ex=self._ttl)
        pipe.set(self._key(code, "teacher"), teacher, nx=True, ex=self._ttl)
        made, _ = pipe.execute()
        return bool(made)

    def _table(self, code: str) -> tuple[str, str] | None:
        config, teacher = self._r.mget(self._key(code, "config"), self._key(code, "teacher"))
        return None if config is None else (config, teacher)

    def _records(self, code: str, since: int = 0) -> list[str]:
        return self._r.lrange(self._key(code, "log"), since, -1)

    def _seq(self, code: str) -> int:
        return int(self._r.llen(self._key(code, "log")))

    def _append(self, code: str, expected: int, records: Sequence[str],
                claim: tuple[int, str] | None = None) -> bool:
        seat, token = ("", "") if claim is None else (str(claim[0]), claim[1])
        keys = [self._key(code, part) for part in ("log", "seats", "config", "teacher")]
        done = self._append_script(keys=keys, args=[expected, seat, token, self._ttl, *records])
        return bool(done)

    def _seat_tokens(self, code: str) -> dict[int, str]:
        return {int(s): t for s, t in self._r.hgetall(self._key(code, "seats")).items()}

    def _expire(self, before: float) -> int:
        return 0  # Redis removes an idle table's keys itself (their time to live)

    def close(self) -> None:
        """Close the connection pool."""
        self._r.close()
