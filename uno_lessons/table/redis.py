"""The store for several machines (a JupyterHub whose servers run on many nodes): Redis.

Keys per table ``CODE``: ``uno:CODE:config`` (the config), ``uno:CODE:teacher`` (the key's
hash), ``uno:CODE:log`` (a list of records) and ``uno:CODE:seats`` (a hash seat -> token
hash). Compare-and-append is one Lua script, which Redis runs atomically.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from .config import TableError
from .store import Store

_APPEND = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if ARGV[2] ~= '' then
  if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 1 then return 0 end
  redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
end
for i = 4, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
return 1
"""


class RedisStore(Store):
    """Tables in a Redis server, chosen by a ``redis://host:port/db`` URL."""

    def __init__(self, url: str) -> None:
        import redis

        self.url = url
        try:
            self._r = redis.Redis.from_url(url, decode_responses=True)
            self._r.ping()  # fail now, with the server's own message, not at the first click
        except (redis.RedisError, ValueError) as exc:
            raise TableError(_("The table store at {url} cannot be reached ({detail}).",
                               url=url[:60], detail=str(exc)[:120])) from exc
        self._append_script = self._r.register_script(_APPEND)

    @staticmethod
    def _key(code: str, part: str) -> str:
        return f"uno:{code}:{part}"

    def _create(self, code: str, config: str, teacher: str) -> bool:
        pipe = self._r.pipeline(transaction=True)
        pipe.set(self._key(code, "config"), config, nx=True)
        pipe.set(self._key(code, "teacher"), teacher, nx=True)
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
        done = self._append_script(keys=[self._key(code, "log"), self._key(code, "seats")],
                                   args=[expected, seat, token, *records])
        return bool(done)

    def _seat_tokens(self, code: str) -> dict[int, str]:
        return {int(s): t for s, t in self._r.hgetall(self._key(code, "seats")).items()}

    def close(self) -> None:
        """Close the connection pool."""
        self._r.close()
