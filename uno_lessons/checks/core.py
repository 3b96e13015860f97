"""The case runner and its report: :func:`run_cases` turns a table of cases into a :class:`CheckResult`.

A failing case shows what the function returned and a folded hint that names the rule id
(see RULES.md), never the expected answer. A stub that still raises ``NotImplementedError``
gets a friendly "not started yet" message; any other exception is caught and reported as a
failing case with its message. In Jupyter a report shows itself as HTML (``_repr_html_``);
anywhere else its ``repr`` is the same report as plain text.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from .values import fresh, same, show_value

#: What a check found; also the CSS class suffix of its HTML report.
PASSED, FAILED, NOT_STARTED, NOT_CALLABLE = "passed", "failed", "not started", "not callable"


class Problem(Exception):
    """Raised inside a check (not by the learner's code) to report a failing case in words."""


@dataclass(frozen=True)
class Case:
    """One row of a check: the arguments, the expected value, and what to say on failure.

    ``label`` describes the situation in words (shown to the learner); ``rule`` is the rule
    id the hint points at; ``hint`` nudges towards the rule without giving the answer.
    """

    args: tuple
    expected: Any
    label: str
    rule: str
    hint: str
    kwargs: dict = field(default_factory=dict)


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one case: ``ok``, what the function returned (as text) or the error."""

    case: Case
    ok: bool
    got: str = ""
    error: str | None = None
    problem: str | None = None

    @property
    def label(self) -> str:
        """The case's situation in words."""
        return self.case.label

    @property
    def rule(self) -> str:
        """The rule id the case's hint points at."""
        return self.case.rule

    @property
    def hint(self) -> str:
        """The case's nudge towards the rule."""
        return self.case.hint

    @property
    def message(self) -> str:
        """What went wrong, in one line (empty for a passing case)."""
        if self.ok:
            return ""
        if self.problem is not None:
            return self.problem
        if self.error is not None:
            return f"raised {self.error}"
        return f"returned {self.got}"


def code_html(text: str) -> str:
    """Escaped text with `backticks` shown as code."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


class Report:
    """A report that reads the same as plain text (``repr``/``str``) and as HTML in Jupyter.

    Subclasses give ``headline``, ``text()`` and ``_repr_html_()``; ``note`` is an optional
    line under the headline.
    """

    note: str = ""

    def text(self) -> str:
        """The report as plain text."""
        raise NotImplementedError

    def _repr_html_(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _note_lines(self) -> list[str]:
        return ["  " + self.note] if self.note else []

    def _note_html(self) -> list[str]:
        return [f"<div>{code_html(self.note)}</div>"] if self.note else []

    def show(self) -> Self:
        """Display the report now: HTML inside IPython, plain text otherwise."""
        try:
            from IPython import get_ipython
            from IPython.display import HTML, display
        except ImportError:  # pragma: no cover - IPython ships with every Jupyter install
            print(self.text())
            return self
        if get_ipython() is None:
            print(self.text())
        else:
            display(HTML(self._repr_html_()))
        return self


class CheckResult(Report):
    """What a check found. ``passed`` is True only when every case passed.

    ``failures`` lists the failing :class:`CaseResult` rows; ``not_started`` is True while
    the learner's stub still raises ``NotImplementedError``. In Jupyter it displays as an
    HTML report (hints folded in ``<details>``); ``repr``/``str`` give the plain-text report.
    """

    def __init__(self, title: str, name: str, results: Sequence[CaseResult], status: str,
                 note: str = "") -> None:
        self.title = title
        self.name = name
        self.results = list(results)
        self.status = status
        self.note = note

    @property
    def passed(self) -> bool:
        """True only when every case passed."""
        return self.status == PASSED

    @property
    def not_started(self) -> bool:
        """True while the learner's stub still raises NotImplementedError."""
        return self.status == NOT_STARTED

    @property
    def failures(self) -> list[CaseResult]:
        """The failing cases, in order."""
        return [r for r in self.results if not r.ok]

    @property
    def rule_ids(self) -> list[str]:
        """Rule ids of the failing cases, each once, in order."""
        return list(dict.fromkeys(r.rule for r in self.failures))

    def __bool__(self) -> bool:
        return self.passed

    @property
    def headline(self) -> str:
        """The first line of the report: the verdict and how many cases pass."""
        n, ok = len(self.results), sum(r.ok for r in self.results)
        if self.status == NOT_STARTED:
            return f"○ {self.title}: not started yet"
        if self.status == NOT_CALLABLE:
            return f"✗ {self.title}: nothing to check"
        if self.passed:
            return f"✓ {self.title}: all {n} cases pass"
        return f"✗ {self.title}: {ok} of {n} cases pass"

    def text(self) -> str:
        """The report as plain text."""
        lines = [self.headline, *self._note_lines()]
        if self.status in (PASSED, FAILED):
            for r in self.results:
                if r.ok:
                    lines.append(f"  ✓ {r.label}")
                else:
                    lines.append(f"  ✗ {r.label}: {r.message}")
                    where = "" if r.rule in r.hint else f" ({r.rule})"
                    lines.append(f"      hint{where}: {r.hint}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        colour = {PASSED: "#2e7d32", NOT_STARTED: "#f9a825"}.get(self.status, "#c62828")
        e = html.escape
        parts = [
            f'<div class="uno-check uno-check-{self.status.replace(" ", "-")}" '
            f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">',
            f"<b>{e(self.headline)}</b>",
            *self._note_html(),
        ]
        if self.status in (PASSED, FAILED):
            rows = []
            for r in self.results:
                mark = '<span style="color:#2e7d32">✓</span>' if r.ok else '<span style="color:#c62828">✗</span>'
                cell = f"{e(r.label)}"
                if not r.ok:
                    cell += (f"<br><code>{e(r.message)}</code>"
                             f"<details><summary>Hint ({e(r.rule)})</summary>{code_html(r.hint)}</details>")
                rows.append(f'<tr><td style="padding:1px 6px;vertical-align:top">{mark}</td>'
                            f'<td style="text-align:left;padding:1px 6px">{cell}</td></tr>')
            table = '<table style="border-collapse:collapse;margin-top:4px">' + "".join(rows) + "</table>"
            if self.passed:  # nothing to read: the cases fold away
                table = f"<details><summary>the cases</summary>{table}</details>"
            parts.append(table)
        parts.append("</div>")
        return "".join(parts)


def stub_name(exc: BaseException, default: str = "your function") -> str:
    """The function whose body raised NotImplementedError (the stub), from the traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    name = frames[-1].name if frames else ""
    return default if not name or name.startswith("<") else name


def run_cases(func: Any, cases: Sequence[Case], title: str, *, name: str = "",
              normalize: Callable[[Any], Any] | None = None) -> CheckResult:
    """Run ``func`` on every case and collect a :class:`CheckResult`."""
    name = name or getattr(func, "__name__", "") or title
    if not callable(func):
        return CheckResult(title, name, [], NOT_CALLABLE,
                           f"Pass your function itself, as in check_{title}({title}); got {show_value(func)}.")
    results = []
    for case in cases:
        try:
            got = func(*fresh(case.args), **fresh(case.kwargs))
        except NotImplementedError as exc:
            # a stub means the exercise is unwritten: a table of red crosses would only discourage
            stub = stub_name(exc, name)
            return CheckResult(title, name, [], NOT_STARTED,
                               f"`{stub}` still raises NotImplementedError. Replace "
                               "`raise NotImplementedError()` with your code, run that cell, "
                               "then run this check again.")
        except Problem as exc:
            results.append(CaseResult(case, False, problem=str(exc)))
            continue
        except Exception as exc:  # the learner's bug: report it as a failing case
            results.append(CaseResult(case, False, error=f"{type(exc).__name__}: {exc}"))
            continue
        if normalize is not None:
            try:
                got = normalize(got)
            except Exception:  # keep what the function returned; the comparison fails
                pass
        ok = same(got, case.expected)
        results.append(CaseResult(case, ok, show_value(got)))
    status = PASSED if all(r.ok for r in results) else FAILED
    note = ""
    if any(not r.ok and r.error is None and r.got == "None" for r in results):
        note = "Your function returned None somewhere: did you forget a `return`?"
    return CheckResult(title, name, results, status, note)
