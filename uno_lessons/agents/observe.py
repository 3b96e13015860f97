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

``ObservationCodec.encode`` encodes what the seat's view holds, field by field, read where
``engine.view.player_view`` reads it: the game's public fields, the observer's own hand as
counts (``engine.game.tally``, or the counts the game keeps, below), the hands' sizes, and the
drawn card through ``engine.view.seen_drawn``, the engine's rule for who sees it. It reads
them from the game rather than from a ``PlayerView`` object because it runs once per step:
building the view would cost more than the rest of the step (it is written for speed: it
joins ready-made pieces in one call, and in a game that keeps its hands' counts and sizes,
``Game.track_hands``, as the environment's do, it copies them instead of counting the cards).
tests/test_agents_env.py reads every entry back and compares it with ``game.view(seat)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..engine.game import tally
from ..engine.kinds import Phase
from ..engine.view import seen_drawn
from .actions import COLOR_INDEX

if TYPE_CHECKING:
    from ..engine.game import Game

HAND, TOP, COLOR, PHASE, DRAWN = 0, 55, 110, 114, 118
CLOCKWISE, STACK, PILE, DISCARDS, JUMP, SEATS = 173, 174, 175, 176, 177, 178
PHASE_INDEX = {Phase.TURN: 0, Phase.DRAWN: 1, Phase.RESPOND: 2, Phase.OVER: 3}
#: The largest value any entry takes: every card of the deck in one place.
HIGH = 112
INT8 = np.dtype(np.int8)  # given as an object: np.frombuffer parses a dtype argument on every call


#: Rows per block of :class:`Rows`.
ROWS = 256


class Rows:
    """New read-only int8 arrays of ``size`` entries (the environment's action masks),
    handed out one at a time as the rows of blocks of ``ROWS``: a row is written through its
    block's bytearray (``ones``) and viewed, which costs a fraction of making an array per
    row. Each row is written once, before it is handed out, and never again: a full block is
    left to whoever still holds its rows and a new one begun, so an array handed out never
    changes under its holder."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.block = bytearray()  # the first block is begun by the first row
        self._view = np.frombuffer(self.block, INT8)
        self._next = ROWS

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
        view.flags.writeable = False  # read-only to its holders; written through the bytearray


class ObservationCodec:
    """The observation layout for ``players`` seats (see the module docstring)."""

    def __init__(self, players: int) -> None:
        self.players = n = players
        self.size = SEATS + 5 * players
        # An observation is joined from pieces made here once (``build`` says why): a card's
        # one-hot block, the colour's and phase's block, one entry of each value, and for
        # each observer and seat to move the seats' flag blocks with that seat's entry set.
        self._card = tuple(bytes(i) + b"\x01" + bytes(COLOR - TOP - 1 - i) for i in range(COLOR - TOP))
        self._no_card = bytes(COLOR - TOP)
        self._color_phase = {color: {phase: bytes(1 if i == c else 0 for i in range(4))
                                     + bytes(1 if i == p else 0 for i in range(4))
                                     for phase, p in PHASE_INDEX.items()}
                             for color, c in [*COLOR_INDEX.items(), (None, -1)]}
        self._value = tuple(bytes((v,)) for v in range(256))
        self._flags = [[bytes(1 if r == (current - seat) % n else 0 for r in range(n)) + bytes(3 * n)
                        for current in range(n)] for seat in range(n)]
        self._seat_at = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]
        self._join = bytearray().join

    def encode(self, game: Game, seat: int, jumping: bool = False) -> np.ndarray:
        """The observation of ``seat`` now (a new array, writeable, that nothing changes
        later); ``jumping``: it is asked whether to jump in."""
        return np.frombuffer(self.build(game, seat, jumping), INT8)

    def build(self, game: Game, seat: int, jumping: bool = False) -> bytearray:
        """``encode``'s entries as a new bytearray of ``size`` int8 values (every value is at
        most 112); the environment views it as its array, the batched runner hands it on."""
        # Joined from ready-made pieces in one call: a fraction of the cost of setting twenty
        # entries of a zeroed array one by one (each a Python store), which this replaced.
        counts, n = game.tallies, self.players  # tallies: None unless the game keeps them
        if counts is None:
            mine, sizes = tally(game.hands[seat]), bytearray(map(len, game.hands)) * 2
        else:
            mine, sizes = counts[seat], game.tally_sizes  # (the sizes twice over: one slice)
        discards, current, value = game.discard_pile, game.current_player, self._value
        drawn = seen_drawn(game, seat)
        out = self._join((
            mine,
            self._card[discards[-1].index],
            self._color_phase[game.current_color][game.phase],
            self._no_card if drawn is None else self._card[drawn.index],
            value[game.direction == 1], value[game.stack],
            value[game.draw_pile_size],  # the engine's public API only (tests/test_engine_api.py)
            value[len(discards)], value[jumping],
            sizes[seat:seat + n],  # relative seat r is seat + r, round the table
            self._flags[seat][current],
        ))
        silenced, window, said = game.silenced, game.uno_window, game.uno_said
        if silenced is not None or window is not None or said:
            at = self._seat_at[seat]  # at[s]: seat s relative to the observer
            if silenced is not None:
                out[SEATS + 2 * n + at[silenced]] = 1
            if window is not None:
                out[SEATS + 3 * n + at[window]] = 1
            for s in said:
                out[SEATS + 4 * n + at[s]] = 1
        return out
