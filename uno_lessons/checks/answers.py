"""Graded interpretation items: a prediction or a reading of a result, not a function.

The learner writes one answer in a variable (``my_answer = "A"``, ``games = 900``),
and the check cell under it, ``check("my_answer")``, grades it like any step (one point,
nbgrader's Validate and feedback as for a function). Two kinds:

- :class:`Choice`: multiple choice by letter. A wrong letter gets the reason *that* option is
  wrong (never which one is right), so the learner can think again;
- :class:`Number`: a number within a tolerance of the answer. A number near a typical slip
  (the error's square root forgotten, the ratio upside down) gets the reason for that slip;
  any other wrong number a general hint.

The question and its options are in the notebook (the learner reads them there, in their
language); the reasons live here, so the answer is not in the cell a learner reads.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from numbers import Real
from typing import Any

from ..i18n import _
from .core import FAILED, PASSED, Case, CaseResult, CheckResult
from .values import show_value

__all__ = ["AnswerResult", "Choice", "Number"]


class AnswerResult(CheckResult):
    """A graded answer's report: one row, the learner's answer, and a headline that says right
    or not yet right (no count of cases: there is one answer)."""

    @property
    def headline(self) -> str:
        """The first line: right, or not yet."""
        if self.status == PASSED:
            return _("✓ {step}: right", step=self.title)
        if self.status == FAILED:
            return _("✗ {step}: not yet right", step=self.title)
        return super().headline


def _result(name: str, case: Case, ok: bool, got: Any, problem: str | None = None) -> AnswerResult:
    row = CaseResult(case, ok, show_value(got), problem=problem)
    return AnswerResult(name, name, [row], PASSED if ok else FAILED)


def _label(value: Any) -> str:
    return _("your answer {value}", value=show_value(value))


@dataclass(frozen=True)
class Choice:
    """A multiple-choice item: the learner's ``name`` holds one of ``options`` (letters);
    ``why`` gives, for every wrong option, why it is wrong; ``topic`` is what the reasons
    cite (a rule id or a key of :data:`~uno_lessons.checks.core.NOT_A_RULE`)."""

    name: str
    options: tuple[str, ...]
    answer: str
    why: dict[str, str]
    topic: str

    def __post_init__(self) -> None:
        if self.answer not in self.options or set(self.why) != set(self.options) - {self.answer}:
            raise ValueError(f"{self.name}: one reason for each wrong option, and the answer among the options")

    def check(self, value: Any) -> CheckResult:
        """Grade the learner's answer ``value``."""
        letters = ", ".join(f'"{o}"' for o in self.options)
        picked = value.strip().upper() if isinstance(value, str) else None
        label = _label(value)
        if picked not in self.options:
            hint = _("Answer with one letter in quotes: {letters}.", letters=letters)
            return _result(self.name, Case((value,), self.answer, label, self.topic, hint), False, value,
                           _("not one of the options {letters}", letters=letters))
        if picked == self.answer:
            return _result(self.name, Case((value,), self.answer, label, self.topic, ""), True, value)
        case = Case((value,), self.answer, label, self.topic, _(self.why[picked]))
        return _result(self.name, case, False, value, _("not this option"))


@dataclass(frozen=True)
class Number:
    """A number item: the learner's ``name`` holds a number within ``tolerance`` of ``answer``.
    ``slips`` are typical wrong answers ``(value, tolerance, why)``; ``hint`` is for any other
    wrong number; ``topic`` is what the hints cite."""

    name: str
    answer: float
    tolerance: float
    hint: str
    topic: str
    slips: tuple[tuple[float, float, str], ...] = field(default=())

    def check(self, value: Any) -> CheckResult:
        """Grade the learner's answer ``value``."""
        label = _label(value)
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(float(value)):
            case = Case((value,), self.answer, label, self.topic, _("Write the number itself, such as 12 or 0.5, "
                                                                   "without quotes."))
            return _result(self.name, case, False, value, _("not a number"))
        x = float(value)
        if abs(x - self.answer) <= self.tolerance:
            return _result(self.name, Case((value,), self.answer, label, self.topic, ""), True, value)
        why = next((_(text) for slip, near, text in self.slips if abs(x - slip) <= near), _(self.hint))
        case = Case((value,), self.answer, label, self.topic, why)
        return _result(self.name, case, False, value, _("not close enough"))
