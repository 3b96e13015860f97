"""The symbols printed on card faces: outlined numbers, skip, reverse, mini cards, wild oval.

All symbols are drawn around (0, 0); callers place and scale them with an SVG transform, so
the same symbol serves the big centre of a card, its small corner index and the seat badges.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from ..engine.cards import Color
from .style import COLORS_HEX, FONT, INK, num

__all__ = ["outlined_text", "skip_sign", "reverse_arrows", "mini_cards", "no_talk_bubble", "wild_oval"]


def outlined_text(s: str, size: float, fill: str, *, stroke: str = INK, sw: float = 2.5,
                  italic: bool = True, shadow: bool = False, dy: float = 0.36) -> str:
    """``s`` in the heavy card font, centred, outlined in ``stroke``, with an optional drop shadow."""
    y = num(size * dy)
    style = "font-style:italic;" if italic else ""
    common = (f'text-anchor="middle" font-family="{FONT}" font-weight="900" '
              f'font-size="{num(size)}" style="{style}"')
    out = ""
    if shadow:
        out += f'<text x="{num(size * .05)}" y="{num(size * dy + size * .05)}" {common} fill="{INK}">{escape(s)}</text>'
    # paint-order="stroke" draws the outline under the fill, so thick outlines stay legible.
    out += (f'<text x="0" y="{y}" {common} fill="{fill}" stroke="{stroke}" stroke-width="{num(sw)}" '
            f'stroke-linejoin="round" paint-order="stroke">{escape(s)}</text>')
    return out


def skip_sign(fill: str) -> str:
    """The Skip symbol: a ring with a slash, in ``fill`` with a dark outline."""
    # Drawn dark and wide first, then in colour on top, so it reads on any background.
    shape = '<circle cx="0" cy="0" r="19"/><line x1="-13" y1="13" x2="13" y2="-13"/>'
    return (f'<g fill="none" stroke="{INK}" stroke-width="13" stroke-linecap="round">{shape}</g>'
            f'<g fill="none" stroke="{fill}" stroke-width="8" stroke-linecap="round">{shape}</g>')


_ARROW = "-19,-4 3,-4 3,-11 17,0 3,11 3,4 -19,4"


def reverse_arrows(fill: str) -> str:
    """The Reverse symbol: two arrows pointing opposite ways on a diagonal."""
    a = f'<polygon points="{_ARROW}" fill="{fill}" stroke="{INK}" stroke-width="2.6" stroke-linejoin="round"/>'
    return (f'<g transform="rotate(-45)"><g transform="translate(3,-10)">{a}</g>'
            f'<g transform="translate(-3,10) rotate(180)">{a}</g></g>')


def mini_cards(fills: Sequence[str]) -> str:
    """Small overlapping cards, one per fill, like the centre of a real Draw Two / Wild Draw Four."""
    n = len(fills)
    out = ""
    for i, fill in enumerate(fills):
        dx = (i - (n - 1) / 2) * 11
        dy = -(i - (n - 1) / 2) * 9
        box = f'<rect x="{num(dx - 11)}" y="{num(dy - 16)}" width="22" height="32" rx="3" '
        # A white edge first, then a thin dark one, so stacked cards stay apart.
        out += (f'{box}fill="{fill}" stroke="#fff" stroke-width="2"/>'
                f'{box}fill="none" stroke="{INK}" stroke-width="0.8"/>')
    return out


def no_talk_bubble(fill: str = "#fff", slash: str = "#d72600") -> str:
    """A speech bubble crossed out: the "don't talk" symbol of Wild Don't Talk."""
    slash_line = '<line x1="-24" y1="20" x2="24" y2="-24" stroke="{}" stroke-width="{}" stroke-linecap="round"/>'
    return (f'<path d="M-20,-14 Q-20,-20 -14,-20 L14,-20 Q20,-20 20,-14 L20,6 Q20,12 14,12 '
            f'L-2,12 L-12,21 L-10,12 L-14,12 Q-20,12 -20,6 Z" fill="{fill}" stroke="{INK}" '
            f'stroke-width="2.5" stroke-linejoin="round"/>'
            f'<g fill="{INK}"><circle cx="-9" cy="-4" r="2.6"/><circle cx="0" cy="-4" r="2.6"/>'
            f'<circle cx="9" cy="-4" r="2.6"/></g>'
            + slash_line.format("#fff", 9) + slash_line.format(slash, 5))


def wild_oval(rx: float = 33, ry: float = 55, tilt: float = 28) -> str:
    """The four-colour oval of the wild cards: four quarter wedges in a tilted ellipse."""
    quarters = [(Color.RED, 180, 270), (Color.BLUE, 270, 360), (Color.GREEN, 0, 90),
                (Color.YELLOW, 90, 180)]

    def point(degrees: float) -> str:
        t = math.radians(degrees)
        return f"{num(rx * math.cos(t))},{num(ry * math.sin(t))}"

    out = f'<g transform="rotate({num(tilt)})">'
    for color, a0, a1 in quarters:
        out += (f'<path d="M0,0 L{point(a0)} A{num(rx)},{num(ry)} 0 0 1 {point(a1)} Z" '
                f'fill="{COLORS_HEX[color]}"/>')
    out += f'<ellipse cx="0" cy="0" rx="{num(rx)}" ry="{num(ry)}" fill="none" stroke="#fff" stroke-width="3"/></g>'
    return out
