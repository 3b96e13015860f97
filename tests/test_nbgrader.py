"""The exercises under the real nbgrader 0.9.6, as a teacher runs it from the wheel
(docs/teachers.md): ``uno-lessons nbgrader`` writes the course (the ten exercises as the
source: the wheel holds no answers), ``generate_assignment``, three submissions (every answer
right, nothing answered, one mistake), ``autograde``, ``validate``, and ``generate_feedback``.
Every command runs with the built wheel's package (``wheel_site``, tests/wheel_build.py), not
the checkout's; the right answers come from the checkout's ``solutions/``, as a learner who
got everything right would type them. Scores come from nbgrader's own gradebook
(``nbgrader.api``).

One course is built per test run (about a minute on two cores: each nbgrader command starts
its own kernels); every test below reads from it.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook
from wheel_build import installed_env

from uno_lessons.tools import exercises as ex

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
ASSIGNMENT = "uno"
COURSE = "uno_lessons"
STUDENTS = ("full", "blank", "slip")

#: The one mistake: step 1 of 02_matching forgets the wild cards (E-MATCH-2).
SLIP_NOTEBOOK, SLIP_CELL = "02_matching", "can_play"
SLIP_SOURCE = '''def can_play(card, top, color):
    """True when `card` may be played on `top` while `color` is in force (E-MATCH)."""
    return card.color is color or card.rank is top.rank'''


def start(course: Path, site: Path, *args: str) -> subprocess.Popen:
    """Start one nbgrader command in the course folder, as a teacher types it in an activated
    virtual environment where the wheel (unpacked in ``site``) is installed."""
    return subprocess.Popen([sys.executable, "-m", "nbgrader", *args], cwd=course, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=installed_env(site))


def finish(proc: subprocess.Popen) -> subprocess.CompletedProcess:
    """Wait for a started command; its output and exit code."""
    out, err = proc.communicate(timeout=600)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def nbgrader(course: Path, site: Path, *args: str) -> subprocess.CompletedProcess:
    """Run one nbgrader command in the course folder and wait for it."""
    return finish(start(course, site, *args))


def _answers(solution: Path) -> dict[str, str]:
    """grade_id -> the teacher's answer cell, markers taken out (what a learner would type)."""
    nb = nbformat.read(solution, as_version=4)
    found = {}
    for cell in nb.cells:
        flags = cell.metadata.get("nbgrader", {})
        if flags.get("solution"):
            found[flags["grade_id"]] = "\n".join(
                line for line in cell.source.split("\n")
                if line.strip() not in (ex.BEGIN_SOLUTION, ex.END_SOLUTION))
    return found


def _submit(released: Path, target: Path, answers: dict[str, str]) -> None:
    nb = nbformat.read(released, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = answers[grade_id]
    nbformat.write(nb, target)


@pytest.fixture(scope="module")
def course(tmp_path_factory, wheel_site) -> dict:
    """A course folder written by the wheel's ``uno-lessons nbgrader``, taken through
    generate_assignment, autograde (three students), validate (each student's 02_matching)
    and generate_feedback."""
    root = tmp_path_factory.mktemp("course")
    which = subprocess.run([sys.executable, "-c", "import uno_lessons; print(uno_lessons.__file__)"], cwd=root,
                           capture_output=True, text=True, env=installed_env(wheel_site))
    assert which.stdout.startswith(str(wheel_site)), which.stdout + which.stderr  # the wheel's, not the checkout's
    logs = {"course": subprocess.run([sys.executable, "-m", "uno_lessons", "nbgrader", str(root), "--course", COURSE,
                                      "--assignment", ASSIGNMENT], cwd=root, capture_output=True, text=True,
                                     env=installed_env(wheel_site))}
    assert logs["course"].returncode == 0, logs["course"].stdout + logs["course"].stderr
    logs["generate"] = nbgrader(root, wheel_site, "generate_assignment", ASSIGNMENT, "--force")
    assert logs["generate"].returncode == 0, logs["generate"].stderr

    released = sorted((root / "release" / ASSIGNMENT).glob("*.ipynb"))
    for student in STUDENTS:
        folder = root / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        for nb in released:
            answers = {} if student == "blank" else _answers(SOLUTIONS / nb.name)
            if student == "slip" and nb.stem == SLIP_NOTEBOOK:
                answers[SLIP_CELL] = SLIP_SOURCE
            _submit(nb, folder / nb.name, answers)

    # Each student is autograded by its own command, side by side (two cores finish them
    # sooner together). Validate runs after them, on its own: beside three autogrades on a
    # CI machine it once printed the verdict of only one of its three notebooks.
    targets = [str(root / "submitted" / s / ASSIGNMENT / f"{SLIP_NOTEBOOK}.ipynb") for s in STUDENTS]
    running = {f"autograde {s}": start(root, wheel_site, "autograde", ASSIGNMENT, "--student", s, "--force")
               for s in STUDENTS}
    logs.update({name: finish(proc) for name, proc in running.items()})
    for s in STUDENTS:
        assert logs[f"autograde {s}"].returncode == 0, logs[f"autograde {s}"].stderr
    logs["validate"] = nbgrader(root, wheel_site, "validate", *targets)
    logs["feedback"] = nbgrader(root, wheel_site, "generate_feedback", ASSIGNMENT, "--force")
    assert logs["feedback"].returncode == 0, logs["feedback"].stderr
    return {"root": root, "logs": logs, "released": released}


def _gradebook(course: dict) -> Gradebook:
    return Gradebook(f"sqlite:///{course['root'] / 'gradebook.db'}", COURSE)


def _graded_steps() -> int:
    return sum(c["metadata"].get("nbgrader", {}).get("grade", False)
               for nb in SOLUTIONS.glob("*.ipynb") for c in json.loads(nb.read_text(encoding="utf-8"))["cells"])


# ------------------------------------------------------------------ the release
def test_the_release_matches_exercises_cell_for_cell_locks_included(course):
    for released in course["released"]:
        release = nbformat.read(released, as_version=4)
        exercise = nbformat.read(ROOT / "exercises" / released.name, as_version=4)
        assert [c.id for c in release.cells] == [c.id for c in exercise.cells], released.name
        for r, e in zip(release.cells, exercise.cells):
            assert r.source.strip() == e.source.strip(), (released.name, r.id)
            for key in ("editable", "deletable"):
                assert r.metadata.get(key, True) == e.metadata.get(key, True), (released.name, r.id, key)
            assert r.metadata.get("nbgrader", {}).get("locked") == e.metadata.get("nbgrader", {}).get("locked")
        checks = [c for c in exercise.cells if "check" in c.metadata.get("tags", [])]
        assert checks and all(not c.metadata["editable"] and not c.metadata["deletable"] for c in checks)


# ------------------------------------------------------------------ autograde
def test_scores_full_marks_zero_and_exactly_one_point_lost(course):
    total = _graded_steps()
    assert total == 47
    with _gradebook(course) as gb:
        scores = {s: gb.find_submission(ASSIGNMENT, s).score for s in STUDENTS}
        assert gb.find_submission(ASSIGNMENT, "full").max_score == total
        slip = {name: gb.find_grade(name, SLIP_NOTEBOOK, ASSIGNMENT, "slip").score
                for name in ("check_can_play", "check_playable_cards", "check_match_reason")}
    assert scores == {"full": total, "blank": 0, "slip": total - 1}
    # playable_cards calls the learner's wrong can_play, yet keeps its point: one mistake, one point
    assert slip == {"check_can_play": 0, "check_playable_cards": 1, "check_match_reason": 1}


def test_autograde_grades_check_cells_without_partial_credit_warnings(course):
    for student in STUDENTS:
        log = course["logs"][f"autograde {student}"].stderr
        assert log.count("Autograding") == 11, student
        assert "cannot be converted to" not in log and "treating other output as full credit" not in log


def test_the_autograde_terminal_holds_only_nbgraders_own_lines(course):
    """No kernel's "running over TCP without encryption" (27 of them before: the course's
    kernels talk over private Unix sockets), nothing a teacher cannot act on; nbgrader's own
    progress lines stay, and so would its errors (nothing is filtered)."""
    for student in STUDENTS:
        log = course["logs"][f"autograde {student}"].stderr
        assert "without encryption" not in log and "IPKernelApp" not in log, log[-3000:]
        said = [line for line in log.splitlines() if line.startswith("[")]
        assert said and all(line.startswith("[AutogradeApp | ") for line in said), said
        assert not [line for line in said if "| ERROR]" in line]
    assert "without encryption" not in course["logs"]["validate"].stdout + course["logs"]["validate"].stderr


def test_an_autograded_check_shows_the_cases_then_a_short_error(course):
    nb = nbformat.read(course["root"] / "autograded" / "slip" / ASSIGNMENT / f"{SLIP_NOTEBOOK}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "check_can_play")
    kinds = [o.output_type for o in cell.outputs]
    assert kinds == ["display_data", "error"]
    shown = cell.outputs[0].data["text/plain"]
    assert "can_play: 10 of 13" not in shown  # the headline is the error's
    assert "  ✗ " in shown and "hint (E-MATCH-2)" in shown
    error = cell.outputs[1]
    assert error.ename == "StepNotPassed" and len(error.traceback) <= 3
    assert error.traceback[0] == "✗ can_play: 10 of 13 cases pass"
    passed = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "check_playable_cards")
    assert [o.output_type for o in passed.outputs] == ["display_data"]


# ------------------------------------------------------------------ validate
def _validate_blocks(out: str) -> list[str]:
    """The validate output of each notebook, in the order they were given."""
    return [b for b in re.split(r"(?m)^(?=Success!|VALIDATION FAILED)", out) if b.strip()]


def test_validate_tells_the_truth_naming_the_failing_steps(course):
    run = course["logs"]["validate"]
    blocks = _validate_blocks(run.stdout)
    assert len(blocks) == 3, f"one verdict per notebook expected:\n{run.stdout}\n--- stderr ---\n{run.stderr[-3000:]}"
    full, blank, slip = blocks
    assert full.strip() == "Success! Your notebook passes all the tests."
    assert blank.startswith("VALIDATION FAILED ON 3 CELL(S)!")
    for step in ("can_play", "playable_cards", "match_reason"):
        assert f'check("{step}")' in blank and f"○ {step}: not started yet" in blank
    assert slip.startswith("VALIDATION FAILED ON 1 CELL(S)!")
    assert 'check("can_play")' in slip and "✗ can_play: 10 of 13 cases pass" in slip
    assert "playable_cards" not in slip
    assert "Traceback" not in run.stdout


# ------------------------------------------------------------------ feedback
def _feedback(course: dict, student: str) -> str:
    return (course["root"] / "feedback" / student / ASSIGNMENT / f"{SLIP_NOTEBOOK}.html").read_text(encoding="utf-8")


def _page_text(page: str) -> str:
    """What a reader of the feedback page sees: its body's text, without styles and scripts."""
    body = page[page.index("<body"):]
    body = re.sub(r"<(style|script)\b.*?</\1>", "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_the_feedback_page_says_each_message_once(course):
    slip = " ".join(_page_text(_feedback(course, "slip")).split())
    assert slip.count("✗ can_play: 10 of 13 cases pass") == 1
    # each failing case (the three wilds) once, with its hint and rule: as many as the table has
    nb = nbformat.read(course["root"] / "autograded" / "slip" / ASSIGNMENT / f"{SLIP_NOTEBOOK}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "check_can_play")
    rows = cell.outputs[0].data["text/plain"].count("Rule E-MATCH-2 says")
    assert rows == 3 and slip.count("Rule E-MATCH-2 says") == rows
    blank = " ".join(_page_text(_feedback(course, "blank")).split())
    for step in ("can_play", "playable_cards", "match_reason"):
        assert blank.count(f"○ {step}: not started yet") == 1, step
        assert blank.count(f"`{step}` still raises NotImplementedError") == 1, step


def test_feedback_holds_the_table_and_the_hint_with_the_rule_never_the_answer(course):
    page = _feedback(course, "slip")
    assert "✗ can_play: 10 of 13 cases pass" in page
    assert "Hint (E-MATCH-2)" in page and "E-MATCH-2: what do wild cards match?" in page
    assert "Rule E-MATCH-2 says: “Wild cards match every card.”" in page
    assert "✓ playable_cards: all 5 cases pass" in page
    assert "if card.is_wild:" not in page, "the teacher's answer must not leak"
    assert "Traceback (most recent call last)" not in page
    blank = _feedback(course, "blank")
    assert "○ can_play: not started yet" in blank and "still raises NotImplementedError" in blank
    assert "StepNotPassed" not in _feedback(course, "full")


#: An address a page would fetch: in a src or href attribute, or a stylesheet's url().
FETCHED = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']?|url\(\s*["']?)((?:https?:)?//[^"' )>]+)""", re.I)


def test_feedback_files_fetch_nothing_and_carry_katex_where_there_is_maths(course):
    """No feedback file loads MathJax (or anything) from a CDN; a notebook with maths carries
    the package's KaTeX inline, fonts included (tests/browser/test_offline.py opens one)."""
    pages = {p.stem: p.read_text(encoding="utf-8") for p in (course["root"] / "feedback" / "full" / ASSIGNMENT).glob("*.html")}
    assert len(pages) == len(list(SOLUTIONS.glob("*.ipynb")))
    for name, page in pages.items():
        assert FETCHED.findall(page) == [], name
        assert "cdnjs.cloudflare.com" not in page and "cdn.jsdelivr.net" not in page, name
    with_maths = {name for name, page in pages.items() if "font-family:KaTeX_Main" in page}
    assert with_maths == {"08_challenge_or_accept", "10_learning", "11_house_rules"}
    assert "url(data:font/woff2;base64," in pages["10_learning"]
