"""What one seat can see: its own hand, the table, and the other hands only as counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card, Color
from .events import NOBODY
from .kinds import Phase
from .moves import DRAWN, TURN, Move
from .reasons import no_such_seat
from .rules import Rules
from .talk import uno_counts

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class PlayerView:
    """A seat's view of the game (OpenSpiel-style observer): nothing hidden leaks into it."""

    seat: int | None  # None: a spectator, who holds no hand
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top_card: Card
    current_color: Color | None
    current_player: int
    direction: int
    draw_pile_size: int
    discard_pile_size: int
    phase: Phase  # a StrEnum: it compares equal to its word, "turn", "drawn", ...
    drawn: Card | None  # the card this seat just drew, if it is theirs to play or keep
    silenced: int | None
    uno_window: int | None
    uno_said: frozenset[int]  # seats whose UNO counts for their present hand (said aloud: public)
    winner: int | None
    points: int | None
    legal_moves: tuple[Move, ...]  # empty unless it is this seat's move
    log: tuple[str, ...]  # the event log with other players' drawn cards hidden
    stack: int  # H-STACK: the penalty stacked so far, 0 when none (and always with stacking off)
    discard_pile: tuple[Card, ...]  # face up for all to see, the top card last
    rules: Rules  # the rules of the game, house rules included
    # Phase "challenge": the colour in force before the Wild Draw Four to answer (everyone saw
    # it; None when none was yet, C-SETUP-4); None in every other phase. Whether that card was
    # played honestly is not here: it depends on its player's hand (E-WD4-2).
    previous_color: Color | None = None

    @property
    def my_turn(self) -> bool:
        """True when this seat is to move."""
        return self.seat is not None and self.current_player == self.seat and self.winner is None

    def uno_would_count(self, seat: int | None = None) -> bool:
        """E-UNO-5: would ``seat`` (default: this view's own seat) saying UNO count now, as
        :func:`~.talk.uno_counts` says from the hand sizes, the turn and the phase this view
        shows? False for no seat (a spectator's own)."""
        if seat is None:
            seat = self.seat
            if seat is None:
                return False
        return uno_counts(self.hand_sizes[seat], seat == self.current_player and self.phase in (TURN, DRAWN))

    def hidden_hands(self) -> list[int]:
        """The hand sizes of the other seats, in seat order (own seat excluded)."""
        return [n for s, n in enumerate(self.hand_sizes) if s != self.seat]


def seen_drawn(game: Game, seat: int | None) -> Card | None:
    """The card ``seat`` just drew, if it is theirs to play or keep now (E-DRAW-2); None
    for everyone else: only the player to move sees it (``PlayerView.drawn``, and the agents'
    observation, which encodes what the view holds)."""
    return game.drawn if seat is not None and game.current_player == seat else None


def player_view(game: Game, seat: int | None, *, log: bool = True) -> PlayerView:
    """The view of ``seat``: own cards face up, every other hand as a count only. With
    ``seat=None``, a spectator's view: no hand at all, and no drawn card in the log.
    ``log=False`` leaves the log out (``log`` is then empty): telling the log costs more
    than all the rest, and grows with the game, so a program that reads a view on every move
    (the learners' features) asks for the log only when it reads it."""
    if seat is not None and not 0 <= seat < len(game.hands):
        raise ValueError(no_such_seat(seat, len(game.hands)))
    mine = seat is not None and game.current_player == seat
    return PlayerView(
        seat=seat,
        names=tuple(game.names),
        hand=() if seat is None else tuple(game.hands[seat]),
        hand_sizes=tuple(len(h) for h in game.hands),
        top_card=game.top_card,
        current_color=game.current_color,
        current_player=game.current_player,
        direction=game.direction,
        draw_pile_size=game.draw_pile_size,
        discard_pile_size=len(game.discard_pile),
        phase=game.phase,
        drawn=seen_drawn(game, seat),
        silenced=game.silenced,
        uno_window=game.uno_window,
        uno_said=frozenset(game.uno_said),
        winner=game.winner,
        points=game.points,
        legal_moves=tuple(game.legal_moves()) if mine else (),
        log=tuple(game.narrate(viewer=NOBODY if seat is None else seat)) if log else (),
        stack=game.stack,
        discard_pile=tuple(game.discard_pile),
        rules=game.rules,
        previous_color=None if game.pending is None else game.pending[1],
    )
