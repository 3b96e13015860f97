"""The New game… form's choices for a class of several tables, and opening one.

When the teacher chooses *a class of several tables* (on a standalone server; the hub serves
one table at a time), the form asks how many learners, how many players at each table (at
most ten), how many bots at each and whether bots take the seats the learners leave; the
store then makes the tables (:func:`~uno_lessons.table.classroom.open_class`) and the page
becomes the class's teacher page (:class:`~.class_board.ClassBoard`). The rules and house
rules are the form's own, for every table (:class:`ClassChoice`: a whole ``Rules`` value, so
rules given in code keep every setting there too).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from ..engine.rules import Rules
from ..i18n import _, ngettext
from ..table import Store, TableError
from ..table.classroom import MAX_LEARNERS, ClassPlan, open_class, plan_tables
from ..table.config import MAX_PLAYERS, MIN_PLAYERS
from ..widgets.page import log_traceback
from .sentences import something_went_wrong

#: The form's first guess: a class of 30 at tables of 10 (three tables), no bots.
DEFAULT_LEARNERS = 30


@dataclass(frozen=True)
class ClassChoice:
    """A class of several tables as the New game… form chose it: ``learners``, at most
    ``per_table`` players at each table, ``bots`` bots at each, ``fill`` bots in the seats the
    learners leave, and the ``rules`` every table plays by (a whole ``Rules`` value, house
    rules included, every setting kept)."""

    learners: int
    per_table: int
    bots: int
    fill: bool
    rules: Rules

    def plan(self) -> ClassPlan:
        """The class's tables (:func:`~uno_lessons.table.classroom.plan_tables`); TableError,
        with a sentence for the teacher, when no such tables can be made."""
        return plan_tables(self.learners, self.per_table, self.bots, fill=self.fill, rules=self.rules)


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


def open_class_from_form(choice: ClassChoice, store: Store | None = None) -> tuple[Store, str, str]:
    """Open the class the form's ``choice`` describes in ``store`` (default: the server's);
    ``(store, class code, teacher key)``. TableError with a sentence when it cannot be made (a
    store that cannot be opened: its details go to the server's terminal)."""
    from ..table import open_store  # looked up when called: the server's store as configured now

    if not classes_offered():  # a widget message can choose what the form never showed
        raise TableError(not_on_hub_text())
    choice.plan()  # TableError for tables no rules can seat, before the store is opened
    try:
        store = store if store is not None else open_store()
        code, key = open_class(store, choice.learners, per_table=choice.per_table, bots=choice.bots,
                               fill=choice.fill, rules=choice.rules)
        return store, code, key
    except OSError as exc:
        log_traceback(exc, "opening the table store")
        raise TableError(something_went_wrong()) from None
