"""Voilà's preheated kernels, refilled as they are used, and what the pool holds.

Voilà keeps a pool of preheated kernels per notebook: a page takes the oldest and a refill is
started ``fill_delay`` seconds later. The pool's list holds the refills while they wait, so
a page beyond the preheated ones takes a refill that has not even started: with the class's
``fill_delay`` of 300 s, learners 28-30 of a class got a blank page for minutes (issue 39).

:func:`refilling` gives Voilà's kernel manager three changes, in the private server only
(:mod:`.private`):

* the pool starts one kernel at a time (:data:`AT_ONCE`), the first fill too: a start costs
  about half a CPU-second on a forked kernel, and on two cores a class's pages are served on
  the other core meanwhile; and while it has kernels enough, it starts none while pages keep
  taking them (:data:`QUIET`). A class's server refills at once (``fill_delay`` 0:
  :func:`~.servers.dashboard_command`), which this makes bearable (``benchmarks/class_load.py
  --within 10`` measured it: docs/performance.md);
* a page takes a kernel that is ready before one that is still starting (Voilà takes the
  oldest, whatever its state);
* :meth:`pool_status` says how many kernels are ready and starting, for the front
  (:mod:`.front`) and the terminal: the ``voila/api/uno-pool`` address of :class:`PoolHandler`,
  which the front refuses to browsers as every ``voila/api/`` address but shutdown.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tornado import web

#: Kernels the pool starts at once (the first fill too): one, so that pages being served
#: keep a core of their own on a two-core machine.
AT_ONCE = 1
#: While the pool has at least :data:`LOW` kernels ready, a refill waits until no page has
#: taken one for :data:`QUIET` seconds: the pages of a class arriving are served first, the
#: pool refilled between them; below :data:`LOW`, it refills whatever comes.
QUIET = 1.0
LOW = 3
#: The address (after the server's base URL) of :class:`PoolHandler`.
STATUS_PATH = "voila/api/uno-pool"


def _failed(task: asyncio.Future) -> bool:
    """Whether a pool's kernel start has failed (or was cancelled)."""
    return task.done() and (task.cancelled() or task.exception() is not None)


def refilling(cls: type) -> type:
    """Voilà's kernel manager class ``cls`` with the pool's changes (module docstring); a
    manager without a pool (``preheat_kernel`` off) as it is."""
    if not hasattr(cls, "get_rendered_notebook"):
        return cls

    class RefillingKernelManager(cls):
        """Voilà's kernel manager, its pool started one kernel at a time."""

        _gate: asyncio.Semaphore | None = None
        taken = 0
        _last_taken = float("-inf")  # the event loop's time when a page last took a kernel

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
            if kernel_id is not None:  # a restart of a page's own kernel: not the pool's
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            if self._gate is None:
                self._gate = asyncio.Semaphore(AT_ONCE)
            async with self._gate:
                loop = asyncio.get_running_loop()
                while loop.time() - self._last_taken < QUIET and self._ready(notebook_path) >= LOW:
                    await asyncio.sleep(QUIET / 5)
                return await super()._initialize(notebook_path, None, **kwargs)

        def _ready(self, notebook_name: str) -> int:
            return sum(1 for t in self._pools.get(notebook_name, ()) if t.done() and not _failed(t))

        async def get_rendered_notebook(self, notebook_name: str, *args: Any, **kwargs: Any) -> Any:
            pool = self._pools.get(notebook_name, [])
            # A kernel that failed to start would fail its page: it leaves the pool (a refill
            # replaces it); the ready ones go first (sorted() is stable: oldest first).
            pool[:] = sorted((t for t in pool if not _failed(t)), key=lambda t: not t.done())
            if not pool:
                self.fill_if_needed(notebook_name=notebook_name)
            self.taken += 1
            self._last_taken = asyncio.get_running_loop().time()
            return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

        def pool_status(self) -> dict[str, dict[str, int]]:
            """For each pooled notebook: its pool's ``size``, the kernels ``ready`` for a page
            and those ``starting``."""
            status: dict[str, dict[str, int]] = {}
            for name, pool in self._pools.items():
                ready = self._ready(name)
                size = self.kernel_pools_config.get(name, self.kernel_pools_config.get("default", {}))
                status[str(name)] = {"size": int(size.get("pool_size", 0)), "ready": ready,
                                     "starting": sum(1 for t in pool if not t.done())}
            return status

    return RefillingKernelManager


class PoolHandler(web.RequestHandler):
    """``GET voila/api/uno-pool``: the pool's status (:meth:`pool_status`) as JSON, with the
    notebook a page without a path opens (``single``: the server serves one notebook)."""

    def initialize(self, kernel_manager: Any, single: str | None) -> None:
        self.kernel_manager = kernel_manager
        self.single = single

    def get(self) -> None:
        status: dict = getattr(self.kernel_manager, "pool_status", dict)()
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps({"notebooks": status, "single": self.single,
                                "taken": getattr(self.kernel_manager, "taken", 0)}))
