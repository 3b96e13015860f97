"""One compiled copy of each page template for the whole Voilà server.

For every page it renders without a preheated kernel, Voilà builds a new nbconvert exporter,
and with it a new Jinja environment that parses and compiles the page's templates again: our
``uno`` template, Voilà's and nbconvert's lab templates, ``base``, ``display_priority``,
``null`` and their macros. That was about 0.2 s of the server's CPU for each such page,
spent before the first byte of the page was sent and before its kernel was started
(``benchmarks/dashboard_speed.py``; a profile of the server showed ``Environment.compile``
in 32 % of its samples). Jinja's own answer is a bytecode cache: :func:`install` gives
every exporter's environment one shared, in-memory :class:`SharedBytecodeCache`. Jinja still
reads each template's source for every page and compiles it again whenever the source has
changed, so an edited template shows at once, as before.

The package ``uno_lessons.voila`` calls :func:`install` when a server that renders pages
imports it (see its docstring).
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket

__all__ = ["SharedBytecodeCache", "CACHE", "install"]


class SharedBytecodeCache(BytecodeCache):
    """Compiled templates in memory, by template file and the kind of environment that
    compiled them; Jinja checks each against its template's current source."""

    def __init__(self) -> None:
        self._code: dict[tuple[Any, ...], bytes] = {}

    @staticmethod
    def _key(bucket: Bucket) -> tuple[Any, ...]:
        # The generated code depends on the environment's settings as well as on the source:
        # an async environment (Voilà's) compiles other code than a plain one (nbconvert's).
        env: Environment = bucket.environment
        escape = env.autoescape if isinstance(env.autoescape, bool) else id(env.autoescape)
        return (bucket.key, env.is_async, tuple(sorted(env.extensions)), escape, env.optimized)

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` with the code compiled before, if there is any."""
        data = self._code.get(self._key(bucket))
        if data is not None:
            bucket.bytecode_from_string(data)  # Jinja drops it if the source has changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the code Jinja has just compiled."""
        self._code[self._key(bucket)] = bucket.bytecode_to_string()

    def __len__(self) -> int:
        return len(self._code)


#: The server's one cache, shared by every exporter.
CACHE = SharedBytecodeCache()


def install(cache: SharedBytecodeCache = CACHE) -> bool:
    """Make every nbconvert template environment created from now on use ``cache``; True if
    this call installed it, False if it already was (calling it again changes nothing)."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "uno_bytecode_cache", None) is not None:
        return False

    @wraps(create)
    def _create_environment(self: TemplateExporter) -> Environment:
        environment = create(self)
        environment.bytecode_cache = cache
        return environment

    _create_environment.uno_bytecode_cache = cache  # type: ignore[attr-defined]
    TemplateExporter._create_environment = _create_environment  # type: ignore[method-assign]
    return True
