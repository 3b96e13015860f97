"""The starting state of every game's Generator in a simulation, computed for all games at once.

Game ``i`` of a simulation is dealt by ``numpy.random.default_rng(SeedSequence(s).spawn(2)[0])``
for its seed ``s``, exactly as ``bots.play_game(seed=s)`` deals it. Building a SeedSequence and
a Generator for every game costs about as much as playing a fifth of the game, so
``pcg64_states`` runs numpy's SeedSequence hashing and PCG64 seeding on all the seeds together,
as array arithmetic; the simulation then sets one Generator to each game's state in turn.
The bots' seeds are done the same way (``SeatSeeds``). tests/test_seeding.py checks the
results against numpy's own seeding.
"""

from __future__ import annotations

import numpy as np

from ..engine.seeds import Seed

_U32 = np.uint32
_MASK128 = (1 << 128) - 1
# numpy/random/bit_generator.pyx (SeedSequence) and pcg64.h (PCG64's multiplier).
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = _U32(0xCA01F9DD), _U32(0x4973F715)
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645


def _hash_consts(start: int, mult: int, count: int) -> list[np.uint32]:
    """The running hash constant of SeedSequence: it depends on nothing but its step."""
    out, h = [], start
    for _ in range(count):
        out.append(_U32(h))
        h = (h * mult) & 0xFFFF_FFFF
    return out


def _mix(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    result: np.ndarray = _MIX_MULT_L * x - _MIX_MULT_R * y  # uint32 (numpy's stubs say float64)
    return result ^ (result >> _U32(16))


def pcg64_states(seeds: np.ndarray, child: int = 0) -> list[dict]:
    """``default_rng(SeedSequence(s, spawn_key=(child,))).bit_generator.state`` for each seed
    ``s`` (non-negative, below 2**64), without building a SeedSequence or a Generator."""
    return [pcg64_state(*words) for words in zip(*pcg64_words(seeds, (child,)))]


def pcg64_words(seeds: np.ndarray, spawn_key: tuple[int, ...]) -> list[list[int]]:
    """The four 64-bit words ``SeedSequence(s, spawn_key=spawn_key).generate_state(4,
    np.uint64)`` for each seed ``s`` (non-negative, below 2**64), as four lists of ints:
    what PCG64 is seeded from (``pcg64_state``). Each key entry must be below 2**32."""
    seeds = np.asarray(seeds, dtype=np.uint64)
    # The entropy as 32-bit words, padded with zeros to the pool size of 4, then the spawn key.
    words = [(seeds & np.uint64(0xFFFF_FFFF)).astype(_U32), (seeds >> np.uint64(32)).astype(_U32),
             np.zeros_like(seeds, dtype=_U32), np.zeros_like(seeds, dtype=_U32),
             *(np.full(seeds.shape, key, dtype=_U32) for key in spawn_key)]
    consts = iter(_hash_consts(_INIT_A, _MULT_A, 4 + 12 + 4 * len(spawn_key)))

    def hashmix(value: np.ndarray) -> np.ndarray:
        h = next(consts)
        value = (value ^ h) * _U32((int(h) * _MULT_A) & 0xFFFF_FFFF)
        return value ^ (value >> _U32(16))

    with np.errstate(over="ignore"):  # uint32 arithmetic wraps, as in numpy's C code
        pool = [hashmix(words[i]) for i in range(4)]
        for src in range(4):
            for dst in range(4):
                if src != dst:
                    pool[dst] = _mix(pool[dst], hashmix(pool[src]))
        for word in words[4:]:
            for dst in range(4):
                pool[dst] = _mix(pool[dst], hashmix(word))
        # generate_state(4, np.uint64): eight words, read in little-endian pairs.
        out = []
        for i, h in enumerate(_hash_consts(_INIT_B, _MULT_B, 8)):
            value = (pool[i % 4] ^ h) * _U32((int(h) * _MULT_B) & 0xFFFF_FFFF)
            out.append((value ^ (value >> _U32(16))).astype(np.uint64))
    return [(out[2 * k] | (out[2 * k + 1] << np.uint64(32))).tolist() for k in range(4)]


def pcg64_state(s0: int, s1: int, i0: int, i1: int) -> dict:
    """The ``bit_generator.state`` of a PCG64 seeded with these four words (``pcg64_words``)."""
    # PCG64: seed and stream from those words, then two steps of the generator.
    inc = ((((i0 << 64) | i1) << 1) | 1) & _MASK128
    state = ((inc + ((s0 << 64) | s1)) * _PCG_MULT + inc) & _MASK128
    return {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": 0, "uinteger": 0}


class SeatSeeds(Seed):
    """The seeds of one seat's bots over a simulation's games: in game ``i`` (seed ``s``) the
    bot's seed is ``Seed(s, spawn_key)``, as ``make_bots`` gives it. Its Generator is one kept
    for the seat, set to the state a new Generator from that seed would have: numpy's seeding
    is done for every game at once (``pcg64_words``), and making a Generator costs more than
    a bot's whole game. A bot's Generator lives for its game only, so one per seat is enough."""

    __slots__ = ("_words", "_index", "_generator")

    def __init__(self, seeds: np.ndarray, spawn_key: tuple[int, ...]) -> None:
        super().__init__(0, spawn_key)
        self._words = pcg64_words(seeds, spawn_key)
        self._index = 0
        self._generator = np.random.Generator(np.random.PCG64(0))

    def select(self, index: int, entropy: int) -> SeatSeeds:
        """Stand for game ``index``'s seed, ``entropy`` (the same seed as ``seeds[index]``)."""
        self._index, self.entropy = index, entropy
        return self

    def generator(self) -> np.random.Generator:
        """The seat's Generator, set to the state ``default_rng(self.build())`` would have."""
        i = self._index
        self._generator.bit_generator.state = pcg64_state(*(words[i] for words in self._words))
        return self._generator
