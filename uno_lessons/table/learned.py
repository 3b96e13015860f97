"""Learned bots at a table, without the table importing the learning layer above it.

A learned seat plays a learner's saved policy: numbers, never code. Reading those numbers and
playing them is :mod:`uno_lessons.learn.policy`'s work, a layer above the table; when it is
imported it hands the table its reader (:func:`use_policies`), and the dashboard imports it
before any page opens a table. A page without that reader cannot seat or run a learned bot:
the table refuses with a sentence (fail closed) rather than guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine.bots import Bot


class LearnedPolicy(Protocol):
    """What the table needs of a learned bot's policy."""

    @property
    def name(self) -> str:
        """The policy's name (a learned seat is named after it)."""
        ...

    def to_data(self) -> dict[str, Any]:
        """The policy as plain JSON-ready data (kept in the table's config)."""
        ...

    def bot(self, seed: Sequence[int]) -> Bot:
        """A bot playing this policy, seeded by ``seed`` (a list of whole numbers)."""
        ...


#: A policy from its data or from a policy object; a ValueError that says why in one sentence
#: when the data is not a usable policy.
PolicyReader = Callable[[Any], LearnedPolicy]

_reader: PolicyReader | None = None


def use_policies(reader: PolicyReader) -> None:
    """Let tables read learned bots' policies with ``reader`` (the learning layer's)."""
    global _reader
    _reader = reader


def policy_reader() -> PolicyReader | None:
    """The reader tables use for learned bots' policies; None when none was given."""
    return _reader
