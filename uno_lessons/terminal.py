"""The server's terminal: where a page kernel's own diagnostics go, never a browser.

In a Jupyter kernel ``sys.stderr`` is sent to the page, and ipykernel also watches file
descriptor 2 and forwards what is written there, so ``sys.__stderr__`` reaches the page
too. :data:`TERMINAL` writes to the copy of the original descriptor that ipykernel keeps for
its own echo (the terminal of the server that started the kernel), and to plain stderr in a
process that is no kernel. The table store's log and the page guard's tracebacks use it.
"""

from __future__ import annotations

import io
import os
import sys
import traceback

__all__ = ["TERMINAL", "log_traceback"]


class _TerminalStream(io.TextIOBase):
    """The kernel process's own stderr (the server's terminal), not the browser."""

    def write(self, text: str) -> int:
        fd = _terminal_fd()
        if fd is None:
            stream = sys.__stderr__
            if stream is not None:
                stream.write(text)
                stream.flush()
        else:
            os.write(fd, text.encode("utf-8", "replace"))
        return len(text)

    def writable(self) -> bool:
        return True


def _terminal_fd() -> int | None:
    copy = getattr(sys.stderr, "_original_stdstream_copy", None)
    return copy if isinstance(copy, int) and getattr(sys.stderr, "_should_watch", False) else None


#: Where server-side diagnostics go: the server's terminal.
TERMINAL = _TerminalStream()


def log_traceback(exc: BaseException, context: str = "a widget callback") -> None:
    """Write ``exc`` with its traceback to the server's terminal (never to a browser)."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    TERMINAL.write(f"[uno_lessons] An exception in {context} (not shown to the page):\n{text}")
