"""exercises/ is built from solutions/ (uno_lessons.exercises): the build is deterministic,
``--check`` catches a stale build, no answer leaks into an exercise, exercise notebooks run
with only the stubs' NotImplementedError, and the solutions run cleanly."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from uno_lessons import exercises as ex

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
NOTEBOOKS = sorted(p.name for p in SOLUTIONS.glob("*.ipynb"))
TOPICS = ("01_setup", "02_matching", "03_action_cards", "04_wild_draw_four", "05_uno_and_dont_talk",
          "06_scoring", "07_capstone")
RULE_ID = re.compile(r"\b[EC]-[A-Z0-9]+(?:-\d+)?\b")


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "uno_lessons.exercises", *args], capture_output=True,
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
        assert re.search(r"^check_\w+\(\w+\)$", text(cells[i]), re.M)
    ids = [c["id"] for c in cells]
    assert len(set(ids)) == len(ids)


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
    assert "python -m uno_lessons.exercises build" in run.stderr
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
def test_an_exercise_runs_with_only_the_stubs_errors(name, executed):
    nb = executed["exercises", name]
    assert not isinstance(nb, Exception), nb
    errors = _errors(nb)
    assert [e.ename for e in errors] == ["NotImplementedError"] * len(errors)
    for cell in nb.cells:
        if "check" in cell.metadata.get("tags", []):
            assert "not started yet" in _shown(cell) and "Traceback" not in _shown(cell), cell.id


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_solution_runs_without_errors_and_every_check_passes(name, executed):
    nb = executed["solutions", name]
    assert not isinstance(nb, Exception), nb
    assert _errors(nb) == []
    for cell in nb.cells:
        if "check" in cell.metadata.get("tags", []):
            assert _shown(cell).startswith("✓") and "cases pass" in _shown(cell), cell.id


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
