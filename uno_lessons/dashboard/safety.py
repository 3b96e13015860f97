"""Every dashboard callback runs guarded: a click the table refuses, or a store that fails,
is said in the table's own sentence; anything else is a fault of ours, whose traceback goes
to the server's terminal while the page says one plain sentence. Either way the page is
redrawn from its replica and stays usable.

The kernel's traceback guard (:func:`uno_lessons.widgets.page.install_traceback_guard`) is the last
line of defence behind this; nothing here relies on it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from ..engine.moves import IllegalMove
from ..table import TableError
from ..widgets.page import log_traceback

F = TypeVar("F", bound=Callable[..., Any])

#: What the table answers a page with: a sentence for the person who clicked.
REFUSALS = (IllegalMove, TableError)


def guarded(callback: F, *, refused: Callable[[Exception], None], failed: Callable[[], None]) -> F:
    """``callback`` that never raises: a refusal (:data:`REFUSALS`) goes to ``refused(exc)``,
    any other exception to the server's terminal and then ``failed()``."""

    @functools.wraps(callback)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return callback(*args, **kwargs)
        except REFUSALS as exc:
            _quietly(refused, exc)
        except Exception as exc:  # noqa: BLE001 - a fault of ours: the terminal, and a sentence
            log_traceback(exc, f"the dashboard's {getattr(callback, '__name__', 'callback')}")
            _quietly(failed)
        return None

    return run  # type: ignore[return-value]


def _quietly(handler: Callable[..., None], *args: Any) -> None:
    """Run an error handler; if it fails too, only the terminal hears of it."""
    try:
        handler(*args)
    except Exception as exc:  # noqa: BLE001 - the page is past helping with this click
        log_traceback(exc, "the dashboard's error handler")
