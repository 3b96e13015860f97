"""The action space of the agents' environment: one whole number per decision the rules allow.

Every move of ``Game.legal_moves()``, every out-of-turn play of ``Game.jump_ins()`` (H-JUMP)
and the table talk that matters (saying UNO, calling someone out) has one action number;
``ActionCodec(players)`` holds the layout for a table of ``players`` seats. Seats a card
names (the player a Wild Don't Talk silences, the player a 7 swaps hands with under
H-SEVEN-ZERO) are **offsets**: offset ``k`` is the seat ``k`` places after the acting seat
in seat order (``(seat + k) % players``), so one number means the same to every seat, as
the observation's seat blocks do (``observe.py``). With ``k = players - 1`` offsets:

==========================  ==================================================
actions                     decision
==========================  ==================================================
0 .. 51                     play the coloured card with that index (R0 .. B+2)
52 .. 55                    play a Wild choosing red, yellow, green, blue
56 .. 59                    play a Wild Draw Four choosing red .. blue
60 .. 60+4k-1               play a Wild Don't Talk: colour c, offset o: 60 + c*k + o-1
60+4k .. 60+8k-1            H-SEVEN-ZERO: play the 7 of colour c swapping with offset o
60+8k                       draw
60+8k+1 .. +4               choose red .. blue and draw (classic: a Wild turned first)
then                        keep, pass, accept, challenge, say UNO, catch, decline
==========================  ==================================================

``size`` is ``72 + 8k`` (96 at four players). Under H-SEVEN-ZERO a 7 is always played with
a target, so the plain plays of the 7s (indices 7, 20, 33, 46) are then never legal.

The out-of-turn actions are the engine's values (:mod:`uno_lessons.engine.asides`):
``ActionCodec.aside_action`` numbers one (a ``JumpIn`` by the play of its card, a
``SayUno`` and a ``Catch`` by their own numbers; ``Talk`` has none: it only ever costs) and
``ActionCodec.aside`` reads the value an action number is for a seat.
"""

from __future__ import annotations

from ..engine.asides import Aside, Catch, JumpIn, SayUno
from ..engine.cards import ALL_CARDS, Card, Color, Rank
from ..engine.kinds import MoveKind
from ..engine.moves import Move

COLORS = tuple(Color)
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
#: Coloured cards: their index in ``ALL_CARDS`` (by colour, then rank) is their play action.
COLOURED = 52
WILD, WILD_DRAW_FOUR = 52, 56
SILENCE = 60
_KINDS = (MoveKind.KEEP, MoveKind.PASS, MoveKind.ACCEPT, MoveKind.CHALLENGE)
#: The actions after the draws, in this order (their numbers: ``ActionCodec.special``).
SPECIAL = ("keep", "pass", "accept", "challenge", "say UNO", "catch", "decline")


class ActionCodec:
    """The action layout for ``players`` seats: move <-> action number, and action names."""

    def __init__(self, players: int) -> None:
        self.players = players
        k = self.offsets = players - 1
        self.swap = SILENCE + 4 * k
        self.draw = self.swap + 4 * k
        self.draw_color = self.draw + 1
        first = self.draw_color + 4
        self.special = {name: first + i for i, name in enumerate(SPECIAL)}
        self.keep, self.pass_, self.accept, self.challenge, self.say_uno, self.catch, self.decline = (
            first + i for i in range(len(SPECIAL)))
        self.size = first + len(SPECIAL)
        self._by_kind = {kind: first + i for i, kind in enumerate(_KINDS)}
        # by_uid[seat][move.uid]: the action of an engine move (``Move.uid``, its number)
        # made by that seat, -1 while not yet worked out; entry 0 (any other Move) stays -1.
        self.by_uid: list[list[int]] = [[-1] for _ in range(players)]
        self.names = tuple(self._name(a) for a in range(self.size))

    def action(self, move: Move, seat: int) -> int:
        """The action number of ``move`` made by ``seat`` (kept by the move's ``uid`` for
        the engine's own moves)."""
        uid = move.uid
        if uid == 0:
            return self._encode(move, seat)
        known = self.by_uid[seat]
        if uid >= len(known):
            known.extend([-1] * (uid + 1 - len(known)))
        a = known[uid]
        if a < 0:
            a = known[uid] = self._encode(move, seat)
        return a

    def _encode(self, move: Move, seat: int) -> int:
        kind = move.kind
        if kind is MoveKind.DRAW:
            return self.draw if move.color is None else self.draw_color + COLOR_INDEX[move.color]
        if kind is not MoveKind.PLAY:
            return self._by_kind[MoveKind(kind)]
        card = move.card
        assert card is not None  # a play names its card
        k = self.offsets
        if card.rank is Rank.WILD or card.rank is Rank.WILD_DRAW_FOUR:
            assert move.color is not None  # a wild's play names a colour
            return (WILD if card.rank is Rank.WILD else WILD_DRAW_FOUR) + COLOR_INDEX[move.color]
        if card.rank is Rank.WILD_DONT_TALK:
            assert move.color is not None and move.target is not None
            return SILENCE + COLOR_INDEX[move.color] * k + (move.target - seat) % self.players - 1
        if move.target is not None:  # H-SEVEN-ZERO: a 7 with the seat it swaps with
            assert card.color is not None
            return self.swap + COLOR_INDEX[card.color] * k + (move.target - seat) % self.players - 1
        return card.index

    def aside_action(self, action: Aside) -> int:
        """The action number of the out-of-turn ``action`` for its seat: a jump-in is the
        play of its card (a 7 swapping under H-SEVEN-ZERO with its offset); ValueError for a
        ``Talk``, which has no number (talking is never worth an action)."""
        if type(action) is SayUno:
            return self.say_uno
        if type(action) is Catch:
            return self.catch
        if type(action) is JumpIn:
            return self._encode(Move(MoveKind.PLAY, action.card, None, action.target), action.seat)
        raise ValueError(f"{action} has no action number")

    def aside(self, a: int, seat: int, window: int | None) -> Aside | None:
        """The out-of-turn action that action ``a`` is for ``seat`` (``window``: the seat
        whose UNO window is open, the one a catch calls out): a coloured card's play is read
        as a jump-in with it (the caller knows whether ``seat`` is jumping in or is to move);
        None for an action that is never out of turn (a wild's play, a draw, keep, pass,
        accept, challenge, decline) and for a catch with no window open."""
        if a == self.say_uno:
            return SayUno(seat)
        if a == self.catch:
            return None if window is None else Catch(seat, window)
        if a < COLOURED:
            return JumpIn(seat, ALL_CARDS[a])
        if self.swap <= a < self.draw:
            c, o = divmod(a - self.swap, self.offsets)
            return JumpIn(seat, Card.parse(f"{COLORS[c].value}7"), (seat + o + 1) % self.players)
        return None

    def _name(self, a: int) -> str:
        """The action in the engine's notation, as ``str(Move)`` writes moves (not translated:
        like card codes, the same in every language); offsets as "+k"."""
        k = self.offsets
        if a < COLOURED:
            return f"play {ALL_CARDS[a]}"
        if a < SILENCE:
            return f"play {'W' if a < WILD_DRAW_FOUR else 'W+4'} choosing {COLORS[(a - WILD) % 4].label}"
        if a < self.swap:
            c, o = divmod(a - SILENCE, k)
            return f"play WDT choosing {COLORS[c].label} silencing seat +{o + 1}"
        if a < self.draw:
            c, o = divmod(a - self.swap, k)
            return f"play {COLORS[c].value}7 swapping hands with seat +{o + 1}"
        if a == self.draw:
            return "draw"
        if a < self.draw_color + 4:
            return f"choose {COLORS[a - self.draw_color].label} and draw"
        return SPECIAL[a - self.draw_color - 4]
