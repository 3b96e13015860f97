"""The game state and its moves: setup, turns, action cards, challenges, UNO and silence."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from . import events as ev
from .cards import Card, Color, Rank, build_deck
from .moves import (
    ACCEPT,
    CHALLENGE,
    DRAW,
    DRAW_WITH_COLOR,
    KEEP,
    PASS,
    IllegalMove,
    Move,
    explain_match,
    plain_play,
    silence_plays,
    wild_draw_four_honest,
    wild_plays,
)
from .rules import Rules

_SKIP, _REVERSE, _DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
_WILD, _WD4, _WDT = Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK

# Phases of a turn. "turn": the current player plays, draws or passes. "drawn": they drew a
# playable card and may play it or keep it. "challenge": the current player answers a Wild
# Draw Four. "over": the hand has a winner.
TURN, DRAWN, RESPOND, OVER = "turn", "drawn", "challenge", "over"


class Game:
    """One hand of UNO. Make one with ``Game.new`` or ``Game.from_position``."""

    def __init__(
        self,
        hands: list[list[Card]],
        discard_pile: list[Card],
        pile: list[Card],
        *,
        rules: Rules,
        names: Sequence[str],
        current: int,
        direction: int,
        color: Color | None,
        rng: np.random.Generator,
        dealer: int | None = None,
    ) -> None:
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
        self.phase = TURN
        self.drawn: Card | None = None  # the card just drawn, in phase "drawn"
        # A Wild Draw Four awaiting an answer: (seat that played it, colour before it, honest).
        self.pending: tuple[int, Color | None, bool] | None = None
        self.silenced: int | None = None
        self.uno_window: int | None = None  # seat that may be caught not saying UNO
        self.uno_said: set[int] = set()  # seats whose UNO counts for their present hand
        self.winner: int | None = None
        self.points: int | None = None
        self.events: list[ev.Event] = []
        self._legal: list[Move] | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        players: int | Sequence[str],
        *,
        rules: Rules | None = None,
        seed: int | np.random.SeedSequence | None = None,
        dealer: int = 0,
    ) -> Game:
        """Shuffle, deal and turn the first card (E-SETUP). ``players`` is a count or names."""
        rules = rules or Rules.encanto()
        names = _names(players, rules)
        n = len(names)
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}; got {dealer}")
        deck = build_deck(rules.wild_dont_talk)
        if n * rules.hand_size >= len(deck):
            raise ValueError(f"{n} hands of {rules.hand_size} cards need more than the "
                             f"{len(deck)} cards of the deck")
        rng = np.random.default_rng(seed)
        pile = [deck[i] for i in rng.permutation(len(deck))]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for _ in range(rules.hand_size):  # one card at a time, starting left of the dealer
            for k in range(1, n + 1):
                hands[(dealer + k) % n].append(pile.pop())
        game = cls(hands, [], pile, rules=rules, names=names, current=(dealer + 1) % n,
                   direction=1, color=None, rng=rng, dealer=dealer)
        game.events.append(ev.Dealt(dealer, n, rules.hand_size))
        game._turn_first_card()
        return game

    def _turn_first_card(self) -> None:
        pile, rules = self._pile, self.rules
        reflip = rules.first_card_action == "reflip"
        if not any(c.is_number if reflip else c.rank not in (_WD4, _WDT) for c in pile):
            # Only possible with house rules that deal (almost) the whole deck.
            raise ValueError("No card is left in the draw pile that can start the discard pile; "
                             "deal fewer cards")
        while True:
            card = pile.pop()
            back = card.is_action if reflip else card.rank in (_WD4, _WDT)
            self.events.append(ev.Turned(card, back))
            if not back:
                break
            pile.append(card)  # E-SETUP-4: no card is lost; it goes back and is reshuffled
            self.rng.shuffle(pile)
        self.discard_pile.append(card)
        self.current_color = card.color
        if rules.first_card_action != "apply" or card.is_number:
            return
        first, n = self.current_player, len(self.hands)
        rank = card.rank
        if rank is _DRAW_TWO:  # C-SETUP-4
            self.events.append(ev.StartEffect(card, first))
            self._penalty(first, rules.draw_two_count, "start")
            self.events.append(ev.Skipped(first))
            self.current_player = (first + 1) % n
        elif rank is _SKIP:
            self.events.append(ev.StartEffect(card, first))
            self.events.append(ev.Skipped(first))
            self.current_player = (first + 1) % n
        elif rank is _REVERSE:
            self.direction = -1
            self.current_player = self.dealer if self.dealer is not None else 0
            self.events.append(ev.StartEffect(card, self.current_player))
        else:  # a Wild: the first player names the colour with their first move
            self.events.append(ev.StartEffect(card, first))

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Sequence[str | Card] | str],
        discard: Sequence[str | Card] | str,
        draw_pile: Sequence[str | Card] | str = (),
        *,
        current: int = 0,
        direction: int = 1,
        color: Color | str | None = None,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = 0,
    ) -> Game:
        """A position from card codes: one hand per seat, ``discard[-1]`` on top,
        ``draw_pile[0]`` drawn next, ``color`` in force when the top card is a wild."""
        rules = rules or Rules.encanto()
        parsed_hands = [_parse_cards(h) for h in hands]
        disc = _parse_cards(discard)
        draw = _parse_cards(draw_pile)
        names = _names(list(names) if names is not None else len(parsed_hands), rules)
        if len(names) != len(parsed_hands):
            raise ValueError(f"{len(names)} names were given for {len(parsed_hands)} hands")
        if not disc:
            raise ValueError("The discard pile needs at least one card: its top card")
        n = len(parsed_hands)
        if not 0 <= current < n:
            raise ValueError(f"current must be a seat from 0 to {n - 1}; got {current}")
        if direction not in (1, -1):
            raise ValueError("direction must be 1 (clockwise) or -1 (counter-clockwise)")
        top = disc[-1]
        chosen = Color.parse(color) if color is not None else None
        if top.is_wild:
            if chosen is None:
                raise ValueError(f"The top card is a {top.rank.label}: say which colour is in force (color=...)")
        elif chosen is not None and chosen is not top.color:
            raise ValueError(f"The top card {top} is {top.color.label}; color={chosen.label} cannot be in force")
        else:
            chosen = top.color
        _check_counts([c for h in parsed_hands for c in h] + disc + draw, rules)
        return cls(parsed_hands, disc, draw[::-1], rules=rules, names=names, current=current,
                   direction=direction, color=chosen, rng=np.random.default_rng(seed))

    # ------------------------------------------------------------------ state views
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

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """True once someone has won the hand."""
        return self.phase == OVER

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` (default: the current one) in play order."""
        if seat is None:
            seat = self.current_player
        return (seat + steps * self.direction) % len(self.hands)

    def can_play(self, card: Card | str) -> bool:
        """E-MATCH: does ``card`` match the top card and the colour in force?"""
        card = Card.parse(card)
        return card.is_wild or self.current_color is None or card.color is self.current_color or (
            card.rank is self.discard_pile[-1].rank and not self.discard_pile[-1].is_wild)

    def explain(self, card: Card | str) -> str:
        """Why ``card`` does or does not match the top card now (E-MATCH)."""
        return explain_match(card, self.discard_pile[-1], self.current_color)

    def narrate(self, viewer: int | None = None, last: int | None = None) -> list[str]:
        """The event log as sentences with this game's names (hidden cards hidden from
        ``viewer``); ``last`` keeps only the newest ones."""
        items = self.events if last is None else self.events[-last:]
        return [e.describe(self.names, viewer) for e in items]

    def view(self, seat: int):
        """What ``seat`` can see: their own hand, the table, other hands only as counts."""
        from .view import player_view

        return player_view(self, seat)

    # ------------------------------------------------------------------ legal moves
    def legal_moves(self) -> list[Move]:
        """Every move the current player may make now, in a stable order (plays by hand
        order, wild colours R, Y, G, B; then draw; keep or pass last). Empty when over."""
        legal = self._legal
        if legal is not None:
            return list(legal)
        phase = self.phase
        if phase == TURN:
            legal = self._turn_moves()
        elif phase == DRAWN:
            legal = self._plays_of(self.drawn, self.hands[self.current_player]) + [KEEP]
        elif phase == RESPOND:
            legal = [ACCEPT, CHALLENGE]
        else:
            legal = []
        self._legal = legal
        return list(legal)

    def _turn_moves(self) -> list[Move]:
        hand = self.hands[self.current_player]
        top, color = self.discard_pile[-1], self.current_color
        top_rank = None if top.is_wild else top.rank
        out: list[Move] = []
        seen = 0
        for card in hand:
            bit = 1 << card.index
            if seen & bit:
                continue
            seen |= bit
            if card.is_wild:
                out.extend(self._plays_of(card, hand))
            elif color is None or card.color is color or card.rank is top_rank:
                out.append(plain_play(card))
        if self._pile or len(self.discard_pile) > 1:
            if color is None:
                out.extend(DRAW_WITH_COLOR)
            else:
                out.append(DRAW)
        elif not out:
            out.append(PASS)
        return out

    def _plays_of(self, card: Card, hand: list[Card]) -> list[Move]:
        rank = card.rank
        if rank is _WILD:
            return list(wild_plays(card))
        if rank is _WD4:
            honest = wild_draw_four_honest(hand, self.current_color,
                                           self.rules.wilds_block_wild_draw_four, card)
            return list(wild_plays(card, honest))
        if rank is _WDT:
            return silence_plays(card, self.current_player, len(self.hands))
        return [plain_play(card)]

    # ------------------------------------------------------------------ moves
    def apply(self, move: Move) -> Move:
        """Make ``move`` for the current player and return the engine's copy of it (with its
        honesty flag); IllegalMove, with the state unchanged, if it is not allowed."""
        legal = self._legal
        if legal is None:
            self.legal_moves()
            legal = self._legal
        for m in legal:
            if m is move:
                break
        else:
            if move not in legal:
                raise IllegalMove(self._why_illegal(move))
            move = legal[legal.index(move)]  # the engine's own copy carries the honesty flag
        self._legal = None
        self.uno_window = None  # E-UNO-4: the next player's first move closes the window
        kind = move.kind
        if kind == "play":
            self._play(move)
        elif kind == "draw":
            self._draw(move)
        elif kind == "keep":
            self.events.append(ev.Kept(self.current_player))
            self._end_turn()
        elif kind == "accept":
            self._accept()
        elif kind == "challenge":
            self._challenge()
        else:
            self.events.append(ev.Passed(self.current_player))
            self._end_turn()
        return move

    def _end_turn(self) -> None:
        seat = self.current_player
        if seat in self.uno_said and len(self.hands[seat]) > 1:
            self.uno_said.discard(seat)  # E-UNO-5: an UNO said before keeping or passing lapses
        self.phase = TURN
        self.drawn = None
        self.current_player = (self.current_player + self.direction) % len(self.hands)

    def _play(self, move: Move) -> None:
        seat, card = self.current_player, move.card
        hand = self.hands[seat]
        previous_color = self.current_color
        hand.remove(card)
        self.discard_pile.append(card)
        self.current_color = move.color if card.is_wild else card.color
        self.phase, self.drawn = TURN, None
        left = len(hand)
        self.events.append(ev.Played(seat, card, move.color if card.is_wild else None, move.target, left))
        n, d = len(self.hands), self.direction
        nxt = (seat + d) % n
        rank = card.rank
        if left == 0:
            self._win(seat, nxt, rank)
            return
        if left == 1:
            if seat not in self.uno_said:
                self.uno_window = seat  # E-UNO-4
        elif self.uno_said:
            self.uno_said.discard(seat)
        if card.is_number or rank is _WILD:
            self.current_player = nxt
        elif rank is _SKIP:  # E-ACT-4
            self.events.append(ev.Skipped(nxt))
            self.current_player = (nxt + d) % n
        elif rank is _REVERSE:  # E-ACT-3
            self.direction = -d
            skip = n == 2 and self.rules.two_player_reverse_is_skip
            self.events.append(ev.Reversed(-d, skip))
            if skip:
                self.events.append(ev.Skipped(nxt))
                self.current_player = seat
            else:
                self.current_player = (seat - d) % n
        elif rank is _DRAW_TWO:  # E-ACT-2
            self._penalty(nxt, self.rules.draw_two_count, "draw_two")
            self.events.append(ev.Skipped(nxt))
            self.current_player = (nxt + d) % n
        elif rank is _WD4:  # E-WD4-3: the next player must answer
            self.pending = (seat, previous_color, bool(move.honest))
            self.phase = RESPOND
            self.current_player = nxt
        else:  # Wild Don't Talk (E-WDT-2, E-WDT-5: a later one replaces the earlier target)
            self.silenced = move.target
            self.events.append(ev.Silenced(move.target, seat))
            self.current_player = nxt

    def _win(self, seat: int, nxt: int, rank: Rank) -> None:
        # E-WIN-2: a last Draw Two or Wild Draw Four still makes the next player draw.
        if rank is _DRAW_TWO:
            self._penalty(nxt, self.rules.draw_two_count, "draw_two")
        elif rank is _WD4:
            self._penalty(nxt, self.rules.wild_draw_four_count, "wild_draw_four")
        self.winner = seat
        self.points = sum(c.points for s, h in enumerate(self.hands) if s != seat for c in h)
        self.phase = OVER
        self.uno_window = None
        self.events.append(ev.Won(seat, self.points))

    def _draw(self, move: Move) -> None:
        seat = self.current_player
        if move.color is not None:  # classic: a Wild turned first; the colour is named now
            self.current_color = move.color
        card = self._take()
        hand = self.hands[seat]
        hand.append(card)
        if self.uno_said:
            self.uno_said.discard(seat)
        self.events.append(ev.Drew(seat, (card,), 1, "draw"))
        if self.can_play(card):
            self.phase, self.drawn = DRAWN, card  # E-DRAW-1/2: play it or keep it
        else:
            self._end_turn()

    def _accept(self) -> None:
        seat = self.current_player
        self.pending = None
        self.events.append(ev.Accepted(seat))
        self._penalty(seat, self.rules.wild_draw_four_count, "wild_draw_four")
        self.events.append(ev.Skipped(seat))
        self._end_turn()

    def _challenge(self) -> None:
        seat = self.current_player
        player, previous_color, honest = self.pending
        self.pending = None
        self.events.append(ev.Challenged(seat, player, tuple(self.hands[player]), previous_color, honest))
        if honest:  # E-WD4-4
            self._penalty(seat, self.rules.innocent_challenge_draw, "challenge")
            self.events.append(ev.Skipped(seat))
            self._end_turn()
            return
        if self.rules.guilty_penalty == "take_back":  # C-WD4-5
            card = self.discard_pile.pop()
            self.hands[player].append(card)
            self.current_color = previous_color
            self.uno_said.discard(player)
            self.events.append(ev.TookBack(player, self.discard_pile[-1]))
        self._penalty(player, self.rules.guilty_draw, "guilty")  # E-WD4-5
        self.phase = TURN  # the challenger takes their turn as normal

    # ------------------------------------------------------------------ drawing
    def _take(self) -> Card | None:
        """The next card of the draw pile, reshuffling the discards first if needed."""
        pile = self._pile
        if not pile:
            discard = self.discard_pile
            # C-WD4-5: while a Wild Draw Four may still be taken back, the card under it stays.
            keep = 2 if self.pending is not None and self.rules.guilty_penalty == "take_back" else 1
            if len(discard) <= keep:
                return None  # E-DRAW-3: nothing left to draw; no card is created
            rest = discard[:-keep]
            del discard[:-keep]
            self.rng.shuffle(rest)
            self._pile = pile = rest
            self.events.append(ev.Reshuffled(len(rest)))
        return pile.pop()

    def _penalty(self, seat: int, count: int, reason: str) -> None:
        got = []
        for _ in range(count):
            card = self._take()
            if card is None:
                break
            got.append(card)
        self.hands[seat].extend(got)
        if got:
            self.uno_said.discard(seat)
        self.events.append(ev.Drew(seat, tuple(got), count, reason))
        self._legal = None

    # ------------------------------------------------------------------ shorthands
    def play(self, card: Card | str, color: Color | str | None = None, target: int | None = None) -> Move:
        """Play ``card`` for the current player (``color`` for a wild, ``target`` seat for a
        Wild Don't Talk); returns the move made."""
        card = Card.parse(card)
        chosen = Color.parse(color) if color is not None else None
        if chosen is not None and not card.is_wild:
            if chosen is not card.color:
                raise IllegalMove(f"{card} is not a wild card: its colour is {card.color.label}, "
                                  f"so {chosen.label} cannot be chosen")
            chosen = None
        return self.apply(Move("play", card, chosen, target))

    def draw(self, color: Color | str | None = None) -> Card:
        """Draw one card for the current player and return it (E-DRAW)."""
        before = len(self.events)
        self.apply(DRAW if color is None else Move("draw", color=Color.parse(color)))
        return next(e.cards[0] for e in self.events[before:] if isinstance(e, ev.Drew))

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

    # ------------------------------------------------------------------ any seat, any time
    def say_uno(self, seat: int) -> bool:
        """``seat`` says "UNO" (E-UNO-1, E-UNO-5). Returns whether it counted."""
        self._check_seat(seat, "say UNO")
        n_cards = len(self.hands[seat])
        counts = n_cards == 1 or (n_cards == 2 and seat == self.current_player and self.phase in (TURN, DRAWN))
        self.events.append(ev.SaidUno(seat, counts))
        if counts:
            self.uno_said.add(seat)
            if self.uno_window == seat:
                self.uno_window = None
            if self.silenced is not None:  # E-WDT-3, E-WDT-4
                self.events.append(ev.SilenceEnded(self.silenced))
                self.silenced = None
        elif seat == self.silenced:  # E-UNO-5: said at the wrong moment, it is talking
            self._talked(seat)
        return counts

    def catch(self, caller: int, target: int) -> bool:
        """``caller`` calls out ``target`` for not saying UNO (E-UNO-2, E-UNO-3). Returns
        whether ``target`` was penalised."""
        self._check_seat(caller, "call anyone out")
        self._check_seat(target, "be called out")
        if caller == target:
            raise IllegalMove(f"{self.names[caller]} cannot call out themselves.")
        if caller == self.silenced:  # E-WDT-5: calling out is talking
            self._talked(caller)
        caught = target == self.uno_window and len(self.hands[target]) == 1 and target not in self.uno_said
        self.events.append(ev.CaughtOut(caller, target, caught))
        if caught:
            self.uno_window = None
            self._penalty(target, self.rules.uno_penalty, "uno")
        return caught

    def talk(self, seat: int) -> bool:
        """``seat`` talks; a silenced player draws three (E-WDT-2). Returns whether penalised."""
        self._check_seat(seat, "talk")
        if seat == self.silenced:
            self._talked(seat)
            return True
        self.events.append(ev.Talked(seat, False))
        return False

    def _talked(self, seat: int) -> None:
        self.events.append(ev.Talked(seat, True))
        self._penalty(seat, self.rules.talk_penalty, "talk")

    def _check_seat(self, seat: int, what: str) -> None:
        if self.phase == OVER:
            raise IllegalMove(f"The hand is over ({self.names[self.winner]} won): nobody can {what} now.")
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(self.hands):
            raise IllegalMove(f"There is no seat {seat}: the seats are 0 to {len(self.hands) - 1}.")

    # ------------------------------------------------------------------ why not
    def _why_illegal(self, move: Move) -> str:
        who = self.names[self.current_player]
        if self.phase == OVER:
            return f"The hand is over: {self.names[self.winner]} won."
        if not isinstance(move, Move):
            return f"{move!r} is not a move; use one from game.legal_moves()."
        kind = move.kind
        if self.phase == RESPOND and kind not in ("accept", "challenge"):
            return f"{who} must first accept or challenge the Wild Draw Four."
        if kind in ("accept", "challenge") and self.phase != RESPOND:
            return f"There is no Wild Draw Four to {kind}."
        if kind == "keep":
            return "Keep is only possible just after drawing a card that could be played."
        if kind == "pass":
            return f"{who} can still play or draw, so passing is not allowed."
        if kind == "draw":
            if self.phase == DRAWN:
                return f"{who} has already drawn this turn: play the drawn {self.drawn} or keep it."
            if self.current_color is None and move.color is None:
                return "Name a colour first: the first card was a Wild, so the first player chooses the colour."
            if not (self._pile or len(self.discard_pile) > 1):
                return "There is no card left to draw."
            return "Drawing does not take a colour now."
        if kind != "play" or move.card is None:
            return f"{move} is not a move the engine knows (kinds: play, draw, keep, accept, challenge, pass)."
        return self._why_not_play(move, who)

    def _why_not_play(self, move: Move, who: str) -> str:
        card = move.card
        hand = self.hands[self.current_player]
        if self.phase == DRAWN and card != self.drawn:
            return f"After drawing, only the drawn card ({self.drawn}) may be played; or keep it."
        if card not in hand:
            return f"{who} does not hold {card}."
        if not self.can_play(card):
            return explain_match(card, self.discard_pile[-1], self.current_color)
        if card.is_wild and move.color is None:
            return f"Choose a colour for the {card.rank.label}: red, yellow, green or blue."
        if not card.is_wild and move.color is not None:
            return f"{card} is not a wild card, so no colour is chosen for it."
        if card.rank is _WDT:
            if move.target is None:
                return "Choose which player the Wild Don't Talk silences."
            if move.target == self.current_player:
                return "A Wild Don't Talk silences another player, not the one who plays it."
            return f"There is no seat {move.target}: the seats are 0 to {len(self.hands) - 1}."
        if move.target is not None:
            return f"Only a Wild Don't Talk chooses a player to silence; {card} does not."
        return f"{move} is not allowed now."

    # ------------------------------------------------------------------ misc
    def copy(self) -> Game:
        """An independent copy (the same future shuffles included)."""
        from .saving import game_from_json, game_to_json

        return game_from_json(game_to_json(self))

    def to_json(self) -> str:
        """The whole game, mid-hand included, as JSON text; ``Game.from_json`` reads it back."""
        from .saving import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A game from ``to_json`` text."""
        from .saving import game_from_json

        return game_from_json(text, cls)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {len(self.hands)} players, top {self.discard_pile[-1]}"
                f"{'' if self.current_color is None else ' (' + self.current_color.label + ')'}, "
                f"{self.names[self.current_player]} to move>")

    def _repr_html_(self) -> str:
        from .render import table_html

        return table_html(self)


def _names(players: int | Sequence[str], rules: Rules) -> list[str]:
    if isinstance(players, (int, np.integer)) and not isinstance(players, bool):
        names = ev.default_names(int(players))
    elif isinstance(players, str):
        raise ValueError("players must be a count or a list of names, not one string")
    else:
        names = [str(p) for p in players]
    n = len(names)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"UNO is played by {rules.min_players} to {rules.max_players} players; got {n}")
    return names


def _parse_cards(codes: Sequence[str | Card] | str) -> list[Card]:
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def _check_counts(all_cards: list[Card], rules: Rules) -> None:
    allowed: dict[Card, int] = {}
    for card in build_deck(rules.wild_dont_talk):
        allowed[card] = allowed.get(card, 0) + 1
    seen: dict[Card, int] = {}
    for card in all_cards:
        seen[card] = seen.get(card, 0) + 1
    for card, count in seen.items():
        if count > allowed.get(card, 0):
            have = allowed.get(card, 0)
            raise ValueError(f"The {rules.name} deck has {have} × {card}, but this position uses {count}")

