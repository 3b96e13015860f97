"""Workers for the class tests: learners arriving at one class code from other processes.

Module-level functions, so that ``multiprocessing`` (start method "spawn": a fresh
interpreter, as another Jupyter kernel would be) can import them; each opens its own store
from the URL, exactly as another kernel would.
"""

from __future__ import annotations

from table_backends import BARRIER_TIMEOUT

from uno_lessons.table import open_store
from uno_lessons.table.classroom import seat_learner

_BARRIER = None  # set in each worker process by init_worker


def init_worker(barrier) -> None:
    """Pool initializer: the barrier every worker waits at, so they arrive together."""
    global _BARRIER
    _BARRIER = barrier


def arrive(url: str, code: str, names: list[str], barrier=None) -> list[tuple[str, int, str, str]]:
    """Wait for every other worker, then seat each of ``names`` at class ``code``, one after
    another; returns (table code, seat, token, name) for each."""
    store = open_store(url)
    try:
        (barrier or _BARRIER).wait(BARRIER_TIMEOUT)
        out = []
        for name in names:
            handle = seat_learner(store, code, name)
            out.append((handle.code, handle.seat, handle.token, handle.state.names[handle.seat]))
        return out
    finally:
        store.close()
