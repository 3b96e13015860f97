"""The house rules' part of a game (docs/rules.md, "House rules"): the moves they add and
what their cards do, as functions of a :class:`~.game.Game`.

``Game`` calls them only when a house rule is on, so the box rules' moves, the ones
thousands of simulated games make, never pass through here. They change the game through
its public fields and its documented hooks (docs/engine.md, "House-rule hooks"), the same
primitives the box rules use: ``Game.take_card`` (the next card to draw), ``Game.receive``
(cards into a hand), ``Game.end_turn``, ``Game.plays_of`` (the moves that play a card) and
``Game.note`` (an event). Each house rule is in one place here:

- H-STACK: :func:`stack_plays` (what answers a stack) and :func:`effect` (a Draw Two or a
  Wild Draw Four adds to it); drawing the stack is the game's accept and challenge.
- H-JUMP: :func:`jump_ins` and :func:`jump_in` (``Game.jump_ins``, and ``Game.act`` with a
  :class:`~.asides.JumpIn`); whether a jump-in is allowed is ``reasons.jump_in_refusal``.
- H-SEVEN-ZERO: :func:`effect` (a 7 swaps, a 0 passes every hand on) and
  :func:`hands_moved`; the choice of whom to swap with is ``moves.swap_plays``.
- H-DRAW-UNTIL: :func:`draw_until`.
- H-FORCE: no keep after a playable draw: ``Game._answers``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .asides import JumpIn
from .cards import Card, Rank
from .kinds import Phase
from .moves import ACCEPT, PLAYABLE, Move, plain_play, swap_plays
from .reasons import jump_in_refusal

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
            plays += game.plays_of(card, hand)
    return plays


def stack_answers(game: Game) -> list[Move]:
    """H-STACK: the moves in phase "turn" while Draw Twos are stacked: stack another, or
    accept and draw the total."""
    return [*stack_plays(game, _DRAW_TWO), ACCEPT]


def effect(game: Game, seat: int, card: Card, target: int | None, nxt: int) -> bool:
    """What ``card``, just played by ``seat``, does under a house rule that changes it
    (H-STACK, H-SEVEN-ZERO); False when it has its usual effect (the game then applies it)."""
    rank, rules, note = card.rank, game.rules, game.note
    if rules.stacking and rank is _DRAW_TWO:  # H-STACK: the penalty passes on, added up
        game.stack += rules.draw_two_count
        game.current_player = nxt
        note((ev.Stacked, nxt, game.stack))
        return True
    if rules.stacking and rank is _WD4:  # H-STACK: the next player may also stack
        game.stack += rules.wild_draw_four_count
        note((ev.Stacked, nxt, game.stack))
        return False  # and as usual: the next player answers it (E-WD4-3)
    if rules.seven_zero and rank is _SEVEN and target is not None:  # H-SEVEN-ZERO
        hands = game.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        hands_moved(game)
        note((ev.Swapped, seat, target))
        game.current_player = nxt
        return True
    if rules.seven_zero and rank is _ZERO:  # H-SEVEN-ZERO: every hand one seat on
        hands, n, d = game.hands, len(game.hands), game.direction
        hands[:] = [hands[(s - d) % n] for s in range(n)]
        hands_moved(game)
        note((ev.Rotated, d))
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
    got: list[Card] = []
    playable = PLAYABLE[game.discard_pile[-1]][game.current_color]
    card = None
    while True:
        card = game.take_card()
        if card is None:  # E-DRAW-3: nothing left; the turn ends
            break
        got.append(card)
        if card in playable:
            break
    game.receive(seat, got, len(got), "draw")
    if card is not None:
        game.phase, game.drawn = Phase.DRAWN, card  # play it or (unless H-FORCE) keep it
    else:
        game.note((ev.DrewNothingPlayable, seat))
        game.end_turn()


def jump_ins(game: Game) -> list[tuple[int, Move]]:
    """H-JUMP: every out-of-turn play open now, as ``(seat, move)`` pairs (see
    ``Game.jump_ins``): the top card, from each other seat that holds it, that
    ``reasons.jump_in_refusal`` allows (a 7 under H-SEVEN-ZERO once per seat to swap with)."""
    if not game.rules.jump_in:  # the usual case, before every move: nothing to ask
        return []
    top, n, out = game.discard_pile[-1], len(game.hands), []
    targets: tuple[int | None, ...] = (None,)
    for step in range(1, n):
        seat = (game.current_player + step * game.direction) % n
        if top.rank is _SEVEN and game.rules.seven_zero:
            targets = tuple(t for t in range(n) if t != seat)
        for target in targets:
            if jump_in_refusal(game, seat, top, target) is None:
                out.append((seat, _jump_move(game, seat, top, target)))
    return out


def _jump_move(game: Game, seat: int, card: Card, target: int | None) -> Move:
    """The (interned) move that plays ``card`` for ``seat`` out of turn."""
    return plain_play(card) if target is None else swap_plays(card, seat, len(game.hands))[target - (target > seat)]


def jump_in(game: Game, action: JumpIn) -> Move:
    """H-JUMP: make ``action``, a jump-in ``reasons.jump_in_refusal`` allows (``Game.act``
    has asked): the seat plays the card out of turn and play goes on from them."""
    seat, card = int(action.seat), action.card
    move = _jump_move(game, seat, card, None if action.target is None else int(action.target))
    game.note((ev.JumpedIn, seat, card, game.current_player))
    if game.phase is Phase.DRAWN:  # the drawn card stays in the hand; that turn is over
        game.phase, game.drawn = Phase.TURN, None
    game.current_player = seat
    game.play_fast(move)
    return move
