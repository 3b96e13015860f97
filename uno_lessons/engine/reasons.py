"""Why a move is illegal: the plain-language reasons behind every IllegalMove."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from .cards import Card, Rank
from .kinds import MoveKind
from .moves import DRAWN, KINDS, OVER, RESPOND, Move, explain_match

if TYPE_CHECKING:
    from .game import Game



def why_illegal(game: Game, move: Move) -> str:
    """Why ``move`` is not allowed now, in words a teacher could read aloud."""
    who = game.names[game.current_player]
    phase, winner, drawn = game.phase, game.winner, game.drawn
    if phase == OVER and winner is not None:  # a hand over always has its winner
        return _("The hand is over: {winner} won.", winner=game.names[winner])
    if not isinstance(move, Move):
        return _("{move} is not a move; use one from game.legal_moves().", move=repr(move))
    kind = move.kind
    if phase == RESPOND and kind not in (MoveKind.ACCEPT, MoveKind.CHALLENGE):
        return _("{name} must first accept or challenge the Wild Draw Four.", name=who)
    if kind == MoveKind.ACCEPT and phase != RESPOND:
        return _("There is no Wild Draw Four to accept.")
    if kind == MoveKind.CHALLENGE and phase != RESPOND:
        return _("There is no Wild Draw Four to challenge.")
    if kind == MoveKind.KEEP:
        return _("Keep is only possible just after drawing a card that could be played.")
    if kind == MoveKind.PASS:
        return _("{name} can still play or draw, so passing is not allowed.", name=who)
    if kind == MoveKind.DRAW:
        if phase == DRAWN and drawn is not None:  # in phase "drawn" a card is always drawn
            return _("{name} has already drawn this turn: play the drawn {code} or keep it.", name=who,
                     code=drawn.code)
        if game.current_color is None and move.color is None:
            return _("Name a colour first: the first card was a Wild, so the first player chooses the colour.")
        if not game.can_draw():  # E-DRAW-3
            return _("There is no card left to draw.")
        return _("Drawing does not take a colour now.")
    card = move.card
    if kind != MoveKind.PLAY or card is None:
        return _("{move} is not a move the engine knows (kinds: {kinds}).", move=move.describe(),
                 kinds=", ".join(KINDS))
    if phase == DRAWN and drawn is not None and card != drawn:
        return _("After drawing, only the drawn card ({code}) may be played; or keep it.", code=drawn.code)
    return _why_not_play(game, move, card, who)


def _why_not_play(game: Game, move: Move, card: Card, who: str) -> str:
    hand = game.hands[game.current_player]
    if card not in hand:
        return _("{name} does not hold {code}.", name=who, code=card.code)
    if not game.can_play(card):
        return explain_match(card, game.discard_pile[-1], game.current_color)
    if card.is_wild and move.color is None:
        return _("Choose a colour for the {wild}: red, yellow, green or blue.", wild=card.name)
    if not card.is_wild and move.color is not None:
        return _("{code} is not a wild card, so no colour is chosen for it.", code=card.code)
    if card.rank is Rank.WILD_DONT_TALK:
        if move.target is None:
            return _("Choose which player the Wild Don't Talk silences.")
        if move.target == game.current_player:
            return _("A Wild Don't Talk silences another player, not the one who plays it.")
        return no_such_seat(move.target, len(game.hands))
    if move.target is not None:
        return _("Only a Wild Don't Talk chooses a player to silence; {code} does not.", code=card.code)
    return _("{move} is not allowed now.", move=move.describe())


def no_such_seat(seat: object, players: int) -> str:
    """The reason for a seat number that is not at the table."""
    return _("There is no seat {seat}: the seats are 0 to {last}.", seat=seat, last=players - 1)
