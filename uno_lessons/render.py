"""Pure HTML/SVG rendering of cards, hands, the table, the seats and the event log.

Every function returns an HTML string (inline SVG, system fonts, no CDN, no JavaScript), so
the engine, notebooks, Voilà and plain HTML files can all use it. This module must never
import ipywidgets: the engine stays usable without any UI (see tests/test_engine_no_ui.py).

Colour is never the only signal: every card face also prints its colour's name, and every
SVG has ``role="img"`` and an ``aria-label`` such as "green 3" or "Wild Draw Four".
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from .cards import Card, Color, Rank

__all__ = [
    "COLORS_HEX", "TEXT_ON", "WILD_HEX", "STYLE", "style_block", "css_code", "card_svg",
    "back_svg", "card_html", "hand_html", "table_html", "seats_html", "log_html",
    "color_swatch_html",
]

#: Card colours: a bright, recognisable UNO palette whose four hues stay apart for the
#: common colour-vision deficiencies (they also differ in lightness).
COLORS_HEX: dict[Color, str] = {
    Color.RED: "#d72600",
    Color.YELLOW: "#ecd407",
    Color.GREEN: "#379711",
    Color.BLUE: "#0956bf",
}
#: Text colour readable on each card colour (dark on yellow).
TEXT_ON: dict[Color, str] = {
    Color.RED: "#ffffff",
    Color.YELLOW: "#1d1d1d",
    Color.GREEN: "#ffffff",
    Color.BLUE: "#ffffff",
}
WILD_HEX = "#1b1b1b"
INK = "#1d1d1d"
FONT = "'Arial Black','Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif"
_UI_FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Liberation Sans','DejaVu Sans',Arial,sans-serif"

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
.uno-seat{{position:absolute;box-sizing:border-box;background:#fff;border:2px solid #9aa;
  border-radius:10px;text-align:center;padding:3px 4px;font-size:13px;line-height:1.25;
  box-shadow:0 1px 3px rgba(0,0,0,.25);overflow:hidden;}}
.uno-seat .uno-name{{font-weight:700;font-size:15px;white-space:nowrap;overflow:hidden;
  text-overflow:ellipsis;}}
.uno-seat-current{{border:4px solid #f2a900;background:#fff6d6;}}
.uno-seat-winner{{border:4px solid #2e8b57;background:#e3f7e9;}}
.uno-seat-silenced{{background:#eee;}}
.uno-seat-skipped{{border-style:dashed;border-color:#c0392b;}}
.uno-badge{{display:inline-block;border-radius:6px;padding:0 5px;margin:1px;font-size:12px;
  font-weight:700;color:#fff;background:#555;white-space:nowrap;}}
.uno-b-current{{background:#b36b00;}} .uno-b-silenced{{background:#444;}}
.uno-b-winner{{background:#2e8b57;}} .uno-b-skipped{{background:#c0392b;}}
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
.uno-log-n{{display:inline-block;min-width:2.2em;color:#777;font-size:12px;}}
.uno-log-empty{{color:#777;font-style:italic;}}
</style>"""


def style_block() -> str:
    """The ``<style>`` block every ``uno-`` class needs (emitted once per snippet)."""
    return STYLE


def css_code(code: str | Card) -> str:
    """A card code made safe for a CSS class: ``"W+4"`` -> ``"Wp4"``, ``"R+2"`` -> ``"Rp2"``."""
    text = code.code if isinstance(code, Card) else str(code)
    return re.sub(r"[^A-Za-z0-9_-]", "", text.replace("+", "p"))


def _f(x: float) -> str:
    """A short number for SVG attributes."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


# --------------------------------------------------------------------------- symbols
# All symbols are drawn around (0, 0); callers place and scale them with a transform.

def _text(s: str, size: float, fill: str, *, stroke: str = INK, sw: float = 2.5,
          italic: bool = True, shadow: bool = False, dy: float = 0.36) -> str:
    y = _f(size * dy)
    style = "font-style:italic;" if italic else ""
    common = (f'text-anchor="middle" font-family="{FONT}" font-weight="900" '
              f'font-size="{_f(size)}" style="{style}"')
    out = ""
    if shadow:
        out += f'<text x="{_f(size * .05)}" y="{_f(size * dy + size * .05)}" {common} fill="{INK}">{escape(s)}</text>'
    out += (f'<text x="0" y="{y}" {common} fill="{fill}" stroke="{stroke}" stroke-width="{_f(sw)}" '
            f'stroke-linejoin="round" paint-order="stroke">{escape(s)}</text>')
    return out


def _skip(fill: str) -> str:
    # A thick ring with a slash: drawn dark and wide first, then in colour on top.
    shape = '<circle cx="0" cy="0" r="19"/><line x1="-13" y1="13" x2="13" y2="-13"/>'
    return (f'<g fill="none" stroke="{INK}" stroke-width="13" stroke-linecap="round">{shape}</g>'
            f'<g fill="none" stroke="{fill}" stroke-width="8" stroke-linecap="round">{shape}</g>')


_ARROW = "-19,-4 3,-4 3,-11 17,0 3,11 3,4 -19,4"


def _reverse(fill: str) -> str:
    a = f'<polygon points="{_ARROW}" fill="{fill}" stroke="{INK}" stroke-width="2.6" stroke-linejoin="round"/>'
    return (f'<g transform="rotate(-45)"><g transform="translate(3,-10)">{a}</g>'
            f'<g transform="translate(-3,10) rotate(180)">{a}</g></g>')


def _mini_cards(fills: Sequence[str]) -> str:
    # Small overlapping cards, like the centre of a real Draw Two / Wild Draw Four.
    n = len(fills)
    out = ""
    for i, fill in enumerate(fills):
        dx = (i - (n - 1) / 2) * 11
        dy = -(i - (n - 1) / 2) * 9
        out += (f'<rect x="{_f(dx - 11)}" y="{_f(dy - 16)}" width="22" height="32" rx="3" '
                f'fill="{fill}" stroke="#fff" stroke-width="2"/>'
                f'<rect x="{_f(dx - 11)}" y="{_f(dy - 16)}" width="22" height="32" rx="3" '
                f'fill="none" stroke="{INK}" stroke-width="0.8"/>')
    return out


def _bubble(fill: str = "#fff", slash: str = "#d72600") -> str:
    # A speech bubble crossed out: "don't talk".
    return (f'<path d="M-20,-14 Q-20,-20 -14,-20 L14,-20 Q20,-20 20,-14 L20,6 Q20,12 14,12 '
            f'L-2,12 L-12,21 L-10,12 L-14,12 Q-20,12 -20,6 Z" fill="{fill}" stroke="{INK}" '
            f'stroke-width="2.5" stroke-linejoin="round"/>'
            f'<g fill="{INK}"><circle cx="-9" cy="-4" r="2.6"/><circle cx="0" cy="-4" r="2.6"/>'
            f'<circle cx="9" cy="-4" r="2.6"/></g>'
            f'<line x1="-24" y1="20" x2="24" y2="-24" stroke="#fff" stroke-width="9" stroke-linecap="round"/>'
            f'<line x1="-24" y1="20" x2="24" y2="-24" stroke="{slash}" stroke-width="5" stroke-linecap="round"/>')


def _wild_oval(rx: float = 33, ry: float = 55, tilt: float = 28) -> str:
    # The four-colour oval of the wild cards: four quarter wedges in a tilted ellipse.
    quarters = [(Color.RED, 180, 270), (Color.BLUE, 270, 360), (Color.GREEN, 0, 90),
                (Color.YELLOW, 90, 180)]
    out = f'<g transform="rotate({_f(tilt)})">'
    for color, a0, a1 in quarters:
        x0, y0 = rx * math.cos(math.radians(a0)), ry * math.sin(math.radians(a0))
        x1, y1 = rx * math.cos(math.radians(a1)), ry * math.sin(math.radians(a1))
        out += (f'<path d="M0,0 L{_f(x0)},{_f(y0)} A{_f(rx)},{_f(ry)} 0 0 1 {_f(x1)},{_f(y1)} Z" '
                f'fill="{COLORS_HEX[color]}"/>')
    out += f'<ellipse cx="0" cy="0" rx="{_f(rx)}" ry="{_f(ry)}" fill="none" stroke="#fff" stroke-width="3"/></g>'
    return out


def _centre(card: Card, fill: str) -> str:
    rank = card.rank
    if rank.is_number:
        out = _text(rank.value, 66, fill, sw=3, shadow=True)
        if rank.value in "69":  # real cards underline 6 and 9 so they read the right way up
            out += (f'<rect x="-16" y="30" width="32" height="6" rx="2" fill="{fill}" '
                    f'stroke="{INK}" stroke-width="2"/>')
        return out
    if rank is Rank.SKIP:
        return _skip(fill)
    if rank is Rank.REVERSE:
        return _reverse(fill)
    if rank is Rank.DRAW_TWO:
        return (f'<g transform="translate(0,-6) scale(0.9)">{_mini_cards([fill, fill])}</g>'
                + f'<g transform="translate(0,24)">{_text("+2", 30, fill, sw=3, shadow=True)}</g>')
    if rank is Rank.WILD:
        return (_wild_oval() + '<g transform="rotate(-28)">'
                + _text("WILD", 25, "#fff", sw=4.5) + "</g>")
    if rank is Rank.WILD_DRAW_FOUR:
        colors = [COLORS_HEX[c] for c in (Color.BLUE, Color.GREEN, Color.RED, Color.YELLOW)]
        return (f'<g transform="translate(0,-8) scale(0.85)">{_mini_cards(colors)}</g>'
                + f'<g transform="translate(0,30)">{_text("+4", 30, "#fff", sw=4)}</g>')
    return _wild_oval() + '<g transform="scale(1.05)">' + _bubble() + "</g>"


def _corner(card: Card, fill: str) -> str:
    """The small index drawn in the top-left corner (and, rotated, bottom-right)."""
    rank = card.rank
    on = "#fff" if card.color is not Color.YELLOW else INK
    edge = INK if on == "#fff" else "#fff"
    if rank.is_number:
        out = _text(rank.value, 24, on, stroke=edge, sw=1.6, dy=0.35)
        if rank.value in "69":
            out += f'<rect x="-6" y="11" width="12" height="2.6" fill="{on}"/>'
        return out
    if rank is Rank.SKIP:
        return f'<g transform="scale(0.36)">{_skip(on)}</g>'
    if rank is Rank.REVERSE:
        return f'<g transform="scale(0.38)">{_reverse(on)}</g>'
    if rank is Rank.DRAW_TWO:
        return _text("+2", 17, on, stroke=edge, sw=1.5, dy=0.35)
    if rank is Rank.WILD:
        return '<g transform="scale(0.28)">' + _wild_oval() + "</g>"
    if rank is Rank.WILD_DRAW_FOUR:
        return _text("+4", 17, "#fff", sw=1.5, dy=0.35)
    return '<g transform="scale(0.36)">' + _bubble() + "</g>"


def _label(card: Card) -> str:
    return card.name


def _svg_open(width: float, label: str, *, selected: bool, dimmed: bool, extra_class: str) -> str:
    h = width * 1.5
    style = "display:block;"
    if dimmed:
        style += "opacity:.42;filter:saturate(.45);"
    cls = "uno-card-svg" + (" uno-selected" if selected else "") + (" uno-dimmed" if dimmed else "")
    if extra_class:
        cls += " " + extra_class
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" width="{_f(width)}" '
            f'height="{_f(h)}" role="img" aria-label="{escape(label)}" class="{cls}" '
            f'style="{style}"><title>{escape(label)}</title>')


def _frame(selected: bool, ring: str | None = None) -> str:
    border = "#f2a900" if selected else (ring or "#c8c8c8")
    bw = 5 if (selected or ring) else 1.2
    return (f'<rect x="{_f(bw / 2)}" y="{_f(bw / 2)}" width="{_f(100 - bw)}" height="{_f(150 - bw)}" '
            f'rx="10" fill="#fff" stroke="{border}" stroke-width="{_f(bw)}"/>')


def card_svg(card: Card | str, *, width: float = 72, face_down: bool = False, selected: bool = False,
             dimmed: bool = False, chosen_color: Color | str | None = None) -> str:
    """A card face as inline SVG (``width`` px wide, 2:3). ``face_down`` draws the back;
    ``selected`` adds a gold frame, ``dimmed`` fades it; ``chosen_color`` marks the colour
    named for a wild with a ring and a labelled badge."""
    if face_down:
        return back_svg(width=width, selected=selected, dimmed=dimmed)
    card = Card.parse(card)
    chosen = Color.parse(chosen_color) if chosen_color is not None else None
    if not card.is_wild:
        chosen = None
    label = _label(card) + (f", {chosen.label} chosen" if chosen is not None else "")
    fill = COLORS_HEX[card.color] if card.color is not None else WILD_HEX
    out = [_svg_open(width, label, selected=selected, dimmed=dimmed,
                     extra_class=f"uno-svg-{css_code(card)}")]
    out.append(_frame(selected, COLORS_HEX[chosen] if chosen is not None else None))
    out.append(f'<rect x="7" y="7" width="86" height="136" rx="7" fill="{fill}"/>')
    if not card.is_wild:
        out.append('<ellipse cx="50" cy="75" rx="34" ry="56" transform="rotate(28 50 75)" fill="#fff"/>')
    out.append(f'<g transform="translate(50,74)">{_centre(card, fill)}</g>')
    corner = _corner(card, fill)
    out.append(f'<g transform="translate(19,24)">{corner}</g>')
    out.append(f'<g transform="rotate(180 50 75) translate(19,24)">{corner}</g>')
    # The colour in words, so the card reads without colour vision.
    word = card.color.name if card.color is not None else "WILD"
    on = TEXT_ON[card.color] if card.color is not None else "#fff"
    out.append(f'<text x="43" y="140.5" text-anchor="middle" font-family="{FONT}" font-weight="700" '
               f'font-size="10.5" letter-spacing="0.8" fill="{on}" '
               f'class="uno-color-word">{word}</text>')
    if chosen is not None:
        out.append(f'<rect x="22" y="127" width="56" height="18" rx="9" fill="{COLORS_HEX[chosen]}" '
                   f'stroke="#fff" stroke-width="2"/>'
                   f'<text x="50" y="140" text-anchor="middle" font-family="{FONT}" font-weight="900" '
                   f'font-size="10" fill="{TEXT_ON[chosen]}" class="uno-chosen-word">'
                   f'{chosen.name}</text>')
    out.append("</svg>")
    return "".join(out)


def back_svg(*, width: float = 72, selected: bool = False, dimmed: bool = False) -> str:
    """A face-down card: black with the red "UNO" oval. It carries no card identity."""
    out = [_svg_open(width, "face-down card", selected=selected, dimmed=dimmed, extra_class="uno-back")]
    out.append(_frame(selected))
    out.append(f'<rect x="7" y="7" width="86" height="136" rx="7" fill="{WILD_HEX}"/>')
    out.append('<ellipse cx="50" cy="75" rx="33" ry="57" transform="rotate(28 50 75)" '
               f'fill="{COLORS_HEX[Color.RED]}" stroke="#fff" stroke-width="2.5"/>')
    out.append('<g transform="translate(50,75) rotate(-22)">'
               + _text("UNO", 30, COLORS_HEX[Color.YELLOW], sw=4, shadow=True) + "</g>")
    out.append("</svg>")
    return "".join(out)


def card_html(card: Card | str, *, style: bool = True, **kw: Any) -> str:
    """One card as an inline-block ``<span>`` (title = its name); keywords go to card_svg."""
    if kw.get("face_down"):
        title = "face-down card"
        cls = "uno-card uno-card-back"
    else:
        card = Card.parse(card)
        title = card.name
        cls = f"uno-card uno-card-{css_code(card)}"
    span = f'<span class="{cls}" title="{escape(title)}">{card_svg(card, **kw)}</span>'
    return (STYLE if style else "") + span


def hand_html(cards: Iterable[Card | str], *, width: float = 64, fan: bool = True,
              face_down: bool = False, highlight: Iterable[int] | None = None,
              dim: Iterable[int] | None = None, show_codes: bool = True, style: bool = True) -> str:
    """A hand as a row of cards, overlapping like a fan when ``fan``; ``highlight`` and
    ``dim`` are sets of indices; the code is printed under each card when ``show_codes``."""
    items = [Card.parse(c) for c in cards] if not face_down else list(cards)
    hl = set(highlight or ())
    dm = set(dim or ())
    n = len(items)
    overlap = width * 0.3 if fan and n > 1 else 0
    parts = []
    for i, card in enumerate(items):
        sel, dimmed = i in hl, i in dm
        if face_down:
            svg = back_svg(width=width, selected=sel, dimmed=dimmed)
            code, title = "", "face-down card"
        else:
            svg = card_svg(card, width=width, selected=sel, dimmed=dimmed)
            code, title = card.code, card.name
        style_attr = f"margin-left:{_f(-overlap)}px;" if i and overlap else ""
        cls = "uno-hand-item" + (" uno-hl" if sel else "") + (" uno-dim" if dimmed else "")
        label = f'<span class="uno-code">{escape(code)}</span>' if show_codes and code else ""
        parts.append(f'<div class="{cls}" style="{style_attr}" title="{escape(title)}" '
                     f'data-index="{i}">{svg}{label}</div>')
    if not parts:
        parts.append('<div class="uno-log-empty" style="padding:8px">(no cards)</div>')
    body = (f'<div class="uno-root uno-hand" role="list" aria-label="{n} cards" '
            f'style="padding-left:{_f(10 + overlap)}px">' + "".join(parts) + "</div>")
    return (STYLE if style else "") + body


# --------------------------------------------------------------------------- table

def color_swatch_html(color: Color | str | None, *, label: bool = True) -> str:
    """A round swatch of ``color`` followed by its name in words (or "none yet")."""
    if color is None:
        sw = '<span class="uno-swatch" style="background:repeating-linear-gradient(45deg,#bbb 0 3px,#fff 3px 6px)"></span>'
        return sw + (' <span class="uno-color-name">none yet</span>' if label else "")
    color = Color.parse(color)
    sw = (f'<span class="uno-swatch" style="background:{COLORS_HEX[color]}" role="img" '
          f'aria-label="{color.label}"></span>')
    return sw + (f' <span class="uno-color-name">{color.name}</span>' if label else "")


def _direction_words(direction: int) -> tuple[str, str]:
    return ("↻", "clockwise") if direction >= 0 else ("↺", "counter-clockwise")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def table_html(game: Any, *, width: float = 90, style: bool = True) -> str:
    """The table: draw pile (a back and its count), the top card, the colour in force in
    words, the direction of play, the discard count and whose turn it is."""
    names = list(getattr(game, "names", []))

    def name(seat: int | None) -> str:
        if seat is None:
            return "?"
        return escape(names[seat] if 0 <= seat < len(names) else f"Seat {seat}")

    pile_n = int(getattr(game, "draw_pile_size", 0))
    discard = list(getattr(game, "discard_pile", []) or [])
    top = getattr(game, "top_card", None) or (discard[-1] if discard else None)
    color = getattr(game, "current_color", None)
    direction = int(getattr(game, "direction", 1))
    current = getattr(game, "current_player", None)
    phase = getattr(game, "phase", "turn")
    winner = getattr(game, "winner", None)
    h = width * 1.5

    if pile_n:
        pile = (f'<div style="position:relative;width:{_f(width + 6)}px;height:{_f(h + 6)}px">'
                f'<div style="position:absolute;left:6px;top:6px;opacity:.6">{back_svg(width=width)}</div>'
                f'<div style="position:absolute;left:0;top:0">{back_svg(width=width)}</div></div>')
    else:
        pile = f'<div class="uno-empty" style="width:{_f(width)}px;height:{_f(h)}px">empty</div>'
    draw_block = (f'<div class="uno-pile uno-draw-pile">{pile}<div>Draw pile<br>'
                  f'<b class="uno-draw-count">{_plural(pile_n, "card")}</b></div></div>')

    if top is not None:
        chosen = color if top.is_wild else None
        top_svg = card_svg(top, width=width * 1.15, chosen_color=chosen)
        top_block = (f'<div class="uno-pile uno-top">{top_svg}<div>Top card<br>'
                     f'<b>{escape(top.name)}</b><br><span class="uno-discard-count">'
                     f'{_plural(len(discard), "card")} in the discard pile</span></div></div>')
    else:
        top_block = '<div class="uno-pile uno-top"><div class="uno-empty">no top card</div></div>'

    arrow, words = _direction_words(direction)
    info = [f'<div><span class="uno-k">Colour in force</span> <span class="uno-chip uno-in-force">'
            f'{color_swatch_html(color)}</span></div>',
            f'<div><span class="uno-k">Direction</span> <span class="uno-chip uno-direction" '
            f'style="padding-left:12px"><span style="font-size:1.25em">{arrow}</span> {words}</span></div>']
    if phase == "over" or winner is not None:
        pts = getattr(game, "points", None)
        extra = f" ({_plural(pts, 'point')})" if pts is not None else ""
        info.append(f'<div class="uno-turn"><span class="uno-k">Winner</span> <span class="uno-chip"'
                    f' style="padding-left:12px">★ {name(winner)}{extra}</span></div>')
    else:
        info.append(f'<div class="uno-turn"><span class="uno-k">Turn</span> <span class="uno-chip"'
                    f' style="padding-left:12px">▶ {name(current)}</span></div>')
        if phase == "challenge":
            info.append(f'<div class="uno-note">{name(current)} must accept the Wild Draw Four '
                        f'(draw 4) or challenge it.</div>')
        elif phase == "drawn":
            info.append(f'<div class="uno-note">{name(current)} drew a card that can be played: '
                        f'play it or keep it.</div>')
    silenced = getattr(game, "silenced", None)
    if silenced is not None and winner is None:
        info.append(f'<div class="uno-note uno-silenced-note">{name(silenced)} is silenced '
                    f'(Wild Don\'t Talk): talking costs 3 cards.</div>')
    body = (f'<div class="uno-root uno-table" role="group" aria-label="UNO table">{draw_block}'
            f'{top_block}<div class="uno-info">{"".join(info)}</div></div>')
    return (STYLE if style else "") + body


# --------------------------------------------------------------------------- seats

def _silenced_icon(size: int = 16) -> str:
    return (f'<svg viewBox="-26 -26 52 52" width="{size}" height="{size}" role="img" '
            f'aria-label="silenced" style="vertical-align:-3px">{_bubble()}</svg>')


def _seat_angle(k: int, n: int) -> float:
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
    for narrowest, limit in ((80, 0.72), (80, 0.95), (0, 0.95)):
        for bw, H in fits:
            if bw >= narrowest and H <= W * limit:
                return H, bw, bh
    if fits:
        bw, H = min(fits, key=lambda f: f[1])
        return H, bw, bh
    return W * 1.3, 64.0, bh


def seats_html(game: Any, *, viewer: int | None = None, highlight_skipped: int | None = None,
               width: float = 460, style: bool = True) -> str:
    """The seats on an oval, in play order: names, hand sizes, who plays now, who is
    silenced or can be caught without UNO, the winner, and arrows for the direction."""
    names = list(getattr(game, "names", []))
    hands = getattr(game, "hands", None)
    n = len(names) if names else len(hands or [])
    sizes = getattr(game, "hand_sizes", None)
    if sizes is None:
        sizes = [len(h) for h in hands] if hands is not None else [0] * n
    current = getattr(game, "current_player", None)
    direction = int(getattr(game, "direction", 1))
    silenced = getattr(game, "silenced", None)
    winner = getattr(game, "winner", None)
    window = getattr(game, "uno_window", None)
    said = set(getattr(game, "uno_said", ()) or ())
    phase = getattr(game, "phase", "turn")

    W = float(width)
    H, bw, bh = _seat_layout(n, W)
    rx, ry = (W - bw) / 2 - 2, (H - bh) / 2 - 2
    cx, cy = W / 2, H / 2
    anchor = viewer if viewer is not None else 0

    def angle(seat: int) -> float:
        # The anchor seat sits at the bottom; seat numbers grow clockwise on screen.
        return _seat_angle(seat - anchor, n)

    svg = [f'<svg width="{_f(W)}" height="{_f(H)}" aria-hidden="true">'
           f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="#e9f3ec" '
           f'stroke="#7fa98b" stroke-width="3" stroke-dasharray="8 6"/>']
    if n > 1 and winner is None:
        for s in range(n):
            t0, t1 = angle(s), angle(s) + 2 * math.pi / n
            t = (t0 + t1) / 2
            px, py = cx + rx * math.cos(t), cy + ry * math.sin(t)
            tx, ty = -rx * math.sin(t) * direction, ry * math.cos(t) * direction
            rot = math.degrees(math.atan2(ty, tx))
            svg.append(f'<polygon points="13,0 -7,-9 -2,0 -7,9" fill="#2e6b41" '
                       f'transform="translate({_f(px)},{_f(py)}) rotate({_f(rot)})"/>')
    svg.append("</svg>")

    arrow, words = _direction_words(direction)
    centre_txt = f'<span class="uno-arrow">{arrow}</span>{words}'
    if winner is not None:
        centre_txt = f'<span class="uno-arrow">★</span>{escape(names[winner])} wins'
    centre = (f'<div class="uno-centre" style="left:{_f(cx - 90)}px;top:{_f(cy - 30)}px;width:180px">'
              f'{centre_txt}</div>')

    seats = []
    for s in range(n):
        t = angle(s)
        x, y = cx + rx * math.cos(t) - bw / 2, cy + ry * math.sin(t) - bh / 2
        cls = ["uno-seat"]
        badges = []
        if s == winner:
            cls.append("uno-seat-winner")
            badges.append('<span class="uno-badge uno-b-winner">★ winner</span>')
        elif s == current and winner is None:
            cls.append("uno-seat-current")
            what = "answers +4" if phase == "challenge" else "to play"
            badges.append(f'<span class="uno-badge uno-b-current">▶ {what}</span>')
        if s == silenced:
            cls.append("uno-seat-silenced")
            badges.append(f'<span class="uno-badge uno-b-silenced">{_silenced_icon(14)} silenced</span>')
        if s == highlight_skipped:
            cls.append("uno-seat-skipped")
            badges.append('<span class="uno-badge uno-b-skipped">⊘ skipped</span>')
        if s == window:
            cls.append("uno-seat-uno")
            badges.append('<span class="uno-badge uno-b-uno">no UNO said!</span>')
        elif s in said and sizes[s] <= 2:
            badges.append('<span class="uno-badge uno-b-said">said UNO</span>')
        if s == viewer:
            cls.append("uno-seat-viewer")
        who = escape(names[s] if s < len(names) else f"Seat {s}")
        you = " (you)" if s == viewer else ""
        you_pill = ' <span class="uno-badge uno-b-you">you</span>' if s == viewer else ""
        seats.append(
            f'<div class="{" ".join(cls)}" data-seat="{s}" title="seat {s}: {who}{you}" '
            f'style="left:{_f(x)}px;top:{_f(y)}px;width:{_f(bw)}px;min-height:{_f(bh)}px">'
            f'<div class="uno-name">{who}</div><div class="uno-size">'
            f'{_plural(sizes[s], "card")}{you_pill}</div>{"".join(badges)}</div>')
    body = (f'<div class="uno-root uno-seats" role="group" aria-label="seats, play goes {words}" '
            f'style="width:{_f(W)}px;height:{_f(H + 24)}px">{"".join(svg)}{centre}{"".join(seats)}</div>')
    return (STYLE if style else "") + body


# --------------------------------------------------------------------------- log

def log_html(lines: Iterable[str], *, last: int | None = None, style: bool = True) -> str:
    """Event sentences in a scrollable box, newest last (and shown); ``last`` keeps only
    the newest ``last`` lines."""
    lines = [str(x) for x in lines]
    first = 0
    if last is not None and len(lines) > last:
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
    return (STYLE if style else "") + body
