"""Fixtures shared by the test modules: the table stores of every backend.

* ``redis_url`` (session): ``$REDIS_URL`` if set, else a private ``redis-server`` on a free
  port, stopped by its pid at the end. Missing or broken Redis FAILS the tests that need it
  (never a silent skip): `bash dev.sh test` installs Debian's redis-server where missing.
* ``store_url``: one URL per backend (SQLite file in a tmp folder, Redis, a named memory
  store); ``shared_url``: only the backends several processes can share.
* ``store``: ``open_store(store_url)``, closed afterwards.

The report's header says which engine the tests ran: the compiled one or its Python
(``uno_lessons.engine.compiled``).
"""

from __future__ import annotations

import pytest
from table_backends import BACKENDS, SHARED_BACKENDS, RedisServer, memory_url, redis_ping, redis_url_from_env

from uno_lessons.engine import compiled
from uno_lessons.table import open_store


def pytest_report_header() -> str:
    """The engine under test (compiled with mypyc, or Python, and why)."""
    return f"uno_lessons engine: {compiled.ENGINE}"


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """A Redis server for the store tests (REDIS_URL, or one started here)."""
    url = redis_url_from_env()
    server, problem = None, None
    if url:
        try:
            redis_ping(url)
        except Exception as exc:
            problem = f"REDIS_URL={url} does not answer: {exc}"
    else:
        try:
            server = RedisServer(tmp_path_factory.mktemp("redis"))
            url = server.url
        except RuntimeError as exc:
            problem = str(exc)
    if problem:  # outside the except: the message alone, not a chain of tracebacks
        pytest.fail(problem, pytrace=False)
    try:
        yield url
    finally:
        if server is not None:
            server.stop()


def _url(kind: str, request, tmp_path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    if kind == "redis":
        return request.getfixturevalue("redis_url")
    return memory_url()


@pytest.fixture(params=BACKENDS)
def store_url(request, tmp_path) -> str:
    """A fresh store address for each backend."""
    return _url(request.param, request, tmp_path)


@pytest.fixture(params=SHARED_BACKENDS)
def shared_url(request, tmp_path) -> str:
    """A fresh store address for each backend that several processes can share."""
    return _url(request.param, request, tmp_path)


@pytest.fixture
def store(store_url):
    """The store at ``store_url``."""
    s = open_store(store_url)
    yield s
    s.close()


@pytest.fixture(scope="session")
def wheel_site(tmp_path_factory):
    """The project's wheel, built now and unpacked (tests/wheel_build.py): the folder that
    ``wheel_build.installed_env`` puts on ``PYTHONPATH``."""
    from wheel_build import build_wheel, unpack

    root = tmp_path_factory.mktemp("wheel")
    return unpack(build_wheel(root / "dist"), root / "site")
