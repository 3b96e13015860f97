"""The event log: numbered sentences in a scrollable box that always shows the newest."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from .style import styled

__all__ = ["log_html"]


def log_html(lines: Iterable[str], *, last: int | None = None, style: bool = True) -> str:
    """Event sentences in a scrollable box, newest last (and shown); ``last`` keeps only
    the newest ``last`` lines."""
    lines = [str(x) for x in lines]
    first = 0
    if last is not None and len(lines) > last:
        # Keep the original numbering, so "12." still means the twelfth event of the game.
        first = len(lines) - last
        lines = lines[first:]
    if not lines:
        inner = '<div class="uno-log-line uno-log-empty">Nothing has happened yet.</div>'
    else:
        rows = []
        for i, line in enumerate(lines):
            cls = "uno-log-line" + (" uno-log-new" if i == len(lines) - 1 else "")
            rows.append(f'<div class="{cls}"><span class="uno-log-n">{first + i + 1}.</span>'
                        f'{escape(line)}</div>')
        inner = "".join(rows)
    # column-reverse keeps the box scrolled to its newest (last) line without JavaScript.
    body = (f'<div class="uno-root uno-log" role="log" aria-live="polite"><div>{inner}</div></div>')
    return styled(body, style)
