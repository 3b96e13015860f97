"""The case runner and its report: :func:`run_cases` turns a table of cases into a :class:`CheckResult`.

A failing case shows what the function returned and a folded hint that quotes the rule from
the package's rule book (:mod:`uno_lessons.engine.rulebook`), never the expected answer. A
stub that still raises ``NotImplementedError`` gets a friendly "not started yet" message. An
exception the learner's code raises is reported with the line it stopped on; a likely slip
(``card.colour``, a missing import) and an error every case hits alike are said once, in one
sentence, instead of as a table of identical rows. In Jupyter a report shows itself as HTML
(``_repr_html_``); anywhere else its ``repr`` is the same report as plain text.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from ..engine.rulebook import HOUSE_RULES, RULES
from ..i18n import N_, _, ngettext
from .reference import standing_in
from .slips import Stop, stop_of
from .values import fresh, same, show_value

#: What a hint is about when it explains no rule of the game: ``Case.rule`` holds one of these
#: keys instead of a rule id, and the hint says so ("hint (statistics, not a rule): …").
NOT_A_RULE = {"strategy": N_("strategy, not a rule"), "statistics": N_("statistics, not a rule"),
              "maths": N_("maths, not a rule"), "python": N_("Python, not a rule")}

#: What a check found; also the CSS class suffix of its HTML report.
PASSED, FAILED, NOT_STARTED, NOT_CALLABLE, NOT_RUN = "passed", "failed", "not started", "not callable", "not run"


class Problem(Exception):
    """Raised inside a check (not by the learner's code) to report a failing case in words."""


@dataclass(frozen=True)
class Case:
    """One row of a check: the arguments, the expected value, and what to say on failure.

    ``label`` describes the situation in words (shown to the learner); ``rule`` is the rule
    id the hint points at, or a key of :data:`NOT_A_RULE` when the hint explains no rule
    (statistics, strategy, maths); ``hint`` nudges towards it without giving the answer.
    """

    args: tuple
    expected: Any
    label: str
    rule: str
    hint: str
    kwargs: dict = field(default_factory=dict)


def hint_source(rule: str) -> str:
    """What a hint cites: its rule id, or, for a hint about no rule, what it is about instead
    (:data:`NOT_A_RULE`: "strategy, not a rule")."""
    topic = NOT_A_RULE.get(rule)
    return _(topic) if topic is not None else rule


def rule_quote(rule_id: str) -> str:
    """The rule itself, quoted from the package's rule book, for a hint."""
    found = RULES.get(rule_id) or HOUSE_RULES.get(rule_id)  # H-…: exercise 11's house rules
    if found is None:
        return ""
    return _("Rule {rule} says: “{text}.”", rule=rule_id, text=_(found.summary))


@dataclass(frozen=True)
class CaseResult:
    """The outcome of one case: ``ok``, what the function returned (as text) or where it stopped."""

    case: Case
    ok: bool
    got: str = ""
    stop: Stop | None = None
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
    def error(self) -> str | None:
        """The exception the learner's code raised (``"KeyError: 'x'"``), or None."""
        return self.stop.error if self.stop else None

    @property
    def message(self) -> str:
        """What went wrong, in one line (empty for a passing case)."""
        if self.ok:
            return ""
        if self.problem is not None:
            return self.problem
        if self.stop is not None:
            if self.stop.line is None:
                return _("raised {error}", error=self.stop.error)
            return _("raised {error} at line {line}", error=self.stop.error, line=self.stop.line)
        return _("returned {value}", value=self.got)


def code_html(text: str) -> str:
    """Escaped text with `backticks` shown as code."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


class Report:
    """A report that reads the same as plain text (``repr``/``str``) and as HTML in Jupyter.

    Subclasses give ``headline``, ``text()`` and ``_repr_html_()``; ``notes`` are optional
    lines under the headline.
    """

    notes: tuple[str, ...] = ()

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
        return ["  " + note for note in self.notes]

    def _note_html(self) -> list[str]:
        return [f"<div>{code_html(note)}</div>" for note in self.notes]

    def show(self) -> Self:
        """Display the report now: as rich output (HTML, with this text as its plain form)
        inside IPython, printed otherwise."""
        try:
            from IPython import get_ipython
            from IPython.display import display
        except ImportError:  # pragma: no cover - IPython ships with every Jupyter install
            print(self.text())
            return self
        if get_ipython() is None:
            print(self.text())
        else:
            display(self)
        return self


class CheckResult(Report):
    """What a check found. ``passed`` is True only when every case passed.

    ``failures`` lists the failing :class:`CaseResult` rows; ``not_started`` is True while
    the learner's stub still raises ``NotImplementedError``. ``stop`` is set when one error
    (a slip, or the same error in every failing case) says it all: the report then gives
    that one line instead of a table. In Jupyter it displays as an HTML report (hints folded
    in ``<details>``); ``repr``/``str`` give the plain-text report.
    """

    def __init__(self, title: str, name: str, results: Sequence[CaseResult], status: str,
                 notes: Sequence[str] = ()) -> None:
        self.title = title
        self.name = name
        self.results = list(results)
        self.status = status
        self.notes = tuple(n for n in notes if n)
        self.stop = _one_stop(self.results) if status == FAILED else None

    @property
    def note(self) -> str:
        """All notes as one paragraph (empty when there are none)."""
        return " ".join(self.notes)

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
        """What the failing cases' hints cite, each once, in order: rule ids, or a key of
        :data:`NOT_A_RULE` for a hint about no rule."""
        return list(dict.fromkeys(r.rule for r in self.failures))

    def __bool__(self) -> bool:
        return self.passed

    @property
    def headline(self) -> str:
        """The first line of the report: the verdict and how many cases pass."""
        n, ok = len(self.results), sum(r.ok for r in self.results)
        if self.status == NOT_STARTED:
            return _("○ {step}: not started yet", step=self.title)
        if self.status == NOT_CALLABLE:
            return _("✗ {step}: nothing to check", step=self.title)
        if self.status == NOT_RUN:
            return _("✗ {step}: its cell did not run", step=self.title)
        if self.passed:
            return ngettext("✓ {step}: the {n} case passes", "✓ {step}: all {n} cases pass", n, step=self.title)
        if self.stop is not None:
            stopped = sum(r.stop is not None and r.stop.key == self.stop.key for r in self.results)
            return ngettext("✗ {step}: {n} case stops with an error", "✗ {step}: {n} cases stop with the same error",
                            stopped, step=self.title)
        return ngettext("✗ {step}: {ok} of {n} case passes", "✗ {step}: {ok} of {n} cases pass", n,
                        step=self.title, ok=ok)

    def stop_lines(self) -> list[str]:
        """The one error that says it all, as lines: where it stopped, then what to do."""
        if self.stop is None:
            return []
        lines = []
        if self.stop.line is not None and self.stop.code:
            lines.append(_("Your code stopped at line {line}: `{code}`", line=self.stop.line, code=self.stop.code))
        elif self.stop.line is not None:
            lines.append(_("Your code stopped at line {line}.", line=self.stop.line))
        lines.append(self.stop.slip or self.stop.error)
        return lines

    def summary(self) -> str:
        """The headline and what to do next, without the table: for a short error message."""
        return "\n".join([self.headline, *self._note_lines(), *("  " + s for s in self.stop_lines())])

    @property
    def has_table(self) -> bool:
        """True when the report lists its cases (it does unless one line says it all)."""
        return self.stop is None and self.status in (PASSED, FAILED)

    def case_lines(self) -> list[str]:
        """The table of cases as plain-text lines (empty when the report has none)."""
        if not self.has_table:
            return []
        lines = []
        for r in self.results:
            if r.ok:
                lines.append(f"  ✓ {r.label}")
                continue
            lines.append(f"  ✗ {r.label}: {r.message}")
            lines.append("      " + _("hint ({rule}): {hint}", rule=hint_source(r.rule), hint=r.hint))
            quote = rule_quote(r.rule)
            if quote:
                lines.append("      " + quote)
        return lines

    def text(self) -> str:
        """The report as plain text."""
        return "\n".join([*self.summary().split("\n"), *self.case_lines()])

    def _repr_html_(self, with_summary: bool = True) -> str:
        colour = {PASSED: "#2e7d32", NOT_STARTED: "#f9a825"}.get(self.status, "#c62828")
        e = html.escape
        parts = [
            f'<div class="uno-check uno-check-{self.status.replace(" ", "-")}" '
            f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">',
        ]
        if with_summary:
            parts += [f"<b>{e(self.headline)}</b>", *self._note_html(),
                      *(f"<div>{code_html(line)}</div>" for line in self.stop_lines())]
        if self.has_table:
            parts.append(self._table_html())
        parts.append("</div>")
        return "".join(parts)

    def cases(self) -> CaseTable | None:
        """The table of cases alone, without the summary (None when there is no table): what
        a failing check shows above its short error, which says the summary once."""
        return CaseTable(self) if self.has_table else None

    def _table_html(self) -> str:
        e = html.escape
        rows = []
        for r in self.results:
            mark = ('<span style="color:#2e7d32">✓</span>' if r.ok
                    else '<span style="color:#c62828">✗</span>')
            cell = e(r.label)
            if not r.ok:
                quote = rule_quote(r.rule)
                hint = code_html(r.hint) + (f"<br><i>{e(quote)}</i>" if quote else "")
                summary = _("Hint ({rule})", rule=hint_source(r.rule))
                cell += (f"<br><code>{e(r.message)}</code>"
                         f"<details><summary>{e(summary)}</summary>{hint}</details>")
            rows.append(f'<tr><td style="padding:1px 6px;vertical-align:top">{mark}</td>'
                        f'<td style="text-align:left;padding:1px 6px">{cell}</td></tr>')
        table = '<table style="border-collapse:collapse;margin-top:4px">' + "".join(rows) + "</table>"
        if self.passed:  # nothing to read: the cases fold away
            summary = _("the cases")
            table = f"<details><summary>{e(summary)}</summary>{table}</details>"
        return table


class CaseTable(Report):
    """A check's table of cases without its headline, notes or stop lines (see
    :meth:`CheckResult.cases`)."""

    def __init__(self, result: CheckResult) -> None:
        self.result = result

    def text(self) -> str:
        """The cases as plain text."""
        return "\n".join(self.result.case_lines())

    def _repr_html_(self) -> str:
        return self.result._repr_html_(with_summary=False)


def _one_stop(results: Sequence[CaseResult]) -> Stop | None:
    """The error to report once instead of a table: the first slip, or the error every
    failing case stopped with (when at least two did)."""
    failures = [r for r in results if not r.ok]
    stops = [r.stop for r in failures if r.stop is not None]
    slip = next((s for s in stops if s.slip), None)
    if slip is not None:
        return slip
    if len(stops) >= 2 and len(stops) == len(failures) and len({s.key for s in stops}) == 1:
        return stops[0]
    return None


def stub_name(exc: BaseException, default: str = "your function") -> str:
    """The function whose body raised NotImplementedError (the stub), from the traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    name = frames[-1].name if frames else ""
    return default if not name or name.startswith("<") else name


def not_started_note(stub: str) -> str:
    """What to do about a stub that still raises NotImplementedError."""
    return _("`{stub}` still raises NotImplementedError. Replace `raise NotImplementedError()` with your "
             "code, run that cell, then run this check again.", stub=stub)


def standing_in_note(names: Sequence[str]) -> str:
    """Say which of the learner's functions the package's own stand in for during a check."""
    if not names:
        return ""
    shown = ", ".join(f"`{n}`" for n in names)
    return ngettext("This check uses the package's own {names} in place of yours, so a slip there "
                    "counts only in its own step.",
                    "This check uses the package's own {names} in place of yours, so a slip there "
                    "counts only in their own steps.", len(names), names=shown)


def run_cases(func: Any, cases: Sequence[Case], title: str, *, name: str = "",
              normalize: Callable[[Any], Any] | None = None, uses: Sequence[str] = ()) -> CheckResult:
    """Run ``func`` on every case and collect a :class:`CheckResult`.

    ``uses`` names the learner's other functions ``func`` may call; the package's reference
    versions stand in for them while the cases run (see :mod:`.reference`).
    """
    name = name or getattr(func, "__name__", "") or title
    if not callable(func):
        return CheckResult(title, name, [], NOT_CALLABLE, [
            _("Pass your function itself, as in check_{step}({step}); got {value}.",
              step=title, value=show_value(func))])
    results = []
    with standing_in(func, uses):
        for case in cases:
            try:
                got = func(*fresh(case.args), **fresh(case.kwargs))
            except NotImplementedError as exc:
                # a stub means the exercise is unwritten: a table of red crosses would only discourage
                return CheckResult(title, name, [], NOT_STARTED, [not_started_note(stub_name(exc, name))])
            except Problem as exc:
                results.append(CaseResult(case, False, problem=str(exc)))
                continue
            except Exception as exc:  # the learner's bug: report it as a failing case
                results.append(CaseResult(case, False, stop=stop_of(exc, func)))
                continue
            if normalize is not None:
                try:
                    got = normalize(got)
                except Exception:  # keep what the function returned; the comparison fails
                    pass
            results.append(CaseResult(case, same(got, case.expected), show_value(got)))
    status = PASSED if all(r.ok for r in results) else FAILED
    notes = [standing_in_note(uses)]
    if any(not r.ok and r.stop is None and r.got == "None" for r in results):
        notes.append(_("Your function returned None somewhere: did you forget a `return`?"))
    return CheckResult(title, name, results, status, notes)
