"""The teacher's panel of a class table: the code and the links to hand out, and seat by
seat who sits there, with a button to hand an absent learner's seat to a bot (and back)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from urllib.parse import urlencode

import ipywidgets as widgets

from ..i18n import _
from ..page import PageBridge
from ..table import Table
from ..table.views import TableView
from .others import kind_word


def table_links(base: str, code: str, teacher_key: str | None = None) -> dict[str, str]:
    """The page links of a class table: for learners, for watching / the projector, and
    (secret) for the teacher."""
    links = {"learners": f"{base}?{urlencode({'table': code})}",
             "projector": f"{base}?{urlencode({'table': code, 'watch': 1, 'view': 'projector'})}"}
    if teacher_key:
        links["teacher"] = f"{base}?{urlencode({'table': code, 'teacher': teacher_key})}"
    return links


class TeacherPanel:
    """Shown on the teacher's page only; ``on_seat(seat, kind)`` reports a seat change."""

    def __init__(self, on_seat: Callable[[int, str], None]) -> None:
        self._on_seat = on_seat
        self.info = widgets.HTML()
        self.seat_rows = widgets.VBox([])
        self.widget = widgets.VBox([self.info, self.seat_rows], layout=widgets.Layout(display="none"))
        self.widget.add_class("uno-teacher-panel")
        self._table: Table | None = None
        self._bridge: PageBridge | None = None
        self._buttons: list[widgets.Button] = []
        self._labels: list[widgets.HTML] = []

    def set_table(self, table: Table, bridge: PageBridge) -> None:
        """Show this table's code and links (teacher pages of class tables only)."""
        self._table, self._bridge = table, bridge
        shown = table.is_teacher and not table.is_local
        self.widget.layout.display = None if shown else "none"
        if shown:
            bridge.observe(lambda _c: self.relabel(), "base")
        self.relabel()

    def relabel(self) -> None:
        """Words (and links) in the current language."""
        t = self._table
        if t is None or not t.is_teacher or t.is_local:
            return
        base = self._bridge.base if self._bridge is not None else ""
        links = table_links(base, t.code)
        self.info.value = (
            f"<h2 class='uno-dash-section'>{escape(_('Class table {code}', code=t.code))}</h2>"
            f"<p>{escape(_('Learners open this link, choose a free seat and type their name:'))} "
            f"<a href='{escape(links['learners'])}' target='_blank'>{escape(links['learners'])}</a></p>"
            f"<p>{escape(_('For the projector (no hands shown):'))} "
            f"<a href='{escape(links['projector'])}' target='_blank'>{escape(links['projector'])}</a></p>"
            f"<p class='uno-muted'>{escape(_('Keep this page’s own address to yourself: it holds the teacher key.'))}</p>")

    def update(self, view: TableView) -> None:
        """One row per seat: name, who plays it, and the button that changes that."""
        t = self._table
        if t is None or not t.is_teacher or t.is_local:
            return
        while len(self._buttons) < view.players:
            s = len(self._buttons)
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            b.add_class("uno-seat-switch")
            b.add_class(f"uno-seat-switch-{s}")
            b.on_click(lambda _b, s=s: self._switch(s))
            self._buttons.append(b)
            self._labels.append(widgets.HTML())
        for s in range(view.players):
            kind = view.kinds[s]
            taken = s in view.claimed
            who = _("{name} (seat {seat})", name=view.names[s], seat=s)
            if kind == "human":
                state = _("learner, joined") if taken else _("learner, not joined yet")
                label = _("Give {name}'s seat to a bot", name=view.names[s])
            else:
                state = kind_word(kind)
                label = _("Give the seat back to a learner")
            self._buttons[s].description = label
            self._labels[s].value = f"<span class='uno-seat-row'><b>{escape(who)}</b>: {escape(state)}</span>"
        if len(self.seat_rows.children) != view.players:
            self.seat_rows.children = [widgets.HBox([self._labels[s], self._buttons[s]])
                                       for s in range(view.players)]

    def _switch(self, seat: int) -> None:
        t = self._table
        if t is None:
            return
        kind = t.state.kinds[seat]
        self._on_seat(seat, "sensible" if kind == "human" else "human")
