"""Hand sizes over the moves of a hand, as an inline SVG line chart (the right column).

Plain SVG text, no plotting library: it is redrawn after every move, so it must be cheap,
and Voilà pages must not fetch anything.

Lines are told apart by more than colour: each seat has its own marker shape (circle,
square, triangle…, hollow for the second five seats) along its line and in the legend, and
its name is written at the line's end. Screen readers get one sentence per seat instead of
the picture ("Ana: 7 cards at the deal, 3 now").
"""

from __future__ import annotations

from html import escape

from ..i18n import _, ngettext
from .style import SEATS_W

#: Line colours of the hand-size chart, distinct from the card colours and each at least
#: 4.5:1 on white, so the names written in them read too (WCAG 1.4.3, 1.4.11).
SERIES = ("#1b1b1b", "#b35600", "#7a3db8", "#00777f", "#c2185b", "#6d4c41", "#47752a",
          "#3949ab", "#806300", "#546e7a")
#: Marker shapes, one per seat (seats 5–9 repeat them hollow).
SHAPES = ("circle", "square", "triangle", "diamond", "down")
#: At most this many markers along one line (plus its last point), so long hands stay legible.
MAX_MARKERS = 8
_CHAR_W = 7.0  # about how wide a 12 px character is, to lay out names without cutting them
END_CHARS = 12  # names at the lines' ends longer than this are shortened (the legend has them whole)


def marker_svg(seat: int, x: float, y: float, color: str, size: float = 4.0) -> str:
    """The marker of ``seat`` centred at (x, y): its shape, filled for seats 0–4, hollow after."""
    shape = SHAPES[seat % len(SHAPES)]
    hollow = (seat // len(SHAPES)) % 2 == 1
    paint = f'fill="#fff" stroke="{color}" stroke-width="1.8"' if hollow else f'fill="{color}"'
    r = size
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" {paint}/>'
    if shape == "triangle":
        pts: tuple[tuple[float, float], ...] = ((x, y - r * 1.2), (x + r * 1.1, y + r * .9), (x - r * 1.1, y + r * .9))
    elif shape == "down":
        pts = ((x, y + r * 1.2), (x + r * 1.1, y - r * .9), (x - r * 1.1, y - r * .9))
    else:  # diamond
        pts = ((x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y))
    return f'<polygon points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in pts)}" {paint}/>'


def chart_summary(history: list[tuple[int, ...]], names: list[str]) -> str:
    """What the chart shows, in words: the number of moves, then each seat's hand size at
    the deal and now."""
    moves = max(len(history) - 1, 0)
    parts = [ngettext("Cards in each hand over {n} move.", "Cards in each hand over {n} moves.", moves, n=moves)]
    if history:
        first, last = history[0], history[-1]
        for seat, name in enumerate(names):
            parts.append(_("{name}: {start} at the deal, {now} now.", name=name, start=first[seat],
                           now=last[seat]))
    return " ".join(parts)


def _legend_rows(names: list[str], room: float) -> list[list[int]]:
    """Seats laid out in legend rows that fit ``room`` px, whole names, in seat order."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for seat, name in enumerate(names):
        w = 20 + _CHAR_W * len(name) + 12
        if rows[-1] and used + w > room:
            rows.append([])
            used = 0.0
        rows[-1].append(seat)
        used += w
    return rows


def _spread(ends: list[list], low: float, high: float, gap: float) -> list[list]:
    """Label heights as near their lines' ends as they can be, ``gap`` apart, within
    [low, high] (the names of lines that end together stack instead of overlapping)."""
    ends = sorted(ends)
    for k, item in enumerate(ends):  # downwards: each at least gap below the one above
        item[0] = max(item[0], low if k == 0 else ends[k - 1][0] + gap)
    for k in range(len(ends) - 1, -1, -1):  # upwards: back inside the plot from the bottom
        item = ends[k]
        item[0] = min(item[0], high if k == len(ends) - 1 else ends[k + 1][0] - gap)
    return ends


def hand_size_chart_svg(history: list[tuple[int, ...]], names: list[str], *, width: int = SEATS_W,
                        height: int = 118) -> str:
    """Hand sizes over the moves of a hand as an inline SVG line chart (one line per seat,
    each with its own markers and its name at its end), with a text alternative."""
    label_w = 8 + _CHAR_W * min(max((len(n) for n in names), default=1), END_CHARS)
    left, right, top = 30, 8 + label_w, 8
    legend = _legend_rows(names, width - left - 8)
    bottom = 22 + 14 * len(legend)
    # Room for every name at the lines' ends, one above the other when the lines end together.
    height = max(height, bottom + top + 60, bottom + top + 12 * len(names) + 4)
    pw, ph = width - left - right, height - top - bottom
    n_pts = max(len(history), 1)
    peak = max([max(h) for h in history] + [7])
    ymax = max(peak + (-peak % 5 or 0), 5)

    def x(i: int) -> float:
        return left + (pw * i / (n_pts - 1) if n_pts > 1 else pw / 2)

    def y(v: int) -> float:
        return top + ph - ph * v / ymax

    summary = escape(chart_summary(history, names))
    out = [f'<svg class="uno-chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="{summary}"><title>{summary}</title>']
    tick = next(t for t in (1, 2, 5, 10, 20, 50) if ph * t / ymax >= 16 or t == 50)
    for v in range(0, ymax + 1, tick):
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                   f'stroke="#e3e3e3"/><text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    out.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{top + ph}" stroke="#767676"/>')
    moves = max(len(history) - 1, 0)
    out.append(f'<text x="{left + pw}" y="{top + ph + 14}" text-anchor="end">'
               f'{escape(_("move {n}", n=moves))}</text>'
               f'<text x="{left}" y="{top + ph + 14}">{escape(_("deal"))}</text>')
    step = max(1, -(-(n_pts - 1) // MAX_MARKERS))
    ends = []
    for seat in range(len(names)):
        color = SERIES[seat % len(SERIES)]
        if len(history) > 1:
            pts = " ".join(f"{x(i):.1f},{y(h[seat]):.1f}" for i, h in enumerate(history))
            out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2.2" '
                       f'stroke-linejoin="round"/>')
        marks = sorted(set(range(0, n_pts, step)) | {n_pts - 1}) if history else []
        out.extend(marker_svg(seat, x(i), y(history[i][seat]), color) for i in marks)
        if history:
            ends.append([y(history[-1][seat]), seat])
    for ly, seat in _spread(ends, top + 2, top + ph + 2, 12):
        name = names[seat] if len(names[seat]) <= END_CHARS else names[seat][:END_CHARS - 1] + "…"
        out.append(f'<text class="uno-chart-end" x="{left + pw + 6}" y="{ly + 4:.1f}" '
                   f'style="fill:{SERIES[seat % len(SERIES)]}">{escape(name)}</text>')
    # The legend: marker, line and whole name, in rows that fit.
    for r, row in enumerate(legend):
        ly = height - 6 - 14 * (len(legend) - 1 - r)
        lx = float(left)
        for seat in row:
            color = SERIES[seat % len(SERIES)]
            out.append(f'<line x1="{lx:.1f}" x2="{lx + 16:.1f}" y1="{ly - 4}" y2="{ly - 4}" stroke="{color}" '
                       f'stroke-width="2.2"/>{marker_svg(seat, lx + 8, ly - 4, color, 3.5)}'
                       f'<text x="{lx + 20:.1f}" y="{ly}">{escape(names[seat])}</text>')
            lx += 20 + _CHAR_W * len(names[seat]) + 12
    out.append("</svg>")
    return "".join(out)
