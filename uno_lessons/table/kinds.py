"""Who is at a table, by name: what sits at a seat (:class:`SeatKind`) and what a page holds
(:class:`Role`).

Both are ``StrEnum``s: each member *is* its string, so a stored table (its config and its
records keep ``"human"``, ``"sensible"``…) loads as before, JSON writes the same text, and
a member compares equal to the plain string a test or a notebook passes.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

__all__ = ["SeatKind", "BOT_KINDS", "Role"]


class SeatKind(StrEnum):
    """What can sit at a seat: a person (a learner), one of the engine's bots (the names
    of :data:`uno_lessons.engine.bots.BOTS`: random, sensible, and the coach, the strongest,
    which :mod:`uno_lessons.coach` adds there), or a learned bot: a learner's trained policy,
    kept as data in the table's config (:attr:`~.config.TableConfig.policies`) and played by
    the package's own :class:`~uno_lessons.learn.policy.PolicyBot`."""

    HUMAN = "human"
    RANDOM = "random"
    SENSIBLE = "sensible"
    LEARNED = "learned"
    COACH = "coach"

    @classmethod
    def known(cls, value: Any) -> bool:
        """Whether ``value`` names a seat kind (``"human" in SeatKind`` raises on Python 3.11)."""
        try:
            cls(value)
        except (ValueError, TypeError):
            return False
        return True

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays a seat of this kind."""
        return self is not SeatKind.HUMAN

    @property
    def thinks(self) -> bool:
        """Whether this kind's move costs real CPU (the coach plays many deals out before each
        choice, about a second): the pages of a table then take turns to compute it instead
        of all at once (:attr:`uno_lessons.table.Table.bot_wait`); the other bots' moves take
        microseconds, and every page may compute them."""
        return self is SeatKind.COACH


#: The kinds a bot plays, in the order a sentence lists them.
BOT_KINDS = tuple(k for k in SeatKind if k.is_bot)


class Role(StrEnum):
    """What a page of a table is (:attr:`uno_lessons.table.Table.role`; a handle's own role
    is one of the last three)."""

    LOCAL = "local"  # the one-screen game: the teacher and every learner seat on one page
    TEACHER = "teacher"
    SEAT = "seat"  # a learner at their seat
    SPECTATOR = "spectator"  # watching, on a screen or the projector
