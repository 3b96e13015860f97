"""The observation of the agents' environment: what one seat may know, as an int8 array.

Nothing in it comes from another seat's hand: it is what :class:`~uno_lessons.engine.view.PlayerView`
(``game.view(seat)``, the engine's definition of what a seat may see) holds, plus the H-STACK
penalty waiting (public: it is on the table) and whether the seat is being asked to jump in
(H-JUMP). Seats are relative: block position ``r`` is the seat ``r`` places after the
observer in seat order (``r = 0`` is the observer), the same offsets the actions use.

For ``n`` players the array has ``178 + 5n`` entries (198 at four), each 0..112:

==============  ===========================================================
entries         what
==============  ===========================================================
0 .. 54         own hand: copies of each card (index of ``ALL_CARDS``: R0 .. B+2, W, W+4, WDT)
55 .. 109       the top card of the discard pile, one-hot
110 .. 113      the colour in force, one-hot red, yellow, green, blue (none: classic, a Wild turned first)
114 .. 117      the phase, one-hot: turn, drawn, challenge (answer a Wild Draw Four), over
118 .. 172      the card this seat just drew and may play or keep, one-hot
173             1 when play goes clockwise (direction +1)
174             the H-STACK penalty waiting (0 without stacking)
175, 176        cards in the draw pile, cards in the discard pile
177             1 when this seat is asked whether to jump in (H-JUMP)
178 + r         cards in the hand of relative seat r
178 + n + r     1 for the seat to move
178 + 2n + r    1 for the silenced seat (E-WDT)
178 + 3n + r    1 for the seat whose UNO window is open (who may be caught, E-UNO-4)
178 + 4n + r    1 for each seat whose UNO counts for its present hand
==============  ===========================================================

``ObservationCodec.encode`` reads the game's public fields and the observer's own hand
directly (once per step, so it is written for speed: in a game that keeps its hands' counts
and sizes, ``Game.track_hands``, as the environment's do, it copies them instead of counting
the cards); ``encode_view`` builds the same array
from ``game.view(seat)``, and tests/test_agents_env.py holds the two equal in random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.game import tally
from ..engine.kinds import Phase
from .actions import COLOR_INDEX

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.view import PlayerView

HAND, TOP, COLOR, PHASE, DRAWN = 0, 55, 110, 114, 118
CLOCKWISE, STACK, PILE, DISCARDS, JUMP, SEATS = 173, 174, 175, 176, 177, 178
PHASE_INDEX = {Phase.TURN: 0, Phase.DRAWN: 1, Phase.RESPOND: 2, Phase.OVER: 3}
#: The largest value any entry takes: every card of the deck in one place.
HIGH = 112
INT8 = np.dtype(np.int8)  # given as an object: np.frombuffer parses a dtype argument on every call


#: Rows per block of :class:`Rows`.
ROWS = 256


class Rows:
    """New int8 arrays of ``size`` entries, handed out one at a time as the rows of blocks of
    ``ROWS``: a row is written through its block's bytearray (``put``, ``ones``) and
    viewed, which costs a fraction of making an array per row. Each row is written once,
    before it is handed out, and never again: a full block is left to whoever still holds
    its rows and a new one begun, so an array handed out never changes under its holder.
    With ``writeable=False`` the arrays handed out are read-only (the block is still
    written through its bytearray)."""

    def __init__(self, size: int, writeable: bool = True) -> None:
        self.size, self.writeable = size, writeable
        self.block = bytearray()  # the first block is begun by the first row (Batch takes none)
        self._view = np.frombuffer(self.block, INT8)
        self._next = ROWS

    def put(self, data: bytes | bytearray) -> np.ndarray:
        """A new array holding ``data`` (``size`` bytes): the next row, written once."""
        row = self._next
        if row == ROWS:
            self._begin()
            row = 0
        self._next = row + 1
        base = row * self.size
        self.block[base:base + self.size] = data
        return self._view[row]

    def ones(self, positions: list[int]) -> np.ndarray:
        """A new array holding 1 at ``positions`` and 0 elsewhere: the next row, written once."""
        row = self._next
        if row == ROWS:
            self._begin()
            row = 0
        self._next = row + 1
        block, base = self.block, row * self.size
        for p in positions:
            block[base + p] = 1
        return self._view[row]

    def _begin(self) -> None:
        """Begin a new block (the full one stays with whoever holds its rows)."""
        self.block = bytearray(ROWS * self.size)
        view = self._view = np.frombuffer(self.block, INT8).reshape(ROWS, self.size)
        view.flags.writeable = self.writeable


class ObservationCodec:
    """The observation layout for ``players`` seats (see the module docstring)."""

    def __init__(self, players: int) -> None:
        self.players = n = players
        self.size = SEATS + 5 * players
        # Where things go, worked out once: the colour's and the phase's entries, and for
        # each observer the entry of every seat's hand size (seat blocks are relative).
        self._color_at = {c: COLOR + i for c, i in COLOR_INDEX.items()}
        self._phase_at = {p: PHASE + i for p, i in PHASE_INDEX.items()}
        self._seat_at = [tuple(SEATS + (s - seat) % n for s in range(n)) for seat in range(n)]

        self.zeros = bytes(self.size)  # an observation's start: all zero
        self.rows = Rows(self.size)  # where ``encode`` puts its arrays

    def encode(self, game: Game, seat: int, jumping: bool = False) -> np.ndarray:
        """The observation of ``seat`` now (a new array, writeable, that nothing changes
        later); ``jumping``: it is asked whether to jump in."""
        # Written into a bytearray of Python ints (every value is at most 112, so int8 holds
        # it), copied into a row of a block and viewed: a fraction of the cost of setting
        # numpy elements one by one, or of making an array per observation.
        out = bytearray(self.zeros)
        self.write(out, game, seat, jumping)
        return self.rows.put(out)

    def write(self, out: bytearray, game: Game, seat: int, jumping: bool = False) -> None:
        """Write ``encode``'s entries into ``out``, a bytearray of ``size`` zeros (the batched
        runner reuses one)."""
        counts = game.tallies  # None in a game that does not keep them (Game.track_hands)
        out[HAND:TOP] = tally(game.hands[seat]) if counts is None else counts[seat]
        discards = game.discard_pile
        out[TOP + discards[-1].index] = 1
        color = game.current_color
        if color is not None:
            out[self._color_at[color]] = 1
        out[self._phase_at[game.phase]] = 1
        current, n = game.current_player, self.players
        if current == seat:
            drawn = game.drawn
            if drawn is not None:
                out[DRAWN + drawn.index] = 1
        if game.direction == 1:
            out[CLOCKWISE] = 1
        out[STACK] = game.stack
        out[PILE] = len(game._pile)  # the engine's own list: its property is a Python call, 2% of a step
        out[DISCARDS] = len(discards)
        if jumping:
            out[JUMP] = 1
        at = self._seat_at[seat]  # at[s]: the entry of seat s's hand size, from SEATS on
        if counts is None:
            for p, hand in zip(at, game.hands):
                out[p] = len(hand)
        else:  # relative seat r is seat + r: the sizes from the observer's on, then the ones before
            sizes = game.tally_sizes
            out[SEATS:SEATS + n] = sizes[seat:] + sizes[:seat]
        out[n + at[current]] = 1
        silenced, window = game.silenced, game.uno_window
        if silenced is not None:
            out[2 * n + at[silenced]] = 1
        if window is not None:
            out[3 * n + at[window]] = 1
        for s in game.uno_said:
            out[4 * n + at[s]] = 1

    def encode_view(self, view: PlayerView, stack: int, jumping: bool = False) -> np.ndarray:
        """The same observation from a seat's :class:`PlayerView` (``game.view(seat)``) and
        the public H-STACK penalty: the reference ``encode`` is tested against."""
        seat, n = view.seat, self.players
        assert seat is not None  # an agent holds a seat
        out = np.zeros(self.size, dtype=np.int8)
        for card in view.hand:
            out[card.index] += 1
        out[TOP + view.top_card.index] = 1
        if view.current_color is not None:
            out[COLOR + COLOR_INDEX[view.current_color]] = 1
        out[PHASE + PHASE_INDEX[Phase(view.phase)]] = 1
        if view.drawn is not None:
            out[DRAWN + view.drawn.index] = 1
        out[CLOCKWISE] = view.direction == 1
        out[STACK], out[PILE], out[DISCARDS], out[JUMP] = stack, view.draw_pile_size, view.discard_pile_size, jumping
        for s in range(n):
            r = (s - seat) % n
            out[SEATS + r] = view.hand_sizes[s]
            out[SEATS + n + r] = s == view.current_player
            out[SEATS + 2 * n + r] = s == view.silenced
            out[SEATS + 3 * n + r] = s == view.uno_window
            out[SEATS + 4 * n + r] = s in view.uno_said
        return out
