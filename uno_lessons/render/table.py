"""The table: draw pile, top card, colour in force, direction of play and whose turn it is."""

from __future__ import annotations

from html import escape
from typing import Any

from ..engine.cards import Color
from ..engine.rules import Rules
from ..i18n import _, ngettext
from .faces import back_svg, card_svg
from .state import PlayState, direction_words
from .style import COLORS_HEX, num, styled
from .words import card_words, cards_count, color_name, printed_color_word

__all__ = ["table_html", "color_swatch_html"]


def color_swatch_html(color: Color | str | None, *, label: bool = True) -> str:
    """A round swatch of ``color`` followed by its name in words (or "none yet")."""
    if color is None:
        # Hatched grey, so "no colour yet" never looks like a colour.
        sw = '<span class="uno-swatch" style="background:repeating-linear-gradient(45deg,#bbb 0 3px,#fff 3px 6px)"></span>'
        return sw + (f' <span class="uno-color-name">{escape(_("none yet"))}</span>' if label else "")
    color = Color.parse(color)
    if label:
        # The name is written beside the swatch, so the swatch itself is decoration.
        sw = f'<span class="uno-swatch" style="background:{COLORS_HEX[color]}" aria-hidden="true"></span>'
        return sw + f' <span class="uno-color-name">{escape(printed_color_word(color))}</span>'
    return (f'<span class="uno-swatch" style="background:{COLORS_HEX[color]}" role="img" '
            f'aria-label="{escape(color_name(color))}"></span>')


def _draw_pile(pile_n: int, width: float) -> str:
    """The draw pile as two stacked backs (or an empty outline) and its count."""
    h = width * 1.5
    if pile_n:
        pile = (f'<div style="position:relative;width:{num(width + 6)}px;height:{num(h + 6)}px">'
                f'<div style="position:absolute;left:6px;top:6px;opacity:.6">{back_svg(width=width)}</div>'
                f'<div style="position:absolute;left:0;top:0">{back_svg(width=width)}</div></div>')
    else:
        pile = (f'<div class="uno-empty" style="width:{num(width)}px;height:{num(h)}px">'
                f'{escape(_("empty"))}</div>')
    return (f'<div class="uno-pile uno-draw-pile">{pile}<div>{escape(_("Draw pile"))}<br>'
            f'<b class="uno-draw-count">{escape(cards_count(pile_n))}</b></div></div>')


def _top_card(top: Any, color: Color | None, discards: int, width: float) -> str:
    """The top of the discard pile, a wild ringed in the colour chosen for it, and the count."""
    if top is None:
        return f'<div class="uno-pile uno-top"><div class="uno-empty">{escape(_("no top card"))}</div></div>'
    chosen = color if top.is_wild else None
    top_svg = card_svg(top, width=width * 1.15, chosen_color=chosen)
    count = ngettext("{n} card in the discard pile", "{n} cards in the discard pile", discards)
    return (f'<div class="uno-pile uno-top">{top_svg}<div>{escape(_("Top card"))}<br>'
            f'<b>{escape(card_words(top))}</b><br><span class="uno-discard-count">'
            f'{escape(count)}</span></div></div>')


def _info(game: Any, play: PlayState, color: Color | None) -> list[str]:
    """The lines beside the piles: colour in force, direction, whose turn (or the winner), notes
    (with the numbers of the rules in force: ``game.rules``, the box's rules for a game without)."""
    name = play.name
    rules = getattr(game, "rules", None) or Rules.encanto()
    arrow, words = direction_words(play.direction)
    k_color, k_dir = escape(_("Colour in force")), escape(_("Direction"))
    info = [f'<div><span class="uno-k">{k_color}</span> <span class="uno-chip uno-in-force">'
            f'{color_swatch_html(color)}</span></div>',
            f'<div><span class="uno-k">{k_dir}</span> <span class="uno-chip uno-direction" '
            f'style="padding-left:12px"><span style="font-size:1.25em" aria-hidden="true">{arrow}</span> '
            f'{escape(words)}</span></div>']
    if play.phase == "over" or play.winner is not None:
        pts = getattr(game, "points", None)
        who = (ngettext("{name} ({n} point)", "{name} ({n} points)", pts, name=name(play.winner))
               if pts is not None else name(play.winner))
        info.append(f'<div class="uno-turn"><span class="uno-k">{escape(_("Winner"))}</span> '
                    f'<span class="uno-chip" style="padding-left:12px">★ {who}</span></div>')
    else:
        info.append(f'<div class="uno-turn"><span class="uno-k">{escape(_("Turn"))}</span> <span class="uno-chip"'
                    f' style="padding-left:12px">▶ {name(play.current)}</span></div>')
        # The two phases where the player must decide something other than a normal turn.
        if play.phase == "challenge":
            # The cards accepting costs: the rules' count, or (H-STACK) the whole stack.
            n = getattr(game, "stack", 0) or rules.wild_draw_four_count
            info.append('<div class="uno-note">' + ngettext(
                "{name} must accept the Wild Draw Four (draw {n}) or challenge it.",
                "{name} must accept the Wild Draw Four (draw {n}) or challenge it.", n,
                name=name(play.current)) + "</div>")
        elif play.phase == "drawn":
            info.append('<div class="uno-note">' + _("{name} drew a card that can be played: play it or "
                                                     "keep it.", name=name(play.current)) + "</div>")
    if play.silenced is not None and play.winner is None:
        info.append('<div class="uno-note uno-silenced-note">' + ngettext(
            "{name} is silenced (Wild Don't Talk): talking costs {n} card.",
            "{name} is silenced (Wild Don't Talk): talking costs {n} cards.", rules.talk_penalty,
            name=name(play.silenced)) + "</div>")
    return info


def table_html(game: Any, *, width: float = 90, style: bool = True) -> str:
    """The table: draw pile (a back and its count), the top card, the colour in force in
    words, the direction of play, the discard count and whose turn it is."""
    play = PlayState.of(game)
    discard = list(getattr(game, "discard_pile", []) or [])
    top = getattr(game, "top_card", None) or (discard[-1] if discard else None)
    color = getattr(game, "current_color", None)
    body = (f'<div class="uno-root uno-table" role="group" aria-label="{escape(_("UNO table"))}">'
            f'{_draw_pile(int(getattr(game, "draw_pile_size", 0)), width)}'
            f'{_top_card(top, color, getattr(game, "discard_pile_size", len(discard)), width)}'
            f'<div class="uno-info">{"".join(_info(game, play, color))}</div></div>')
    return styled(body, style)
