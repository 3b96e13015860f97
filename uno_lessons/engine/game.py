"""The game state and its moves: turns, matching, drawing, action cards, challenges and
what any seat may say (E-UNO, E-WDT). One class; the pure rules it asks live beside it
(``moves``, ``setup``, ``talk``, ``reasons``), and saving is ``saving``'s (which imports this,
not the other way round at run time)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any, ClassVar, Self, cast

import numpy as np

from . import events as ev
from . import house, saving
from .asides import Aside, Catch, JumpIn, SayUno, Talk
from .cards import ALL_CARDS, Card, Color, Rank
from .kinds import MoveKind, Phase
from .moves import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    DRAW_WITH_COLOR,
    KEEP,
    PASS,
    PLAIN_PLAY_TUPLES,
    PLAYABLE,
    PLAYS_ON,
    WILD_PLAYS,
    IllegalMove,
    Move,
    explain_match,
    matches,
    play_move,
    silence_plays,
    swap_plays,
    wild_draw_four_honest,
    wild_plays,
)
from .pictures import picture_of
from .reasons import why_illegal, why_no_jump_in, why_refused
from .rules import Rules
from .setup import deal, position, seen_position, turn_first_card
from .talk import is_caught, uno_counts
from .view import PlayerView, player_view

_SKIP, _REVERSE, _DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
_SEVEN, _ZERO = Rank.SEVEN, Rank.ZERO
_WILD, _WD4, _WDT = Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK
_PLAYED, _DREW, _SKIPPED = ev.Played, ev.Drew, ev.Skipped  # noted on most moves: one lookup
# Module names for the members the engine tests with ``is`` (kinds.py says why).
_PLAY, _DRAW, _KEEP, _ACCEPT, _CHALLENGE = (MoveKind.PLAY, MoveKind.DRAW, MoveKind.KEEP, MoveKind.ACCEPT,
                                            MoveKind.CHALLENGE)
TURN, DRAWN, RESPOND, OVER = Phase.TURN, Phase.DRAWN, Phase.RESPOND, Phase.OVER


def tally(cards: Iterable[Card]) -> bytearray:
    """The copies of each card among ``cards``, by card index (``ALL_CARDS`` order)."""
    counts = bytearray(len(ALL_CARDS))
    for card in cards:
        counts[card.index] += 1
    return counts


class Game:
    """One hand of UNO. Make one with ``Game.new`` or ``Game.from_position``."""

    #: Every field of a game, as ``__init__`` sets them: what pickling and ``copy.deepcopy``
    #: restore (``__reduce__``). tests/test_saving.py holds it to the fields ``__init__`` sets.
    FIELDS: ClassVar[tuple[str, ...]] = (
        "rules", "names", "hands", "discard_pile", "_pile", "current_player", "direction", "current_color",
        "rng", "dealer", "phase", "drawn", "pending", "silenced", "uno_window", "uno_said", "winner", "points",
        "_events", "_log", "_legal", "tallies", "tally_sizes", "stack", "_house", "_until")

    def __init__(self, hands: list[list[Card]], discard_pile: list[Card], pile: list[Card], *, rules: Rules,
                 names: Sequence[str], current: int, direction: int, color: Color | None,
                 rng: np.random.Generator, dealer: int | None = None) -> None:
        self.rules = rules
        self.names = list(names)
        self.hands = hands
        self.discard_pile = discard_pile
        self._pile = pile  # draw pile, next card LAST (pop() is cheap); see draw_pile
        self.current_player = current
        self.direction = direction
        self.current_color = color
        self.rng = rng
        self.dealer = dealer
        self.phase: Phase = TURN
        self.drawn: Card | None = None  # the card just drawn, in phase "drawn"
        # A Wild Draw Four awaiting an answer: (seat that played it, colour before it, honest).
        self.pending: tuple[int, Color | None, bool] | None = None
        self.silenced: int | None = None
        self.uno_window: int | None = None  # seat that may be caught not saying UNO
        self.uno_said: set[int] = set()  # seats whose UNO counts for their present hand
        self.winner: int | None = None
        self.points: int | None = None
        self._events: list[ev.Event] = []
        # Events not yet read, noted cheaply as (Event class, *fields); see ``events``.
        self._log: list[tuple[Any, ...]] = []
        self._legal: list[Move] | None = None
        # Each seat's copies of each card and hand size, kept up to date as cards move once
        # ``track_hands`` is called (None until then): the agents' observation reads them.
        self.tallies: list[bytearray] | None = None
        self.tally_sizes = bytearray()
        # H-STACK: the penalty stacked so far (Draw Twos in phase "turn", Wild Draw Fours in
        # phase "challenge"); 0 when nothing is stacked, and always 0 with stacking off.
        self.stack = 0
        # Whether any house rule is on, and H-DRAW-UNTIL: one attribute each on the hot path.
        self._house = rules.house
        self._until = rules.draw_until_playable

    # ------------------------------------------------------------------ making games
    @classmethod
    def new(cls, players: int | Sequence[str], *, rules: Rules | None = None,
            seed: int | np.random.SeedSequence | None = None, dealer: int = 0,
            rng: np.random.Generator | None = None) -> Self:
        """Shuffle, deal and turn the first card (E-SETUP). ``players`` is a count or names.

        ``seed`` gives the game a Generator of its own: the same seed deals the same game.
        ``rng`` instead deals from a Generator you pass, which the game keeps using for its
        reshuffles: many games played one after another from one Generator repeat exactly,
        and skip the cost of seeding each game.
        """
        rules = rules or Rules.encanto()
        hands, pile, names, rng = deal(players, rules, seed, dealer, rng)
        game = cls(hands, [], pile, rules=rules, names=names, current=(dealer + 1) % len(hands), direction=1,
                   color=None, rng=rng, dealer=dealer)
        game._log.append((ev.Dealt, dealer, len(hands), rules.hand_size))
        game._turn_first_card()
        return game

    @classmethod
    def from_position(cls, hands: Sequence[Sequence[str | Card] | str], discard: Sequence[str | Card] | str,
                      draw_pile: Sequence[str | Card] | str = (), *, current: int = 0, direction: int = 1,
                      color: Color | str | None = None, rules: Rules | None = None,
                      names: Sequence[str] | None = None, seed: int | None = 0) -> Self:
        """A position from card codes: one hand per seat, ``discard[-1]`` on top,
        ``draw_pile[0]`` drawn next, ``color`` in force when the top card is a wild."""
        rules = rules or Rules.encanto()
        seats, disc, pile, seat_names, in_force = position(hands, discard, draw_pile, current=current,
                                                           direction=direction, color=color, rules=rules, names=names)
        return cls(seats, disc, pile, rules=rules, names=seat_names, current=current, direction=direction,
                   color=in_force, rng=np.random.default_rng(seed))

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[Sequence[str | Card] | str],
                  draw_pile: Sequence[str | Card] | str = (), *, drawn: Card | str | None = None,
                  rng: np.random.Generator | None = None, seed: int | None = 0) -> Self:
        """The position ``view`` shows (a seat's :class:`~.view.PlayerView`), with the cards
        hidden from that seat given: ``hands``, one per seat (the view's own as it shows it),
        and ``draw_pile`` (``[0]`` drawn next), in the sizes the view shows. ``drawn``: in
        phase "drawn", the card the player to move just drew, when the view does not show it.

        Everything else is the view's: the discard pile, whose turn, the direction, the colour
        in force, the phase, the stacked penalty, who is silenced, who said UNO and may be
        caught. A Wild Draw Four to answer was honest or not as the given hand of its player
        says (E-WD4-2). The game has no event log yet; ``rng`` (or ``seed``) makes its
        reshuffles. This is how a program that may know only what a seat sees (the coach)
        plays a position on: it deals the hidden cards as it guesses them, here. ValueError,
        saying why, when the cards do not fit the view (``setup.seen_position``)."""
        seats, pile, card, pending = seen_position(view, hands, draw_pile, drawn)
        game = cls(seats, list(view.discard_pile), pile, rules=view.rules, names=view.names,
                   current=view.current_player, direction=view.direction, color=view.current_color,
                   rng=rng if rng is not None else np.random.default_rng(seed))
        game.phase, game.drawn, game.pending, game.stack = view.phase, card, pending, view.stack
        game.silenced, game.uno_window, game.uno_said = view.silenced, view.uno_window, set(view.uno_said)
        game.winner, game.points = view.winner, view.points
        saving.check_game(game)
        return game

    def _turn_first_card(self) -> None:
        """Start the discard pile (``setup.turn_first_card``) and, under classic rules, apply
        the first card's effect to the first player (C-SETUP-4)."""
        card = turn_first_card(self._pile, self.rng, self.rules, self._log)
        self.discard_pile.append(card)
        self.current_color = card.color
        if self.rules.first_card_action != "apply" or card.is_number:
            return
        first, rank, log = self.current_player, card.rank, self._log
        if rank is _REVERSE:  # the dealer starts, counter-clockwise
            self.direction = -1
            self.current_player = self.dealer if self.dealer is not None else 0
            log.append((ev.StartEffect, card, self.current_player, self.rules.draw_two_count))
            return
        # On the first player (a Wild: they name the colour); the event carries the Draw Two count.
        log.append((ev.StartEffect, card, first, self.rules.draw_two_count))
        if rank is _DRAW_TWO:
            self._penalty(first, self.rules.draw_two_count, "start")
        if rank is _DRAW_TWO or rank is _SKIP:
            log.append((ev.Skipped, first))
            self.current_player = (first + 1) % len(self.hands)

    # ------------------------------------------------------------------ state views
    @property
    def events(self) -> list[ev.Event]:
        """The event log, oldest first: one Event per thing that happened (``narrate`` says
        them in words). While the game runs the engine notes each event as a plain tuple and
        builds the Event objects here, the first time the log is read after it: making
        objects is the dearest part of a move, and most simulated games are never read."""
        if self._log:
            self._events += [note[0](*note[1:]) for note in self._log]
            self._log.clear()
        return self._events

    @events.setter
    def events(self, events: list[ev.Event]) -> None:
        self._log.clear()
        self._events = events

    def event_tuples(self) -> list[tuple[Any, ...]]:
        """The event log as plain tuples ``(Event class, *fields)``, oldest first: what
        ``events`` holds, without building the Event objects (for programs that read
        thousands of games, such as the simulation)."""
        built = [(type(e), *(getattr(e, f.name) for f in fields(e))) for e in self._events]
        return built + self._log

    @property
    def top_card(self) -> Card:
        """The top card of the discard pile."""
        return self.discard_pile[-1]

    @property
    def draw_pile(self) -> list[Card]:
        """The draw pile as a new list; ``draw_pile[0]`` is the next card drawn."""
        return self._pile[::-1]

    @property
    def draw_pile_size(self) -> int:
        """How many cards are in the draw pile."""
        return len(self._pile)

    def can_draw(self) -> bool:
        """E-DRAW-3: is there a card to draw on a turn, from the draw pile or from the
        discards under the top card, reshuffled? (When not, the player may only play or pass.)
        A method, not a property: the fast simulation asks it on every draw."""
        return True if self._pile else len(self.discard_pile) > 1

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """True once someone has won the hand."""
        return self.phase is OVER

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` (default: the current one) in play order."""
        if seat is None:
            seat = self.current_player
        return (seat + steps * self.direction) % len(self.hands)

    def can_play(self, card: Card | str) -> bool:
        """E-MATCH: does ``card`` match the top card and the colour in force? (The rule is
        ``moves.matches``, asked here; ``legal_moves`` reads its table ``PLAYS_ON``.)"""
        return matches(Card.parse(card), self.discard_pile[-1], self.current_color)

    def explain(self, card: Card | str) -> str:
        """Why ``card`` does or does not match the top card now (E-MATCH)."""
        return explain_match(card, self.discard_pile[-1], self.current_color)

    def narrate(self, viewer: ev.Viewer, last: int | None = None) -> list[str]:
        """The event log as sentences with this game's names, as ``viewer`` may hear it (a
        seat, ``events.EVERYONE`` or ``events.NOBODY``: always named, see
        :class:`~.events.Event`); ``last`` keeps only the newest ones."""
        items = self.events if last is None else self.events[-last:]
        return [e.describe(self.names, viewer) for e in items]

    def view(self, seat: int | None, *, log: bool = True) -> PlayerView:
        """What ``seat`` can see: their own hand, the table, other hands only as counts
        (``log=False``: without the event log, see :func:`~.view.player_view`)."""
        return player_view(self, seat, log=log)

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Move]:
        """Every move the current player may make now, in a stable order (plays by hand
        order, wild colours R, Y, G, B; then draw; keep or pass last). Empty when over."""
        legal = self._legal
        if legal is not None:
            return legal.copy()
        if self.phase is not TURN:
            legal = self._answers()
        elif self.stack:  # H-STACK: stack a Draw Two, or accept and draw the total
            legal = house.stack_answers(self)
        else:
            hand = self.hands[self.current_player]
            plays = PLAYS_ON[self.discard_pile[-1]][self.current_color]  # E-MATCH, as a table of moves
            sevens = self._house and self.rules.seven_zero  # H-SEVEN-ZERO: a 7 names whom it swaps with
            legal = []
            offered: list[Card] = []  # two copies of a card are one move
            for card in hand:
                move = plays[card.index]
                if move is not None and card not in offered:
                    offered.append(card)
                    if move is WILD_PLAYS or (sevens and card.rank is _SEVEN):  # a wild: one per colour (…)
                        legal += self.plays_of(card, hand)
                    else:
                        legal.append(move)
            if self._pile or len(self.discard_pile) > 1:  # E-DRAW-3: can_draw(), written out (every move)
                if self.current_color is None:
                    legal.extend(DRAW_WITH_COLOR)
                else:
                    legal.append(DRAW)
            elif not legal:
                legal.append(PASS)
        self._legal = legal
        return legal.copy()

    def _answers(self) -> list[Move]:
        """The legal moves outside a normal turn: after drawing, or facing a Wild Draw Four."""
        phase, drawn = self.phase, self.drawn
        if phase is DRAWN and drawn is not None:  # in phase "drawn" a card is always drawn
            plays = self.plays_of(drawn, self.hands[self.current_player])
            # H-FORCE: no keep, unless the play would be a bluffed Wild Draw Four (docs/rules.md).
            if self._house and self.rules.force_play and plays[0].honest is not False:
                return list(plays)
            return [*plays, KEEP]
        if phase is not RESPOND:
            return []
        if self._house and self.rules.stacking:  # H-STACK: a Wild Draw Four on the Wild Draw Four
            return [*house.stack_plays(self, _WD4), ACCEPT, CHALLENGE]
        return [ACCEPT, CHALLENGE]

    def plays_of(self, card: Card, hand: list[Card]) -> tuple[Move, ...]:
        """House-rule hook. The (interned) moves that play ``card`` from ``hand`` for the player to move: a
        wild's one per colour (a Wild Draw Four's flagged honest or not, E-WD4-2; a Wild
        Don't Talk's also one per other seat)."""
        rank = card.rank
        if rank is _WILD:
            return wild_plays(card)
        if rank is _WD4:
            return wild_plays(card, wild_draw_four_honest(hand, self.current_color,
                                                          self.rules.wilds_block_wild_draw_four, card))
        if rank is _WDT:
            return silence_plays(card, self.current_player, len(self.hands))
        if rank is _SEVEN and self.rules.seven_zero:  # H-SEVEN-ZERO: one play per seat to swap with
            return swap_plays(card, self.current_player, len(self.hands))
        return PLAIN_PLAY_TUPLES[card.index]  # (plain_play(card),), made once per card

    # ------------------------------------------------------------------ moves
    def apply(self, move: Move) -> Move:
        """Make ``move`` for the current player and return the engine's copy of it (with its
        honesty flag); IllegalMove, with the state unchanged, if it is not allowed."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for m in legal:
            if m is move:
                break
        else:
            if move not in legal:
                raise IllegalMove(why_illegal(self, move))
            move = legal[legal.index(move)]  # the engine's own copy carries the honesty flag
        # As apply_fast, written out here: a call fewer for every move made through apply.
        kind = move.kind
        if kind is _PLAY:
            self.play_fast(move)
        elif kind is _DRAW:
            self.draw_fast(move)
        else:
            self._legal = None
            self.uno_window = None  # E-UNO-4: the next player's first move closes the window
            self._other_move(kind)
        return move

    # The unchecked entries: apply_fast for any move, play_fast and draw_fast for a move its
    # caller knows is a play or a draw (the fast simulation's usual moves, a call fewer).
    def apply_fast(self, move: Move) -> None:
        """Make ``move``, which must be legal now, without checking it: ``apply`` after its
        check, for programs that make only moves the engine has listed as legal (the agents'
        environment, ``agents/turns.py``, which has checked the action against its mask).

        It skips exactly what ``apply`` checks: that ``move`` is one of ``legal_moves()`` and
        the look-up of the engine's own copy. So ``move`` must be the engine's own interned
        Move of a legal move, honesty flag included: one of ``legal_moves()``. An illegal move
        raises nothing and leaves a game the rules cannot reach. Everything else is as in
        ``apply``: the UNO window closes (E-UNO-4), the move's rules and events follow, the
        cached legal moves are forgotten. tests/test_sim_bots.py holds it to ``apply`` over
        random legal moves: the same state and events, move for move."""
        kind = move.kind
        if kind is _PLAY:
            self.play_fast(move)
        elif kind is _DRAW:
            self.draw_fast(move)
        else:
            self._legal = None
            self.uno_window = None  # E-UNO-4: the next player's first move closes the window
            self._other_move(kind)

    def _other_move(self, kind: MoveKind | str) -> None:
        """Make a keep, accept, challenge or pass, known to be legal (no check here: see ``apply_fast``)."""
        if kind is _KEEP:
            self._log.append((ev.Kept, self.current_player))
            self.end_turn()
        elif kind is _ACCEPT:
            self._accept()
        elif kind is _CHALLENGE:
            self._challenge()
        else:
            self._log.append((ev.Passed, self.current_player))
            self.end_turn()

    def track_hands(self) -> None:
        """From now on keep ``tallies`` (``tallies[seat][card.index]``: the copies of
        that card the seat holds) and ``tally_sizes`` (the hands' sizes, one byte per seat,
        twice over: ``tally_sizes[seat]`` and ``tally_sizes[seat + players]``, so that the
        sizes from any seat on, round the table, are one slice; empty until then) up to date
        as cards move, so that a reader on every step (the agents' observation) need not
        count the hands. Only moves made through the Game keep them true: a hand changed
        directly (``game.hands[0].append(card)``) leaves them wrong."""
        self.tallies = [tally(hand) for hand in self.hands]
        self.tally_sizes = bytearray(map(len, self.hands)) * 2

    def end_turn(self) -> None:
        """House-rule hook. The player to move's turn ends (after a keep, a pass, a draw that
        cannot be played, an accepted penalty): an UNO said with more than one card lapses
        (E-UNO-5) and the next seat in play order is to move."""
        seat = self.current_player
        if seat in self.uno_said and len(self.hands[seat]) > 1:
            self.uno_said.discard(seat)  # E-UNO-5: an UNO said before keeping or passing lapses
        self.phase = TURN
        self.drawn = None
        self.current_player = (self.current_player + self.direction) % len(self.hands)

    def play_fast(self, move: Move) -> None:
        """``apply_fast`` for a move known to be a legal play (E-MATCH, E-ACT, E-WD4-3,
        E-WDT-2, E-UNO-4, E-WIN): the same conditions, nothing checked."""
        self._legal = None
        self.uno_window = None  # E-UNO-4: the next player's first move closes the window
        seat = self.current_player
        card = move.card
        assert card is not None  # a play names its card
        color = move.color  # a colour for a wild only
        hands = self.hands
        hand = hands[seat]
        hand.remove(card)
        counts = self.tallies
        if counts is not None:  # track_hands: written out, this is on every play
            counts[seat][card.index] -= 1
            sizes = self.tally_sizes
            sizes[seat] -= 1
            sizes[seat + len(hands)] -= 1
        self.discard_pile.append(card)
        previous_color = self.current_color
        self.current_color = card.color if color is None else color
        if self.drawn is not None:  # it was the card just drawn
            self.phase, self.drawn = TURN, None
        left = len(hand)
        self._log.append((_PLAYED, seat, card, color, move.target, left))
        n, d = len(hands), self.direction
        nxt = (seat + d) % n
        if left < 2 or self.uno_said:
            if left == 0:
                self._win(seat, nxt, card.rank)
                return
            if left == 1:
                if seat not in self.uno_said:
                    self.uno_window = seat  # E-UNO-4
            else:
                self.uno_said.discard(seat)  # E-UNO-5: an UNO said with more cards lapses
        rank = card.rank
        if self._house and house.effect(self, seat, card, move.target, nxt):
            return
        if card.is_number or rank is _WILD:
            self.current_player = nxt
        elif rank is _SKIP:  # E-ACT-4
            self._log.append((_SKIPPED, nxt))
            self.current_player = (nxt + d) % n
        elif rank is _REVERSE:  # E-ACT-3
            self.direction = -d
            skip = n == 2 and self.rules.two_player_reverse_is_skip
            self._log.append((ev.Reversed, -d, skip))
            if skip:
                self._log.append((_SKIPPED, nxt))
                self.current_player = seat
            else:
                self.current_player = (seat - d) % n
        elif rank is _DRAW_TWO:  # E-ACT-2
            self._penalty(nxt, self.rules.draw_two_count, "draw_two")
            self._log.append((_SKIPPED, nxt))
            self.current_player = (nxt + d) % n
        elif rank is _WD4:  # E-WD4-3: the next player must answer
            self.pending = (seat, previous_color, bool(move.honest))
            self.phase = RESPOND
            self.current_player = nxt
        else:  # Wild Don't Talk (E-WDT-2, E-WDT-5: a later one replaces the earlier target)
            self.silenced = move.target
            self._log.append((ev.Silenced, move.target, seat))
            self.current_player = nxt

    def _win(self, seat: int, nxt: int, rank: Rank) -> None:
        # E-WIN-2: a last Draw Two or Wild Draw Four still makes the next player draw.
        # H-STACK: a last card onto a stack: the next player draws the whole stack.
        if self.stack and (rank is _DRAW_TWO or rank is _WD4):
            count = self.rules.draw_two_count if rank is _DRAW_TWO else self.rules.wild_draw_four_count
            total, self.stack, self.pending = self.stack + count, 0, None
            self._penalty(nxt, total, "stack")
        elif rank is _DRAW_TWO:
            self._penalty(nxt, self.rules.draw_two_count, "draw_two")
        elif rank is _WD4:
            self._penalty(nxt, self.rules.wild_draw_four_count, "wild_draw_four")
        self.winner = seat
        points = 0  # E-SCORE-2: the cards left in the other hands (the winner's is empty)
        for hand in self.hands:  # (a loop: cheaper than sum() over a generator)
            for card in hand:
                points += card.points
        self.points = points
        self.phase = OVER
        self.uno_window = None
        self._log.append((ev.Won, seat, self.points))

    def draw_fast(self, move: Move) -> None:
        """``apply_fast`` for a move known to be a legal draw (E-DRAW-1..3): the same
        conditions, nothing checked."""
        self._legal = None
        self.uno_window = None  # E-UNO-4: the next player's first move closes the window
        seat = self.current_player
        if move.color is not None:  # classic: a Wild turned first; the colour is named now
            self.current_color = move.color
        if self._until:
            house.draw_until(self, seat)
            return
        pile = self._pile
        card = pile.pop() if pile else self.take_card()
        assert card is not None  # legal: there is a card to draw
        self.receive(seat, (card,), 1, "draw")
        if card in PLAYABLE[self.discard_pile[-1]][self.current_color]:  # E-MATCH
            self.phase, self.drawn = DRAWN, card  # E-DRAW-1/2: play it or keep it
        else:
            self.end_turn()

    def _accept(self) -> None:
        seat = self.current_player
        stack, self.stack = self.stack, 0
        if self.pending is None:  # H-STACK: a stack of Draw Twos, drawn in full
            self._penalty(seat, stack, "stack")
            self._log.append((_SKIPPED, seat))
            self.end_turn()
            return
        self.pending = None
        self._log.append((ev.Accepted, seat))
        if stack > self.rules.wild_draw_four_count:  # H-STACK: Wild Draw Fours stacked
            self._penalty(seat, stack, "stack")
        else:
            self._penalty(seat, self.rules.wild_draw_four_count, "wild_draw_four")
        self._log.append((_SKIPPED, seat))
        self.end_turn()

    def _challenge(self) -> None:
        seat = self.current_player
        assert self.pending is not None  # phase "challenge" always has a Wild Draw Four to answer
        player, previous_color, honest = self.pending
        self.pending = None
        # H-STACK: only the last Wild Draw Four is challenged; the loser also takes what was
        # stacked before it (docs/rules.md).
        extra = max(0, self.stack - self.rules.wild_draw_four_count)
        self.stack = 0
        self._log.append((ev.Challenged, seat, player, tuple(self.hands[player]), previous_color, honest))
        if honest:  # E-WD4-4
            self._penalty(seat, self.rules.innocent_challenge_draw + extra, "challenge")
            self._log.append((_SKIPPED, seat))
            self.end_turn()
            return
        if self.rules.guilty_penalty == "take_back":  # C-WD4-5
            card = self.discard_pile.pop()
            self.receive(player, (card,))
            self.current_color = previous_color
            self._log.append((ev.TookBack, player, self.discard_pile[-1]))
        self._penalty(player, self.rules.guilty_draw + extra, "guilty")  # E-WD4-5
        self.phase = TURN  # the challenger takes their turn as normal

    # ------------------------------------------------------------------ drawing
    def take_card(self) -> Card | None:
        """House-rule hook. The next card of the draw pile, taken off it; the pile is first
        refilled with the discards under the top card, reshuffled, if it is empty (E-DRAW-3);
        None when there is nothing to draw at all. The card goes nowhere yet: ``receive``
        puts it into a hand."""
        pile = self._pile
        if not pile:
            discard = self.discard_pile
            # C-WD4-5: while a Wild Draw Four may still be taken back, the card under it stays.
            keep = 2 if self.pending is not None and self.rules.guilty_penalty == "take_back" else 1
            if len(discard) <= keep:
                return None
            rest = discard[:-keep]
            del discard[:-keep]
            self.rng.shuffle(rest)
            self._pile = pile = rest
            self._log.append((ev.Reshuffled, len(rest)))
        return pile.pop()

    def receive(self, seat: int, cards: Sequence[Card], count: int | None = None, reason: str | None = None) -> None:
        """House-rule hook, and the one place cards go into a hand: ``cards`` join ``seat``'s
        hand, the kept counts follow (``track_hands``), and an UNO said for the smaller hand
        lapses (E-UNO-5). With a ``reason`` (a ``Drew`` event's: "draw", "uno", "talk", ...)
        the hand drew them, ``count`` asked for (fewer came when the piles ran out,
        E-DRAW-3), and the draw is noted; without one they are a card taken back (C-WD4-5)."""
        self.hands[seat].extend(cards)
        counts = self.tallies
        if counts is not None:
            mine = counts[seat]
            for card in cards:
                mine[card.index] += 1
            sizes, k = self.tally_sizes, len(cards)
            sizes[seat] += k
            sizes[seat + len(self.hands)] += k
        if cards and self.uno_said:
            self.uno_said.discard(seat)
        if reason is not None:
            self._log.append((_DREW, seat, tuple(cards), len(cards) if count is None else count, reason))

    def note(self, event: tuple[Any, ...]) -> None:
        """House-rule hook. Note an event, as ``(Event class, *fields)`` (see ``events``)."""
        self._log.append(event)

    def _penalty(self, seat: int, count: int, reason: str) -> None:
        pile = self._pile
        if len(pile) >= count:  # the usual case: the top ``count`` cards, in the order drawn
            got = pile[:-count - 1:-1]
            del pile[len(pile) - count:]
        else:
            got = []
            for _card in range(count):
                card = self.take_card()
                if card is None:
                    break  # E-DRAW-3: nothing left to draw; no card is created
                got.append(card)
        self.receive(seat, got, count, reason)
        self._legal = None

    # ------------------------------------------------------------------ table talk
    def uno_would_count(self, seat: int) -> bool:
        """E-UNO-5: would ``seat`` saying UNO count now (:func:`~.talk.uno_counts` for this
        game)? ``seat`` must be a seat of the game; saying it again once said still counts."""
        phase = self.phase
        return uno_counts(len(self.hands[seat]), seat == self.current_player and (phase is TURN or phase is DRAWN))

    def act(self, action: Aside) -> bool | Move:
        """Make the out-of-turn ``action`` (:mod:`~.asides`: ``SayUno``, ``Catch``, ``Talk``,
        ``JumpIn``): IllegalMove, saying why (``reasons.why_refused``) and with nothing
        changed, when it may not be made now. Returns what came of it: whether the UNO
        counted, the target was caught, the talker was penalised; for a jump-in, the Move
        played."""
        reason = why_refused(self, action)
        if reason is not None:
            raise IllegalMove(reason)
        if type(action) is SayUno:
            return self._say_uno(action.seat)
        if type(action) is Catch:
            return self._catch(action.caller, action.target)
        if type(action) is Talk:
            return self._talk(action.seat)
        assert isinstance(action, JumpIn)  # why_refused refuses anything else
        self._legal = None
        return house.jump_in(self, action)

    # The shorthands take a seat as an int or a numpy integer (``reasons.why_refused`` judges
    # it); ``cast(Any, ...)`` hands it on as it came, which the compiled engine would otherwise
    # check against the asides' ``int``.
    def say_uno(self, seat: int | np.integer[Any]) -> bool:
        """``seat`` says "UNO" (E-UNO-1, E-UNO-5): ``act(SayUno(seat))``. Returns whether it counted."""
        return bool(self.act(SayUno(cast(Any, seat))))

    def catch(self, caller: int | np.integer[Any], target: int | np.integer[Any]) -> bool:
        """``caller`` calls out ``target`` for not saying UNO (E-UNO-2, E-UNO-3):
        ``act(Catch(caller, target))``. Returns whether ``target`` was penalised."""
        return bool(self.act(Catch(cast(Any, caller), cast(Any, target))))

    def talk(self, seat: int | np.integer[Any]) -> bool:
        """``seat`` talks; a silenced player draws three (E-WDT-2): ``act(Talk(seat))``.
        Returns whether penalised."""
        return bool(self.act(Talk(cast(Any, seat))))

    def _say_uno(self, seat: int) -> bool:
        counts = self.uno_would_count(seat)
        self._log.append((ev.SaidUno, seat, counts))
        if counts:
            self.uno_said.add(seat)
            if self.uno_window == seat:
                self.uno_window = None
            if self.silenced is not None:  # E-WDT-3, E-WDT-4
                self._log.append((ev.SilenceEnded, self.silenced))
                self.silenced = None
        elif seat == self.silenced:  # E-UNO-5: said at the wrong moment, it is talking
            self._talked(seat)
        return counts

    def _catch(self, caller: int, target: int) -> bool:
        if caller == self.silenced:  # E-WDT-5: calling out is talking
            self._talked(caller)
        caught = is_caught(target, len(self.hands[target]), self.uno_window, target in self.uno_said)
        self._log.append((ev.CaughtOut, caller, target, caught))
        if caught:
            self.uno_window = None
            self._penalty(target, self.rules.uno_penalty, "uno")
        return caught

    def _talk(self, seat: int) -> bool:
        if seat == self.silenced:
            self._talked(seat)
            return True
        self._log.append((ev.Talked, seat, False))
        return False

    def _talked(self, seat: int) -> None:
        self._log.append((ev.Talked, seat, True))
        self._penalty(seat, self.rules.talk_penalty, "talk")

    # ------------------------------------------------------------------ jumping in (H-JUMP)
    def jump_ins(self) -> list[tuple[int, Move]]:
        """H-JUMP: every out-of-turn play open now, as ``(seat, move)`` pairs (seats in play
        order after the current player; a 7 under H-SEVEN-ZERO once per seat to swap with).
        ``legal_moves`` stays the current player's; empty when the house rule is off."""
        return house.jump_ins(self)

    def jump_in(self, seat: int | np.integer[Any], card: Card | str,
                target: int | np.integer[Any] | None = None) -> Move:
        """H-JUMP: ``seat`` plays ``card``, identical to the top card, out of turn; play goes
        on from them (``target``: the seat a 7 swaps with under H-SEVEN-ZERO):
        ``act(JumpIn(seat, card, target))``. Returns the move made; IllegalMove, with nothing
        changed, when it is not allowed."""
        seat_, target_ = cast(Any, seat), cast(Any, target)  # as they came (the shorthands above say why)
        try:
            action = JumpIn(seat_, Card.parse(card), target_)
        except ValueError:  # not a card: the reasons say so, after any that come first
            raise IllegalMove(why_no_jump_in(self, seat_, card, target_) or str(card)) from None
        move = self.act(action)
        assert isinstance(move, Move)  # a jump-in plays a card
        return move

    # ------------------------------------------------------------------ shorthands
    def play(self, card: Card | str, color: Color | str | None = None, target: int | None = None) -> Move:
        """Play ``card`` for the current player (``color`` for a wild, ``target`` seat for a
        Wild Don't Talk); returns the move made."""
        return self.apply(play_move(card, color, target))

    def draw(self, color: Color | str | None = None) -> Card:
        """Draw one card for the current player and return it (E-DRAW); under H-DRAW-UNTIL,
        the drawing goes on, and the card returned is the last one drawn."""
        before = len(self.events)
        self.apply(DRAW if color is None else Move(_DRAW, color=Color.parse(color)))
        return next(e.cards[-1] for e in self.events[before:] if isinstance(e, ev.Drew))

    def keep(self) -> None:
        """Keep the card just drawn instead of playing it (E-DRAW-2)."""
        self.apply(KEEP)

    def accept(self) -> None:
        """Accept the Wild Draw Four: draw four and lose the turn (E-WD4-3)."""
        self.apply(ACCEPT)

    def challenge(self) -> None:
        """Challenge the Wild Draw Four (E-WD4-4, E-WD4-5)."""
        self.apply(CHALLENGE)

    def pass_turn(self) -> None:
        """Pass when nothing can be played and nothing is left to draw (E-DRAW-3)."""
        self.apply(PASS)

    # ------------------------------------------------------------------ copies and saves
    def copy(self) -> Self:
        """An independent copy, field by field: the same state in new lists and sets (cards,
        Moves and events are values, shared), and a new Generator in the same state, so the
        copy's reshuffles are the original's. The copy and the original then play on
        independently, and identically when given the same moves."""
        bits = type(self.rng.bit_generator)()
        bits.state = self.rng.bit_generator.state
        twin = self._blank(self.rules, np.random.Generator(bits))
        twin.names = list(self.names)
        twin.hands = [list(hand) for hand in self.hands]
        twin.discard_pile, twin._pile = list(self.discard_pile), list(self._pile)
        twin.current_player, twin.direction, twin.current_color = self.current_player, self.direction, self.current_color
        twin.dealer, twin.phase, twin.drawn, twin.pending = self.dealer, self.phase, self.drawn, self.pending
        twin.silenced, twin.uno_window, twin.uno_said = self.silenced, self.uno_window, set(self.uno_said)
        twin.winner, twin.points = self.winner, self.points
        twin.stack, twin._house, twin._until = self.stack, self._house, self._until
        twin._events, twin._log = list(self._events), list(self._log)
        twin._legal = None if self._legal is None else list(self._legal)
        twin.tallies = None if self.tallies is None else [bytearray(c) for c in self.tallies]
        twin.tally_sizes = bytearray(self.tally_sizes)
        return twin

    @classmethod
    def _blank(cls, rules: Rules, rng: np.random.Generator) -> Self:
        """A game without cards, whose caller then sets every field (``copy``, unpickling). Made
        through ``__init__``: the compiled engine's class has no ``__new__`` that skips it."""
        return cls([], [], [], rules=rules, names=(), current=0, direction=1, color=None, rng=rng)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling, ``copy.copy`` and ``copy.deepcopy``: the game is made again from its
        fields (:data:`FIELDS`), as the compiled engine needs (it has no ``__dict__`` to restore)."""
        return _restored, (type(self), {name: getattr(self, name) for name in self.FIELDS})

    def to_json(self) -> str:
        """The whole game, mid-hand included, as JSON text; ``Game.from_json`` reads it back."""
        return saving.game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """A game from ``to_json`` text; ValueError, saying what is wrong, if the text is not
        a saved game or holds a state play cannot reach (``saving.check_game``)."""
        return saving.game_from_json(text, cls)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {len(self.hands)} players, top {self.discard_pile[-1]}"
                f"{'' if self.current_color is None else ' (' + self.current_color.label + ')'}, "
                f"{self.names[self.current_player]} to move>")

    def _repr_html_(self) -> str | None:
        # The renderer's picture, handed over from above (the engine imports no UI).
        return picture_of(self)


def _restored(cls: type[Game], fields: dict[str, Any]) -> Game:
    """The game of class ``cls`` with these ``fields`` (``Game.__reduce__``'s; by name, so
    that a pickle is read by either engine, the compiled one or its Python)."""
    game = cls._blank(fields["rules"], fields["rng"])
    for name, value in fields.items():
        setattr(game, name, value)
    return game
