"""A table of sensible bots played fast: the games of ``run_hand`` with ``SensibleBot``s, move
for move, for ``simulate_games``.

``SensibleBot.choose`` asks the game for every legal move and scans them; here the same
decision is read straight from the hand, the top card and the colour in force, and made
through the engine's public ``Game.play_fast``, ``Game.draw_fast`` and ``Game.apply_fast``:
``Game.apply`` without its legality check (``Game.apply_fast`` says what that skips, and why
it is safe here). The move is legal by construction, and it is the engine's own interned
Move, honesty flag included. UNO is said through ``Game.say_uno`` when E-UNO-5
(``engine.talk.uno_counts``) says it counts, as ``SensibleBot.react`` says it. Each bot
draws its random numbers from its own Generator at the same moments as ``SensibleBot``, so a
seed gives the same game either way; tests/test_fastbots.py plays seeded games both ways, move
for move and event for event, over both rule sets and 2 to 10 players.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeGuard, cast

from ..engine.bots import SensibleBot, color_counts
from ..engine.cards import ALL_CARDS, Card, Color, Rank
from ..engine.game import Game
from ..engine.kinds import MoveKind
from ..engine.moves import (
    ACCEPT,
    CHALLENGE,
    COLORS,
    DRAW,
    DRAW_WITH_COLOR,
    DRAWN,
    KEEP,
    PASS,
    PLAIN_PLAYS,
    PLAYABLE,
    RESPOND,
    TURN,
    Move,
    silence_plays,
    wild_draw_four_honest,
    wild_plays,
)
from ..engine.talk import uno_counts
from ..i18n import _

_WILD, _WD4, _WDT = Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK
_WILD_CARD, _WD4_CARD, _WDT_CARD = Card(None, _WILD), Card(None, _WD4), Card(None, _WDT)
_COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
# PLAIN_PLAYS as this module reads it: only at the index of a coloured card, which holds its Move.
_PLAIN_PLAYS = cast("tuple[Move, ...]", PLAIN_PLAYS)


def all_sensible(bots: Sequence[object]) -> TypeGuard[Sequence[SensibleBot]]:
    """True when every seat is a plain ``SensibleBot`` (not a subclass), which
    ``play_sensible_hand`` plays exactly as ``run_hand`` would."""
    return all(type(b) is SensibleBot for b in bots)


def favourite_color_index(hand: list[Card]) -> int:
    """The index in ``COLORS`` of the colour held most (then by points; red, yellow, green,
    blue break a tie), as ``bots._favourite_color``. A wild has no colour, so leaving the
    wild about to be played out of ``hand`` changes nothing."""
    counts = [0, 0, 0, 0]
    points = [0, 0, 0, 0]
    index = _COLOR_INDEX
    for card in hand:
        color = card.color
        if color is not None:
            i = index[color]
            counts[i] += 1
            points[i] += card.points
    best = 0
    for i in (1, 2, 3):
        if counts[i] > counts[best] or (counts[i] == counts[best] and points[i] > points[best]):
            best = i
    return best


def _silence(game: Game, card: Card, hand: list[Card]) -> Move:
    """SensibleBot's Wild Don't Talk: its favourite colour, silencing the other seat with the
    fewest cards (the first of equals)."""
    hands, seat = game.hands, game.current_player
    fewest = -1
    for s, other in enumerate(hands):
        if s != seat and (fewest < 0 or len(other) < len(hands[fewest])):
            fewest = s
    n = len(hands)
    return silence_plays(card, seat, n)[favourite_color_index(hand) * (n - 1) + fewest - (fewest > seat)]


# What a card is worth to SensibleBot's choice on each top card and colour in force: its
# points if it is a coloured card that may be played (E-MATCH), a flag (below -1) for each
# wild, -1 if it may not be played. One dict lookup per card in the hand.
_NO, _W_FLAG, _WD4_FLAG, _WDT_FLAG = -1, -2, -4, -8
_WILD_FLAGS = {_WILD: _W_FLAG, _WD4: _WD4_FLAG, _WDT: _WDT_FLAG}


def _scores(playable: frozenset[Card]) -> dict[Card, int]:
    scores = dict.fromkeys(ALL_CARDS, _NO)
    for card in playable:
        scores[card] = _WILD_FLAGS[card.rank] if card.is_wild else card.points
    return scores


_SCORES: dict[Card, dict[Color | None, dict[Card, int]]] = {
    top: {color: _scores(ok) for color, ok in by_color.items()} for top, by_color in PLAYABLE.items()
}


def _turn_move(game: Game, bot: SensibleBot, hand: list[Card], best: Card | None, wilds: int,
               wilds_block: bool) -> Move:
    """``SensibleBot.choose`` in phase "turn", given the best coloured card it may play and the
    flags of the wilds it holds (found by ``play_sensible_hand``)."""
    color = game.current_color
    honest = True
    if wilds & -_WD4_FLAG:
        hands = game.hands
        # The next player is close to UNO: bluff now and then (the bot's own random number).
        if len(hands[(game.current_player + game.direction) % len(hands)]) <= 2:
            honest = wild_draw_four_honest(hand, color, wilds_block, _WD4_CARD)
            if not honest and bot.rng.random() < bot.bluff_rate:
                return wild_plays(_WD4_CARD, False)[favourite_color_index(hand)]
    if best is not None:
        return _PLAIN_PLAYS[best.index]
    if wilds:
        if wilds & -_W_FLAG:
            return wild_plays(_WILD_CARD)[favourite_color_index(hand)]
        if wilds & -_WDT_FLAG:
            return _silence(game, _WDT_CARD, hand)
        honest = wild_draw_four_honest(hand, color, wilds_block, _WD4_CARD)
        if honest:
            return wild_plays(_WD4_CARD, True)[favourite_color_index(hand)]
    if game.can_draw():  # E-DRAW-3
        return DRAW if color is not None else DRAW_WITH_COLOR[favourite_color_index(hand)]
    # Nothing to draw: pass; SensibleBot's last resort, the first legal move, if only a bluff
    # is left (it never is: a bluff means a card of the colour, or another wild, is held).
    return PASS if honest else wild_plays(_WD4_CARD, False)[0]


def _drawn_move(game: Game, card: Card, hand: list[Card], wilds_block: bool) -> Move:
    """``SensibleBot.choose`` in phase "drawn", ``card`` the card just drawn: play it unless
    it is a bluff."""
    rank = card.rank
    if not card.is_wild:
        return _PLAIN_PLAYS[card.index]
    if rank is _WILD:
        return wild_plays(card)[favourite_color_index(hand)]
    if rank is _WDT:
        return _silence(game, card, hand)
    if wild_draw_four_honest(hand, game.current_color, wilds_block, card):
        return wild_plays(card, True)[favourite_color_index(hand)]
    return KEEP


class HandTally(NamedTuple):
    """What ``play_sensible_hand`` counted while it played."""

    moves: int  # moves made (plays, draws, keeps, accepts, challenges, passes)
    drawn: int  # cards drawn during these moves, by choice and as penalties
    wild_draw_fours: int  # Wild Draw Fours played
    bluffs: int  # ... of them against E-WD4-2
    challenges: int  # challenges made (E-WD4-3)
    caught: int  # challenges that caught a bluff (E-WD4-5)


def play_sensible_hand(game: Game, bots: Sequence[SensibleBot], max_moves: int = 5000,
                       moves: list[Move] | None = None, answers: list[tuple] | None = None) -> HandTally:
    """``bots.run_hand(game, bots, max_moves, moves)`` for a table of plain ``SensibleBot``s
    (see ``all_sensible``): the same moves, events and random numbers, made faster. It also
    counts as it goes, and appends to ``answers`` one ``(bluff, challenged, answerer_cards,
    player_cards)`` per answered Wild Draw Four (as ``simulation.games.Answers`` holds them)."""
    hands = game.hands
    n = len(hands)
    if len(bots) != n or not all_sensible(bots):
        raise ValueError(_("play_sensible_hand needs one plain SensibleBot for each of the {seats} seats.", seats=n))
    if game.rules.house:  # H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL, H-FORCE: not known here
        raise ValueError(_("play_sensible_hand plays no house rule; play this game with bots.run_hand."))
    seats = range(n)
    wilds_block = game.rules.wilds_block_wild_draw_four
    take_back = game.rules.guilty_penalty == "take_back"
    uno_said = game.uno_said
    discard = game.discard_pile
    # Every move below is legal by construction (see Game.apply_fast).
    play, draw, other = game.play_fast, game.draw_fast, game.apply_fast
    say_uno = game.say_uno
    record = moves.append if moves is not None else None
    # Module names read on every move, as locals (a local is cheaper to read than a global).
    score_tables, plain_plays, no, wd4_held = _SCORES, _PLAIN_PLAYS, _NO, -_WD4_FLAG
    # Phases and kinds are enum members, tested by identity (engine/kinds.py says why).
    turn_phase, drawn_phase, draw_kind = TURN, DRAWN, MoveKind.DRAW
    cards_before = sum(map(len, hands))
    made = plays = wd4s = bluffs = challenges = caught = took_back = 0
    if max_moves > 0 and game.uno_window is None:
        # run_hand's first reactions: any seat (house rules may deal one or two cards).
        for s in seats:
            if len(hands[s]) <= 2 and s not in uno_said and game.uno_would_count(s):
                bots[s].react(game, s)
    while made < max_moves:
        seat = game.current_player
        hand = hands[seat]
        phase = game.phase
        # run_hand's reactions, for bots that react only near UNO (SensibleBot.react).
        if game.uno_window is not None:
            for s in seats:
                bots[s].react(game, s)  # the move then closes the window (E-UNO-4)
        elif len(hand) <= 2 and seat not in uno_said and uno_counts(len(hand), phase is turn_phase or phase is drawn_phase):
            # With no UNO window open, SensibleBot.react can only say UNO: with one card, or
            # with two on its own turn; and after the first reactions only the player to move
            # can need to. Another seat's hand shrinks only by its own play, which leaves it
            # having said UNO or opens a window, where every bot reacts. Reactions move no turn.
            # (E-UNO-5 asked for the player to move: it is their turn, before playing when
            # the phase is "turn" or "drawn"; Game.uno_would_count asks the same.)
            say_uno(seat)  # what SensibleBot.react does here
        if phase is turn_phase or phase is drawn_phase:
            if phase is turn_phase:
                # The coloured card it may play with the most points (then the colour held
                # most, the first of equals), and the wilds it holds.
                scores = score_tables[discard[-1]][game.current_color]
                best = None
                most = -1  # the best card's points
                wilds = 0  # the flags of the wilds held, made positive
                counts = None
                for card in hand:
                    points = scores[card]
                    if points < 0:
                        if points != no:
                            wilds |= -points
                    elif points > most:
                        best, most = card, points
                    elif points == most and card is not best and best is not None:
                        if counts is None:
                            counts = color_counts(hand)
                        if counts[card.color] > counts[best.color]:
                            best = card
                if best is not None and not wilds & wd4_held:
                    move = plain_plays[best.index]  # the usual move: no bluff to weigh
                elif best is None and not wilds and game.current_color is not None and game.can_draw():
                    move = DRAW  # the next most usual: nothing to play, so draw (as _turn_move would)
                else:
                    move = _turn_move(game, bots[seat], hand, best, wilds, wilds_block)
            else:
                just_drawn = game.drawn  # a coloured card just drawn is played (as _drawn_move would)
                assert just_drawn is not None  # phase "drawn" has its card
                move = (_drawn_move(game, just_drawn, hand, wilds_block) if just_drawn.is_wild
                        else plain_plays[just_drawn.index])
            played = move.card
            if played is None:
                if move.kind is draw_kind:
                    draw(move)
                else:
                    other(move)
            else:  # a play
                play(move)
                plays += 1
                if played is _WD4_CARD:
                    wd4s += 1
                    bluffs += move.honest is False
        elif phase is RESPOND:
            pending = game.pending
            assert pending is not None  # phase "challenge" has its Wild Draw Four
            player, _color, honest = pending
            wants = len(hands[player]) >= bots[seat].challenge_min_cards
            move = CHALLENGE if wants else ACCEPT
            answerer_had, player_had = len(hand), len(hands[player])
            other(move)
            if wants:
                challenges += 1
                if not honest:
                    caught += 1
                    took_back += take_back  # C-WD4-5: the card goes back to its player's hand
            if answers is not None:
                answers.append((not honest, wants, len(hand) - answerer_had, len(hands[player]) - player_had))
        else:
            break
        made += 1
        if record is not None:
            record(move)
        if game.winner is not None:
            break
    # Cards enter a hand by being drawn or taken back, and leave it only by being played.
    drawn = sum(map(len, hands)) - cards_before + plays - took_back
    return HandTally(made, drawn, wd4s, bluffs, challenges, caught)
