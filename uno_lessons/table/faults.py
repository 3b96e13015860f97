"""When the store fails: one error type, one sentence per direction, one log.

Whatever library a backend is built on (``sqlite3``, ``redis``), a failure of the store (a
locked file, a server away, a full disk, a timeout) reaches the page as :class:`StoreError`
with a sentence for the learner: the store makes each call to its backend inside
:func:`failing`, and the details go to :data:`log`, which writes to the server's terminal,
never to a page.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from ..i18n import _
from ..terminal import TERMINAL
from .backend import Backend
from .config import TableError


class StoreError(TableError):
    """The store could not be read or written just now (locked, unreachable, a full disk, a
    timeout). Nothing changed: the page's replica is as the store holds it, and the same
    action can be tried again once the store is back. The message is a sentence for the
    learner; the details go to the server's log, never to a page."""


#: The store's log goes to the server's terminal (:data:`~uno_lessons.terminal.TERMINAL`):
#: in a page's kernel, ``sys.stderr`` and even ``sys.__stderr__`` would reach the page.
log = logging.getLogger("uno_lessons.table")
if not log.handlers:
    _handler = logging.StreamHandler(TERMINAL)
    _handler.setFormatter(logging.Formatter("[uno_lessons %(levelname)s] %(message)s"))
    log.addHandler(_handler)
    log.propagate = False


def write_failed() -> StoreError:
    """The error of a write the store could not take (in the current language)."""
    return StoreError(_("The table could not save your move; try again in a moment."))


def read_failed() -> StoreError:
    """The error of a read the store could not answer (in the current language)."""
    return StoreError(_("The table cannot be reached just now; it will try again in a moment."))


@contextmanager
def failing(backend: Backend, what: str, *, writes: bool) -> Iterator[None]:
    """Run the block (one call to ``backend``, named ``what`` in the log) with the backend's
    :attr:`~.backend.Backend.failures` turned into StoreError: :func:`write_failed` for a
    write, :func:`read_failed` for a read; the details go to :data:`log`."""
    try:
        yield
    except StoreError:
        raise
    except backend.failures as exc:
        log.warning("table store %s failed in %s: %s: %s", type(backend).__name__, what,
                    type(exc).__name__, exc)
        raise (write_failed() if writes else read_failed()) from exc
