"""The other hands under the player's own: face down (counts only) in the player view, every
hand face up in the teacher view. Pure HTML from the engine's state and the seat's view."""

from __future__ import annotations

from html import escape

from ..engine.game import Game
from ..render import hand_html
from .setup_form import SEAT_KINDS

MAX_BACKS = 24  # more face-down cards than this are drawn as "+n", so a row stays one line


def _backs_html(n: int) -> str:
    backs = "<span class='uno-miniback'></span>" * min(n, MAX_BACKS)
    more = f"<b>+{n - MAX_BACKS}</b>" if n > MAX_BACKS else ""
    return (f"<div class='uno-minibacks uno-back' role='img' aria-label='{n} face-down cards'>"
            f"{backs}{more}</div>")


def others_label_html(teacher: bool) -> str:
    """The section title above the other hands."""
    label = "Every hand, face up (teacher view)" if teacher else "The other hands, face down"
    return f"<div class='uno-dash-section'>{label}</div>"


def others_html(g: Game, pv, viewer: int, kinds: list[str], teacher: bool) -> str:
    """One row per seat but ``viewer``: name, card count and seat kind, then the hand.

    ``pv`` is ``g.view(viewer)``: in the player view only its hand sizes are used, so
    nothing a seat may not see reaches the page."""
    rows = []
    for s in range(g.players):
        if s == viewer:
            continue
        n = len(g.hands[s])
        kind = SEAT_KINDS[kinds[s]]
        if teacher:
            body = hand_html(g.hands[s], width=34, show_codes=False, style=False)
        else:
            n = pv.hand_sizes[s]
            body = _backs_html(n)
        rows.append(f"<div class='uno-other-row' data-seat='{s}'><div class='uno-other-name' "
                    f"title='{escape(kind)}'>{escape(g.names[s])}<br><span style='font-weight:400'>"
                    f"{n} card{'s' if n != 1 else ''} · {escape(kind)}</span></div>{body}</div>")
    return f"<div class='uno-others'>{''.join(rows)}</div>"
