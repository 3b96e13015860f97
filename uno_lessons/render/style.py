"""The look every renderer shares: the card palette, fonts, the ``uno-`` CSS block and helpers.

The palette lives here, not with the faces, because the table swatches and widgets use it too.
"""

from __future__ import annotations

import re

from ..engine.cards import Card, Color

__all__ = ["COLORS_HEX", "TEXT_ON", "WILD_HEX", "INK", "FOCUS", "FONT", "STYLE", "style_block", "styled",
           "css_code", "num", "contrast_ratio"]

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
_UI_FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Liberation Sans','DejaVu Sans',Arial,sans-serif"

#: The ``<style>`` block behind every ``uno-`` class.
STYLE = f"""<style>
.uno-root{{font-family:{_UI_FONT};color:{INK};line-height:1.3;}}
.uno-card{{display:inline-block;vertical-align:top;line-height:0;}}
.uno-card svg{{filter:drop-shadow(1px 2px 2px rgba(0,0,0,.35));}}
.uno-hand{{display:flex;flex-flow:row wrap;align-items:flex-end;gap:8px 0;padding:14px 10px 4px 10px;}}
.uno-hand-item{{display:flex;flex-direction:column;align-items:center;position:relative;
  transition:transform .12s;}}
.uno-hand-item:hover{{transform:translateY(-10px);z-index:50;}}
.uno-hand-item.uno-hl{{transform:translateY(-12px);}}
.uno-code{{font:600 13px/1.2 {_UI_FONT};color:{INK};background:#fff;border:1px solid #bbb;
  border-radius:6px;padding:1px 4px;margin-top:4px;align-self:flex-start;}}
.uno-hand-item:last-child .uno-code{{align-self:center;}}
.uno-table{{display:flex;flex-flow:row wrap;gap:14px 26px;align-items:center;padding:12px 16px;
  background:#1f6b3a;border-radius:14px;color:#fff;max-width:100%;box-sizing:border-box;}}
.uno-pile{{display:flex;flex-direction:column;align-items:center;gap:6px;font-size:14px;
  text-align:center;}}
.uno-pile b{{font-size:17px;}}
.uno-info{{display:flex;flex-direction:column;gap:8px;font-size:17px;min-width:220px;}}
.uno-info .uno-k{{opacity:.85;font-size:14px;margin-right:4px;}}
.uno-chip{{display:inline-flex;align-items:center;gap:6px;background:#fff;color:{INK};
  border-radius:999px;padding:2px 12px 2px 4px;font-weight:700;}}
.uno-swatch{{display:inline-block;width:1.05em;height:1.05em;border-radius:50%;
  border:2px solid #fff;box-shadow:0 0 0 1px #555;vertical-align:-.15em;}}
.uno-note{{background:rgba(255,255,255,.14);border-radius:8px;padding:4px 10px;font-size:15px;}}
.uno-empty{{display:flex;align-items:center;justify-content:center;border:3px dashed #cfe8d6;
  border-radius:10px;color:#cfe8d6;font-size:14px;box-sizing:border-box;}}
.uno-seats{{position:relative;margin:4px auto;font-family:{_UI_FONT};color:{INK};}}
.uno-seats>svg{{position:absolute;left:0;top:0;}}
.uno-seats-wrap{{container-type:inline-size;}}
.uno-seat{{position:absolute;box-sizing:border-box;background:#fff;border:2px solid #7a8a8a;
  border-radius:10px;text-align:center;padding:3px 4px;font-size:13px;line-height:1.25;
  box-shadow:0 1px 3px rgba(0,0,0,.25);}}
.uno-seat .uno-name{{font-weight:700;font-size:15px;overflow-wrap:anywhere;}}
.uno-seat-current{{border:4px solid #f2a900;background:#fff6d6;}}
.uno-seat-winner{{border:4px solid #2e8b57;background:#e3f7e9;}}
.uno-seat-silenced{{background:#eee;}}
.uno-seat-skipped{{border-style:dashed;border-color:#c0392b;}}
.uno-badge{{display:inline-block;border-radius:6px;padding:0 5px;margin:1px;font-size:12px;
  font-weight:700;color:#fff;background:#555;max-width:100%;box-sizing:border-box;}}
.uno-b-current{{background:#8f5600;}} .uno-b-silenced{{background:#444;}}
.uno-b-winner{{background:#237045;}} .uno-b-skipped{{background:#c0392b;}}
.uno-b-uno{{background:#d72600;}} .uno-b-said{{background:#0956bf;}} .uno-b-you{{background:#6a4c93;font-size:11px;padding:0 4px;}}
.uno-size{{white-space:nowrap;}}
.uno-centre{{position:absolute;text-align:center;font-weight:700;color:#333;font-size:15px;}}
.uno-centre .uno-arrow{{font-size:34px;line-height:1;display:block;}}
.uno-log{{max-height:230px;overflow-y:auto;display:flex;flex-direction:column-reverse;
  border:1px solid #bbb;border-radius:10px;background:#fbfbf8;padding:6px 10px;
  font-family:{_UI_FONT};color:{INK};font-size:15px;box-sizing:border-box;}}
.uno-log-line{{padding:3px 0;border-bottom:1px solid #eee;}}
.uno-log-line:last-child{{border-bottom:none;}}
.uno-log-new{{font-weight:700;background:#fff6d6;border-radius:4px;padding:3px 4px;}}
.uno-log-n{{display:inline-block;min-width:2.2em;color:#5f5f5f;font-size:12px;}}
.uno-log-empty{{color:#5f5f5f;font-style:italic;}}
.uno-log:focus-visible{{outline:3px solid {FOCUS};outline-offset:2px;}}
</style>"""


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
