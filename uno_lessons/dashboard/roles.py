"""What a page of each role is built with: the one place that says which controls exist.

A control a role may not use is never built on its page, rather than built and hidden: every
widget a kernel holds is a live model that a browser can click or update over the kernel's
websocket, whether it is shown or not. (The table decides what a handle may do anyway;
this keeps a page from offering, or even holding, what is not its own.)

Roles are :attr:`uno_lessons.table.Table.role` (:class:`~uno_lessons.table.Role`): the
one-screen game (everything), the teacher, a learner's seat and a spectator. What a page
shows of its table is its :class:`PageMode`: the projector is a spectator's or the teacher's
page in the projector mode; it is built for that role.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..table.kinds import Role

__all__ = ["Role", "PageMode", "PagePlan", "PLANS", "page_plan"]


class PageMode(StrEnum):
    """What a page shows (its view toggle): a player's view, every hand, or the projector's."""

    PLAYER = "player"  # a seat's view (a spectator's: the table without any hand)
    TEACHER = "teacher"  # every hand face up
    PROJECTOR = "projector"  # no hand: for the class's screen


@dataclass(frozen=True)
class PagePlan:
    """The parts a page of one role holds."""

    role: Role
    #: The modes the page can show; one: no view toggle.
    views: tuple[PageMode, ...]
    #: New game… and its form (a one-screen game starts new games and class tables).
    setup: bool = False
    #: "Whose view:" (a one-screen game looks at any seat).
    viewed_seat: bool = False
    #: "Bots move by themselves" and Step (a one-screen game paces its own bots).
    bots: bool = False
    #: The bots' speed (the one-screen game's own, or the teacher's for the whole class).
    speed: bool = False
    #: Next hand.
    deal: bool = False
    #: The class table's code, links, seats and Close the table.
    teacher_panel: bool = False
    #: A hand to play, the move buttons and the wild's picker (a page that plays a seat).
    play: bool = False
    #: The Review view weighs every seat's decisions (else only the page's own seat's): the
    #: teacher's, the projector's and a one-screen game's, not a learner's.
    review_all: bool = False

    @property
    def view_toggle(self) -> bool:
        """Whether the page offers a choice of view."""
        return len(self.views) > 1


#: The plan of each role's page.
PLANS: dict[Role, PagePlan] = {
    Role.LOCAL: PagePlan(Role.LOCAL, tuple(PageMode), setup=True, viewed_seat=True, bots=True, speed=True,
                         deal=True, play=True, review_all=True),
    Role.TEACHER: PagePlan(Role.TEACHER, (PageMode.TEACHER, PageMode.PROJECTOR), speed=True, deal=True,
                           teacher_panel=True, review_all=True),
    Role.SEAT: PagePlan(Role.SEAT, (PageMode.PLAYER,), play=True),
    Role.SPECTATOR: PagePlan(Role.SPECTATOR, (PageMode.PLAYER, PageMode.PROJECTOR), review_all=True),
}


def page_plan(role: str) -> PagePlan:
    """The plan of a page for ``role``; ValueError for a role the dashboard does not know."""
    try:
        return PLANS[Role(role)]
    except ValueError:
        raise ValueError(f"no dashboard page for the role {role!r}") from None
