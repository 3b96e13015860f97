"""Card pictures: a face or a back as inline SVG, and one card wrapped for HTML.

Colour is never the only signal: every face also prints its colour's name (translated, and
scaled to fit however long the word is), and every SVG has ``role="img"`` and an
``aria-label`` such as "green 3" or "Wild Draw Four" (or is hidden from screen readers when
``decorative``, inside a button that carries the name). A dimmed card (not playable) is
greyed and striped, not faded: its words keep their contrast.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine.cards import Card, Color, Rank
from ..i18n import _, pgettext
from .measure import fit_font_size
from .style import COLORS_HEX, FONT, INK, TEXT_ON, WILD_HEX, css_code, num, styled
from .symbols import mini_cards, no_talk_bubble, outlined_text, reverse_arrows, skip_sign, wild_oval
from .words import card_state_words, card_words, printed_color_word

__all__ = ["card_svg", "back_svg", "card_html"]

#: Room for the word across a Wild's oval: the English WILD's width at the card's 25 px.
_WILD_ROOM = 74.0


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
        word = printed_color_word(None)  # the word at its foot, translated; as wide as WILD at most
        size = fit_font_size(word, _WILD_ROOM, 25)
        return (wild_oval() + '<g transform="rotate(-28)">'
                + outlined_text(word, size, "#fff", sw=4.5 * size / 25) + "</g>")
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
               ring: str | None = None, decorative: bool = False) -> str:
    """The ``<svg>`` start of any card, face or back: name, white frame and coloured body."""
    h = width * 1.5
    style = "display:block;"
    if dimmed:
        # Greyed, not faded: opacity would take the printed words below AA contrast.
        style += "filter:grayscale(.85);"
    cls = "uno-card-svg" + (" uno-selected" if selected else "") + (" uno-dimmed" if dimmed else "")
    if extra_class:
        cls += " " + extra_class
    # A gold frame marks the selected card; a frame in the chosen colour marks a played wild.
    border = "#f2a900" if selected else (ring or "#c8c8c8")
    bw = 5 if (selected or ring) else 1.2
    name = (' aria-hidden="true" focusable="false"' if decorative
            else f' role="img" aria-label="{escape(label)}"')
    title = "" if decorative else f"<title>{escape(label)}</title>"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" width="{num(width)}" '
            f'height="{num(h)}"{name} class="{cls}" style="{style}">{title}'
            f'<rect x="{num(bw / 2)}" y="{num(bw / 2)}" width="{num(100 - bw)}" height="{num(150 - bw)}" '
            f'rx="10" fill="#fff" stroke="{border}" stroke-width="{num(bw)}"/>'
            f'<rect x="7" y="7" width="86" height="136" rx="7" fill="{fill}"/>')


def _clip(x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]):
    """The part of the segment inside ``box`` (left, top, right, bottom), or None (Liang–Barsky)."""
    left, top, right, bottom = box
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return None
    return x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy


def _stripe_lines() -> str:
    lines = []
    for x in range(20, 200, 20):
        seg = _clip(x, 0, x - 100, 150, (10, 10, 90, 140))
        if seg:
            lines.append('<line x1="{}" y1="{}" x2="{}" y2="{}"/>'.format(*(num(v) for v in seg)))
    return "".join(lines)


#: Diagonal stripes over a dimmed card, so "not playable" is told by a pattern too, not by
#: colour or fading.
_STRIPES = ('<g class="uno-stripes" stroke="#1d1d1d" stroke-opacity=".6" stroke-width="3.5" '
            f'stroke-linecap="round">{_stripe_lines()}</g>')


def _word_pill(word: str, *, x: float, width: float, fill: str = "#fff", ink: str = INK,
               size: float = 9.5, cls: str = "uno-color-word", stroke: str | None = None) -> str:
    """A word on a rounded pill at the foot of a face, made smaller when it is too long."""
    room = width - 6
    spacing = 0.6
    fs = fit_font_size(word, room, size, letter_spacing=spacing, smallest=3)
    if fs < size:
        spacing = 0.0
        fs = fit_font_size(word, room, size, smallest=3)
    edge = f' stroke="{stroke}" stroke-width="1.5"' if stroke else ""
    return (f'<rect x="{num(x)}" y="129" width="{num(width)}" height="13" rx="6.5" fill="{fill}"{edge}/>'
            f'<text x="{num(x + width / 2)}" y="{num(135.6 + fs * 0.36)}" text-anchor="middle" '
            f'font-family="{FONT}" font-weight="700" font-size="{num(fs)}" letter-spacing="{num(spacing)}" '
            f'fill="{ink}" class="{cls}">{escape(word)}</text>')


def card_svg(card: Card | str, *, width: float = 72, face_down: bool = False, selected: bool = False,
             dimmed: bool = False, chosen_color: Color | str | None = None, decorative: bool = False,
             label: str | None = None) -> str:
    """A card face as inline SVG (``width`` px wide, 2:3). ``face_down`` draws the back;
    ``selected`` adds a gold frame, ``dimmed`` greys and stripes it; ``chosen_color`` marks
    the colour named for a wild with a ring and a labelled badge. ``decorative`` hides the
    picture from screen readers (for a button that names the card itself); ``label`` replaces
    the spoken name ("green 3, gold frame")."""
    if face_down:
        return back_svg(width=width, selected=selected, dimmed=dimmed, decorative=decorative, label=label)
    card = Card.parse(card)
    chosen = Color.parse(chosen_color) if chosen_color is not None else None
    if not card.is_wild:
        chosen = None
    if label is None:
        label = card_state_words(card, chosen=chosen)
    fill = COLORS_HEX[card.color] if card.color is not None else WILD_HEX
    out = [_card_open(width, label, fill=fill, selected=selected, dimmed=dimmed,
                      extra_class=f"uno-svg-{css_code(card)}",
                      ring=COLORS_HEX[chosen] if chosen is not None else None, decorative=decorative)]
    if not card.is_wild:
        out.append('<ellipse cx="50" cy="75" rx="34" ry="56" transform="rotate(28 50 75)" fill="#fff"/>')
    out.append(f'<g transform="translate(50,74)">{_centre(card, fill)}</g>')
    corner = _corner(card)
    out.append(f'<g transform="translate(19,24)">{corner}</g>')
    out.append(f'<g transform="rotate(180 50 75) translate(19,24)">{corner}</g>')
    if dimmed:
        out.append(_STRIPES)
    if chosen is not None:
        # The chosen colour in words on a badge of that colour (dark or white text for AA).
        out.append(_word_pill(printed_color_word(chosen), x=12, width=62, fill=COLORS_HEX[chosen],
                              ink=TEXT_ON[chosen], size=10, cls="uno-chosen-word", stroke="#fff"))
    else:
        # The colour in words, dark on a white pill, so it reads without colour vision.
        out.append(_word_pill(printed_color_word(card.color), x=11, width=57))
    out.append("</svg>")
    return "".join(out)


def back_svg(*, width: float = 72, selected: bool = False, dimmed: bool = False,
             decorative: bool = False, label: str | None = None) -> str:
    """A face-down card: black with the red "UNO" oval. It carries no card identity."""
    return (_card_open(width, label or _("face-down card"), fill=WILD_HEX, selected=selected, dimmed=dimmed,
                       extra_class="uno-back", decorative=decorative)
            + '<ellipse cx="50" cy="75" rx="33" ry="57" transform="rotate(28 50 75)" '
            f'fill="{COLORS_HEX[Color.RED]}" stroke="#fff" stroke-width="2.5"/>'
            '<g transform="translate(50,75) rotate(-22)">'
            + outlined_text(pgettext("the logo on the back of a card", "UNO"), 30, COLORS_HEX[Color.YELLOW],
                            sw=4, shadow=True) + "</g></svg>")


def card_html(card: Card | str, *, style: bool = True, **kw: Any) -> str:
    """One card as an inline-block ``<span>`` (title = its name); keywords go to card_svg."""
    if kw.get("face_down"):
        title = _("face-down card")
        cls = "uno-card uno-card-back"
    else:
        card = Card.parse(card)
        title = card_words(card)
        cls = f"uno-card uno-card-{css_code(card)}"
    span = f'<span class="{cls}" title="{escape(title)}">{card_svg(card, **kw)}</span>'
    return styled(span, style)
