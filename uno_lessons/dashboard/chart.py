"""Hand sizes over the moves of a hand, as an inline SVG line chart (the right column).

Plain SVG text, no plotting library: it is redrawn after every move, so it must be cheap,
and Voilà pages must not fetch anything.
"""

from __future__ import annotations

from html import escape

from .style import SEATS_W

#: Line colours of the hand-size chart (distinct from the card colours, readable on white).
SERIES = ("#1b1b1b", "#e07000", "#7a3db8", "#00838f", "#c2185b", "#6d4c41", "#558b2f",
          "#3949ab", "#8d6e00", "#607d8b")


def hand_size_chart_svg(history: list[tuple[int, ...]], names: list[str], *, width: int = SEATS_W,
                        height: int = 118) -> str:
    """Hand sizes over the moves of a hand as an inline SVG line chart (one line per seat)."""
    left, right, top = 30, 8, 8
    bottom = 22 + 12 * ((len(names) + 4) // 5)
    pw, ph = width - left - right, height - top - bottom
    n_pts = max(len(history), 1)
    peak = max([max(h) for h in history] + [7])
    ymax = peak + (-peak % 5 or 0)
    ymax = max(ymax, 5)

    def x(i: int) -> float:
        return left + (pw * i / (n_pts - 1) if n_pts > 1 else pw / 2)

    def y(v: int) -> float:
        return top + ph - ph * v / ymax

    out = [f'<svg class="uno-chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="hand sizes over the moves of this hand">']
    tick = next(t for t in (1, 2, 5, 10, 20, 50) if ph * t / ymax >= 16 or t == 50)
    for v in range(0, ymax + 1, tick):
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                   f'stroke="#e3e3e3"/><text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" stroke="#999"/>')
    out.append(f'<text x="{width - right}" y="{top + ph + 14}" text-anchor="end">move {len(history) - 1}</text>'
               f'<text x="{left}" y="{top + ph + 14}">deal</text>')
    for seat in range(len(names)):
        pts = " ".join(f"{x(i):.1f},{y(h[seat]):.1f}" for i, h in enumerate(history))
        color = SERIES[seat % len(SERIES)]
        if len(history) == 1:
            out.append(f'<circle cx="{x(0):.1f}" cy="{y(history[0][seat]):.1f}" r="3" fill="{color}"/>')
        else:
            out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2.2" '
                       f'stroke-linejoin="round"/>')
    # Legend along the bottom: five seats per row (two rows for six to ten players).
    per_row = 5
    rows = (len(names) + per_row - 1) // per_row
    for seat, name in enumerate(names):
        lx = left + (seat % per_row) * (pw // per_row)
        ly = height - 4 - 12 * (rows - 1 - seat // per_row)
        color = SERIES[seat % len(SERIES)]
        out.append(f'<rect x="{lx}" y="{ly - 7}" width="12" height="4" fill="{color}"/>'
                   f'<text x="{lx + 16}" y="{ly - 2}">{escape(name[:9])}</text>')
    out.append("</svg>")
    return "".join(out)
