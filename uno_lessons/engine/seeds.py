"""Seeds described before they are built: cheap stand-ins for numpy SeedSequences.

Building a ``numpy.random.SeedSequence`` and a Generator from it costs more than a whole move
of a game. A simulation plays thousands of games, each with seeds of its own, and most of its
bots never draw a random number; so it hands out ``Seed`` objects, which say which
SeedSequence is meant and build it only when it is used.
"""

from __future__ import annotations

import numpy as np


class Seed:
    """``Seed(entropy, spawn_key)`` stands for ``SeedSequence(entropy, spawn_key=spawn_key)``."""

    __slots__ = ("entropy", "spawn_key")

    def __init__(self, entropy: int, spawn_key: tuple[int, ...] = ()) -> None:
        self.entropy, self.spawn_key = entropy, spawn_key

    def child(self, i: int) -> Seed:
        """Child ``i``, as ``build().spawn(n)[i]`` would make it."""
        return Seed(self.entropy, (*self.spawn_key, i))

    def build(self) -> np.random.SeedSequence:
        """The SeedSequence itself."""
        return np.random.SeedSequence(self.entropy, spawn_key=self.spawn_key)

    def generator(self) -> np.random.Generator:
        """A new Generator from this seed: ``numpy.random.default_rng(self.build())``."""
        return np.random.default_rng(self.build())

    def __repr__(self) -> str:
        return f"Seed({self.entropy!r}, {self.spawn_key!r})"
