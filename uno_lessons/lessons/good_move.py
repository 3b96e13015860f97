"""Lesson 9, "Was that a good move?": the coach on the lessons' positions, and a finished hand
looked back at decision by decision (notebooks/09_good_move.ipynb).

A decision is judged by its expected value, the chance to win it leaves (the coach's
estimate, :func:`uno_lessons.coach.advise`), not by how one hand came out. The notebook's
cells stay thin: the positions (:func:`position`), the coach's options with their paired and
separate standard errors (:func:`paired_table`), a seeded hand reviewed by the coach
(:func:`reviewed_hand`, :func:`review_table`, :func:`biggest_mistake`) and a widget that steps
through its decisions (:class:`ReviewStepper`) live here. Strategy, not a rule: the coach
only weighs moves the rules allow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ..coach import Advice, Step, replayed, review
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import N_, _
from ..simulation.estimate import Estimate
from ..table import Table
from ._common import Lesson, button, feedback

__all__ = ["position", "POSITIONS", "paired_table", "ReviewedHand", "reviewed_hand", "review_table",
           "biggest_mistake", "cost_of", "made", "ReviewStepper"]


def _last_two() -> Game:
    # Ana holds a red 7 and a red Draw Two, Ben one card (the coach's own first example).
    return Game.from_position([["R7", "R+2"], ["G1"]], discard=["R3"], draw_pile="B1 B2 B3 B4", names=["Ana", "Ben"])


def _challenge() -> Game:
    # E-WD4-6's green 7: Ana plays a Wild Draw Four; Ben answers without seeing her hand.
    game = Game.from_position([["W+4", "G5", "B2"], ["R1", "R2"]], discard=["G7"],
                              draw_pile="B1 B3 B4 B5 B6 B7 B8 B9", names=["Ana", "Ben"])
    game.play("W+4", color="blue")
    return game


def _two_cards() -> Game:
    # Four sensible bots, ten moves into seeded deal 1: Ben may play a green Skip or a green 2.
    from ..engine.bots import make_bots, run_hand

    game = Game.new(4, seed=1)
    run_hand(game, make_bots(4, 1), max_moves=10)
    return game


#: The lesson's positions by name, each a function making a fresh game.
POSITIONS = {"last two": _last_two, "challenge": _challenge, "green skip": _two_cards}


def position(name: str) -> Game:
    """A fresh copy of the lesson's position ``name`` (see :data:`POSITIONS`)."""
    try:
        return POSITIONS[name]()
    except KeyError:
        raise KeyError(_("There is no position {name!r}; the lesson has: {known}.", name=name,
                         known=", ".join(POSITIONS))) from None


def separate_error(a: Estimate, b: Estimate) -> float:
    """The standard error the difference of ``a`` and ``b`` would have if they came from
    separate deals (independent errors add as squares)."""
    return math.hypot(a.stderr, b.stderr)


def paired_table(advice: Advice) -> str:
    """Each option against the best, as text: the difference in the chance to win, its
    standard error from the shared deals (paired), and the one separate deals would give."""
    rows = [(_("move"), _("against the best"), _("shared deals"), _("separate deals"))]
    for opt in advice.options[1:]:
        rows.append((opt.move.describe(), f"{opt.versus_best.value:+.3f}", f"± {opt.versus_best.stderr:.3f}",
                     f"± {separate_error(opt.win, advice.best.win):.3f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)


@dataclass(frozen=True)
class ReviewedHand:
    """A finished hand (``start`` and its ``actions``) and the coach's ``steps`` through it."""

    start: Game
    actions: tuple
    steps: tuple[Step, ...]
    names: tuple[str, ...]
    winner: int

    @property
    def decisions(self) -> list[Step]:
        """The steps where the seat to move had a choice (the coach weighed them)."""
        return [s for s in self.steps if s.advice is not None]


def reviewed_hand(seats: Sequence[str] = ("sensible", "random", "sensible"), *, seed: int = 3,
                  rollouts: int = 30, review_seed: int = 1) -> ReviewedHand:
    """A hand played by bots at a local table (``seats``, dealt with ``seed``), then reviewed
    by the coach with ``rollouts`` deals per option: the same arguments, the same review."""
    names = ["Ana", "Ben", "Caro", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade"][:len(seats)]
    table = Table.local(names, list(seats), seed=seed)
    table.run_bots()
    start, actions = table.finished_hand()
    steps = review(start, actions, rollouts=rollouts, seed=review_seed)
    end = replayed(start, actions)
    assert end.winner is not None  # finished_hand refuses a hand still being played
    return ReviewedHand(start, tuple(actions), tuple(steps), tuple(names), end.winner)


def made(step: Step) -> Move:
    """The move made at a decision (a step the coach weighed is always a move, never an
    out-of-turn action)."""
    if not isinstance(step.action, Move):
        raise ValueError(_("Step {number} was no decision: the coach did not weigh it.", number=step.number))
    return step.action


def cost_of(step: Step) -> Estimate:
    """What the move made at ``step`` gave up against the coach's best, with its standard
    error (paired: both played on the same deals)."""
    if step.advice is None:
        raise ValueError(_("Step {number} was no decision: the coach did not weigh it.", number=step.number))
    versus = step.advice.option(made(step)).versus_best
    return Estimate(0.0 - versus.value, versus.stderr, versus.n)


def biggest_mistake(steps: Sequence[Step]) -> Step:
    """The decision whose move gave up the most chance to win (the first of equals)."""
    decisions = [s for s in steps if s.advice is not None]
    if not decisions:
        raise ValueError(_("This hand had no decision to weigh."))
    return max(decisions, key=lambda s: (cost_of(s).value, -s.number))


def review_table(hand: ReviewedHand) -> str:
    """Every decision of the hand as a line of text: its step number, who moved, the move
    made, what it gave up ± its standard error (a dash where the move made was the coach's
    top move: 0 by construction, not a measured cost), and the coach's best move; the
    biggest mistake is marked."""
    worst = biggest_mistake(hand.steps).number
    rows = [(_("step"), _("who"), _("move made"), _("gave up"), _("coach's best"))]
    for s in hand.decisions:
        cost = cost_of(s)
        assert s.advice is not None
        mark = " ◀" if s.number == worst else ""
        top = made(s) == s.advice.best.move
        rows.append((str(s.number), hand.names[s.seat], made(s).describe(),
                     "—" if top else f"{cost.value:.3f} ± {cost.stderr:.3f}", s.advice.best.move.describe() + mark))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines.append(_("{winner} won the hand. ◀ marks the biggest mistake.", winner=hand.names[hand.winner]))
    return "\n".join(lines)


class ReviewStepper(Lesson):
    """Step through the decisions of a reviewed hand: the move made, its cost, and every
    option the coach weighed there with its chance to win."""

    title = N_("Looking back at this hand")

    def __init__(self, hand: ReviewedHand) -> None:
        self.hand = hand
        self.decisions = hand.decisions
        self.index = 0
        self.back_button = button(_("◀ Back"), name="back")
        self.next_button = button(_("Next ▶"), style="primary", name="next")
        self.worst_button = button(_("Biggest mistake"), name="worst")
        self.back_button.on_click(lambda _b: self.go_to(self.index - 1))
        self.next_button.on_click(lambda _b: self.go_to(self.index + 1))
        self.worst_button.on_click(lambda _b: self.go_to(self.decisions.index(biggest_mistake(hand.steps))))
        self.text = widgets.HTML("")
        self.widget = self.box([self.header(), widgets.HBox([self.back_button, self.next_button, self.worst_button]),
                                self.text])
        self.go_to(0, announce=False)

    @property
    def step(self) -> Step:
        """The decision shown now."""
        return self.decisions[self.index]

    def go_to(self, index: int, *, announce: bool = True) -> None:
        """Show decision ``index`` (kept within the hand's decisions)."""
        self.index = max(0, min(index, len(self.decisions) - 1))
        step, cost = self.step, cost_of(self.step)
        assert step.advice is not None
        said = _("Decision {k} of {n}, step {number}: {name} chose “{move}”, which gave up {cost:.3f} ± {se:.3f} "
                 "of the chance to win.", k=self.index + 1, n=len(self.decisions), number=step.number,
                 name=self.hand.names[step.seat], move=made(step).describe(), cost=cost.value, se=cost.stderr)
        items = [_("{move}: wins {win:.3f} ± {se:.3f}", move=o.move.describe(), win=o.win.value, se=o.win.stderr)
                 for o in step.advice.options]
        self.text.value = feedback("info", said, items)
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index == len(self.decisions) - 1
        if announce:
            self.page.announce(said)
            if self.next_button.disabled or self.back_button.disabled:
                self.focus(".uno-btn-worst")  # the pressed button is disabled now: keep focus in the lesson


