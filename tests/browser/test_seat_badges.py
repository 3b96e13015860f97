"""The badges on a seat ("▶ to play", "silenced", …) stay inside the seat in every language
and at every table size: a badge wraps instead of sticking out (Serbian's "не сме да прича"
stuck out of its seat by 40 px and Dutch "praatverbod" by 10 px when badges never wrapped)."""

from __future__ import annotations

import pytest

from uno_lessons import Game, use_language
from uno_lessons.dashboard.style import ring_width
from uno_lessons.engine.cards import Card, Color
from uno_lessons.engine.moves import Move
from uno_lessons.render.seats import seats_html

pytestmark = pytest.mark.browser

#: For each seat: how far its widest badge reaches past the seat's box, or its own text past
#: the badge, in px.
STICKS_OUT = """() => [...document.querySelectorAll('.uno-seat')].map(s => {
  const r = s.getBoundingClientRect();
  return Math.max(0, ...[...s.querySelectorAll('.uno-badge')].map(b => {
    const q = b.getBoundingClientRect();
    return Math.max(r.left - q.left, q.right - r.right, b.scrollWidth - b.clientWidth); })); })"""
PAIRS = ["R1 R2", "R3 R4", "R5 R6", "R7 R8", "R9 G9", "Y5 Y6", "Y7 Y8", "G5 G6", "G7 G8"]


def silenced_to_play(players: int) -> Game:
    """Seat 0 plays a Wild Don't Talk at seat 1, who is then both to play and silenced."""
    g = Game.from_position(["WDT B1 B2", *PAIRS[:players - 1]], "B3", "Y1 Y2 Y3 Y4 G1 G2 G3 G4", current=0)
    g.apply(Move("play", Card.parse("WDT"), Color.RED, 1))
    return g


@pytest.mark.parametrize("lang", ["en", "nl", "sr", "ms"])
def test_seat_badges_stay_inside_their_seat(page, lang):
    for players in (2, 4, 6, 8, 10):
        g = silenced_to_play(players)
        with use_language(lang):
            html = seats_html(g, viewer=0, width=ring_width(players))
        page.set_content(f"<html lang='{lang}'><body>{html}</body></html>")
        assert page.locator(".uno-b-silenced").count() == 1
        worst = max(page.evaluate(STICKS_OUT))
        assert worst <= 0.5, f"{lang}, {players} players: a badge sticks out by {worst:.1f} px"
