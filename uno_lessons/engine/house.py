"""The house rules' part of a game (docs/rules.md, "House rules"): the moves they add and
what their cards do, as functions of a :class:`~.game.Game`.

``Game`` calls them only when a house rule is on (``game._house``), so the box rules' moves,
the ones thousands of simulated games make, never pass through here. They change the game's
own fields, as its methods do: this module is part of the game, kept apart so that the box
rules read on their own in ``game.py`` and each house rule is in one place here:

- H-STACK: :func:`stack_plays` (what answers a stack) and :func:`effect` (a Draw Two or a
  Wild Draw Four adds to it); drawing the stack is the game's accept and challenge.
- H-JUMP: :func:`jump_ins` and :func:`jump_in` (``Game.jump_ins`` and ``Game.jump_in``).
- H-SEVEN-ZERO: :func:`effect` (a 7 swaps, a 0 passes every hand on) and
  :func:`hands_moved`; the choice of whom to swap with is ``moves.swap_plays``.
- H-DRAW-UNTIL: :func:`draw_until`.
- H-FORCE: no keep after a playable draw: ``Game._answers``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .cards import Card, Rank
from .kinds import Phase
from .moves import ACCEPT, PLAYABLE, IllegalMove, Move, plain_play, swap_plays

if TYPE_CHECKING:
    from .game import Game

_SEVEN, _ZERO, _DRAW_TWO, _WD4 = Rank.SEVEN, Rank.ZERO, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR


def stack_plays(game: Game, rank: Rank) -> list[Move]:
    """H-STACK: the current player's plays of a card of ``rank`` onto the stack."""
    hand = game.hands[game.current_player]
    plays: list[Move] = []
    offered: list[Card] = []
    for card in hand:
        if card.rank is rank and card not in offered:
            offered.append(card)
            plays += game._plays_of(card, hand)
    return plays


def stack_answers(game: Game) -> list[Move]:
    """H-STACK: the moves in phase "turn" while Draw Twos are stacked: stack another, or
    accept and draw the total."""
    return [*stack_plays(game, _DRAW_TWO), ACCEPT]


def effect(game: Game, seat: int, card: Card, target: int | None, nxt: int) -> bool:
    """What ``card``, just played by ``seat``, does under a house rule that changes it
    (H-STACK, H-SEVEN-ZERO); False when it has its usual effect (the game then applies it)."""
    rank, rules, log = card.rank, game.rules, game._log
    if rules.stacking and rank is _DRAW_TWO:  # H-STACK: the penalty passes on, added up
        game.stack += rules.draw_two_count
        game.current_player = nxt
        log.append((ev.Stacked, nxt, game.stack))
        return True
    if rules.stacking and rank is _WD4:  # H-STACK: the next player may also stack
        game.stack += rules.wild_draw_four_count
        log.append((ev.Stacked, nxt, game.stack))
        return False  # and as usual: the next player answers it (E-WD4-3)
    if rules.seven_zero and rank is _SEVEN and target is not None:  # H-SEVEN-ZERO
        hands = game.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        hands_moved(game)
        log.append((ev.Swapped, seat, target))
        game.current_player = nxt
        return True
    if rules.seven_zero and rank is _ZERO:  # H-SEVEN-ZERO: every hand one seat on
        hands, n, d = game.hands, len(game.hands), game.direction
        hands[:] = [hands[(s - d) % n] for s in range(n)]
        hands_moved(game)
        log.append((ev.Rotated, d))
        game.current_player = nxt
        return True
    return False


def hands_moved(game: Game) -> None:
    """After hands change owners (H-SEVEN-ZERO), an UNO said lapses and nobody can be
    caught until a play leaves a player with one card again (docs/rules.md). Kept counts
    (``Game.track_hands``) are counted again from the hands, which went to other seats."""
    game.uno_said.clear()
    game.uno_window = None
    if game.tallies is not None:
        game.track_hands()


def draw_until(game: Game, seat: int) -> None:
    """H-DRAW-UNTIL: ``seat`` draws until a playable card comes, or nothing is left to draw."""
    hand, got = game.hands[seat], []
    playable = PLAYABLE[game.discard_pile[-1]][game.current_color]
    card = None
    while True:
        pile = game._pile or game._refilled()
        if not pile:
            card = None  # E-DRAW-3: nothing left; the turn ends
            break
        card = pile.pop()
        hand.append(card)
        got.append(card)
        if card in playable:
            break
    if game.tallies is not None:
        game._tally_in(seat, got)
    if game.uno_said:
        game.uno_said.discard(seat)
    game._log.append((ev.Drew, seat, tuple(got), len(got), "draw"))
    if card is not None:
        game.phase, game.drawn = Phase.DRAWN, card  # play it or (unless H-FORCE) keep it
    else:
        game._log.append((ev.DrewNothingPlayable, seat))
        game._end_turn()


def jump_ins(game: Game) -> list[tuple[int, Move]]:
    """H-JUMP: every out-of-turn play open now, as ``(seat, move)`` pairs (see
    ``Game.jump_ins``)."""
    if not game.rules.jump_in or game.phase is Phase.OVER:
        return []
    top, n, out = game.discard_pile[-1], len(game.hands), []
    if top.is_wild:
        return []
    for step in range(1, n):
        seat = (game.current_player + step * game.direction) % n
        if top in game.hands[seat]:
            if top.rank is _SEVEN and game.rules.seven_zero:
                out += [(seat, m) for m in swap_plays(top, seat, n)]
            else:
                out.append((seat, plain_play(top)))
    return out


def jump_in(game: Game, seat: int, card: Card | str, target: int | None = None) -> Move:
    """H-JUMP: ``seat`` plays ``card`` out of turn (see ``Game.jump_in``); IllegalMove, with
    nothing changed, when it may not."""
    from .reasons import why_no_jump_in

    reason = why_no_jump_in(game, seat, card, target)
    if reason is not None:
        raise IllegalMove(reason)
    seat = int(seat)
    card = Card.parse(card)
    move = plain_play(card) if target is None else swap_plays(card, seat, len(game.hands))[
        int(target) - (target > seat)]
    game._log.append((ev.JumpedIn, seat, card, game.current_player))
    if game.phase is Phase.DRAWN:  # the drawn card stays in the hand; that turn is over
        game.phase, game.drawn = Phase.TURN, None
    game.current_player = seat
    game.play_fast(move)
    return move
