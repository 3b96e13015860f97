"""The page at the short address, as a learner's device sees it.

The short address (``192.168.1.20:8866``, on the join card) opens the one-screen game: what
the teacher wants on their own computer. A learner who types it on their phone wants the
table code box and nothing else, so a page opened at any other name than this machine's own
(127.0.0.1, localhost) shows a front door first: a heading, where the code is, the code box
large, and one button that shows the one-screen game after all (a teacher on the school
network). The page's address arrives from the browser after the page is built
(:class:`~uno_lessons.widgets.page.PageBridge` ``base``); until then nothing is hidden, so a
page whose browser never says its address is the game as before.

Nothing here is a secret kept from learners: the one-screen game is the page's own, played
in its own kernel; the front door only spares a learner a game they did not come for.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlsplit

import ipywidgets as widgets

from ..i18n import _
from ..voila.network import SELF_NAMES

#: The outer box's class while the front door shows (the stylesheet hides the game then).
FRONT_DOOR = "uno-front-door"


def is_front_door(base: str) -> bool:
    """Whether a page opened at ``base`` (its address without the query) is a learner's
    device: any host but this machine's own names."""
    host = urlsplit(base).hostname or ""
    return bool(base) and host not in SELF_NAMES


class FrontDoor:
    """The front door of ``box`` (the page's outer box), shown when ``bridge`` says the page
    was opened at another name than this machine's."""

    def __init__(self, box: widgets.Box, bridge) -> None:
        self.box, self.bridge = box, bridge
        self.heading = widgets.HTML()
        self.play = widgets.Button(_dom_classes=("uno-front-door-play",), layout=widgets.Layout(width="auto"))
        self.play.on_click(lambda _b: self.open_game())
        self.widget = widgets.VBox([self.heading, self.play], _dom_classes=("uno-front-door-view",))
        self.opened = False  # the game was asked for: the door stays open
        self.relabel()
        bridge.observe(lambda _change: self.look(), "base")
        self.look()

    def relabel(self) -> None:
        """Words in the current language."""
        self.heading.value = (f"<h1 class='uno-dash-title'>{escape(_('Join a class table'))}</h1>"
                              f"<p class='uno-front-door-note'>"
                              f"{escape(_('Type the code your teacher shows on the projector.'))}</p>")
        self.play.description = _("Play a game on this screen instead")

    def look(self) -> None:
        """Show the front door if the page's address is not this machine's own."""
        if not self.opened and is_front_door(self.bridge.base or ""):
            self.box.add_class(FRONT_DOOR)

    def open_game(self) -> None:
        """The one-screen game after all (the teacher on another computer)."""
        self.opened = True
        self.box.remove_class(FRONT_DOOR)
