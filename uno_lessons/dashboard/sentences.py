"""What a dashboard page says about its table, in whole sentences of the current language:
whose turn it is, how a hand began and ended, what the page is, and that a table is closed.

Pure functions of a :class:`~uno_lessons.table.Table` (no widgets), so every role's page says
the same things the same way.
"""

from __future__ import annotations

from ..i18n import _
from ..table import Table
from .others import kind_word


def table_closed_text() -> str:
    """The sentence every page of a closed table shows (the table layer says the same)."""
    return _("This table is closed: the teacher ended the game.")


def is_closed(table: Table | None) -> bool:
    """Whether the teacher closed ``table``."""
    return table is not None and table.closed


def turn_sentence(table: Table) -> str:
    """Whose turn it is (or who won the hand), addressed to this page's seats."""
    st = table.state
    g = st.game
    if g.winner is not None:
        return _("{name} won the hand.", name=g.names[g.winner])
    who = g.names[g.current_player]
    if g.current_player in table.seats and not st.is_bot(g.current_player):
        return _("{name}, it is your turn.", name=who)
    if st.is_bot(g.current_player):
        return _("{name} ({kind}) is to move.", name=who, kind=kind_word(st.kinds[g.current_player]))
    return _("{name} is to move.", name=who)


def intro_sentence(table: Table) -> str:
    """What a page says when it opens a table or a hand is dealt."""
    if is_closed(table):
        return table_closed_text()
    st = table.state
    g = st.game
    if g.dealer is None:  # a hand played on from a position: nobody dealt it
        return _("Hand {number}. {turn}", number=st.hand_number, turn=turn_sentence(table))
    return _("Hand {number}: {dealer} dealt. {turn}", number=st.hand_number,
             dealer=g.names[g.dealer], turn=turn_sentence(table))


def hand_over_sentence(table: Table) -> str:
    """Who won the hand with how many points, and what happens next."""
    g, m = table.state.game, table.state.match
    text = _("{name} wins the hand and scores {points} points.", name=g.names[g.winner], points=g.points)
    if m.is_over:
        text += " " + _("{name} reaches {total}: the match is won!", name=m.players[m.winner],
                        total=m.totals[m.winner])
    elif table.is_teacher:
        text += " " + _("Deal the next hand when ready.")
    else:
        text += " " + _("The teacher deals the next hand.")
    return text


def page_title(table: Table | None) -> str:
    """The page's title and heading: what this page is."""
    if table is None or table.role == "local":
        return _("UNO live table")
    if table.role == "teacher":
        return _("UNO class table {code}: teacher", code=table.code)
    if table.role == "seat":
        return _("UNO class table {code}: {name}'s seat", code=table.code,
                 name=table.state.names[table.my_seats[0]])
    return _("UNO class table {code}: watching", code=table.code)


def something_went_wrong() -> str:
    """What a page says when a click failed in a way nobody planned for (the details went
    to the server's terminal)."""
    return _("Something went wrong on the server; try again. If it happens again, tell your teacher.")
