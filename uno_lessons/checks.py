"""Instant feedback for the exercise notebooks: ``check_xxx(func)`` runs a table of cases.

Every check runs the learner's function on a fixed table of cases and returns a
:class:`CheckResult`. In Jupyter the result shows itself as an HTML table (its
``_repr_html_``); anywhere else its ``repr`` is the same report as plain text, and
``result.show()`` displays it explicitly (``IPython.display.HTML`` inside IPython, ``print``
otherwise). A failing case shows what the function returned and a folded hint that names
the rule id (see RULES.md), never the expected answer. A stub that still raises
``NotImplementedError`` gets a friendly "not started yet" message; any other exception is
caught and reported as a failing case with its message. Output is deterministic (fixed
cases, seeded games) so stored notebook outputs stay stable under nbval.

This module does not import ipywidgets: plain HTML works in every front end, Voilà and
nbconvert included.
"""

from __future__ import annotations

import html
import math
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .cards import Card, Color
from .rules import Rules

__all__ = [
    "Case", "CaseResult", "CheckResult", "TournamentResult", "CHECKS", "run_cases", "tournament",
    "check_cards_in_deck", "check_deck_size", "check_first_card_is_returned", "check_first_player",
    "check_can_play", "check_playable_cards", "check_match_reason",
    "check_next_seat_after", "check_direction_after", "check_seat_after_sequence",
    "check_wild_draw_four_is_legal", "check_challenge_outcome", "check_next_to_move",
    "check_uno_counts", "check_catch_penalty", "check_talk_penalty", "check_silenced_after",
    "check_card_points", "check_hand_score", "check_match_winner",
    "check_best_color", "check_bot", "check_summarize",
]

ENCANTO = Rules.encanto()
CLASSIC = Rules.classic()


class Problem(Exception):
    """Raised inside a check (not by the learner's code) to report a failing case in words."""


# ---------------------------------------------------------------------------- results
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
        return self.case.label

    @property
    def rule(self) -> str:
        return self.case.rule

    @property
    def hint(self) -> str:
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


_PASSED, _FAILED, _NOT_STARTED, _NOT_CALLABLE = "passed", "failed", "not started", "not callable"


class CheckResult:
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
        return self.status == _PASSED

    @property
    def not_started(self) -> bool:
        return self.status == _NOT_STARTED

    @property
    def failures(self) -> list[CaseResult]:
        return [r for r in self.results if not r.ok]

    @property
    def rule_ids(self) -> list[str]:
        """Rule ids of the failing cases, each once, in order."""
        return list(dict.fromkeys(r.rule for r in self.failures))

    def __bool__(self) -> bool:
        return self.passed

    @property
    def headline(self) -> str:
        n, ok = len(self.results), sum(r.ok for r in self.results)
        if self.status == _NOT_STARTED:
            return f"○ {self.title}: not started yet"
        if self.status == _NOT_CALLABLE:
            return f"✗ {self.title}: nothing to check"
        if self.passed:
            return f"✓ {self.title}: all {n} cases pass"
        return f"✗ {self.title}: {ok} of {n} cases pass"

    def text(self) -> str:
        """The report as plain text."""
        lines = [self.headline]
        if self.note:
            lines.append("  " + self.note)
        if self.status in (_PASSED, _FAILED):
            for r in self.results:
                if r.ok:
                    lines.append(f"  ✓ {r.label}")
                else:
                    lines.append(f"  ✗ {r.label}: {r.message}")
                    where = "" if r.rule in r.hint else f" ({r.rule})"
                    lines.append(f"      hint{where}: {r.hint}")
        return "\n".join(lines)

    __str__ = text

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        colour = {_PASSED: "#2e7d32", _NOT_STARTED: "#f9a825"}.get(self.status, "#c62828")
        e = html.escape
        parts = [
            f'<div class="uno-check uno-check-{self.status.replace(" ", "-")}" '
            f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0">',
            f"<b>{e(self.headline)}</b>",
        ]
        if self.note:
            parts.append(f"<div>{_code_html(self.note)}</div>")
        if self.status in (_PASSED, _FAILED):
            rows = []
            for r in self.results:
                mark = '<span style="color:#2e7d32">✓</span>' if r.ok else '<span style="color:#c62828">✗</span>'
                cell = f"{e(r.label)}"
                if not r.ok:
                    cell += (f"<br><code>{e(r.message)}</code>"
                             f"<details><summary>Hint ({e(r.rule)})</summary>{_code_html(r.hint)}</details>")
                rows.append(f'<tr><td style="padding:1px 6px;vertical-align:top">{mark}</td>'
                            f'<td style="text-align:left;padding:1px 6px">{cell}</td></tr>')
            table = '<table style="border-collapse:collapse;margin-top:4px">' + "".join(rows) + "</table>"
            if self.passed:  # nothing to read: the cases fold away
                table = f"<details><summary>the cases</summary>{table}</details>"
            parts.append(table)
        parts.append("</div>")
        return "".join(parts)

    def show(self) -> CheckResult:
        """Display the report now: HTML inside IPython, plain text otherwise."""
        _show(self)
        return self


def _show(obj: Any) -> None:
    try:
        from IPython import get_ipython
        from IPython.display import HTML, display
    except ImportError:  # pragma: no cover - IPython ships with every Jupyter install
        print(obj.text())
        return
    if get_ipython() is None:
        print(obj.text())
    else:
        display(HTML(obj._repr_html_()))


# ---------------------------------------------------------------------------- running
def _fresh(value: Any) -> Any:
    """A copy of list/tuple/dict arguments, so a learner's function cannot change a case."""
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_fresh(v) for v in value)
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    return value


def _norm(value: Any) -> Any:
    """Cards become codes and colours letters, so lists of cards compare with lists of codes."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Color):
        return value.value
    if isinstance(value, (list, tuple)):
        return tuple(_norm(v) for v in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


def _same(got: Any, expected: Any) -> bool:
    got, expected = _norm(got), _norm(expected)
    if isinstance(expected, bool) or expected is None:
        return got is expected or (isinstance(got, (bool, np.bool_)) and bool(got) is expected)
    if isinstance(expected, float):
        return (isinstance(got, (int, float)) and not isinstance(got, bool)
                and math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9))
    if isinstance(expected, int):
        return isinstance(got, int) and not isinstance(got, bool) and got == expected
    if isinstance(expected, tuple):
        return (isinstance(got, tuple) and len(got) == len(expected)
                and all(_same(g, x) for g, x in zip(got, expected)))
    return got == expected


def _show_value(value: Any) -> str:
    value = _norm(value)
    if isinstance(value, tuple):
        inner = ", ".join(_show_value(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, float):
        return f"{value:.4g}"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _stub_name(exc: BaseException, default: str = "your function") -> str:
    """The function whose body raised NotImplementedError (the stub), from the traceback."""
    frames = traceback.extract_tb(exc.__traceback__)
    name = frames[-1].name if frames else ""
    return default if not name or name.startswith("<") else name


def _code_html(text: str) -> str:
    """Escaped text with `backticks` shown as code."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


def run_cases(func: Any, cases: Sequence[Case], title: str, *, name: str = "",
              normalize: Callable[[Any], Any] | None = None) -> CheckResult:
    """Run ``func`` on every case and collect a :class:`CheckResult`."""
    name = name or getattr(func, "__name__", "") or title
    if not callable(func):
        return CheckResult(title, name, [], _NOT_CALLABLE,
                           f"Pass your function itself, as in check_{title}({title}); got {_show_value(func)}.")
    results = []
    for case in cases:
        try:
            got = func(*_fresh(case.args), **_fresh(case.kwargs))
        except NotImplementedError as exc:
            stub = _stub_name(exc, name)
            return CheckResult(title, name, [], _NOT_STARTED,
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
        ok = _same(got, case.expected)
        results.append(CaseResult(case, ok, _show_value(got)))
    status = _PASSED if all(r.ok for r in results) else _FAILED
    note = ""
    if any(not r.ok and r.error is None and r.got == "None" for r in results):
        note = "Your function returned None somewhere: did you forget a `return`?"
    return CheckResult(title, name, results, status, note)


# ---------------------------------------------------------------------------- helpers
def _c(code: str) -> Card:
    return Card.parse(code)


def _cs(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def _col(letter: str) -> Color:
    return Color.parse(letter)


def _rules_name(rules: Rules) -> str:
    return "Encanto" if rules.name == "encanto" else "classic"


def _hand_text(codes: str) -> str:
    return "[" + ", ".join(codes.split()) + "]"


# ============================================================================ 01 setup
def check_cards_in_deck(func: Callable[[str, Rules], int]) -> CheckResult:
    """``cards_in_deck(code, rules)``: how many copies of a card the deck holds (E-DECK)."""
    rows = [
        ("G3", ENCANTO, 2, "E-DECK", "E-DECK lists how many copies of each number 1–9 a colour has."),
        ("Y9", CLASSIC, 2, "E-DECK", "E-DECK lists how many copies of each number 1–9 a colour has."),
        ("R0", ENCANTO, 1, "E-DECK", "Read E-DECK again: the 0 is not counted like 1–9."),
        ("B0", CLASSIC, 1, "E-DECK", "Read E-DECK again: the 0 is not counted like 1–9."),
        ("BS", ENCANTO, 2, "E-DECK", "E-DECK: how many Skip, Reverse and Draw Two cards per colour?"),
        ("GR", CLASSIC, 2, "E-DECK", "E-DECK: how many Skip, Reverse and Draw Two cards per colour?"),
        ("R+2", ENCANTO, 2, "E-DECK", "E-DECK: how many Skip, Reverse and Draw Two cards per colour?"),
        ("W", ENCANTO, 4, "E-DECK", "E-DECK: wild cards have no colour; count them in the whole deck."),
        ("W+4", CLASSIC, 4, "E-DECK", "E-DECK: wild cards have no colour; count them in the whole deck."),
        ("WDT", ENCANTO, 4, "E-DECK", "E-DECK: wild cards have no colour; count them in the whole deck."),
        ("WDT", CLASSIC, 0, "E-DECK",
         "Compare E-DECK with the 'Two rule sets' table: does every deck have Wild Don't Talk? "
         "Look at rules.wild_dont_talk."),
    ]
    cases = [Case((code, rules), n, f"{code} in the {_rules_name(rules)} deck", rule, hint)
             for code, rules, n, rule, hint in rows]
    return run_cases(func, cases, "cards_in_deck")


def check_deck_size(func: Callable[[Rules], int]) -> CheckResult:
    """``deck_size(rules)``: the number of cards in the deck (E-DECK)."""
    hint_wdt = ("E-DECK: which cards exist only when rules.wild_dont_talk is True? "
                "Count from the rules, not from the rule set's name.")
    cases = [
        Case((ENCANTO,), 112, "Rules.encanto()", "E-DECK",
             "E-DECK adds up number cards, action cards and wilds: check each part."),
        Case((CLASSIC,), 108, "Rules.classic()", "E-DECK", hint_wdt),
        Case((ENCANTO.replace(wild_dont_talk=False),), 108,
             "Encanto as a house rule without Wild Don't Talk", "E-DECK", hint_wdt),
        Case((CLASSIC.replace(wild_dont_talk=True),), 112,
             "classic as a house rule with Wild Don't Talk", "E-DECK", hint_wdt),
    ]
    return run_cases(func, cases, "deck_size")


def check_first_card_is_returned(func: Callable[[str, Rules], bool]) -> CheckResult:
    """``first_card_is_returned(code, rules)``: is the first card turned over sent back?"""
    enc = ("E-SETUP-4 (Encanto) says which kind of card is returned: is it only wilds, or "
           "every card that is not a number card?")
    num = "E-SETUP-4 and C-SETUP-4: a number card is never sent back."
    cls = ("C-SETUP-4: in the classic rules most first cards take effect; only one kind is "
           "returned. Use the rules argument (rules.first_card_action).")
    rows = [
        ("G5", ENCANTO, False, "E-SETUP-4", num), ("R0", ENCANTO, False, "E-SETUP-4", num),
        ("YS", ENCANTO, True, "E-SETUP-4", enc), ("BR", ENCANTO, True, "E-SETUP-4", enc),
        ("G+2", ENCANTO, True, "E-SETUP-4", enc), ("W", ENCANTO, True, "E-SETUP-4", enc),
        ("W+4", ENCANTO, True, "E-SETUP-4", enc), ("WDT", ENCANTO, True, "E-SETUP-4", enc),
        ("G5", CLASSIC, False, "C-SETUP-4", num), ("YS", CLASSIC, False, "C-SETUP-4", cls),
        ("BR", CLASSIC, False, "C-SETUP-4", cls), ("G+2", CLASSIC, False, "C-SETUP-4", cls),
        ("W", CLASSIC, False, "C-SETUP-4", cls), ("W+4", CLASSIC, True, "C-SETUP-4", cls),
    ]
    cases = [Case((code, rules), want, f"{code} turned first, {_rules_name(rules)} rules", rule, hint)
             for code, rules, want, rule, hint in rows]
    return run_cases(func, cases, "first_card_is_returned")


def check_first_player(func: Callable[[int, int, str, Rules], int]) -> CheckResult:
    """``first_player(dealer, players, first_card, rules)``: the seat that moves first."""
    left = "E-SETUP-5: who sits to the left of the dealer? Seats go 0, 1, …, players - 1."
    wrap = "E-SETUP-5: seats wrap around the table: after the last seat comes seat 0 (think %)."
    enc = ("E-SETUP-4: in the Encanto rules the first card never takes effect, so who "
           "starts depends only on the dealer.")
    skip = "C-SETUP-4: with a Skip or a Draw Two turned first, the first player loses their turn."
    rev = "C-SETUP-4: with a Reverse turned first, who plays first?"
    rows = [
        (0, 4, "G5", ENCANTO, 1, "E-SETUP-5", left), (2, 3, "R0", ENCANTO, 0, "E-SETUP-5", wrap),
        (3, 4, "B7", ENCANTO, 0, "E-SETUP-5", wrap), (1, 3, "R7", CLASSIC, 2, "E-SETUP-5", left),
        (0, 4, "YS", ENCANTO, 1, "E-SETUP-4", enc), (1, 4, "BR", ENCANTO, 2, "E-SETUP-4", enc),
        (0, 4, "YS", CLASSIC, 2, "C-SETUP-4", skip), (2, 3, "YS", CLASSIC, 1, "C-SETUP-4", skip),
        (0, 2, "G+2", CLASSIC, 0, "C-SETUP-4", skip), (2, 4, "BR", CLASSIC, 2, "C-SETUP-4", rev),
        (0, 4, "W", CLASSIC, 1, "C-SETUP-4",
         "C-SETUP-4: after a Wild turned first, the first player chooses the colour and plays."),
    ]
    cases = [Case((d, n, code, rules), want,
                  f"dealer {d}, {n} players, {code} turned first, {_rules_name(rules)} rules", rule, hint)
             for d, n, code, rules, want, rule, hint in rows]
    return run_cases(func, cases, "first_player")


# ============================================================================ 02 matching
_COLOUR_WORD = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def _on(card: str, top: str, color: str) -> str:
    return f"{card} on {top}, {_COLOUR_WORD[color]} in force"


_MATCH_ROWS = [
    # card, top, colour in force, can play?, reason, rule, hint
    ("G2", "G3", "G", True, "colour", "E-MATCH-1", "E-MATCH-1: what do G2 and G3 have in common?"),
    ("Y3", "G3", "G", True, "number", "E-MATCH-1", "E-MATCH-1 names three ways to match; one is the number."),
    ("Y5", "G3", "G", False, None, "E-MATCH-1",
     "E-MATCH-1: Y5 and G3 share no colour, number or symbol."),
    ("W", "G3", "G", True, "wild", "E-MATCH-2", "E-MATCH-2: what do wild cards match?"),
    ("W+4", "R7", "R", True, "wild", "E-MATCH-2", "E-MATCH-2: all three wild cards count (card.is_wild)."),
    ("WDT", "BS", "B", True, "wild", "E-MATCH-2", "E-MATCH-2: all three wild cards count (card.is_wild)."),
    ("BR", "YR", "Y", True, "symbol", "E-MATCH-1",
     "E-MATCH-1 and E-MATCH-4: action cards can match by symbol (Skip on Skip, Reverse on Reverse…)."),
    ("G+2", "R+2", "R", True, "symbol", "E-MATCH-1",
     "E-MATCH-1: Draw Two on Draw Two is a symbol match (compare card.rank)."),
    ("BS", "YR", "Y", False, None, "E-MATCH-1", "E-MATCH-1: a Skip and a Reverse are different symbols."),
    ("G5", "W", "G", True, "colour", "E-MATCH-3",
     "E-MATCH-3: after a wild, compare with the colour in force (the color argument), not the top card's colour."),
    ("R5", "W", "G", False, None, "E-MATCH-3",
     "E-MATCH-3: after a wild, only the chosen colour in force counts."),
    ("B4", "W+4", "B", True, "colour", "E-MATCH-3",
     "E-MATCH-3: a wild card has no colour of its own; use the color argument."),
    ("G3", "G3", "G", True, "colour", "E-MATCH-1",
     "E-MATCH-1: G3 on G3 matches; for the reason, the order is wild, colour, number, symbol."),
]


def check_can_play(func: Callable[[Card, Card, Color], bool]) -> CheckResult:
    """``can_play(card, top, color)``: may the card be played (E-MATCH-1..3)?"""
    cases = [Case((_c(card), _c(top), _col(color)), want, _on(card, top, color), rule, hint)
             for card, top, color, want, _, rule, hint in _MATCH_ROWS]
    return run_cases(func, cases, "can_play")


def check_playable_cards(func: Callable[[list, Card, Color], list]) -> CheckResult:
    """``playable_cards(hand, top, color)``: the cards of the hand that may be played, in order."""
    order = "Keep the cards in the order of the hand, repeats included (one entry per card)."
    rows = [
        ("G2 Y3 Y5 W BR", "G3", "G", "G2 Y3 W", "E-MATCH-1",
         "E-MATCH-1 and E-MATCH-2: test every card of the hand with the matching rule. " + order),
        ("R1 YS W+4 B8", "BS", "B", "YS W+4 B8", "E-MATCH-1",
         "E-MATCH-1: a Skip on a Skip matches by symbol; wilds match too (E-MATCH-2)."),
        ("R1 Y2 B3", "W", "G", "", "E-MATCH-3",
         "E-MATCH-3: after a wild only the chosen colour matches; return an empty list when nothing does."),
        ("G7 G7 R7 WDT", "B7", "B", "G7 G7 R7 WDT", "E-MATCH-1",
         "E-MATCH-1: number matches count whatever the colour. " + order),
        ("", "R5", "R", "", "E-MATCH-1", "An empty hand has nothing to play: return an empty list."),
    ]
    cases = [Case((_cs(hand), _c(top), _col(color)), tuple(want.split()),
                  f"hand {_hand_text(hand)}, top {top}, {_COLOUR_WORD[color]} in force", rule, hint)
             for hand, top, color, want, rule, hint in rows]
    return run_cases(func, cases, "playable_cards",
                     normalize=lambda got: tuple(_norm(got)) if isinstance(got, list) else got)


def _reason(got: Any) -> Any:
    if isinstance(got, str):
        got = got.strip().lower()
        return {"color": "colour"}.get(got, got)
    return got


def check_match_reason(func: Callable[[Card, Card, Color], str | None]) -> CheckResult:
    """``match_reason(card, top, color)``: "wild", "colour", "number", "symbol" or None."""
    cases = []
    for card, top, color, _, reason, rule, hint in _MATCH_ROWS:
        if reason in ("number", "symbol"):
            hint = ("E-MATCH-1: number cards match by number; Skip, Reverse and Draw Two match "
                    "by symbol (card.is_number tells them apart).")
        cases.append(Case((_c(card), _c(top), _col(color)), reason, _on(card, top, color), rule, hint))
    return run_cases(func, cases, "match_reason", normalize=_reason)


# ============================================================================ 03 action cards
def check_next_seat_after(func: Callable[[Card, int, int, int], int]) -> CheckResult:
    """``next_seat_after(card, seat, direction, players)``: whose turn comes next (E-ACT)."""
    num = "E-ACT-1 and E-DRAW-4: after a number card play passes to the next seat in the direction."
    wrap = "Seats wrap around: after the last seat comes seat 0, before seat 0 the last one (think %)."
    skip = "E-ACT-4: the next player loses their turn, so who plays after them?"
    two = "E-ACT-2: the next player draws two and loses their turn."
    rev = "E-ACT-3: the direction changes first; who is next in the new direction?"
    rev2 = "E-ACT-3 (official): with two players a Reverse acts like a Skip."
    rows = [
        ("G5", 0, 1, 4, 1, "E-ACT-1", num), ("G5", 3, 1, 4, 0, "E-ACT-1", wrap),
        ("G5", 0, -1, 4, 3, "E-ACT-1", wrap), ("YS", 0, 1, 4, 2, "E-ACT-4", skip),
        ("YS", 3, 1, 4, 1, "E-ACT-4", wrap + " " + skip), ("YS", 1, -1, 3, 2, "E-ACT-4", skip),
        ("YS", 0, 1, 2, 0, "E-ACT-4", skip), ("G+2", 2, 1, 4, 0, "E-ACT-2", two),
        ("R+2", 1, -1, 5, 4, "E-ACT-2", two), ("BR", 1, 1, 4, 0, "E-ACT-3", rev),
        ("BR", 0, -1, 3, 1, "E-ACT-3", rev), ("BR", 0, 1, 2, 0, "E-ACT-3", rev2),
        ("RR", 1, -1, 2, 1, "E-ACT-3", rev2), ("W", 2, 1, 3, 0, "E-ACT-5", "E-ACT-5: a Wild only sets the colour."),
        ("WDT", 1, 1, 3, 2, "E-WDT-1", "E-WDT-1: a Wild Don't Talk does not skip anyone."),
    ]
    cases = [Case((_c(code), seat, d, n), want,
                  f"seat {seat} plays {code}, direction {d:+d}, {n} players", rule, hint)
             for code, seat, d, n, want, rule, hint in rows]
    return run_cases(func, cases, "next_seat_after")


def check_direction_after(func: Callable[[Card, int], int]) -> CheckResult:
    """``direction_after(card, direction)``: the direction of play after the card (E-ACT-3)."""
    rev = "E-ACT-3: a Reverse changes the direction: +1 becomes -1 and -1 becomes +1."
    other = "E-ACT-3 is the only rule that changes direction; E-ACT-2 and E-ACT-4 do not."
    rows = [("BR", 1, -1, rev), ("BR", -1, 1, rev), ("YS", 1, 1, other), ("G5", -1, -1, other),
            ("G+2", 1, 1, other), ("W", -1, -1, other), ("RR", 1, -1, rev)]
    cases = [Case((_c(code), d), want, f"{code} played, direction {d:+d}", "E-ACT-3", hint)
             for code, d, want, hint in rows]
    return run_cases(func, cases, "direction_after")


def check_seat_after_sequence(func: Callable[..., tuple[int, int]]) -> CheckResult:
    """``seat_after_sequence(codes, players, seat=0, direction=1)``: (seat, direction) after
    each card is played in turn by whoever is to move."""
    rows = [
        ("", 4, 0, 1, (0, 1), "E-DRAW-4", "With no cards played nothing changes: return (seat, direction)."),
        ("G5 G6 G7", 4, 0, 1, (3, 1), "E-ACT-1", "E-ACT-1: each number card passes play to the next seat."),
        ("GS", 4, 0, 1, (2, 1), "E-ACT-4", "E-ACT-4: use next_seat_after for each card."),
        ("GR G5", 4, 0, 1, (2, -1), "E-ACT-3",
         "E-ACT-3: keep the new direction for the cards that follow (use direction_after)."),
        ("GR", 2, 0, 1, (0, -1), "E-ACT-3", "E-ACT-3: two players, a Reverse acts like a Skip (and still reverses)."),
        ("G+2 GS GR", 3, 0, 1, (0, -1), "E-ACT-2",
         "E-ACT-2, E-ACT-4, E-ACT-3: each card is played by the seat whose turn it is."),
        ("W YR YR", 5, 2, 1, (3, 1), "E-ACT-3", "E-ACT-3: two Reverses cancel out; start from the seat given."),
        ("B1 BS", 3, 1, -1, (1, -1), "E-ACT-4", "Start from the seat and direction given; E-ACT-4 for the Skip."),
    ]
    cases = []
    for codes, n, seat, d, want, rule, hint in rows:
        label = f"{_hand_text(codes) if codes else 'no cards'} played from seat {seat}, direction {d:+d}, {n} players"
        cases.append(Case((codes.split(), n), want, label, rule, hint, {"seat": seat, "direction": d}))
    return run_cases(func, cases, "seat_after_sequence",
                     normalize=lambda got: tuple(got) if isinstance(got, list) else got)


# ============================================================================ 04 Wild Draw Four
_WD4_ROWS = [
    # other cards, colour in force before, rules, legal?, rule, hint
    ("R5 Y3", "G", ENCANTO, True, "E-WD4-2", "E-WD4-2: does any other card match the current colour?"),
    ("G2 Y3", "G", ENCANTO, False, "E-WD4-2", "E-WD4-2: look for a card of the current colour."),
    ("B9 G2", "G", CLASSIC, False, "C-WD4-2", "C-WD4-2: a card of the current colour makes it illegal in both rule sets."),
    ("Y7 B7", "G", ENCANTO, True, "E-WD4-6",
     "E-WD4-2 and E-WD4-6: only the current colour matters here, not numbers or symbols."),
    ("W R5", "G", ENCANTO, False, "E-WD4-2",
     "E-WD4-2: in the Encanto text, do wild cards in the hand count as matching the colour?"),
    ("W R5", "G", CLASSIC, True, "C-WD4-2",
     "C-WD4-2: in the classic rules wild cards do not count; use rules.wilds_block_wild_draw_four."),
    ("W+4", "R", ENCANTO, False, "E-WD4-2", "E-WD4-2: a second Wild Draw Four is a wild card too."),
    ("W+4", "R", CLASSIC, True, "C-WD4-2",
     "C-WD4-2: in the classic rules wild cards do not count; use rules.wilds_block_wild_draw_four."),
    ("WDT B1", "R", ENCANTO, False, "E-WD4-2", "E-WD4-2: a Wild Don't Talk is a wild card too."),
    ("", "B", CLASSIC, True, "E-WD4-2", "E-WD4-2: with no other cards nothing can match."),
    ("YR YS", "B", ENCANTO, True, "E-WD4-2", "E-WD4-2: only the colour counts; symbols do not."),
]


def check_wild_draw_four_is_legal(func: Callable[[list, Color, Rules], bool]) -> CheckResult:
    """``wild_draw_four_is_legal(hand, color, rules)``: E-WD4-2 / C-WD4-2 honesty."""
    cases = [Case((_cs(hand), _col(color), rules), want,
                  f"other cards {_hand_text(hand)}, {_COLOUR_WORD[color]} in force, {_rules_name(rules)} rules",
                  rule, hint)
             for hand, color, rules, want, rule, hint in _WD4_ROWS]
    return run_cases(func, cases, "wild_draw_four_is_legal")


def check_challenge_outcome(func: Callable[[list, Color, Rules], tuple]) -> CheckResult:
    """``challenge_outcome(hand, previous_color, rules)``: (who draws, how many, taken back?)."""
    honest = ("E-WD4-4: when the Wild Draw Four was legal, who draws, and how many? "
              "(The same in both rule sets.)")
    guilty_e = "E-WD4-5: when it was illegal, who draws, and does the card stay on the pile?"
    guilty_c = "C-WD4-5: in the classic rules something happens to the Wild Draw Four itself."
    cases = []
    for hand, color, rules, legal, _, _ in _WD4_ROWS:
        if legal:
            want, rule, hint = ("challenger", 6, False), "E-WD4-4", honest
        elif rules.guilty_penalty == "take_back":
            want, rule, hint = ("player", 4, True), "C-WD4-5", guilty_c
        else:
            want, rule, hint = ("player", 4, False), "E-WD4-5", guilty_e
        label = (f"other cards {_hand_text(hand)}, {_COLOUR_WORD[color]} before, "
                 f"{_rules_name(rules)} rules")
        cases.append(Case((_cs(hand), _col(color), rules), want, label, rule, hint))
    return run_cases(func, cases, "challenge_outcome",
                     normalize=lambda got: tuple(got) if isinstance(got, list) else got)


def check_next_to_move(func: Callable[[str, bool, int, int, int], int]) -> CheckResult:
    """``next_to_move(answer, honest, challenger, direction, players)``: who moves next."""
    acc = "E-WD4-3: accepting means drawing four and losing the turn, honest or not."
    inn = "E-WD4-4: a challenger who was wrong also loses their turn."
    gui = "E-WD4-5 (official): a challenger who was right takes their turn as normal."
    rows = [
        ("accept", True, 1, 1, 4, 2, "E-WD4-3", acc), ("accept", False, 1, 1, 4, 2, "E-WD4-3", acc),
        ("accept", True, 3, 1, 4, 0, "E-WD4-3", acc + " Seats wrap around."),
        ("challenge", True, 1, 1, 4, 2, "E-WD4-4", inn), ("challenge", True, 0, -1, 3, 2, "E-WD4-4", inn),
        ("challenge", True, 1, 1, 2, 0, "E-WD4-4", inn),
        ("challenge", False, 1, 1, 4, 1, "E-WD4-5", gui), ("challenge", False, 2, -1, 3, 2, "E-WD4-5", gui),
    ]
    cases = [Case((answer, honest, ch, d, n), want,
                  f"seat {ch} {answer}s {'an honest' if honest else 'a bluffed'} Wild Draw Four, "
                  f"direction {d:+d}, {n} players", rule, hint)
             for answer, honest, ch, d, n, want, rule, hint in rows]
    return run_cases(func, cases, "next_to_move")


# ============================================================================ 05 UNO, Don't Talk
def check_uno_counts(func: Callable[[int, bool], bool]) -> CheckResult:
    """``uno_counts(cards, my_turn)``: does saying UNO now count (E-UNO-5)?"""
    rows = [
        (1, False, True, "E-UNO-1: with one card left, UNO must be said, so it counts."),
        (1, True, True, "E-UNO-5: one card counts at any moment."),
        (2, True, True, "E-UNO-5: there is a second moment when saying UNO counts."),
        (2, False, False, "E-UNO-5: two cards count only in one situation."),
        (3, True, False, "E-UNO-5: with three cards it is too early."),
        (0, False, False, "E-UNO-5: with no cards left the hand is already won."),
    ]
    cases = [Case((n, turn), want, f"{n} card{'s' if n != 1 else ''}, {'own' if turn else 'not their'} turn",
                  "E-UNO-5", hint)
             for n, turn, want, hint in rows]
    return run_cases(func, cases, "uno_counts")


def check_catch_penalty(func: Callable[[int, bool, bool], int]) -> CheckResult:
    """``catch_penalty(cards_left, said_uno, window_open)``: cards the caught player draws."""
    rows = [
        (1, False, True, 2, "E-UNO-2", "E-UNO-2: how many cards does a caught player draw?"),
        (1, True, True, 0, "E-UNO-3", "E-UNO-3: calling out a player who said UNO has no effect."),
        (2, False, True, 0, "E-UNO-3", "E-UNO-3: calling out a player with more than one card has no effect."),
        (1, False, False, 0, "E-UNO-4", "E-UNO-4: the catch must come before the next player's first move."),
        (3, False, False, 0, "E-UNO-3", "E-UNO-3: more than one card, no effect."),
    ]
    cases = [Case((n, said, window), want,
                  f"{n} card{'s' if n != 1 else ''} left, UNO {'said' if said else 'not said'}, "
                  f"window {'open' if window else 'closed'}", rule, hint)
             for n, said, window, want, rule, hint in rows]
    return run_cases(func, cases, "catch_penalty")


def check_talk_penalty(func: Callable[[int, int | None], int]) -> CheckResult:
    """``talk_penalty(seat, silenced)``: cards drawn when ``seat`` talks (E-WDT-2)."""
    rows = [
        (1, 1, 3, "E-WDT-2: how many cards does a silenced player draw for talking?"),
        (1, 2, 0, "E-WDT-2: only the silenced player is punished for talking."),
        (0, None, 0, "E-WDT-2: when nobody is silenced (None), talking is free."),
        (0, 0, 3, "E-WDT-2: seat 0 can be silenced too: careful, 0 is 'false' in an `if`; compare with ==."),
        (2, 0, 0, "E-WDT-2: only the silenced player is punished for talking."),
    ]
    cases = [Case((seat, sil), want, f"seat {seat} talks, silenced: {sil}", "E-WDT-2", hint)
             for seat, sil, want, hint in rows]
    return run_cases(func, cases, "talk_penalty")


def check_silenced_after(func: Callable[[list], int | None]) -> CheckResult:
    """``silenced_after(actions)``: who is silenced after a list of actions (E-WDT)."""
    dt, uno = "dont_talk", "uno"
    rows = [
        ([], None, "E-WDT-2", "Nobody is silenced before any Wild Don't Talk: return None."),
        ([(dt, 2)], 2, "E-WDT-2", "E-WDT-2: the Wild Don't Talk silences the player it names."),
        ([(dt, 0)], 0, "E-WDT-2", "E-WDT-2: seat 0 can be silenced too; return the seat, not a truth value."),
        ([(dt, 2), (dt, 0)], 0, "E-WDT-5", "E-WDT-5: what does a later Wild Don't Talk do?"),
        ([(dt, 2), (uno, 1, True)], None, "E-WDT-3", "E-WDT-3: when does the silence end?"),
        ([(dt, 2), (uno, 2, True)], None, "E-WDT-4", "E-WDT-4: the silenced player may say UNO too."),
        ([(dt, 2), (uno, 1, False)], 2, "E-UNO-5",
         "E-UNO-5: an UNO said at the wrong moment counts for nothing, so it cannot end a silence."),
        ([(uno, 1, True), (dt, 1)], 1, "E-WDT-3", "E-WDT-3: only an UNO after the Wild Don't Talk ends it."),
        ([(dt, 1), (uno, 0, True), (dt, 3), (uno, 3, False)], 3, "E-WDT-5",
         "E-WDT-3, E-WDT-5 and E-UNO-5: go through the actions in order."),
    ]

    def show(actions):
        return "[" + ", ".join(f"{a[0]} {a[1]}" + ("" if len(a) == 2 else f" ({'counts' if a[2] else 'does not count'})")
                               for a in actions) + "]" if actions else "no actions"

    cases = [Case((actions,), want, show(actions), rule, hint) for actions, want, rule, hint in rows]
    return run_cases(func, cases, "silenced_after")


# ============================================================================ 06 scoring
def check_card_points(func: Callable[[str], int]) -> CheckResult:
    """``card_points(code)``: what a card left in a hand is worth (E-SCORE-2)."""
    num = "E-SCORE-2: number cards are worth their face value."
    act = "E-SCORE-2: what are Skip, Reverse and Draw Two worth? (A Draw Two is not worth 2.)"
    wild = "E-SCORE-2: wild cards are worth more than action cards."
    rows = [("G3", 3, num), ("R0", 0, num), ("B9", 9, num), ("YS", 20, act), ("GR", 20, act),
            ("R+2", 20, act), ("W", 50, wild), ("W+4", 50, wild), ("WDT", 50, wild)]
    cases = [Case((code,), want, f"{code}", "E-SCORE-2", hint) for code, want, hint in rows]
    return run_cases(func, cases, "card_points")


def check_hand_score(func: Callable[[list], int]) -> CheckResult:
    """``hand_score(other_hands)``: points the winner scores from the other hands (E-SCORE-2)."""
    rows = [
        ([["Y4", "BS", "W"], ["G5", "R+2", "W+4"], ["B8", "GR", "WDT"]], 227, "E-SCORE-3",
         "E-SCORE-3: the worked example; add the points of every card in every other hand."),
        ([], 0, "E-SCORE-2", "No other hands, no points."),
        ([[], ["R0"]], 0, "E-SCORE-2", "E-SCORE-2: count points, not cards."),
        ([["W"]], 50, "E-SCORE-2", "E-SCORE-2: what is a wild card worth?"),
        ([["G9", "G9"], ["B1"]], 19, "E-SCORE-2", "E-SCORE-2: every card counts, repeats included."),
        ([["Y+2", "BS"], ["R7"]], 47, "E-SCORE-2", "E-SCORE-2: action cards have a fixed value."),
    ]

    def show(hands):
        return "hands " + " | ".join(" ".join(h) or "(empty)" for h in hands) if hands else "no other hands"

    cases = [Case((hands,), want, show(hands), rule, hint) for hands, want, rule, hint in rows]
    return run_cases(func, cases, "hand_score")


def check_match_winner(func: Callable[..., int | None]) -> CheckResult:
    """``match_winner(results, players, target=500)``: first seat to reach the target, or None."""
    rows = [
        ([], 2, 500, None, "E-SCORE-4", "E-SCORE-4: before any hand is played nobody has won."),
        ([(0, 300), (1, 200), (0, 199)], 2, 500, None, "E-SCORE-4", "E-SCORE-4: add up each seat's points; is anyone at 500 yet?"),
        ([(0, 300), (1, 200), (0, 200)], 2, 500, 0, "E-SCORE-4", "E-SCORE-4 says '500 points or more'."),
        ([(1, 450), (2, 10), (1, 60)], 3, 500, 1, "E-SCORE-4", "E-SCORE-4: keep a total per seat (E-SCORE-2)."),
        ([(0, 400), (1, 300), (1, 250)], 2, 500, 1, "E-SCORE-4",
         "E-SCORE-4: it is the total that counts, not the biggest single hand."),
        ([(2, 250), (2, 250)], 3, 500, 2, "E-SCORE-4", "E-SCORE-4 says '500 points or more'."),
        ([(0, 100), (0, 60)], 2, 150, 0, "E-SCORE-4", "Use the target argument instead of always 500."),
        ([(0, 100), (1, 90)], 2, 150, None, "E-SCORE-4", "Use the target argument instead of always 500."),
    ]
    cases = [Case((results, n), want,
                  f"hands {results or '[]'}, {n} players, target {target}", rule, hint, {"target": target})
             for results, n, target, want, rule, hint in rows]
    return run_cases(func, cases, "match_winner")


# ============================================================================ 07 your bot
def _bot_games(bot_class: type, rules: Rules, players: int, games: int, seed: int) -> tuple[int, int]:
    """Play seeded games of the learner's bot (seat 0) against RandomBots, every move checked.
    Returns (wins, games finished). Raises Problem with a readable message."""
    from .bots import RandomBot
    from .game import Game
    from .moves import IllegalMove, Move

    wins = finished = 0
    for g in range(games):
        seeds = np.random.SeedSequence([seed, g]).spawn(players + 1)
        bots = [bot_class(seeds[0])] + [RandomBot(s) for s in seeds[1:players]]
        game = Game.new(players, rules=rules, seed=seeds[players], dealer=g % players)
        for _ in range(3000):
            for s, b in enumerate(bots):
                b.react(game, s)
            if game.winner is not None:
                break
            seat = game.current_player
            move = bots[seat].choose(game)
            if seat == 0 and not isinstance(move, Move):
                raise Problem(f"choose returned {move!r}, not a Move from game.legal_moves()")
            try:
                game.apply(move)
            except IllegalMove as exc:
                raise Problem(f"game {g + 1}, phase {game.phase!r}: {move} is illegal: {exc}") from None
            if game.winner is not None:
                break
        if game.winner is not None:
            finished += 1
            wins += game.winner == 0
    return wins, finished


def check_bot(bot_class: Any) -> CheckResult:
    """``check_bot(MyBot)``: does the bot play whole seeded games legally, and win some?"""
    from .bots import Bot

    name = getattr(bot_class, "__name__", "your bot")
    if not (isinstance(bot_class, type) and issubclass(bot_class, Bot)):
        case = Case((), True, "is a subclass of Bot", "E-DRAW-4",
                    "Write `class MyBot(Bot):` and pass the class itself: check_bot(MyBot).")
        return CheckResult(name, name, [CaseResult(case, False, problem=f"{bot_class!r} is not a Bot class")],
                           _FAILED)

    def plays(rules: Rules, players: int, games: int, seed: int) -> Callable[[], bool]:
        def run() -> bool:
            _, finished = _bot_games(bot_class, rules, players, games, seed)
            if finished < games:
                raise Problem(f"only {finished} of {games} games reached a winner within 3000 moves")
            return True
        return run

    def wins() -> bool:
        won, _ = _bot_games(bot_class, ENCANTO, 2, 20, 7)
        if won < 6:
            raise Problem(f"won {won} of 20")
        return True

    specs = [
        (plays(ENCANTO, 2, 10, 1), "plays 10 seeded 2-player Encanto games to the end, every move legal",
         "E-MATCH-1",
         "Return a move from game.legal_moves(); mind game.phase: 'challenge' (E-WD4-3) and "
         "'drawn' (E-DRAW-2) have their own moves."),
        (plays(ENCANTO, 4, 10, 2), "plays 10 seeded 4-player Encanto games to the end, every move legal",
         "E-WDT-2",
         "Return a move from game.legal_moves(): a Wild Don't Talk also names a player to silence (E-WDT-2)."),
        (plays(CLASSIC, 3, 10, 3), "plays 10 seeded 3-player classic games to the end, every move legal",
         "C-SETUP-4",
         "C-SETUP-4: after a Wild turned first, the first player names a colour: the draw moves then carry one."),
        (wins, "wins at least 6 of 20 seeded 2-player Encanto games against RandomBot", "E-WIN-1",
         "E-WIN-1: to win, get rid of your cards: play a card whenever you can, and say UNO (E-UNO-1)."),
    ]
    results = []
    for test, label, rule, hint in specs:
        sub = run_cases(test, [Case((), True, label, rule, hint)], name, name=name)
        if sub.not_started:
            return CheckResult(name, name, [], _NOT_STARTED, sub.note)
        results.extend(sub.results)
    status = _PASSED if all(r.ok for r in results) else _FAILED
    return CheckResult(name, name, results, status)


def check_best_color(func: Callable[[list], Color]) -> CheckResult:
    """``best_color(hand)``: the colour to name for a wild: the one held most (E-MATCH-3)."""
    most = "E-MATCH-3: name the colour you hold most cards of, so your next turn is easy."
    tie = "on a tie take the first colour in the order red, yellow, green, blue (list(Color))."
    rows = [
        ("G1 G2 R5", "G", most), ("B1 Y2 B3 Y4 B5", "B", most), ("W R5 W+4", "R", most + " Wilds have no colour."),
        ("Y1 G2", "Y", "E-MATCH-3: " + tie), ("B9 G2 G3 B4", "G", "E-MATCH-3: " + tie),
        ("W W+4", "R", "No coloured card left: " + tie), ("", "R", "An empty hand has no favourite: " + tie),
    ]
    cases = [Case((_cs(hand),), _col(want), f"hand {_hand_text(hand)}", "E-MATCH-3", hint)
             for hand, want, hint in rows]
    return run_cases(func, cases, "best_color", normalize=lambda got: _norm(got))


def check_summarize(func: Callable[[list, Any], tuple[float, float]]) -> CheckResult:
    """``summarize(games, player)``: (win rate, average points per game) for ``player``."""
    games = [("Ana", 50), ("Ben", 30), ("Ana", 10)]
    rate = "E-WIN-1: the win rate is the share of games the player won (wins divided by games)."
    avg = ("E-SCORE-2: average the points the player scored over all games played, the lost "
           "ones included (they score 0).")
    rows = [
        (games, "Ana", (2 / 3, 20.0), avg), (games, "Ben", (1 / 3, 10.0), avg),
        (games, "Caro", (0.0, 0.0), rate), ([], "Ana", (0.0, 0.0),
                                            "No games played: return (0.0, 0.0) instead of dividing by zero."),
        ([("Ben", 0)], "Ben", (1.0, 0.0), rate), ([(0, 40), (1, 60), (0, 20), (0, 0)], 0, (0.75, 15.0), avg),
    ]
    cases = [Case((g, p), want, f"games {g or '[]'}, player {p!r}", "E-SCORE-2" if hint is avg else "E-WIN-1", hint)
             for g, p, want, hint in rows]
    return run_cases(func, cases, "summarize",
                     normalize=lambda got: tuple(got) if isinstance(got, list) else got)


# ---------------------------------------------------------------------------- tournament
class TournamentResult:
    """Seeded games between bots: ``games`` is a list of (winner name, points) per game."""

    def __init__(self, names: list[str], games: list[tuple[str, int]], status: str = _PASSED,
                 note: str = "") -> None:
        self.names = names
        self.games = games
        self.status = status
        self.note = note

    def summary(self, name: str) -> tuple[float, float]:
        """(win rate, average points per game) of ``name``."""
        n = len(self.games)
        if not n:
            return 0.0, 0.0
        won = [p for w, p in self.games if w == name]
        return len(won) / n, sum(won) / n

    def rows(self) -> list[tuple[str, int, float, float]]:
        """(name, wins, win rate, average points) per bot, in seating order."""
        out = []
        for name in self.names:
            rate, avg = self.summary(name)
            out.append((name, sum(w == name for w, _ in self.games), rate, avg))
        return out

    @property
    def headline(self) -> str:
        if self.status == _NOT_STARTED:
            return "○ tournament: not started yet"
        if self.status != _PASSED:
            return "✗ tournament stopped"
        return f"Tournament: {len(self.games)} seeded games"

    def text(self) -> str:
        lines = [self.headline]
        if self.note:
            lines.append("  " + self.note)
        if self.status == _PASSED:
            lines.append(f"  {'bot':<14} {'wins':>5} {'win rate':>9} {'avg points':>11}")
            for name, wins, rate, avg in self.rows():
                lines.append(f"  {name:<14} {wins:>5} {rate:>9.1%} {avg:>11.1f}")
        return "\n".join(lines)

    __str__ = text

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        e = html.escape
        parts = [f'<div class="uno-tournament"><b>{e(self.headline)}</b>']
        if self.note:
            parts.append(f"<div>{_code_html(self.note)}</div>")
        if self.status == _PASSED:
            th = '<th style="padding:2px 8px;text-align:{}">{}</th>'
            td = '<td style="padding:2px 8px;text-align:{}">{}</td>'
            parts.append('<table style="border-collapse:collapse;margin-top:4px"><tr>'
                         + "".join(th.format(a, h) for a, h in (("left", "bot"), ("right", "wins"),
                                                                 ("right", "win rate"), ("right", "avg points")))
                         + "</tr>")
            for name, wins, rate, avg in self.rows():
                parts.append("<tr>" + td.format("left", e(name)) + td.format("right", wins)
                             + td.format("right", f"{rate:.1%}") + td.format("right", f"{avg:.1f}") + "</tr>")
            parts.append("</table>")
        parts.append("</div>")
        return "".join(parts)

    def show(self) -> TournamentResult:
        """Display the table now: HTML inside IPython, plain text otherwise."""
        _show(self)
        return self


def tournament(bot_class: type, opponents: Sequence[str | type] = ("sensible", "random"), *,
               games: int = 60, rules: Rules | None = None, seed: int = 0) -> TournamentResult:
    """Seeded games of ``bot_class`` against built-in bots, the seats rotating every game.

    ``opponents`` are names ("sensible", "random") or Bot classes. Every player scores the
    points of the hand it wins (E-SCORE-2); the table shows win rate and average points per
    game. A stub that raises NotImplementedError gives a "not started yet" message.
    """
    from .bots import BOTS, play_game

    classes = [bot_class] + [BOTS[o] if isinstance(o, str) else o for o in opponents]
    names: list[str] = []
    for cls in classes:
        base = getattr(cls, "__name__", "bot")
        name, k = base, 2
        while name in names:
            name, k = f"{base}{k}", k + 1
        names.append(name)
    n = len(classes)
    root = np.random.SeedSequence(seed)
    bot_seeds = root.spawn(n)
    results: list[tuple[str, int]] = []
    try:
        bots = [cls(s) for cls, s in zip(classes, bot_seeds)]
        for g in range(games):
            order = [(g + k) % n for k in range(n)]  # seats rotate: everyone deals and starts
            game = play_game([bots[i] for i in order], rules=rules or ENCANTO, seed=seed * 100_003 + g)
            if game.winner is not None:
                results.append((names[order[game.winner]], game.points))
            else:
                results.append(("(no winner)", 0))
    except NotImplementedError as exc:
        return TournamentResult(names, [], _NOT_STARTED,
                                f"`{_stub_name(exc, getattr(bot_class, '__name__', 'your bot'))}` still raises NotImplementedError: write it, "
                                "run its cell, then run the tournament again.")
    except Exception as exc:
        return TournamentResult(names, results, _FAILED,
                                f"game {len(results) + 1}: {type(exc).__name__}: {exc}")
    return TournamentResult(names, results)


#: Every check, by the name of the learner's function it checks.
CHECKS: dict[str, Callable[[Any], CheckResult]] = {
    "cards_in_deck": check_cards_in_deck,
    "deck_size": check_deck_size,
    "first_card_is_returned": check_first_card_is_returned,
    "first_player": check_first_player,
    "can_play": check_can_play,
    "playable_cards": check_playable_cards,
    "match_reason": check_match_reason,
    "next_seat_after": check_next_seat_after,
    "direction_after": check_direction_after,
    "seat_after_sequence": check_seat_after_sequence,
    "wild_draw_four_is_legal": check_wild_draw_four_is_legal,
    "challenge_outcome": check_challenge_outcome,
    "next_to_move": check_next_to_move,
    "uno_counts": check_uno_counts,
    "catch_penalty": check_catch_penalty,
    "talk_penalty": check_talk_penalty,
    "silenced_after": check_silenced_after,
    "card_points": check_card_points,
    "hand_score": check_hand_score,
    "match_winner": check_match_winner,
    "best_color": check_best_color,
    "MyBot": check_bot,
    "summarize": check_summarize,
}
