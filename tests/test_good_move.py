"""Lesson 9, "Was that a good move?" (issue 38): its positions, the paired table, a reviewed hand
and its biggest mistake, the widget that steps through it, and exercise 9's interpretation checks."""

from __future__ import annotations

import json
import math
from pathlib import Path

import ipywidgets as widgets
import pytest

from uno_lessons.checks import ANSWERS
from uno_lessons.checks.good_move import (
    ANSWER_LUCK,
    ANSWER_SETTLED,
    G4_GIVES_UP,
    ITEMS,
    coach_on,
    three_cards_left,
    two_cards_left,
)
from uno_lessons.coach import advise
from uno_lessons.lessons import QUIZZES, quiz
from uno_lessons.lessons.good_move import (
    POSITIONS,
    ReviewStepper,
    biggest_mistake,
    cost_of,
    made,
    paired_table,
    position,
    review_table,
    reviewed_hand,
    separate_error,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def hand():
    return reviewed_hand(seed=3, rollouts=10)


def test_the_positions_are_fresh_games_with_a_seat_to_move():
    for name in POSITIONS:
        first, second = position(name), position(name)
        assert first is not second and first.to_json() == second.to_json()
        assert len(first.legal_moves()) >= 2
    assert [str(m) for m in position("challenge").legal_moves()] == ["accept", "challenge"]
    with pytest.raises(KeyError, match="last two"):
        position("nowhere")


def test_the_paired_table_gives_each_option_its_shared_and_separate_error():
    advice = advise(position("green skip"), 1, rollouts=40, seed=1)
    lines = paired_table(advice).splitlines()
    assert lines[0].split() == ["move", "against", "the", "best", "shared", "deals", "separate", "deals"]
    assert len(lines) == len(advice.options)  # a header, then every option but the best
    for opt, line in zip(advice.options[1:], lines[1:]):
        assert line.startswith(opt.move.describe())
        assert f"± {opt.versus_best.stderr:.3f}" in line
        assert f"± {math.hypot(opt.win.stderr, advice.best.win.stderr):.3f}" in line
    assert separate_error(advice.best.win, advice.best.win) == pytest.approx(math.sqrt(2) * advice.best.win.stderr)


def test_a_reviewed_hand_is_the_same_for_the_same_seeds_and_names_its_biggest_mistake(hand):
    again = reviewed_hand(seed=3, rollouts=10)
    assert [s.advice for s in again.steps] == [s.advice for s in hand.steps]
    assert hand.names == ("Ana", "Ben", "Caro") and hand.winner in range(3)
    worst = biggest_mistake(hand.steps)
    costs = [cost_of(s).value for s in hand.decisions]
    assert cost_of(worst).value == max(costs) > 0
    assert cost_of(worst).value == pytest.approx(worst.cost)
    table = review_table(hand).splitlines()
    assert len(table) == len(hand.decisions) + 2  # the header, every decision, who won
    marked = [line for line in table if line.endswith("◀")]
    assert len(marked) == 1 and marked[0].split()[0] == str(worst.number)
    assert table[-1].startswith(f"{hand.names[hand.winner]} won the hand")
    # Where the move made was the coach's top move its cost is 0 by construction: a dash, not
    # a "0.000 ± 0.000" that would read as a measured cost.
    for s, line in zip(hand.decisions, table[1:]):
        top = made(s) == s.advice.best.move
        assert (" — " in line) == top and (("±" in line) != top), line
    no_choice = next(s for s in hand.steps if s.advice is None)
    with pytest.raises(ValueError, match="was no decision"):
        cost_of(no_choice)
    with pytest.raises(ValueError, match="no decision"):
        biggest_mistake([no_choice])


def test_the_stepper_walks_the_decisions_and_says_each_one(hand):
    stepper = ReviewStepper(hand)
    assert stepper.widget._repr_mimebundle_()["text/plain"] == \
        "Looking back at this hand: run this cell to use this lesson widget."
    assert stepper.back_button.disabled and not stepper.next_button.disabled
    first = hand.decisions[0]
    assert f"step {first.number}: {hand.names[first.seat]} chose" in stepper.text.value
    assert stepper.text.value.count("<li>") == len(first.advice.options)
    stepper.next_button.click()
    assert stepper.index == 1 and stepper.page.last("announce")["text"].startswith("Decision 2 of")
    stepper.worst_button.click()
    assert stepper.step is biggest_mistake(hand.steps) and "gave up" in stepper.text.value
    stepper.go_to(len(hand.decisions) + 5)
    assert stepper.next_button.disabled and stepper.page.last("focus")["selector"].endswith(".uno-btn-worst")
    for w in [stepper.back_button, stepper.next_button, stepper.worst_button]:
        assert w.description.strip() and not w.button_style
    assert any(isinstance(w, widgets.HTML) and "uno-lesson-title" in w.value for w in stepper.widget.children)


def test_the_lesson_quizzes_say_why_each_wrong_option_is_wrong():
    for quiz_id in ("09-outcome", "09-paired", "09-read-se"):
        item = QUIZZES[quiz_id]
        assert set(item.why) == set(range(len(item.options))) - {item.answer}
        q = quiz(quiz_id)
        wrong = next(i for i in range(len(item.options)) if i != item.answer)
        q.choose(wrong)
        assert q.check() is False and item.why[wrong].split(":")[0] in q.feedback.value
        q.choose(item.answer)
        assert q.check() is True


def test_the_notebook_is_in_the_lesson_shape_and_its_stored_outputs_ran():
    nb = json.loads((ROOT / "notebooks" / "09_good_move.ipynb").read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    for part in ("**Questions**", "**Objectives**", "strategy, not a rule", "## Try it", "## Self-check",
                 "<details>", "## Common mistakes", "## Key points", "one standard error"):
        assert part in text, part
    assert text.count("±\" is **one standard error**") <= 1
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] for c in code), "run the notebook so its outputs are stored"
    assert max(len("".join(c["source"]).splitlines()) for c in code) <= 12
    used = [line.split('"')[1] for c in code for line in "".join(c["source"]).splitlines() if line.startswith("quiz(")]
    assert used == ["09-outcome", "09-paired", "09-read-se"]


# ------------------------------------------------------------------ exercise 9's items
def _keys() -> dict:
    """The answer key of exercise 9: the grade(...) lines of its solution's hidden tests."""
    nb = json.loads((ROOT / "solutions" / "09_good_move.ipynb").read_text())
    found = {}
    for cell in nb["cells"]:
        for line in "".join(cell["source"]).splitlines():
            if line.startswith("grade("):
                found[line.split('"')[1]] = line
    return found


def test_the_key_is_what_the_coach_says_at_the_exercises_seed():
    keys = _keys()
    assert set(keys) == {item.name for item in ITEMS}
    two = coach_on(two_cards_left())
    assert str(two.best.move) == "play GS" and keys["best_move_guess"] == 'grade("best_move_guess", "A")'
    four = next(o for o in two.options if str(o.move) == "play G4")
    assert keys["g4_gives_up"] == f'grade("g4_gives_up", {four.cost:.2f}, tolerance=0.005)'
    three = coach_on(three_cards_left())
    skip = next(o for o in three.options if str(o.move) == "play GS")
    lead = next(o for o in three.options if str(o.move) == "play G4").versus_best
    assert skip is three.best and 0 < -lead.value <= 2 * lead.stderr  # B: not clear of chance
    assert keys["answer_settled"] == 'grade("answer_settled", "B")'


def test_the_items_record_an_answer_and_grade_it_by_the_key():
    assert all(ANSWERS[item.name] is item for item in ITEMS)
    recorded = ANSWER_LUCK.check(" b ")
    assert recorded.passed and "your answer is recorded" in recorded.text()
    assert ANSWER_LUCK.grade("B", "B").passed and not ANSWER_LUCK.grade("A", "B").passed
    assert "could she see" in ANSWER_LUCK.grade("A", "B").text()
    assert G4_GIVES_UP.grade(0.513, 0.51, 0.005).passed and not G4_GIVES_UP.grade(0.53, 0.51, 0.005).passed
    assert "positive or a negative" in G4_GIVES_UP.check(-0.51).text()
    assert "own chance to win" in G4_GIVES_UP.check(0.49).text()
    assert "not one of the options" in ANSWER_SETTLED.check("yes").text()
