"""The status line over the table: whose turn it is and what this page can do now.

Its data attributes are what the browser tests read (phase, current seat, whether this
page's seat is to move, the winner, the hand number and the record count).
"""

from __future__ import annotations

from html import escape

from ..i18n import _
from ..table.views import TableView
from .sentences import table_closed_text


def status_html(view: TableView, seat: int | None, my_turn: bool, turn_sentence: str) -> str:
    """One line saying what happens now, for ``seat`` (None: a page without a seat)."""
    play = view.play
    if view.closed:
        cls = "uno-status-closed"
        text = "■ " + table_closed_text()
    elif play.winner is not None:
        cls = "uno-status-over"
        text = "★ " + _("{name} wins the hand ({points} points).", name=view.names[play.winner], points=play.points)
    elif my_turn and seat is not None:
        cls = ""
        name = view.names[seat]
        if play.phase == "challenge":
            text = _("{name}: a Wild Draw Four! Accept it or challenge it.", name=name)
        elif view.play.stack:  # H-STACK: stack on it or take the lot
            text = _("{name}, your turn: stack a card on it, or accept and draw the stack.", name=name)
        elif play.phase == "drawn":
            text = _("{name}: play the card you drew, or keep it.", name=name)
        else:
            text = _("{name}, your turn: choose a raised card, or draw.", name=name)
        text = "▶ " + text
    else:
        cls = "uno-status-wait"
        text = turn_sentence
        if seat is not None:
            text += " " + _("Watch, say UNO, or catch someone.")
    return (f"<div class='uno-status {cls}' data-phase='{play.phase}' "
            f"data-current='{play.current_player}' data-human-turn='{int(my_turn)}' "
            f"data-winner='{'' if play.winner is None else play.winner}' "
            f"data-hand='{view.hand_number}' data-seq='{view.seq}' "
            f"data-events='{len(play.log)}' data-closed='{int(view.closed)}' data-stack='{view.play.stack}'>{escape(text)}</div>")
