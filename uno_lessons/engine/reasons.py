"""Why a move is illegal: the plain-language reasons behind every IllegalMove."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard

import numpy as np

from ..i18n import _
from .asides import Aside, Catch, JumpIn, SayUno, Talk
from .cards import Card, Rank
from .kinds import MoveKind
from .moves import DRAWN, KINDS, OVER, RESPOND, Move, explain_match
from .talk import hand_over

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
    stacked = _why_not_on_stack(game, move, who)
    if stacked is not None:
        return stacked
    if phase == RESPOND and kind not in (MoveKind.ACCEPT, MoveKind.CHALLENGE) and not (
            game.stack and kind == MoveKind.PLAY):  # H-STACK: a Wild Draw Four play is judged below
        return _("{name} must first accept or challenge the Wild Draw Four.", name=who)
    if kind == MoveKind.ACCEPT and phase != RESPOND:
        return _("There is no Wild Draw Four to accept.")
    if kind == MoveKind.CHALLENGE and phase != RESPOND:
        return _("There is no Wild Draw Four to challenge.")
    if kind == MoveKind.KEEP and phase == DRAWN and drawn is not None and game.rules.force_play:
        return _("House rule H-FORCE: a drawn card that can be played must be played, so {name} cannot "
                 "keep {code}.", name=who, code=drawn.code)
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
    if card.rank is Rank.SEVEN and game.rules.seven_zero:
        if move.target is None:
            return _("House rule H-SEVEN-ZERO: a 7 swaps hands, so choose the player {name} swaps with.", name=who)
        if move.target == game.current_player:
            return _("House rule H-SEVEN-ZERO: a 7 swaps hands with another player, not with the one who plays it.")
        return no_such_seat(move.target, len(game.hands))
    if move.target is not None:
        return _("Only a Wild Don't Talk chooses a player to silence; {code} does not.", code=card.code)
    return _("{move} is not allowed now.", move=move.describe())


def _why_not_on_stack(game: Game, move: Move, who: str) -> str | None:
    """H-STACK: the reason for a move that does not answer a stack, or None."""
    if not game.stack:
        return None
    wanted = Rank.WILD_DRAW_FOUR if game.phase == RESPOND else Rank.DRAW_TWO
    card = move.card
    if move.kind == MoveKind.PLAY and card is not None and card.rank is wanted:
        return None  # a card of the right kind: the usual reasons say what is wrong with it
    if game.phase == RESPOND and move.kind in (MoveKind.ACCEPT, MoveKind.CHALLENGE):
        return None
    if move.kind == MoveKind.ACCEPT:
        return None
    if wanted is Rank.DRAW_TWO:
        return _("House rule H-STACK: {name} must stack a Draw Two or accept and draw {n} cards.",
                 name=who, n=game.stack)
    return _("House rule H-STACK: {name} must stack a Wild Draw Four, challenge the last one, or accept and "
             "draw {n} cards.", name=who, n=game.stack)


def why_no_jump_in(game: Game, seat: object, card: Card | str, target: int | None) -> str | None:
    """H-JUMP: why ``seat`` may not jump in with ``card`` now, or None when they may."""
    refusal = jump_in_refusal(game, seat, card, target)
    return None if refusal is None else refusal()


def jump_in_refusal(game: Game, seat: object, card: Card | str,
                    target: int | None) -> Callable[[], str] | None:
    """H-JUMP, the one place the rule is written: None when ``seat`` may jump in with
    ``card`` (and ``target``) now, else a function that says why not. The sentence is made
    only when asked for: ``house.jump_ins`` asks this of every seat before every move."""
    rules = game.rules
    if not rules.jump_in:
        return lambda: _("Jumping in is the house rule H-JUMP, and it is off in this game.")
    if game.phase == OVER and game.winner is not None:
        winner = game.names[game.winner]
        return lambda: _("The hand is over: {winner} won.", winner=winner)
    players = len(game.hands)
    if not _is_seat(seat, players):
        return lambda: no_such_seat(seat, players)
    if not isinstance(card, Card):
        try:
            card = Card.parse(card)
        except ValueError as exc:
            message = str(exc)  # (``exc`` itself is gone once the except clause ends)
            return lambda: message
    played: Card = card
    name, top = game.names[seat], game.discard_pile[-1]
    if seat == game.current_player:
        return lambda: _("It is {name}'s turn: play {code} as a normal move; jumping in (H-JUMP) is for the "
                         "other players.", name=name, code=played.code)
    if played not in game.hands[seat]:
        return lambda: _("{name} does not hold {code}.", name=name, code=played.code)
    if played.is_wild:
        return lambda: _("House rule H-JUMP: only a card identical to the top card in colour and number or "
                         "symbol may jump in; a wild card has no colour of its own, so it cannot.")
    if played != top:
        return lambda: _("House rule H-JUMP: {name} may jump in only with a card identical to the top card "
                         "{top}, not with {code}.", name=name, top=top.code, code=played.code)
    if played.rank is Rank.SEVEN and rules.seven_zero:
        if target is None:
            return lambda: _("House rule H-SEVEN-ZERO: a 7 swaps hands, so choose the player {name} swaps "
                             "with.", name=name)
        if target == seat:
            return lambda: _("House rule H-SEVEN-ZERO: a 7 swaps hands with another player, not with the one "
                             "who plays it.")
        if not _is_seat(target, players):
            return lambda: no_such_seat(target, players)
    elif target is not None:
        return lambda: _("Only a Wild Don't Talk chooses a player to silence; {code} does not.",
                         code=played.code)
    return None


def why_refused(game: Game, action: Aside) -> str | None:
    """Why the out-of-turn ``action`` may not be made now, in words a teacher could read
    aloud, or None when it may (``Game.act`` asks this once, then makes it): the hand is
    over, a seat is not at the table, a seat calls out itself, or (a jump-in) H-JUMP's
    reasons above."""
    if isinstance(action, JumpIn):
        return why_no_jump_in(game, action.seat, action.card, action.target)
    if isinstance(action, Catch):
        return (_refused_seat(game, action.caller, "catch") or _refused_seat(game, action.target, "caught")
                or (_("{name} cannot call out themselves.", name=game.names[action.caller])
                    if action.caller == action.target else None))
    if isinstance(action, SayUno):
        return _refused_seat(game, action.seat, "uno")
    if isinstance(action, Talk):
        return _refused_seat(game, action.seat, "talk")
    return _("{action} is not an out-of-turn action; use SayUno, Catch, Talk or JumpIn.", action=repr(action))


def _refused_seat(game: Game, seat: object, action: str) -> str | None:
    """Why ``seat`` may not take (or, "caught", be the target of) ``action`` at all: the
    hand is over, or there is no such seat (a numpy integer is a seat number; so, as ever,
    are True and False)."""
    if game.phase == OVER:
        assert game.winner is not None  # phase "over" has a winner (E-WIN-1)
        return hand_over(action, game.names[game.winner])
    if not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(game.hands):
        return no_such_seat(seat, len(game.hands))
    return None


def _is_seat(seat: object, players: int) -> TypeGuard[int | np.integer[Any]]:
    """Whether ``seat`` is a seat number of the game (an int or a numpy integer, not a bool)."""
    return isinstance(seat, (int, np.integer)) and not isinstance(seat, bool) and bool(0 <= seat < players)


def no_such_seat(seat: object, players: int) -> str:
    """The reason for a seat number that is not at the table."""
    return _("There is no seat {seat}: the seats are 0 to {last}.", seat=seat, last=players - 1)
