"""Graded interpretation items: a prediction or a reading of a result, not a function.

The learner writes one answer in a variable (``my_answer = "A"``, ``games = 900``), and the
check cell under it runs ``check("my_answer")``. Two kinds: :class:`Choice` (multiple choice
by letter) and :class:`Number` (a number).

The answer key is not here. Everything in this package is in the learner's environment, so a
right letter or a right number kept here would be a solution a learner can read (and with only
the wrong options given reasons, the right one would be the option left over). So:

- ``check("my_answer")`` (the visible check, in the learner's notebook) only **records** the
  answer: it says whether it is an answer at all (one of the letters; a number) and gives the
  learner the question to think about for the option they picked. Every option has one, the
  right one too, phrased alike, so the text says nothing about which is right. The cell after
  it (predict, then check) runs the experiment that shows what happens;
- the **grade** is in the teacher's solution, in the check cell's hidden tests, which nbgrader
  keeps out of the learner's copy and puts back when it grades:
  ``grade("my_answer", "B")`` or ``grade("games", 919, tolerance=90)``
  (:func:`~uno_lessons.checks.step.grade`). A wrong answer gets 0 points and, in the feedback,
  the same question to think about.
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

#: The status of an answer recorded by the visible check (it passes: nothing is graded yet).
RECORDED = PASSED


class AnswerResult(CheckResult):
    """An answer's report: one row, the learner's answer. ``graded``: the hidden test's
    report (right, or not right); else the visible check's (recorded, or not an answer)."""

    graded = False

    @property
    def headline(self) -> str:
        """The first line."""
        if self.status == PASSED:
            if self.graded:
                return _("✓ {step}: right", step=self.title)
            return _("✓ {step}: your answer is recorded", step=self.title)
        if self.status == FAILED:
            return _("✗ {step}: not yet right", step=self.title) if self.graded else \
                _("✗ {step}: not an answer yet", step=self.title)
        return super().headline


def _result(name: str, case: Case, ok: bool, got: Any, problem: str | None = None, *,
            graded: bool = False, think: str = "") -> AnswerResult:
    row = CaseResult(case, ok, show_value(got), problem=problem)
    notes = [_("Before you run the next cell, think about this: {question}", question=think)] if think else []
    result = AnswerResult(name, name, [row], PASSED if ok else FAILED, notes)
    result.graded = graded
    return result


def _label(value: Any) -> str:
    return _("your answer {value}", value=show_value(value))


@dataclass(frozen=True)
class Choice:
    """A multiple-choice item: the learner's ``name`` holds one of ``options`` (letters).
    ``think`` gives, for **every** option, the question to think about when it is picked
    (phrased alike for the right option and the wrong ones); ``topic`` is what they cite (a
    rule id or a key of :data:`~uno_lessons.checks.core.NOT_A_RULE`). The right letter is
    not here: it is in the solution's hidden test (:func:`~uno_lessons.checks.step.grade`)."""

    name: str
    options: tuple[str, ...]
    think: dict[str, str]
    topic: str

    def __post_init__(self) -> None:
        if set(self.think) != set(self.options):
            raise ValueError(f"{self.name}: one question to think about for every option, the right one too "
                             "(the right letter goes into the solution's hidden test: grade(name, letter))")

    def _picked(self, value: Any) -> tuple[str | None, AnswerResult | None]:
        letters = ", ".join(f'"{o}"' for o in self.options)
        picked = value.strip().upper() if isinstance(value, str) else None
        if picked in self.options:
            return picked, None
        hint = _("Answer with one letter in quotes: {letters}.", letters=letters)
        return None, _result(self.name, Case((value,), None, _label(value), self.topic, hint), False, value,
                             _("not one of the options {letters}", letters=letters))

    def check(self, value: Any) -> CheckResult:
        """Record the learner's answer ``value``: an option, with its question to think about."""
        picked, refused = self._picked(value)
        if refused is not None:
            return refused
        case = Case((value,), None, _label(value), self.topic, "")
        return _result(self.name, case, True, value, think=_(self.think[str(picked)]))

    def grade(self, value: Any, answer: str) -> CheckResult:
        """Grade ``value`` against ``answer`` (the solution's hidden test gives it)."""
        if answer not in self.options:
            raise ValueError(f"{self.name}: {answer!r} is not one of the options {self.options}")
        picked, refused = self._picked(value)
        if refused is not None:
            refused.graded = True
            return refused
        if picked == answer:
            return _result(self.name, Case((value,), None, _label(value), self.topic, ""), True, value, graded=True)
        case = Case((value,), None, _label(value), self.topic, _(self.think[str(picked)]))
        return _result(self.name, case, False, value, _("not this option"), graded=True)


@dataclass(frozen=True)
class Number:
    """A number item: the learner's ``name`` holds a number. ``slips`` are typical wrong
    answers ``(value, near, question)``, each with a question to think about; ``hint`` is the
    question for any other answer; ``topic`` is what they cite. The right number and its
    tolerance are in the solution's hidden test (:func:`~uno_lessons.checks.step.grade`)."""

    name: str
    hint: str
    topic: str
    slips: tuple[tuple[float, float, str], ...] = field(default=())

    def _number(self, value: Any) -> tuple[float | None, AnswerResult | None]:
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(float(value)):
            case = Case((value,), None, _label(value), self.topic,
                        _("Write the number itself, such as 12 or 0.5, without quotes."))
            return None, _result(self.name, case, False, value, _("not a number"))
        return float(value), None

    def _question(self, x: float) -> str:
        return next((_(text) for slip, near, text in self.slips if abs(x - slip) <= near), _(self.hint))

    def check(self, value: Any) -> CheckResult:
        """Record the learner's answer ``value`` (a number), with a question to think about."""
        x, refused = self._number(value)
        if refused is not None:
            return refused
        question = self._question(float(x))  # type: ignore[arg-type]
        case = Case((value,), None, _label(value), self.topic, "")
        return _result(self.name, case, True, value, think=question)

    def grade(self, value: Any, answer: float, tolerance: float) -> CheckResult:
        """Grade ``value``: right within ``tolerance`` of ``answer`` (the hidden test gives both)."""
        x, refused = self._number(value)
        if refused is not None:
            refused.graded = True
            return refused
        if abs(float(x) - answer) <= tolerance:  # type: ignore[arg-type]
            return _result(self.name, Case((value,), None, _label(value), self.topic, ""), True, value, graded=True)
        case = Case((value,), None, _label(value), self.topic, self._question(float(x)))  # type: ignore[arg-type]
        return _result(self.name, case, False, value, _("not close enough"), graded=True)
