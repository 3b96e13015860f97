"""Card pictures: a face or a back as inline SVG, and one card wrapped for HTML.

Colour is never the only signal: every face also prints its colour's name, and every SVG
has ``role="img"`` and an ``aria-label`` such as "green 3" or "Wild Draw Four".
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine.cards import Card, Color, Rank
from .style import COLORS_HEX, FONT, INK, TEXT_ON, WILD_HEX, css_code, num, styled
from .symbols import mini_cards, no_talk_bubble, outlined_text, reverse_arrows, skip_sign, wild_oval

__all__ = ["card_svg", "back_svg", "card_html"]


def _centre(card: Card, fill: str) -> str:
    """The big symbol in the middle of a face."""
    rank = card.rank
    if rank.is_number:
        out = outlined_text(rank.value, 66, fill, sw=3, shadow=True)
        if rank.value in "69":  # real cards underline 6 and 9 so they read the right way up
            out += (f'<rect x="-16" y="30" width="32" height="6" rx="2" fill="{fill}" '
                    f'stroke="{INK}" stroke-width="2"/>')
        return out
    if rank is Rank.SKIP:
        return skip_sign(fill)
    if rank is Rank.REVERSE:
        return reverse_arrows(fill)
    if rank is Rank.DRAW_TWO:
        return (f'<g transform="translate(0,-6) scale(0.9)">{mini_cards([fill, fill])}</g>'
                + f'<g transform="translate(0,24)">{outlined_text("+2", 30, fill, sw=3, shadow=True)}</g>')
    if rank is Rank.WILD:
        return (wild_oval() + '<g transform="rotate(-28)">'
                + outlined_text("WILD", 25, "#fff", sw=4.5) + "</g>")
    if rank is Rank.WILD_DRAW_FOUR:
        colors = [COLORS_HEX[c] for c in (Color.BLUE, Color.GREEN, Color.RED, Color.YELLOW)]
        return (f'<g transform="translate(0,-8) scale(0.85)">{mini_cards(colors)}</g>'
                + f'<g transform="translate(0,30)">{outlined_text("+4", 30, "#fff", sw=4)}</g>')
    return wild_oval() + '<g transform="scale(1.05)">' + no_talk_bubble() + "</g>"


def _corner(card: Card) -> str:
    """The small index drawn in the top-left corner (and, rotated, bottom-right)."""
    rank = card.rank
    on = "#fff" if card.color is not Color.YELLOW else INK
    edge = INK if on == "#fff" else "#fff"
    if rank.is_number:
        out = outlined_text(rank.value, 24, on, stroke=edge, sw=1.6, dy=0.35)
        if rank.value in "69":
            out += f'<rect x="-6" y="11" width="12" height="2.6" fill="{on}"/>'
        return out
    if rank is Rank.SKIP:
        return f'<g transform="scale(0.36)">{skip_sign(on)}</g>'
    if rank is Rank.REVERSE:
        return f'<g transform="scale(0.38)">{reverse_arrows(on)}</g>'
    if rank is Rank.DRAW_TWO:
        return outlined_text("+2", 17, on, stroke=edge, sw=1.5, dy=0.35)
    if rank is Rank.WILD:
        return '<g transform="scale(0.28)">' + wild_oval() + "</g>"
    if rank is Rank.WILD_DRAW_FOUR:
        return outlined_text("+4", 17, "#fff", sw=1.5, dy=0.35)
    return '<g transform="scale(0.36)">' + no_talk_bubble() + "</g>"


def _card_open(width: float, label: str, *, fill: str, selected: bool, dimmed: bool, extra_class: str,
               ring: str | None = None) -> str:
    """The ``<svg>`` start of any card, face or back: title, white frame and coloured body."""
    h = width * 1.5
    style = "display:block;"
    if dimmed:
        style += "opacity:.42;filter:saturate(.45);"
    cls = "uno-card-svg" + (" uno-selected" if selected else "") + (" uno-dimmed" if dimmed else "")
    if extra_class:
        cls += " " + extra_class
    # A gold frame marks the selected card; a frame in the chosen colour marks a played wild.
    border = "#f2a900" if selected else (ring or "#c8c8c8")
    bw = 5 if (selected or ring) else 1.2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" width="{num(width)}" '
            f'height="{num(h)}" role="img" aria-label="{escape(label)}" class="{cls}" '
            f'style="{style}"><title>{escape(label)}</title>'
            f'<rect x="{num(bw / 2)}" y="{num(bw / 2)}" width="{num(100 - bw)}" height="{num(150 - bw)}" '
            f'rx="10" fill="#fff" stroke="{border}" stroke-width="{num(bw)}"/>'
            f'<rect x="7" y="7" width="86" height="136" rx="7" fill="{fill}"/>')


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
    label = card.name + (f", {chosen.label} chosen" if chosen is not None else "")
    fill = COLORS_HEX[card.color] if card.color is not None else WILD_HEX
    out = [_card_open(width, label, fill=fill, selected=selected, dimmed=dimmed,
                      extra_class=f"uno-svg-{css_code(card)}",
                      ring=COLORS_HEX[chosen] if chosen is not None else None)]
    if not card.is_wild:
        out.append('<ellipse cx="50" cy="75" rx="34" ry="56" transform="rotate(28 50 75)" fill="#fff"/>')
    out.append(f'<g transform="translate(50,74)">{_centre(card, fill)}</g>')
    corner = _corner(card)
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
    return (_card_open(width, "face-down card", fill=WILD_HEX, selected=selected, dimmed=dimmed,
                       extra_class="uno-back")
            + '<ellipse cx="50" cy="75" rx="33" ry="57" transform="rotate(28 50 75)" '
            f'fill="{COLORS_HEX[Color.RED]}" stroke="#fff" stroke-width="2.5"/>'
            '<g transform="translate(50,75) rotate(-22)">'
            + outlined_text("UNO", 30, COLORS_HEX[Color.YELLOW], sw=4, shadow=True) + "</g></svg>")


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
    return styled(span, style)
