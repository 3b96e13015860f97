"""How many pages the front (:mod:`.front`) lets each owner, and everyone together, have open,
and whose page each kernel is.

At most :attr:`Limits.per_user` kernels per owner (their oldest page with no open connection
is closed to make room: a reload, a closed tab) and :attr:`Limits.total` in all, sized from
the machine's memory (when it is reached, the pages nobody is connected to make room, the
longest idle first). A reloaded page's old kernel, if the page's own shutdown did not reach
the server, is closed once the new page connects (:meth:`Pages.connected`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: Seconds a page just served may wait for its browser to connect before it counts as idle.
GRACE = 60.0
#: Megabytes a page kernel costs, with the server's share (measured: about 55-75 MB each).
PAGE_MB = 100
#: Megabytes kept free for the system, the servers and everything else on the machine.
RESERVE_MB = 1536


def memory_mb() -> int:
    """This machine's memory in MB (psutil, a dependency already)."""
    import psutil

    return psutil.virtual_memory().total // 2**20


def total_for(memory: int) -> int:
    """The pages a machine with ``memory`` MB serves at once: what is left after
    :data:`RESERVE_MB`, at :data:`PAGE_MB` a page, and never fewer than 10 (8 GB: 66)."""
    return max(10, (memory - RESERVE_MB) // PAGE_MB)


@dataclass
class Limits:
    """How many pages (kernels) one owner, and everyone together, may have open."""

    per_user: int = 8
    total: int = field(default_factory=lambda: total_for(memory_mb()))


@dataclass
class Kernel:
    """A page's kernel as the front knows it."""

    owner: str
    seen: float
    sockets: int = 0
    page: str = ""  # the address its page was asked for (a reload asks for the same)
    order: int = 0  # the how-manieth page the front served
    left: bool = False  # its page was connected and is no longer


class Pages:
    """The owner of every page kernel the front has served, and the limits on them."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self.kernels: dict[str, Kernel] = {}
        self.pending: dict[str, int] = {}
        self.served_count = 0

    def owned(self, who: str) -> list[str]:
        """The kernels of ``who``, oldest first."""
        return sorted((k for k, v in self.kernels.items() if v.owner == who), key=lambda k: self.kernels[k].seen)

    def admit(self, who: str) -> tuple[str | None, list[str]]:
        """May ``who`` open one more page? ``(None, to_close)``: yes, once the kernels
        ``to_close`` (their own oldest idle pages) are shut down; ``("user", [])`` or
        ``("total", [])``: no. A yes counts the page as pending until :meth:`served`."""
        now = self.clock()
        mine = self.owned(who)
        over = len(mine) + self.pending.get(who, 0) + 1 - self.limits.per_user
        close: list[str] = []
        if over > 0:
            idle = [k for k in mine if self._idle(k, now)]
            if len(idle) < over:
                return "user", []
            close = idle[:over]
        full = len(self.kernels) - len(close) + sum(self.pending.values()) + 1 - self.limits.total
        if full > 0:
            # The machine is full: pages nobody is connected to (closed tabs, and pages asked
            # for and never opened, as a client that throws its cookie away leaves them) make
            # room, the longest idle first; pages in use are never closed for another.
            idle = sorted((k for k in self.kernels if k not in close and self._idle(k, now)),
                          key=lambda k: self.kernels[k].seen)
            if len(idle) < full:
                return "total", []
            close += idle[:full]
        for kernel in close:
            self.forget(kernel)
        self.pending[who] = self.pending.get(who, 0) + 1
        return None, close

    def _idle(self, kernel: str, now: float) -> bool:
        """Whether nobody is connected to ``kernel`` and its page has had its time to connect."""
        known = self.kernels[kernel]
        return known.sockets == 0 and now - known.seen > GRACE

    def served(self, who: str, kernel: str | None, page: str = "") -> None:
        """The page ``who`` was admitted for (at the address ``page``) is served, with its
        kernel's id if it has one."""
        self.pending[who] = max(0, self.pending.get(who, 0) - 1)
        if not self.pending[who]:
            del self.pending[who]
        if kernel is not None:
            self.served_count += 1
            self.kernels[kernel] = Kernel(who, self.clock(), page=page, order=self.served_count)

    def owns(self, who: str | None, kernel: str) -> bool:
        """Whether ``who`` opened the page of ``kernel``."""
        known = self.kernels.get(kernel)
        return who is not None and known is not None and secrets.compare_digest(known.owner, who)

    def connected(self, kernel: str, change: int) -> list[str]:
        """A connection to ``kernel`` opened (+1) or closed (-1). Returns the kernels to close:
        when a page connects, the same owner's pages served before it at the same address
        that were connected and are no longer (a reloaded page whose own shutdown, sent as it
        unloaded, was lost); a second tab still open keeps its kernel, and so does a page
        not connected yet."""
        known = self.kernels.get(kernel)
        if known is None:
            return []
        known.sockets = max(0, known.sockets + change)
        known.seen = self.clock()
        if change < 0:
            known.left = known.sockets == 0
            return []
        known.left = False
        if not known.page:
            return []
        stale = [k for k, v in self.kernels.items() if v.owner == known.owner and v.page == known.page
                 and v.order < known.order and v.left]
        for old in stale:
            self.forget(old)
        return stale

    def forget(self, kernel: str) -> None:
        """``kernel`` is gone."""
        self.kernels.pop(kernel, None)
