"""The seats around an oval table, in play order, with badges for who plays, is silenced or won.

The oval has a fixed size; where the page is narrower than it (a phone, a split screen), a
container query lays the same seats out as a wrapped row instead (WCAG 1.4.10 reflow).
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Any

from ..i18n import _, pgettext
from .state import PlayState, direction_words
from .style import num, styled
from .symbols import no_talk_bubble
from .words import cards_count

__all__ = ["seats_html"]


def _silenced_icon(size: int = 16) -> str:
    """The crossed-out speech bubble as a small inline icon for a badge."""
    # The badge says "silenced" in words beside it, so the icon is hidden from screen readers.
    return (f'<svg viewBox="-26 -26 52 52" width="{size}" height="{size}" aria-hidden="true" '
            f'focusable="false" style="vertical-align:-3px">{no_talk_bubble()}</svg>')


def _seat_angle(k: int, n: int) -> float:
    """The angle on the oval of the ``k``-th of ``n`` seats, counted from the bottom."""
    return math.radians(90 + 360 * (k % max(n, 1)) / max(n, 1))


@lru_cache(maxsize=64)
def _seat_layout(n: int, W: float) -> tuple[float, float, float]:
    """Height, box width and box height so that ``n`` seat boxes on an oval ``W`` wide do
    not overlap: the widest boxes that fit in a low oval, else in a taller one."""
    bh = 64.0
    fits: list[tuple[float, float]] = []  # (box width, lowest height that fits), widest first
    bw = min(116.0, W * 0.27)
    while bw >= 64:
        for H in range(round(W * 0.6), round(W * 1.3), 8):
            rx, ry = (W - bw) / 2 - 2, (H - bh) / 2 - 2
            pts = [(rx * math.cos(_seat_angle(k, n)), ry * math.sin(_seat_angle(k, n))) for k in range(n)]
            if all(abs(x1 - x2) >= bw + 4 or abs(y1 - y2) >= bh + 4
                   for i, (x1, y1) in enumerate(pts) for x2, y2 in pts[i + 1:]):
                fits.append((bw, float(H)))
                break
        bw -= 6
    # Prefer readable boxes (80 px and up) in a low oval; give up width before height.
    for narrowest, limit in ((80, 0.72), (80, 0.95), (0, 0.95)):
        for box_width, height in fits:
            if box_width >= narrowest and height <= W * limit:
                return height, box_width, bh
    if fits:
        box_width, height = min(fits, key=lambda f: f[1])
        return height, box_width, bh
    return W * 1.3, 64.0, bh


def _seat_marks(play: PlayState, s: int, *, skipped: int | None, window: int | None,
                said: set[int], size: int) -> tuple[list[str], list[str]]:
    """The CSS classes and the badges of seat ``s``: winner or to play, silenced, skipped, UNO."""
    cls = ["uno-seat"]
    badges = []
    if s == play.winner:
        cls.append("uno-seat-winner")
        # Its own context: the badge may need a shorter word than the score table's column.
        won = pgettext("badge on the seat that won the hand", "winner")
        badges.append(f'<span class="uno-badge uno-b-winner">★ {escape(won)}</span>')
    elif s == play.current and play.winner is None:
        cls.append("uno-seat-current")
        what = _("answers +4") if play.phase == "challenge" else _("to play")
        badges.append(f'<span class="uno-badge uno-b-current">▶ {escape(what)}</span>')
    if s == play.silenced:
        cls.append("uno-seat-silenced")
        badges.append(f'<span class="uno-badge uno-b-silenced">{_silenced_icon(14)} '
                      f'{escape(_("silenced"))}</span>')
    if s == skipped:
        cls.append("uno-seat-skipped")
        badges.append(f'<span class="uno-badge uno-b-skipped">⊘ {escape(_("skipped"))}</span>')
    # The seat that can be caught without UNO matters more than one that said it in time.
    if s == window:
        cls.append("uno-seat-uno")
        badges.append(f'<span class="uno-badge uno-b-uno">{escape(_("no UNO said!"))}</span>')
    elif s in said and size <= 2:
        badges.append(f'<span class="uno-badge uno-b-said">{escape(_("said UNO"))}</span>')
    return cls, badges


def seats_html(game: Any, *, viewer: int | None = None, highlight_skipped: int | None = None,
               width: float = 460, style: bool = True) -> str:
    """The seats on an oval, in play order: names, hand sizes, who plays now, who is
    silenced or can be caught without UNO, the winner, and arrows for the direction."""
    play = PlayState.of(game)
    names, direction, winner = play.names, play.direction, play.winner
    hands = getattr(game, "hands", None)
    n = len(names) if names else len(hands or [])
    sizes = getattr(game, "hand_sizes", None)
    if sizes is None:
        sizes = [len(h) for h in hands] if hands is not None else [0] * n
    window = getattr(game, "uno_window", None)
    said = set(getattr(game, "uno_said", ()) or ())

    W = float(width)
    H, bw, bh = _seat_layout(n, W)
    rx, ry = (W - bw) / 2 - 2, (H - bh) / 2 - 2
    cx, cy = W / 2, H / 2
    anchor = viewer if viewer is not None else 0

    def angle(seat: int) -> float:
        # The anchor seat sits at the bottom; seat numbers grow clockwise on screen.
        return _seat_angle(seat - anchor, n)

    svg = [f'<svg width="{num(W)}" height="{num(H)}" aria-hidden="true">'
           f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(rx)}" ry="{num(ry)}" fill="#e9f3ec" '
           f'stroke="#7fa98b" stroke-width="3" stroke-dasharray="8 6"/>']
    if n > 1 and winner is None:
        # One arrow between each pair of neighbours, tangent to the oval, pointing the way play goes.
        for s in range(n):
            t0, t1 = angle(s), angle(s) + 2 * math.pi / n
            t = (t0 + t1) / 2
            px, py = cx + rx * math.cos(t), cy + ry * math.sin(t)
            tx, ty = -rx * math.sin(t) * direction, ry * math.cos(t) * direction
            rot = math.degrees(math.atan2(ty, tx))
            svg.append(f'<polygon points="13,0 -7,-9 -2,0 -7,9" fill="#2e6b41" '
                       f'transform="translate({num(px)},{num(py)}) rotate({num(rot)})"/>')
    svg.append("</svg>")

    arrow, words = direction_words(direction)
    centre_txt = f'<span class="uno-arrow" aria-hidden="true">{arrow}</span>{escape(words)}'
    if winner is not None:
        centre_txt = f'<span class="uno-arrow">★</span>{escape(_("{name} wins", name=names[winner]))}'
    centre = (f'<div class="uno-centre" style="left:{num(cx - 90)}px;top:{num(cy - 30)}px;width:180px">'
              f'{centre_txt}</div>')

    seats = []
    for s in range(n):
        t = angle(s)
        x, y = cx + rx * math.cos(t) - bw / 2, cy + ry * math.sin(t) - bh / 2
        cls, badges = _seat_marks(play, s, skipped=highlight_skipped, window=window, said=said,
                                  size=sizes[s])
        if s == viewer:
            cls.append("uno-seat-viewer")
        who = play.name(s)
        title = (_("seat {seat}: {name} (you)", seat=s, name=who) if s == viewer
                 else _("seat {seat}: {name}", seat=s, name=who))
        you_pill = f' <span class="uno-badge uno-b-you">{escape(_("you"))}</span>' if s == viewer else ""
        seats.append(
            f'<div class="{" ".join(cls)}" data-seat="{s}" title="{title}" '
            f'style="left:{num(x)}px;top:{num(y)}px;width:{num(bw)}px;min-height:{num(bh)}px">'
            f'<div class="uno-name">{who}</div><div class="uno-size">'
            f'{escape(cards_count(sizes[s]))}{you_pill}</div>{"".join(badges)}</div>')
    label = escape(_("seats, play goes {direction}", direction=words))
    body = (f'<div class="uno-seats-wrap uno-seats-w{num(W)}" style="width:{num(W)}px;max-width:100%">'
            f'<div class="uno-root uno-seats" role="group" aria-label="{label}" '
            f'style="width:{num(W)}px;height:{num(H + 24)}px">{"".join(svg)}{centre}{"".join(seats)}'
            f'</div></div>')
    return _narrow_style(W) + styled(body, style)


def _narrow_style(W: float) -> str:
    """The wrapped-row layout for a seats view of width ``W`` shown in less room than ``W``."""
    w = f"w{num(W)}"
    return ("<style>@container (max-width:" + num(W - 0.5) + "px){"
            f".uno-seats-{w} .uno-seats{{width:auto!important;height:auto!important;display:flex;"
            "flex-flow:row wrap;gap:6px;margin:4px 0;}"
            f".uno-seats-{w} .uno-seats>svg{{display:none;}}"
            f".uno-seats-{w} .uno-seat{{position:static;width:auto!important;min-width:88px;flex:1 1 88px;}}"
            f".uno-seats-{w} .uno-centre{{position:static;width:100%!important;order:-1;}}"
            f".uno-seats-{w} .uno-centre .uno-arrow{{display:inline;font-size:1.4em;margin-right:4px;}}"
            "}</style>")
