"""The look every renderer shares: the card palette, fonts, the ``uno-`` CSS block and helpers.

The palette lives here, not with the faces, because the table swatches and widgets use it too.
The stylesheet itself is a source of the front end (``voila/frontend/src/widgets/render.css``,
built into ``widgets/static/``); the renderers stay pure strings, this module only reads it.
"""

from __future__ import annotations

import re
from importlib.resources import files

from ..engine.cards import Card, Color

__all__ = ["COLORS_HEX", "TEXT_ON", "WILD_HEX", "INK", "FOCUS", "FONT", "STYLE", "built_stylesheet",
           "style_block", "styled", "css_code", "num", "contrast_ratio"]

#: Card colours: a bright, recognisable UNO palette whose four hues stay apart for the
#: common colour-vision deficiencies (they also differ in lightness).
COLORS_HEX: dict[Color, str] = {
    Color.RED: "#d72600",
    Color.YELLOW: "#ecd407",
    Color.GREEN: "#379711",
    Color.BLUE: "#0956bf",
}
#: Text colour readable on each card colour at WCAG AA (4.5:1): white on red and blue, black
#: on green (white on this green is only 3.75:1), near-black on yellow.
TEXT_ON: dict[Color, str] = {
    Color.RED: "#ffffff",
    Color.YELLOW: "#1d1d1d",
    Color.GREEN: "#000000",
    Color.BLUE: "#ffffff",
}
#: The black body of wild cards and card backs.
WILD_HEX = "#1b1b1b"
#: Near-black used for outlines and text on white.
INK = "#1d1d1d"
#: The keyboard focus ring: dark blue (6.4:1 on white), 3 px, outside a white gap.
FOCUS = "#0b57d0"
#: The heavy font of card faces; system fonts only, so nothing is fetched from a CDN.
FONT = "'Arial Black','Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif"

#: Where the front end's build puts the stylesheets Python sends (``widgets/static/``, built
#: from ``voila/frontend/src/widgets/``).
_BUILT = files("uno_lessons") / "widgets" / "static"


def built_stylesheet(name: str) -> str:
    """The text of the stylesheet ``name`` as the front end built it, without its build stamp.

    The stamp (the first line, a hash of all the front end's sources) is for the build check
    in tests/test_frontend.py; leaving it out keeps what a page or a notebook's output stores
    the same until this stylesheet itself changes.
    """
    text = (_BUILT / name).read_text(encoding="utf-8")
    first, _, rest = text.partition("\n")
    return rest if first.startswith("/* uno_lessons front end, built from src/") else text


#: The ``<style>`` block behind every ``uno-`` class: the front end's build of
#: ``voila/frontend/src/widgets/render.css``, read once per process. Its colours are the palette
#: above (tests/test_frontend.py checks that they agree).
STYLE = "<style>" + built_stylesheet("render.css") + "</style>"


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(color: str) -> float:
    h = color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` (or ``#rgb``) colours, from 1 to 21."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def style_block() -> str:
    """The ``<style>`` block every ``uno-`` class needs (emitted once per snippet)."""
    return STYLE


def styled(body: str, style: bool) -> str:
    """``body`` preceded by the ``<style>`` block when ``style`` is true."""
    # Each snippet carries its own CSS so it renders alone; callers that combine several
    # snippets pass style=False to all but one.
    return (STYLE if style else "") + body


def css_code(code: str | Card) -> str:
    """A card code made safe for a CSS class: ``"W+4"`` -> ``"Wp4"``, ``"R+2"`` -> ``"Rp2"``."""
    text = code.code if isinstance(code, Card) else str(code)
    return re.sub(r"[^A-Za-z0-9_-]", "", text.replace("+", "p"))


def num(x: float) -> str:
    """A number for HTML/SVG attributes, with at most two decimals and no trailing zeros."""
    # Short numbers keep the markup small and stable (no float noise such as 64.80000001).
    return f"{x:.2f}".rstrip("0").rstrip(".")
