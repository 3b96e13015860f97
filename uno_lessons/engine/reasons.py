"""Why a move is illegal: the plain-English reasons behind every IllegalMove."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Rank
from .moves import DRAWN, KINDS, OVER, RESPOND, Move, explain_match

if TYPE_CHECKING:
    from .game import Game



def why_illegal(game: Game, move: Move) -> str:
    """Why ``move`` is not allowed now, in words a teacher could read aloud."""
    who = game.names[game.current_player]
    if game.phase == OVER:
        return f"The hand is over: {game.names[game.winner]} won."
    if not isinstance(move, Move):
        return f"{move!r} is not a move; use one from game.legal_moves()."
    kind = move.kind
    if game.phase == RESPOND and kind not in ("accept", "challenge"):
        return f"{who} must first accept or challenge the Wild Draw Four."
    if kind in ("accept", "challenge") and game.phase != RESPOND:
        return f"There is no Wild Draw Four to {kind}."
    if kind == "keep":
        return "Keep is only possible just after drawing a card that could be played."
    if kind == "pass":
        return f"{who} can still play or draw, so passing is not allowed."
    if kind == "draw":
        if game.phase == DRAWN:
            return f"{who} has already drawn this turn: play the drawn {game.drawn} or keep it."
        if game.current_color is None and move.color is None:
            return "Name a colour first: the first card was a Wild, so the first player chooses the colour."
        if not (game._pile or len(game.discard_pile) > 1):
            return "There is no card left to draw."
        return "Drawing does not take a colour now."
    if kind != "play" or move.card is None:
        return f"{move} is not a move the engine knows (kinds: {', '.join(KINDS)})."
    return _why_not_play(game, move, who)

def _why_not_play(game: Game, move: Move, who: str) -> str:
    card = move.card
    hand = game.hands[game.current_player]
    if game.phase == DRAWN and card != game.drawn:
        return f"After drawing, only the drawn card ({game.drawn}) may be played; or keep it."
    if card not in hand:
        return f"{who} does not hold {card}."
    if not game.can_play(card):
        return explain_match(card, game.discard_pile[-1], game.current_color)
    if card.is_wild and move.color is None:
        return f"Choose a colour for the {card.rank.label}: red, yellow, green or blue."
    if not card.is_wild and move.color is not None:
        return f"{card} is not a wild card, so no colour is chosen for it."
    if card.rank is Rank.WILD_DONT_TALK:
        if move.target is None:
            return "Choose which player the Wild Don't Talk silences."
        if move.target == game.current_player:
            return "A Wild Don't Talk silences another player, not the one who plays it."
        return f"There is no seat {move.target}: the seats are 0 to {len(game.hands) - 1}."
    if move.target is not None:
        return f"Only a Wild Don't Talk chooses a player to silence; {card} does not."
    return f"{move} is not allowed now."
