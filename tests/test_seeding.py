"""The simulation's own seeding gives exactly the Generators numpy's seeding gives."""

from __future__ import annotations

import numpy as np
import pytest

from uno_lessons.engine.bots import SensibleBot
from uno_lessons.engine.seeds import Seed
from uno_lessons.simulation.seeding import SeatSeeds, pcg64_state, pcg64_states, pcg64_words

SEEDS = np.concatenate([np.array([0, 1, 2**32 - 1, 2**32, 2**62 - 1], dtype=np.int64),
                        np.random.default_rng(3).integers(0, 2**62, 40)])


def _numpy_state(seed: int, key: tuple[int, ...]) -> dict:
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=key)).bit_generator.state


def test_pcg64_states_are_numpys():
    for child in (0, 1, 7):
        states = pcg64_states(SEEDS, child=child)
        assert states == [_numpy_state(s, (child,)) for s in SEEDS.tolist()]


@pytest.mark.parametrize("key", [(0,), (1, 0), (1, 3), (1, 9), (2, 7, 5)])
def test_pcg64_words_for_longer_spawn_keys(key):
    words = pcg64_words(SEEDS, key)
    for i, s in enumerate(SEEDS.tolist()):
        assert pcg64_state(*(w[i] for w in words)) == _numpy_state(s, key)


def test_seat_seeds_give_each_game_the_generator_of_its_seed():
    """A seat's bot gets, game after game, the numbers a new Generator from its Seed gives."""
    seat = SeatSeeds(SEEDS, (1, 2))
    for i, s in enumerate(SEEDS.tolist()):
        seed = seat.select(i, s)
        assert (seed.entropy, seed.spawn_key) == (s, (1, 2))
        expected = Seed(s, (1, 2)).generator()
        assert seed.generator().random(5).tolist() == expected.random(5).tolist()
        bot = SensibleBot()
        bot.reseed(seat.select(i, s))
        assert bot.rng.random() == np.random.default_rng(Seed(s, (1, 2)).build()).random()
