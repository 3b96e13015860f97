"""``check("can_play")``: the one line in every graded check cell, for learners and for nbgrader.

It finds the learner's function by name in the notebook, says so when the cell that defines
it did not run (:mod:`.cells`), and runs the step's check. A step that passes shows the ✓
report as rich output (``display_data``: HTML with the plain-text report beside it). A step
that does not pass shows its table of cases, if it has one (the ✓/✗ rows with their hints),
then raises :class:`StepNotPassed`, a short ``AssertionError`` whose lines are the report's
headline and what to do next:

- ``nbgrader validate`` and ``autograde`` see an error in the grade cell, so a blank or wrong
  notebook fails (0 points for that step) and a correct one passes; validate prints the error,
  so it names the step and says what is wrong;
- a passing cell leaves no ``execute_result``, only the report, which nbgrader grades as full
  credit without its "cannot be converted to a float" warning;
- the learner, and nbgrader's feedback page, read each sentence once: the table, then the
  few lines of :meth:`StepNotPassed._render_traceback_`, never a traceback wall.
"""

from __future__ import annotations

import sys
import textwrap
from typing import Any

from ..i18n import _
from .cells import cell_trouble
from .core import NOT_RUN, NOT_STARTED, CheckResult

#: Widest line of a StepNotPassed message: ``nbgrader validate`` indents by 4 and cuts at 87.
WIDTH = 80


def wrapped(text: str, width: int = WIDTH) -> str:
    """``text`` with each line wrapped at ``width``, continuation lines indented like the line."""
    out = []
    for line in text.split("\n"):
        indent = line[: len(line) - len(line.lstrip())]
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False) or [line])
    return "\n".join(out)


class StepNotPassed(AssertionError):
    """A graded step that does not pass yet; its message is the report's headline and advice."""

    def __init__(self, result: CheckResult) -> None:
        super().__init__(wrapped(result.summary()))
        self.result = result

    def _render_traceback_(self) -> list[str]:
        # IPython shows these lines instead of a traceback: the report above says the rest.
        return str(self).split("\n")


def _checks() -> dict:
    from . import CHECKS

    return CHECKS


def _answers() -> dict:
    from . import ANSWERS

    return ANSWERS


def step_result(name: str, namespace: dict[str, Any]) -> CheckResult:
    """The report for the learner's ``name`` in ``namespace`` (their notebook's globals)."""
    checks, answers = _checks(), _answers()
    if name in answers:
        if name not in namespace:
            return CheckResult(name, name, [], NOT_STARTED, [_(
                "`{name}` has no answer yet: in the cell above, replace `raise NotImplementedError()` with your "
                "answer, run that cell, then run this check again.", name=name)])
        return answers[name].check(namespace[name])
    if name not in checks:
        raise KeyError(_("There is no check for {name!r}; the steps are: {steps}.", name=name,
                         steps=", ".join([*checks, *answers])))
    trouble = cell_trouble(name, namespace)
    if trouble is not None:
        status = NOT_STARTED if trouble.kind == "not_defined" else NOT_RUN
        return CheckResult(name, name, [], status, [trouble.note])
    return checks[name](namespace[name])


def check(name: str, namespace: dict[str, Any] | None = None) -> None:
    """Check the learner's function ``name``: show the report when every case passes; else
    show the table of cases (if any) and raise :class:`StepNotPassed`, which says the rest.

    ``namespace`` defaults to the caller's globals (the notebook's, in Jupyter).
    """
    if namespace is None:
        namespace = sys._getframe(1).f_globals
    result = step_result(name, namespace)
    _report(result)


def grade(name: str, answer: Any, tolerance: float | None = None, namespace: dict[str, Any] | None = None) -> None:
    """Grade the learner's answer item ``name`` against ``answer`` (and ``tolerance``, for a
    number): the solution's hidden test, which nbgrader keeps out of the learner's copy
    (see :mod:`.answers`: the answer key is never in the package). Shows the ✓ report when
    right; else the report and :class:`StepNotPassed` (0 points for the cell)."""
    if namespace is None:
        namespace = sys._getframe(1).f_globals
    items = _answers()
    if name not in items:
        raise KeyError(_("There is no answer item {name!r}; the items are: {items}.", name=name,
                         items=", ".join(items)))
    if name not in namespace:
        result = step_result(name, namespace)  # "has no answer yet"
    else:
        item = items[name]
        if tolerance is None:
            result = item.grade(namespace[name], answer)
        else:
            result = item.grade(namespace[name], answer, tolerance)
    _report(result)


def _report(result: CheckResult) -> None:
    """Show ``result`` when it passed; else its table of cases (if any) and raise
    :class:`StepNotPassed`, which says the rest."""
    if result.passed:
        result.show()
        return
    table = result.cases()
    if table is not None:
        table.show()
    raise StepNotPassed(result)
