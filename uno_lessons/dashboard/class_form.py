"""The New game… form's choices for a class of several tables, and opening one.

When the teacher chooses *a class of several tables* (on a standalone server; the hub serves
one table at a time), the form asks how many learners, how many players at each table (at
most ten), how many bots at each and whether bots take the seats the learners leave; the
store then makes the tables (:func:`~uno_lessons.table.classroom.open_class`) and the page
becomes the class's teacher page (:class:`~.class_board.ClassBoard`). The rules and house
rules are the form's own, for every table.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..table import Store, TableError
from ..table.classroom import MAX_LEARNERS, open_class, plan_tables
from ..table.config import MAX_PLAYERS, MIN_PLAYERS, rules_named
from ..widgets.page import log_traceback
from .sentences import something_went_wrong

#: The form's first guess: a class of 30 at tables of 10 (three tables), no bots.
DEFAULT_LEARNERS = 30


class ClassSettings:
    """The class's part of the New game… form: learners, players at each table, bots at
    each, and bots in the learners' empty seats."""

    def __init__(self) -> None:
        W = widgets
        self.learners = W.BoundedIntText(value=DEFAULT_LEARNERS, min=1, max=MAX_LEARNERS, layout=W.Layout(width="auto"),
                                         style={"description_width": "initial"}, _dom_classes=("uno-class-learners",))
        self.per_table = W.BoundedIntText(value=MAX_PLAYERS, min=MIN_PLAYERS, max=MAX_PLAYERS, layout=W.Layout(width="auto"),
                                          style={"description_width": "initial"}, _dom_classes=("uno-class-per-table",))
        self.bots = W.BoundedIntText(value=0, min=0, max=MAX_PLAYERS - 1, layout=W.Layout(width="auto"),
                                     style={"description_width": "initial"}, _dom_classes=("uno-class-bots",))
        self.fill = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"), _dom_classes=("uno-class-fill",))
        self.plan = W.HTML(_dom_classes=("uno-class-plan",))
        for w in (self.learners, self.per_table, self.bots, self.fill):
            w.observe(lambda _c: self._say_plan(), "value")
        self.widget = W.VBox([W.HBox([self.learners, self.per_table, self.bots]), self.fill, self.plan],
                             layout=W.Layout(display="none"), _dom_classes=("uno-class-settings",))

    def relabel(self) -> None:
        """Words in the current language."""
        self.learners.description = _("Learners in the class")
        self.per_table.description = _("Players at each table")
        self.bots.description = _("Bots at each table")
        self.fill.description = _("Bots take the seats the learners leave")
        self._say_plan()

    def show(self, on: bool) -> None:
        """Shown while the form is set to a class of several tables."""
        self.widget.layout.display = None if on else "none"

    def settings(self) -> dict:
        """What the form says: learners, per_table, bots, fill."""
        return {"learners": int(self.learners.value), "per_table": int(self.per_table.value),
                "bots": int(self.bots.value), "fill": bool(self.fill.value)}

    def _say_plan(self) -> None:
        s = self.settings()
        try:
            plan = plan_tables(s["learners"], s["per_table"], s["bots"], fill=s["fill"])
        except TableError as exc:
            text, kind = str(exc), "uno-policy-refused"
        else:
            sizes = ", ".join(str(n + b) for n, b in zip(plan.learners, plan.bots))
            text = ngettext("{tables} table of {sizes} players.", "{tables} tables, of {sizes} players.",
                            plan.tables, tables=plan.tables, sizes=sizes)
            kind = "uno-policy-seated"
        self.plan.value = f"<p class='{kind}' role='status'>{escape(text)}</p>"


def not_on_hub_text() -> str:
    """Why a class of several tables is not opened on the hub."""
    return _("Classes of several tables are not served on the hub yet: open each table from its own code.")


def classes_offered() -> bool:
    """Whether this page may open a class of several tables: on a standalone server only."""
    from .hub_page import signed_in

    return signed_in() is None


def open_class_from_form(config: dict, store: Store | None = None) -> tuple[Store, str, str]:
    """Open the class the form's ``config`` describes (learners, per_table, bots, fill, rules,
    house) in ``store`` (default: the server's); ``(store, class code, teacher key)``. TableError
    with a sentence when it cannot be made (a store that cannot be opened: its details go to
    the server's terminal)."""
    from ..table import open_store  # looked up when called: the server's store as configured now

    if not classes_offered():  # a widget message can choose what the form never showed
        raise TableError(not_on_hub_text())
    rules_named(config["rules"], config.get("house", ()))  # TableError for unknown rules first
    try:
        store = store if store is not None else open_store()
        code, key = open_class(store, config["learners"], per_table=config["per_table"], bots=config["bots"],
                               fill=config["fill"], rules=config["rules"], house=config.get("house", ()))
        return store, code, key
    except OSError as exc:
        log_traceback(exc, "opening the table store")
        raise TableError(something_went_wrong()) from None
