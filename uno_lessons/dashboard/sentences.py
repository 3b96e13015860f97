"""What a dashboard page says about its table, in whole sentences of the current language:
whose turn it is, how a hand began and ended, what the page is, and that a table is closed.

Pure functions of the page's :class:`~uno_lessons.table.views.TableView` and plain values (the
seats it plays, whether it deals): no widgets, no replica, so every role's page says the same
things the same way.
"""

from __future__ import annotations

from collections.abc import Collection

from ..i18n import _
from ..table.kinds import Role, SeatKind
from ..table.views import TableView
from .others import kind_word


def table_closed_text() -> str:
    """The sentence every page of a closed table shows (the table layer says the same)."""
    return _("This table is closed: the teacher ended the game.")


def is_bot(view: TableView, seat: int | None) -> bool:
    """Whether a bot plays ``seat`` now, as ``view`` shows the seat kinds."""
    return seat is not None and view.kinds[seat] != SeatKind.HUMAN


def turn_sentence(view: TableView, mine: Collection[int]) -> str:
    """Whose turn it is (or who won the hand), addressed to ``mine``: the seats this page plays."""
    p = view.play
    if p.winner is not None:
        return _("{name} won the hand.", name=p.names[p.winner])
    cp = p.current_player
    who = p.names[cp]
    if cp in mine and not is_bot(view, cp):
        return _("{name}, it is your turn.", name=who)
    if is_bot(view, cp):
        return _("{name} ({kind}) is to move.", name=who, kind=kind_word(view.kinds[cp]))
    return _("{name} is to move.", name=who)


def intro_sentence(view: TableView, mine: Collection[int], dealer: int | None) -> str:
    """What a page says when it opens a table or a hand is dealt (``dealer``: who dealt this
    hand; None for a hand played on from a position)."""
    if view.closed:
        return table_closed_text()
    turn = turn_sentence(view, mine)
    if dealer is None:  # a hand played on from a position: nobody dealt it
        return _("Hand {number}. {turn}", number=view.hand_number, turn=turn)
    return _("Hand {number}: {dealer} dealt. {turn}", number=view.hand_number, dealer=view.names[dealer], turn=turn)


def hand_over_sentence(view: TableView, *, deals: bool) -> str:
    """Who won the hand with how many points, and what happens next (``deals``: this page
    deals the next hand: the teacher's or a one-screen game's)."""
    p = view.play
    if p.winner is None:
        raise ValueError("the hand is not over")
    text = _("{name} wins the hand and scores {points} points.", name=p.names[p.winner], points=p.points)
    if view.match_winner is not None:
        text += " " + _("{name} reaches {total}: the match is won!", name=view.names[view.match_winner],
                        total=view.totals[view.match_winner])
    elif deals:
        text += " " + _("Deal the next hand when ready.")
    else:
        text += " " + _("The teacher deals the next hand.")
    return text


def page_title(role: str | None, view: TableView | None = None) -> str:
    """The page's title and heading: what this page is (``role``: the table's, ``Role.LOCAL`` for a
    one-screen game, None before it has a table; ``view``: the page's own)."""
    if role is None or role == Role.LOCAL or view is None:
        return _("UNO live table")
    if role == Role.TEACHER:
        return _("UNO class table {code}: teacher", code=view.code)
    if role == Role.SEAT and view.seat is not None:
        return _("UNO class table {code}: {name}'s seat", code=view.code, name=view.names[view.seat])
    return _("UNO class table {code}: watching", code=view.code)


def section_titles() -> dict[str, str]:
    """The headings of the table's sections, in the current language."""
    return {"table": _("The table"), "log": _("What happened"), "chart": _("Cards in each hand, move by move")}


def something_went_wrong() -> str:
    """What a page says when a click failed in a way nobody planned for (the details went
    to the server's terminal)."""
    return _("Something went wrong on the server; try again. If it happens again, tell your teacher.")
