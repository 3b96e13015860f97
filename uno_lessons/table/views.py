"""What one page may see of a table: a seat's, a spectator's or the teacher's view.

Views are built here, on the server side, and widgets draw only from them: a learner's view
holds that seat's hand and every other hand only as a count, a spectator's holds no hand at
all, and only the teacher's view (``hands``) holds every card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.events import EVERYONE
from ..engine.moves import Move
from ..engine.view import PlayerView, player_view
from .config import house_of
from .kinds import Role
from .state import TableState


@dataclass(frozen=True)
class TableView:
    """A page's view of a table: the game as ``play`` (an engine ``PlayerView``), plus the
    table around it (seat kinds, taken seats, scores, the hand-size history)."""

    code: str
    role: Role  # a seat, a spectator or the teacher
    seat: int | None  # the viewer's seat (None for spectators and the teacher)
    play: PlayerView
    hands: tuple[tuple[Card, ...], ...] | None  # every hand: the teacher's view only
    kinds: tuple[str, ...]
    claimed: frozenset[int]
    skipped: int | None
    hand_number: int
    totals: tuple[int, ...]
    results: tuple[tuple[int, int, int], ...]  # (hand, winner, points) of each finished hand
    match_winner: int | None
    target_score: int
    history: tuple[tuple[int, ...], ...]
    speed: str
    seq: int
    closed: bool = False  # the teacher closed the table: nothing more happens at it
    dealer: int | None = None  # who dealt this hand (None: a hand played on from a position)
    house: tuple[str, ...] = ()  # the house rules on in this hand (HOUSE_SWITCHES order)
    jump_ins: tuple[Move, ...] = ()  # H-JUMP: the viewer seat's own out-of-turn plays (a seat's view only)
    learned: frozenset[int] = frozenset()  # seats whose learned bot came with the table (its policy is public)

    @property
    def names(self) -> tuple[str, ...]:
        """Seat names."""
        return self.play.names

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.play.names)


def table_view(state: TableState, code: str, role: Role, seat: int | None = None) -> TableView:
    """The view of ``state`` for ``role`` (a seat with its ``seat``, a spectator, the teacher)."""
    g = state.game
    if role == Role.SEAT:
        if seat is None:
            raise ValueError("a seat's view needs the seat")
        play = player_view(g, seat)
    else:
        # Nobody's hand: the log is told as to someone at no seat, so no drawn card shows.
        play = player_view(g, seat=None)
        if role == Role.TEACHER:
            play = _with_log(play, g.narrate(EVERYONE))
    m = state.match
    return TableView(
        code=code, role=role, seat=seat if role == Role.SEAT else None, play=play,
        hands=tuple(tuple(h) for h in g.hands) if role == Role.TEACHER else None,
        kinds=tuple(state.kinds), claimed=frozenset(state.claimed),
        skipped=state.skipped, hand_number=state.hand_number, totals=tuple(m.totals),
        results=tuple((r.number, r.winner, r.points) for r in m.results),
        match_winner=m.winner, target_score=state.config.rules.target_score,
        history=tuple(state.history), speed=state.speed, seq=state.seq, closed=state.closed,
        dealer=g.dealer, house=house_of(g.rules),
        jump_ins=tuple(state.jump_ins_of(seat)) if role == Role.SEAT and seat is not None else (),
        learned=frozenset(state.config.policies))


def _with_log(play: PlayerView, log: list[str]) -> PlayerView:
    from dataclasses import replace

    return replace(play, log=tuple(log))
