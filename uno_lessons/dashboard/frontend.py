"""Whether a browser shows a dashboard page yet: until one does, the page's table keeps its
clock stopped, so no bot moves and no update is sent to nobody.

While Voilà executes the notebook (and while a preheated kernel waits for its request) the
widgets exist but no front end renders them. A front end that renders this page runs a
client-side link (``jsdlink``) that copies 1 into :attr:`FrontendWatch.seen` and sends it back
to the kernel: that is the moment the page is on a screen.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets


class FrontendWatch:
    """Calls ``on_seen()`` once, when a front end first renders the page (see the module)."""

    def __init__(self, on_seen: Callable[[], object]) -> None:
        #: Whether a front end has rendered the page.
        self.shown = False
        self._on_seen = on_seen
        self.one, self.seen = widgets.IntText(value=1), widgets.IntText(value=0)
        self.seen.observe(self._seen, "value")
        self.link = widgets.jsdlink((self.one, "value"), (self.seen, "value"))

    def _seen(self, _change=None) -> None:
        if not self.shown:
            self.shown = True
            self._on_seen()

    @property
    def widgets(self) -> list[widgets.Widget]:
        """The models this watch keeps open for the page's lifetime (the pair and its link)."""
        return [self.one, self.seen, self.link]
