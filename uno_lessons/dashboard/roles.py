"""What a page of each role is built with: the one place that says which controls exist.

A control a role may not use is never built on its page, rather than built and hidden: every
widget a kernel holds is a live model that a browser can click or update over the kernel's
websocket, whether it is shown or not. (The table decides what a handle may do anyway;
this keeps a page from offering, or even holding, what is not its own.)

Roles are :attr:`uno_lessons.table.Table.role`: "local" (the one-screen game: everything),
"teacher", "seat" (a learner) and "spectator". The projector is a spectator's or the
teacher's page with the projector view; it is built for that role.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PagePlan:
    """The parts a page of one role holds."""

    role: str
    #: The views the page can show ("player", "teacher", "projector"); one: no view toggle.
    views: tuple[str, ...]
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

    @property
    def view_toggle(self) -> bool:
        """Whether the page offers a choice of view."""
        return len(self.views) > 1


PLANS: dict[str, PagePlan] = {
    "local": PagePlan("local", ("player", "teacher", "projector"), setup=True, viewed_seat=True, bots=True,
                      speed=True, deal=True, play=True),
    "teacher": PagePlan("teacher", ("teacher", "projector"), speed=True, deal=True, teacher_panel=True),
    "seat": PagePlan("seat", ("player",), play=True),
    "spectator": PagePlan("spectator", ("player", "projector")),
}


def page_plan(role: str) -> PagePlan:
    """The plan of a page for ``role``; ValueError for a role the dashboard does not know."""
    try:
        return PLANS[role]
    except KeyError:
        raise ValueError(f"no dashboard page for the role {role!r}") from None
