"""The event log: numbered sentences in a scrollable box that always shows the newest.

The box is a named region a keyboard can reach and scroll (``tabindex="0"``), not a live
region: it is redrawn whole on every update, and a replaced live region is rarely announced.
What just happened is announced once through the page's persistent live region instead
(:class:`uno_lessons.widgets.page.PageBridge`).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..i18n import _
from .style import styled

__all__ = ["log_html"]


def log_html(lines: Iterable[str], *, last: int | None = None, style: bool = True,
             label: str | None = None) -> str:
    """Event sentences in a scrollable box, newest last (and shown); ``last`` keeps only
    the newest ``last`` lines; ``label`` names the region (default "Game log")."""
    lines = [str(x) for x in lines]
    first = 0
    if last is not None and len(lines) > last:
        # Keep the original numbering, so "12." still means the twelfth event of the game.
        first = len(lines) - last
        lines = lines[first:]
    if not lines:
        inner = f'<div class="uno-log-line uno-log-empty">{escape(_("Nothing has happened yet."))}</div>'
    else:
        rows = []
        for i, line in enumerate(lines):
            cls = "uno-log-line" + (" uno-log-new" if i == len(lines) - 1 else "")
            rows.append(f'<div class="{cls}"><span class="uno-log-n">{first + i + 1}.</span>'
                        f'{escape(line)}</div>')
        inner = "".join(rows)
    # column-reverse keeps the box scrolled to its newest (last) line without JavaScript.
    name = escape(label if label is not None else _("Game log"))
    body = (f'<div class="uno-root uno-log" role="region" aria-label="{name}" tabindex="0">'
            f'<div>{inner}</div></div>')
    return styled(body, style)
