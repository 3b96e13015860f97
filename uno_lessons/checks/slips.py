"""What went wrong inside a learner's function, in words: the line it stopped on and, for a
likely slip, one sentence saying what to write instead.

A slip is a mistake of spelling or setup rather than of the rule: ``card.colour`` for
``card.color`` (the notebooks' prose is British, Python's names are American), ``Color.GREN``,
a name the notebook never imported (``Rank``), a misspelt argument. Thirteen rows of the same
``AttributeError`` teach nothing; the sentence does.
"""

from __future__ import annotations

import builtins
import difflib
import linecache
import re
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import _

# Frames in these folders are not the learner's: this package, the standard library and
# installed packages (a learner's line that calls them is where their code stopped).
_NOT_LEARNERS = tuple(sorted({str(Path(__file__).resolve().parents[1]),
                              *(sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib"))}))

#: British spellings the lessons use and the names Python code uses instead.
RESPELLINGS = {"colour": "color", "colours": "colors", "favourite": "favorite"}


@dataclass(frozen=True)
class Stop:
    """Where and why a learner's function stopped: the error and the learner's line."""

    error: str
    line: int | None = None
    code: str = ""
    slip: str | None = None

    @property
    def key(self) -> tuple:
        """Two stops with the same key are the same mistake."""
        return self.error, self.line, self.code


def learner_frame(exc: BaseException) -> tuple[int | None, str]:
    """(line number, source line) of the deepest frame outside this package: the learner's
    code (an IPython cell counts its lines from 1)."""
    tb = exc.__traceback__
    found: tuple[int | None, str] = (None, "")
    while tb is not None:
        code = tb.tb_frame.f_code
        if not code.co_filename.startswith(_NOT_LEARNERS):
            text = linecache.getline(code.co_filename, tb.tb_lineno, tb.tb_frame.f_globals).strip()
            found = (tb.tb_lineno, text)
        tb = tb.tb_next
    return found


def _public(obj: Any) -> list[str]:
    try:
        return [n for n in dir(obj) if not n.startswith("_")]
    except Exception:  # an object whose dir() fails offers no suggestion
        return []


def closest(name: str, candidates: list[str]) -> str | None:
    """The candidate ``name`` was most likely meant to be: a known respelling or a near match."""
    fixed = RESPELLINGS.get(name)
    if fixed is not None and fixed in candidates:
        return fixed
    for british, american in RESPELLINGS.items():
        respelt = name.replace(british, american)
        if respelt != name and respelt in candidates:
            return respelt
    near = difflib.get_close_matches(name, candidates, n=1, cutoff=0.75)
    return near[0] if near else None


def _written(code: str, attribute: str) -> str:
    """What the learner wrote before ``.attribute`` on their line (``card`` in ``card.colour``)."""
    m = re.search(r"([A-Za-z_][\w.\[\]]*)\." + re.escape(attribute) + r"\b", code)
    return m.group(1) if m else ""


def _importable() -> dict[str, str]:
    """Names a learner may import, and the module to import each from."""
    import uno_lessons

    from ..engine import bots, cards

    where = {name: "uno_lessons" for name in uno_lessons.__all__}
    for module, names in ((cards, ("ALL_CARDS", "WILD_RANKS")), (bots, ("SensibleBot", "RandomBot"))):
        for name in names:
            if hasattr(module, name):
                where.setdefault(name, module.__name__)
    return where


def slip_sentence(exc: BaseException, code: str, names: dict[str, Any] | None = None,
                  local_names: tuple[str, ...] = ()) -> str | None:
    """One sentence saying what to write instead, when ``exc`` is a likely slip; else None.

    ``code`` is the learner's line; ``names`` the namespace their function sees (its globals)
    and ``local_names`` its arguments and local variables.
    """
    if isinstance(exc, AttributeError) and exc.name:
        obj, name = exc.obj, exc.name
        right = closest(name, _public(obj))
        if right is None:
            return None
        owner = _written(code, name) or (obj.__name__ if isinstance(obj, type) else "")
        wrong = f"{owner}.{name}" if owner else f".{name}"
        fixed = f"{owner}.{right}" if owner else f".{right}"
        kind = obj.__name__ if isinstance(obj, type) else type(obj).__name__
        return _("Write `{fixed}` instead of `{wrong}`: a `{kind}` has `{right}`, not `{name}`.",
                 fixed=fixed, wrong=wrong, kind=kind, right=right, name=name)
    if isinstance(exc, NameError) and exc.name:
        name = exc.name
        module = _importable().get(name)
        if module is not None:
            return _("`{name}` is not imported in this notebook: add the line `from {module} import {name}` "
                     "at the top of your cell.", name=name, module=module)
        known = [*local_names, *(names or {}), *dir(builtins)]
        right = closest(name, [n for n in known if not n.startswith("_")])
        if right is not None:
            return _("`{name}` is not defined: did you mean `{right}`?", name=name, right=right)
        return _("`{name}` is not defined when your function runs: run the cell that defines it first, "
                 "or check its spelling.", name=name)
    return None


def error_text(exc: BaseException) -> str:
    """An error as Python's last traceback line says it: "ValueError: bad card"."""
    return f"{type(exc).__name__}: {exc}"


def stop_of(exc: BaseException, func: Any = None) -> Stop:
    """The :class:`Stop` for an exception the learner's function raised."""
    line, code = learner_frame(exc)
    names = getattr(func, "__globals__", None)
    local_names = getattr(getattr(func, "__code__", None), "co_varnames", ())
    slip = slip_sentence(exc, code, names, tuple(local_names))
    return Stop(error_text(exc), line, code, slip)
