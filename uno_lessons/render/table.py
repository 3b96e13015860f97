"""The table: draw pile, top card, colour in force, direction of play and whose turn it is."""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine.cards import Color
from .faces import back_svg, card_svg
from .state import PlayState, direction_words, plural
from .style import COLORS_HEX, num, styled

__all__ = ["table_html", "color_swatch_html"]


def color_swatch_html(color: Color | str | None, *, label: bool = True) -> str:
    """A round swatch of ``color`` followed by its name in words (or "none yet")."""
    if color is None:
        # Hatched grey, so "no colour yet" never looks like a colour.
        sw = '<span class="uno-swatch" style="background:repeating-linear-gradient(45deg,#bbb 0 3px,#fff 3px 6px)"></span>'
        return sw + (' <span class="uno-color-name">none yet</span>' if label else "")
    color = Color.parse(color)
    sw = (f'<span class="uno-swatch" style="background:{COLORS_HEX[color]}" role="img" '
          f'aria-label="{color.label}"></span>')
    return sw + (f' <span class="uno-color-name">{color.name}</span>' if label else "")


def _draw_pile(pile_n: int, width: float) -> str:
    """The draw pile as two stacked backs (or an empty outline) and its count."""
    h = width * 1.5
    if pile_n:
        pile = (f'<div style="position:relative;width:{num(width + 6)}px;height:{num(h + 6)}px">'
                f'<div style="position:absolute;left:6px;top:6px;opacity:.6">{back_svg(width=width)}</div>'
                f'<div style="position:absolute;left:0;top:0">{back_svg(width=width)}</div></div>')
    else:
        pile = f'<div class="uno-empty" style="width:{num(width)}px;height:{num(h)}px">empty</div>'
    return (f'<div class="uno-pile uno-draw-pile">{pile}<div>Draw pile<br>'
            f'<b class="uno-draw-count">{plural(pile_n, "card")}</b></div></div>')


def _top_card(top: Any, color: Color | None, discards: int, width: float) -> str:
    """The top of the discard pile, a wild ringed in the colour chosen for it, and the count."""
    if top is None:
        return '<div class="uno-pile uno-top"><div class="uno-empty">no top card</div></div>'
    chosen = color if top.is_wild else None
    top_svg = card_svg(top, width=width * 1.15, chosen_color=chosen)
    return (f'<div class="uno-pile uno-top">{top_svg}<div>Top card<br>'
            f'<b>{escape(top.name)}</b><br><span class="uno-discard-count">'
            f'{plural(discards, "card")} in the discard pile</span></div></div>')


def _info(game: Any, play: PlayState, color: Color | None) -> list[str]:
    """The lines beside the piles: colour in force, direction, whose turn (or the winner), notes."""
    name = play.name
    arrow, words = direction_words(play.direction)
    info = [f'<div><span class="uno-k">Colour in force</span> <span class="uno-chip uno-in-force">'
            f'{color_swatch_html(color)}</span></div>',
            f'<div><span class="uno-k">Direction</span> <span class="uno-chip uno-direction" '
            f'style="padding-left:12px"><span style="font-size:1.25em">{arrow}</span> {words}</span></div>']
    if play.phase == "over" or play.winner is not None:
        pts = getattr(game, "points", None)
        extra = f" ({plural(pts, 'point')})" if pts is not None else ""
        info.append(f'<div class="uno-turn"><span class="uno-k">Winner</span> <span class="uno-chip"'
                    f' style="padding-left:12px">★ {name(play.winner)}{extra}</span></div>')
    else:
        info.append(f'<div class="uno-turn"><span class="uno-k">Turn</span> <span class="uno-chip"'
                    f' style="padding-left:12px">▶ {name(play.current)}</span></div>')
        # The two phases where the player must decide something other than a normal turn.
        if play.phase == "challenge":
            info.append(f'<div class="uno-note">{name(play.current)} must accept the Wild Draw Four '
                        f'(draw 4) or challenge it.</div>')
        elif play.phase == "drawn":
            info.append(f'<div class="uno-note">{name(play.current)} drew a card that can be played: '
                        f'play it or keep it.</div>')
    if play.silenced is not None and play.winner is None:
        info.append(f'<div class="uno-note uno-silenced-note">{name(play.silenced)} is silenced '
                    f'(Wild Don\'t Talk): talking costs 3 cards.</div>')
    return info


def table_html(game: Any, *, width: float = 90, style: bool = True) -> str:
    """The table: draw pile (a back and its count), the top card, the colour in force in
    words, the direction of play, the discard count and whose turn it is."""
    play = PlayState.of(game)
    discard = list(getattr(game, "discard_pile", []) or [])
    top = getattr(game, "top_card", None) or (discard[-1] if discard else None)
    color = getattr(game, "current_color", None)
    body = (f'<div class="uno-root uno-table" role="group" aria-label="UNO table">'
            f'{_draw_pile(int(getattr(game, "draw_pile_size", 0)), width)}'
            f'{_top_card(top, color, getattr(game, "discard_pile_size", len(discard)), width)}'
            f'<div class="uno-info">{"".join(_info(game, play, color))}</div></div>')
    return styled(body, style)
