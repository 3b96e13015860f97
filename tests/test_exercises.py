"""exercises/ is built from solutions/ (uno_lessons.tools.exercises): the build is deterministic,
``--check`` catches a stale build, no answer leaks into an exercise, check cells are locked as
nbgrader's release locks them, every name a step suggests is imported, exercise notebooks run
with only the stubs' NotImplementedError and a short "not started yet" per check, the
solutions run cleanly, and in a real kernel a learner's slips (a syntax error after the stub
ran, a cell stopped before its def, ``card.colour``, a missing import) are named with the line
to fix."""

from __future__ import annotations

import ast
import asyncio
import builtins
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from uno_lessons.tools import exercises as ex

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
NOTEBOOKS = sorted(p.name for p in SOLUTIONS.glob("*.ipynb"))
TOPICS = ("01_setup", "02_matching", "03_action_cards", "04_wild_draw_four", "05_uno_and_dont_talk",
          "06_scoring", "07_capstone", "08_challenge_or_accept", "09_good_move", "10_learning", "11_house_rules")
RULE_ID = re.compile(r"\b[ECH]-[A-Z0-9]+(?:-\d+)?\b")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "uno_lessons.tools.exercises", *args], capture_output=True,
                          text=True, cwd=ROOT)


# ------------------------------------------------------------------ the notebooks' shape
def test_one_solution_notebook_per_topic_plus_the_capstone():
    assert len(NOTEBOOKS) >= 7
    for topic in TOPICS:
        assert any(name.startswith(topic) for name in NOTEBOOKS), topic
    assert sorted(p.name for p in EXERCISES.glob("*.ipynb")) == NOTEBOOKS


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_each_notebook_has_an_intro_naming_rules_and_graded_steps(name):
    cells = load(SOLUTIONS / name)["cells"]
    assert cells[0]["cell_type"] == "markdown" and len(RULE_ID.findall(text(cells[0]))) >= 3
    checks = [i for i, c in enumerate(cells) if "check" in c["metadata"].get("tags", [])]
    assert len(checks) >= 3, "several graded steps"
    for i in checks:
        answer, explanation = cells[i - 1], cells[i - 2]
        assert ex.BEGIN_SOLUTION in text(answer) and "exercise" in answer["metadata"]["tags"]
        assert answer["metadata"]["nbgrader"]["solution"] and cells[i]["metadata"]["nbgrader"]["grade"]
        assert explanation["cell_type"] == "markdown" and RULE_ID.search(text(explanation))
        step = answer["metadata"]["nbgrader"]["grade_id"]
        first, *hidden = text(cells[i]).split("\n")
        assert first == f'check("{step}")'
        if hidden:  # an answer item: its key is graded in hidden tests, which learners never get
            assert hidden[0] == ex.BEGIN_HIDDEN and hidden[-1] == ex.END_HIDDEN, hidden
            assert hidden[1:-1] == ["from uno_lessons.checks import grade"] + [
                line for line in hidden[2:-1] if line.startswith(f'grade("{step}", ')] and len(hidden) == 4
        assert cells[i]["metadata"]["nbgrader"]["grade_id"] == f'check_{answer["metadata"]["nbgrader"]["grade_id"]}'
    ids = [c["id"] for c in cells]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_check_cells_are_locked_as_nbgraders_release_locks_them(name):
    """LockCells' defaults: answer cells undeletable; grade and read-only cells undeletable
    and uneditable (tests/test_nbgrader.py compares with a real release)."""
    for cell in load(EXERCISES / name)["cells"]:
        meta, flags = cell["metadata"], cell["metadata"].get("nbgrader", {})
        if flags.get("solution"):
            assert meta["deletable"] is False and "editable" not in meta, cell["id"]
        elif flags.get("grade") or flags.get("locked"):
            assert meta["deletable"] is False and meta["editable"] is False, cell["id"]
        else:
            assert "deletable" not in meta and "editable" not in meta, cell["id"]
    for cell in load(SOLUTIONS / name)["cells"]:
        assert "editable" not in cell["metadata"], "solutions/ stays editable for the teacher"


# Names a step's text suggests: a capitalised name (`Rank.SKIP`, `Rules.classic()`) or a
# function called in backticks (`explain_match(card, top, color)`).
_SUGGESTED = re.compile(r"(?<![\w.])([A-Z][A-Za-z0-9_]*|[a-z_][a-z0-9_]*(?=\())")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_name_a_step_suggests_is_imported_in_the_setup_cell(name):
    cells = load(SOLUTIONS / name)["cells"]
    setup = next(c for c in cells if c["id"] == "setup")
    space: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(text(setup), space)
    written = set()  # what the notebook's own code defines: the learner's functions, ALL_CODES, ENCANTO
    for c in cells:
        if c["cell_type"] == "code":
            for node in ast.walk(ast.parse(text(c))):
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                    written.add(node.name)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    written.add(node.id)
    missing = set()
    for c in cells:
        if c["cell_type"] != "markdown":
            continue
        for snippet in re.findall(r"`([^`]+)`", text(c)):
            if snippet.startswith(("#", "raise ", "uno_lessons.")) or snippet.endswith(".ipynb"):
                continue
            code = re.sub(r"\"[^\"]*\"|'[^']*'", "", snippet)  # "G3" is a card code, not a name
            for found in _SUGGESTED.findall(code):
                if found not in space and found not in written and not hasattr(builtins, found):
                    missing.add(found)
    assert not missing, f"{name}: the steps suggest {sorted(missing)}, which the setup cell does not import"


@pytest.mark.parametrize("folder", [SOLUTIONS, EXERCISES])
def test_no_notebook_points_to_a_rules_file_learners_do_not_have(folder):
    for path in folder.glob("*.ipynb"):
        assert "RULES.md" not in path.read_text(encoding="utf-8"), path.name


# ------------------------------------------------------------------ build and --check
def test_exercises_are_up_to_date():
    assert ex.check(SOLUTIONS, EXERCISES) == []
    run = cli("build", "--check")
    assert run.returncode == 0, run.stderr


def test_a_build_into_a_fresh_directory_matches_exercises(tmp_path):
    written = ex.build(SOLUTIONS, tmp_path / "out")
    assert sorted(p.name for p in written) == NOTEBOOKS
    for name in NOTEBOOKS:
        assert (tmp_path / "out" / name).read_bytes() == (EXERCISES / name).read_bytes(), name
    assert ex.build(SOLUTIONS, tmp_path / "out") == [], "a second build writes nothing"


def _copy(tmp_path: Path) -> tuple[Path, Path]:
    sol, exe = tmp_path / "solutions", tmp_path / "exercises"
    shutil.copytree(SOLUTIONS, sol)
    shutil.copytree(EXERCISES, exe)
    return sol, exe


def test_check_fails_and_names_the_file_when_a_solution_is_edited(tmp_path):
    sol, exe = _copy(tmp_path)
    target = sol / NOTEBOOKS[1]
    nb = load(target)
    cell = next(c for c in nb["cells"] if c["cell_type"] == "markdown" and c["id"] != "intro")
    cell["source"] = text(cell) + "\nOne more sentence from the teacher."
    target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    run = cli("build", "--check", "--solutions", str(sol), "--exercises", str(exe))
    assert run.returncode == 1
    assert NOTEBOOKS[1] in run.stderr and "out of date" in run.stderr
    assert "python -m uno_lessons.tools.exercises build" in run.stderr
    assert sum(name in run.stderr for name in NOTEBOOKS) == 1, "only the edited notebook is stale"

    assert cli("build", "--solutions", str(sol), "--exercises", str(exe)).returncode == 0
    assert "One more sentence" in (exe / NOTEBOOKS[1]).read_text(encoding="utf-8")
    assert cli("build", "--check", "--solutions", str(sol), "--exercises", str(exe)).returncode == 0


def test_check_names_missing_and_orphan_exercises_and_build_fixes_them(tmp_path):
    sol, exe = _copy(tmp_path)
    (exe / NOTEBOOKS[0]).unlink()
    shutil.copy(exe / NOTEBOOKS[2], exe / "99_old.ipynb")
    stale = {item.path.name: item.reason for item in ex.check(sol, exe)}
    assert stale.keys() == {NOTEBOOKS[0], "99_old.ipynb"}
    assert "missing" in stale[NOTEBOOKS[0]] and "no solution" in stale["99_old.ipynb"]
    ex.build(sol, exe)
    assert ex.check(sol, exe) == [] and not (exe / "99_old.ipynb").exists()


def test_a_changed_output_in_a_solution_leaves_exercises_up_to_date(tmp_path):
    """Re-running the solutions (on any Python) changes outputs, counts, timings and the
    language version, never the exercises."""
    sol, exe = _copy(tmp_path)
    target = sol / NOTEBOOKS[0]
    nb = load(target)
    code = next(c for c in nb["cells"] if c["cell_type"] == "code")
    code["execution_count"] = 99
    code["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["changed\n"]}]
    code["metadata"]["execution"] = {"iopub.status.busy": "2026-11-29T00:00:00.000000Z"}
    nb["metadata"]["language_info"] = {"name": "python", "version": "3.99.0"}
    target.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    assert ex.check(sol, exe) == []


# ------------------------------------------------------------------ the transformation
def test_a_solution_block_becomes_a_stub_at_its_indentation():
    source = "\n".join([
        "def f(x):",
        '    """Doc."""',
        "    ### BEGIN SOLUTION",
        "    if x:",
        "        return 1",
        "    return 2",
        "    ### END SOLUTION",
        "",
        "class A:",
        "    def g(self):",
        "        ### BEGIN SOLUTION",
        "        return 3",
        "        ### END SOLUTION",
    ])
    assert ex.strip_source(source) == "\n".join([
        "def f(x):",
        '    """Doc."""',
        "    # YOUR CODE HERE",
        "    raise NotImplementedError()",
        "",
        "class A:",
        "    def g(self):",
        "        # YOUR CODE HERE",
        "        raise NotImplementedError()",
    ])


def test_hidden_tests_vanish_and_markdown_answers_are_stubbed():
    source = "### BEGIN HIDDEN TESTS\nassert secret()\n### END HIDDEN TESTS\ncheck(f)"
    assert ex.strip_source(source) == "check(f)"
    md = "Why?\n\n### BEGIN SOLUTION\nBecause E-MATCH-2.\n### END SOLUTION"
    assert ex.strip_source(md, "markdown") == "Why?\n\nYOUR ANSWER HERE"
    assert ex.strip_source("x = 1\ny = 2") == "x = 1\ny = 2"


@pytest.mark.parametrize("source", [
    "### BEGIN SOLUTION\nx = 1",
    "x = 1\n### END SOLUTION",
    "### BEGIN SOLUTION\n### BEGIN HIDDEN TESTS\n### END HIDDEN TESTS\n### END SOLUTION",
    "### BEGIN SOLUTION\nx = 1\n### END HIDDEN TESTS",
])
def test_unbalanced_markers_are_an_error_naming_the_line(source):
    with pytest.raises(ex.MarkerError, match="line"):
        ex.strip_source(source, where="nb.ipynb, cell 3")


def test_the_cli_reports_a_marker_error_without_a_traceback(tmp_path):
    sol = tmp_path / "solutions"
    sol.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("def f():\n    ### BEGIN SOLUTION\n    pass")])
    (sol / "bad.ipynb").write_text(nbformat.writes(nb), encoding="utf-8")
    run = cli("build", "--solutions", str(sol), "--exercises", str(tmp_path / "exercises"))
    assert run.returncode == 2 and "bad.ipynb" in run.stderr and "line 2" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_ids_tags_and_metadata_are_kept_outputs_cleared(name):
    solution, exercise = load(SOLUTIONS / name), load(EXERCISES / name)
    assert exercise["metadata"]["kernelspec"] == solution["metadata"]["kernelspec"]
    assert len(solution["cells"]) == len(exercise["cells"])
    for s, e in zip(solution["cells"], exercise["cells"]):
        assert (e["id"], e["cell_type"]) == (s["id"], s["cell_type"])
        assert e["metadata"].get("tags") == s["metadata"].get("tags")
        assert e["metadata"].get("nbgrader") == s["metadata"].get("nbgrader")
        assert "execution" not in e["metadata"]
        if e["cell_type"] == "code":
            assert e["outputs"] == [] and e["execution_count"] is None
        if ex.BEGIN_SOLUTION not in text(s) and ex.BEGIN_HIDDEN not in text(s):
            assert text(e) == text(s)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_no_exercise_holds_a_solution_line(name):
    solution, exercise = load(SOLUTIONS / name), load(EXERCISES / name)
    raw = (EXERCISES / name).read_text(encoding="utf-8")
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "HIDDEN TESTS"):
        assert marker not in raw
    # Lines that the notebook also shows outside its answer blocks are not secrets.
    public = {line.strip() for c in solution["cells"] for line in ex.strip_source(text(c), c["cell_type"]).split("\n")}
    exercise_lines = {line.strip() for c in exercise["cells"] for line in text(c).split("\n")}
    secret = {line.strip() for c in solution["cells"] for line in ex.solution_lines(text(c))} - public - {""}
    assert secret, "the solutions have answers"
    assert secret & exercise_lines == set()
    stubs = sum(text(c).count("raise NotImplementedError()") for c in exercise["cells"] if c["cell_type"] == "code")
    assert stubs == sum(text(c).count(ex.BEGIN_SOLUTION) for c in solution["cells"]) >= 3


# ------------------------------------------------------------------ running the notebooks
async def _execute(path: Path, workdir: Path, allow_errors: bool, limit: asyncio.Semaphore):
    from nbclient import NotebookClient

    async with limit:
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=allow_errors,
                                resources={"metadata": {"path": str(workdir)}})
        try:
            await client.async_execute()
        except Exception as exc:  # a solution cell failed: the test reports it
            return exc
        return nb


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> dict:
    """Every exercise (errors allowed) and solution (errors not allowed) notebook, executed
    with nbclient and the python3 kernel, a few at a time."""
    workdir = tmp_path_factory.mktemp("run")
    old = os.environ.get("PYTHONPATH")
    # The kernel must import this checkout even where the package is not installed.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), old]))

    async def run_all():
        limit = asyncio.Semaphore(4)
        jobs = {(kind, name): _execute(folder / name, workdir, kind == "exercises", limit)
                for kind, folder in (("exercises", EXERCISES), ("solutions", SOLUTIONS)) for name in NOTEBOOKS}
        done = await asyncio.gather(*jobs.values())
        return dict(zip(jobs, done))

    try:
        return asyncio.run(run_all())
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def _errors(nb: nbformat.NotebookNode) -> list[dict]:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]


def _shown(cell) -> str:
    return "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_an_exercise_runs_with_only_the_stubs_errors_and_short_not_started_checks(name, executed):
    nb = executed["exercises", name]
    assert not isinstance(nb, Exception), nb
    for cell in nb.cells:
        errors = [o for o in cell.outputs if o.output_type == "error"] if cell.cell_type == "code" else []
        if "check" in cell.metadata.get("tags", []):
            # nothing to tabulate yet: only the short error naming the step (what nbgrader's
            # validate reads), so the feedback page says it once
            assert [o.output_type for o in cell.outputs] == ["error"], cell.id
            assert errors[0].ename == "StepNotPassed" and len(errors[0].traceback) <= 6
            assert "not started yet" in errors[0].traceback[0] and "Traceback" not in "".join(errors[0].traceback)
        else:
            assert [e.ename for e in errors] in ([], ["NotImplementedError"]), cell.id


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_solution_runs_without_errors_and_every_check_passes(name, executed):
    nb = executed["solutions", name]
    assert not isinstance(nb, Exception), nb
    assert _errors(nb) == []
    for cell in nb.cells:
        if "check" in cell.metadata.get("tags", []):
            # a function's check counts its cases; a graded prediction or reading says "right"
            shown = _shown(cell)
            assert shown.startswith("✓") and ("cases pass" in shown or ": right" in shown), cell.id


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_stored_solution_outputs_show_passing_checks(name):
    """solutions/ keeps its outputs (nbval compares them); every stored check passed."""
    for cell in load(SOLUTIONS / name)["cells"]:
        if cell["cell_type"] != "code":
            continue
        assert all(o["output_type"] != "error" for o in cell["outputs"]), cell["id"]
        if "check" in cell["metadata"].get("tags", []):
            shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cell["outputs"])
            assert shown.startswith("✓"), f"{cell['id']}: execute solutions/ to store outputs"


# ------------------------------------------------------------------ a learner's slips, in a real kernel
_SLIPS = [
    # (what the learner runs, what the check under it must say)
    (None, ["○ can_play: not started yet",  # the stub as handed out
            "  `can_play` still raises NotImplementedError. Replace `raise NotImplementedError()` with your "
            "code, run that cell, then run this check again."]),
    ("def can_play(card, top, color):\n    if card.is_wild\n        return True\n    return False",
     ["✗ can_play: its cell did not run",
      "  The cell that defines `can_play` did not run: Python cannot read its line 2, `if card.is_wild` "
      "(expected ':'). Fix that line, run the cell, then run this check again."]),
    ("print(can_play_tests)\ndef can_play(card, top, color):\n    return True",
     ["✗ can_play: its cell did not run",
      "  The cell that defines `can_play` stopped at its line 1, `print(can_play_tests)`, with NameError: "
      "name 'can_play_tests' is not defined, before `can_play` was defined. Fix that line, run the cell, "
      "then run this check again."]),
    ("def can_play(card, top, color):\n    if card.is_wild:\n        return True\n"
     "    return card.colour is color or card.rank is top.rank",
     ["✗ can_play: 10 cases stop with the same error",
      "  Your code stopped at line 4: `return card.colour is color or card.rank is top.rank`",
      "  Write `card.color` instead of `card.colour`: a `Card` has `color`, not `colour`."]),
    ("def can_play(card, top, color):\n    if card.is_wild:\n        return True\n"
     "    return card.color is color or card.rank is top.rank or (card.rank is Rank.SKIP and top.rank is Rank.SKIP)",
     None),  # passes: step 1's text names Rank.SKIP, and the setup cell imports Rank
]


@pytest.fixture(scope="module")
def slips_run(tmp_path_factory) -> nbformat.NotebookNode:
    """exercises/02_matching's setup, stub and check cells, then the learner's attempts above,
    each followed by the check cell, and a check of a step whose cell never ran."""
    from nbclient import NotebookClient

    cells = nbformat.read(EXERCISES / "02_matching.ipynb", as_version=4).cells
    by_id = {c.id: c for c in cells}
    run = [by_id["setup"]]
    for attempt, _said in _SLIPS:
        run.append(by_id["can-play"] if attempt is None else nbformat.v4.new_code_cell(attempt))
        run.append(by_id["check-can-play"])
    run.append(by_id["check-playable-cards"])
    nb = nbformat.v4.new_notebook(cells=[nbformat.from_dict(dict(c, id=f"c{i}")) for i, c in enumerate(run)],
                                  metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), old]))
    try:
        NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(tmp_path_factory.mktemp("slips"))}}).execute()
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
    return nb


@pytest.mark.parametrize("index", range(len(_SLIPS)))
def test_each_slip_is_named_with_the_line_to_fix_in_a_real_kernel(slips_run, index):
    check_cell = slips_run.cells[2 + 2 * index]
    said = _SLIPS[index][1]
    kinds = [o.output_type for o in check_cell.outputs]
    if said is None:
        assert kinds == ["display_data"] and _shown(check_cell).startswith("✓ can_play: all 13 cases pass")
        return
    assert kinds == ["error"], "one line says it all: no table above the error, nothing said twice"
    error = check_cell.outputs[0].traceback
    assert error[0] == said[0] and max(map(len, error)) <= 80, "nbgrader validate cuts lines at 87"
    assert _unwrapped(error) == _unwrapped(said)


def _unwrapped(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines)


def test_a_step_whose_cell_never_ran_is_not_defined_yet_not_a_name_error(slips_run):
    cell = slips_run.cells[-1]
    assert [o.output_type for o in cell.outputs] == ["error"]
    assert _unwrapped(cell.outputs[0].traceback) == (
        "○ playable_cards: not started yet `playable_cards` is not defined yet: run the cell that defines it "
        "(Shift+Enter), then run this check again.")
