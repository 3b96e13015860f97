"""Did the learner's cell run? Read from IPython's input history, so a check never grades a
stale version of a function without saying so.

In Jupyter a learner runs the stub cell, edits it, and runs it again. If the new version has
a syntax error, or stops with an error before its ``def``, the old stub is still in memory
and a check would say "not started yet", which misleads. IPython keeps every cell it ran in
``In`` (in nbgrader's and nbclient's kernels too), and the source of every cell it compiled in
``linecache``: comparing the last cell that defines the function with the cell the function
in memory came from tells whether that last cell ran.
"""

from __future__ import annotations

import linecache
import re
import sys
from dataclasses import dataclass
from typing import Any

from ..i18n import _
from .slips import error_text


@dataclass(frozen=True)
class CellTrouble:
    """Why the learner's function cannot be checked: ``not_defined`` (never ran) or
    ``did_not_run`` (its latest cell failed), with the sentence to show."""

    kind: str
    note: str


def _defines(name: str) -> re.Pattern:
    return re.compile(rf"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+{re.escape(name)}\b", re.M)


def _transform(source: str) -> str:
    """The Python IPython runs for a cell (magics turned into calls); the source outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython ships with every Jupyter install
        return source
    shell = get_ipython()
    if shell is None:
        return source
    try:
        return shell.transform_cell(source)
    except Exception:  # a cell IPython cannot transform: compile() will say why
        return source


def _cell_text(answer: Any) -> str | None:
    """The whole source of the cell (or file) the learner's function or class was defined in."""
    code = getattr(answer, "__code__", None)
    if code is None and isinstance(answer, type):
        code = next((f.__code__ for f in vars(answer).values() if hasattr(f, "__code__")), None)
    if code is None:
        return None
    lines = linecache.getlines(code.co_filename)
    return "".join(lines) if lines else None


def _line(source: str, number: int | None) -> str:
    lines = source.split("\n")
    if number is None or not 1 <= number <= len(lines):
        return ""
    return lines[number - 1].strip()


def _last_error_line(cell: str) -> tuple[int | None, str]:
    """Where the last error IPython reported stopped inside ``cell``: (line, error text)."""
    exc = getattr(sys, "last_value", None)
    if exc is None:
        return None, ""
    tb, found = exc.__traceback__, None
    while tb is not None:
        lines = linecache.getlines(tb.tb_frame.f_code.co_filename)
        if lines and "".join(lines).strip() == cell.strip():
            found = tb.tb_lineno
        tb = tb.tb_next
    return found, error_text(exc)


def cell_trouble(name: str, namespace: dict[str, Any]) -> CellTrouble | None:
    """What keeps ``name`` from being checked, from the notebook's history; None when the
    function in memory is the one the learner's latest cell defined (or there is no history)."""
    history = namespace.get("In")
    inputs = [cell for cell in history if isinstance(cell, str)] if isinstance(history, list) else []
    pattern = _defines(name)
    latest = next((cell for cell in reversed(inputs) if pattern.search(cell)), None)
    if latest is None:
        if name in namespace:
            return None
        return CellTrouble("not_defined", _(
            "`{name}` is not defined yet: run the cell that defines it (Shift+Enter), then run this check "
            "again.", name=name))
    source = _transform(latest)
    try:
        compile(source, "<cell>", "exec")
    except SyntaxError as exc:
        return CellTrouble("did_not_run", _(
            "The cell that defines `{name}` did not run: Python cannot read its line {line}, `{code}` "
            "({problem}). Fix that line, run the cell, then run this check again.",
            name=name, line=exc.lineno, code=_line(source, exc.lineno), problem=exc.msg))
    if name in namespace:
        current = _cell_text(namespace[name])
        if current is None or current.strip() == source.strip():
            return None  # the latest cell made it (or it came from elsewhere: trust it)
    line, error = _last_error_line(source)
    if line is not None:
        return CellTrouble("did_not_run", _(
            "The cell that defines `{name}` stopped at its line {line}, `{code}`, with {error}, before "
            "`{name}` was defined. Fix that line, run the cell, then run this check again.",
            name=name, line=line, code=_line(source, line), error=error))
    return CellTrouble("did_not_run", _(
        "The cell that defines `{name}` stopped with an error before `{name}` was defined. Fix the error "
        "it shows, run the cell, then run this check again.", name=name))
