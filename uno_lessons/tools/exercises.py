"""Build the learners' exercise notebooks from the teachers' solution notebooks.

``solutions/*.ipynb`` is the only place anyone edits an exercise. Answer code sits between
nbgrader's markers ``### BEGIN SOLUTION`` and ``### END SOLUTION``; this tool writes
``exercises/`` with each such block replaced by ``# YOUR CODE HERE`` and
``raise NotImplementedError()`` at the block's indentation (in a markdown cell: ``YOUR
ANSWER HERE``). ``### BEGIN HIDDEN TESTS`` … ``### END HIDDEN TESTS`` blocks are dropped
entirely. Outputs, execution counts, execution timings and the Python version that ran the
solutions are cleared; cell ids, tags, nbgrader and other metadata are kept. Cells are locked
the way ``nbgrader generate_assignment`` locks a release (its ``LockCells`` defaults): answer
cells cannot be deleted; check cells and other ``locked`` cells can be neither deleted nor
edited (``deletable``/``editable`` false in the cell metadata, which JupyterLab obeys). The
JSON is written deterministically, so building twice gives the same bytes.

Usage (from the repository root)::

    python -m uno_lessons.tools.exercises build            # write exercises/
    python -m uno_lessons.tools.exercises build --check    # exit 1 if exercises/ is out of date
    python -m uno_lessons.tools.exercises build --solutions DIR --exercises DIR
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
BEGIN_HIDDEN = "### BEGIN HIDDEN TESTS"
END_HIDDEN = "### END HIDDEN TESTS"
CODE_STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")
MARKDOWN_STUB = "YOUR ANSWER HERE"

_MARKER = re.compile(r"^(?P<indent>[ \t]*)###\s*(?P<what>BEGIN|END)\s+(?P<kind>SOLUTION|HIDDEN TESTS)\s*$")
# Metadata that changes on every run (timings, the Python version that ran the solutions,
# saved widget state) and means nothing to a learner.
_VOLATILE_CELL_METADATA = ("execution", "ExecuteTime")
_VOLATILE_NOTEBOOK_METADATA = ("widgets",)


class MarkerError(ValueError):
    """A solution notebook has unbalanced or nested BEGIN/END markers."""


@dataclass(frozen=True)
class Stale:
    """One exercise notebook that does not match what its solution builds."""

    path: Path
    reason: str

    def __str__(self) -> str:
        return f"{_rel(self.path)}: {self.reason}"


def _rel(path: Path) -> str:
    """``path`` relative to the working directory when it lies inside it (shorter messages)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def strip_source(source: str, cell_type: str = "code", where: str = "cell") -> str:
    """The learner's version of one cell's source: solutions stubbed, hidden tests gone."""
    out: list[str] = []
    lines = source.split("\n")
    open_kind: str | None = None
    open_line = 0
    for number, line in enumerate(lines, 1):
        m = _MARKER.match(line)
        if m is None:
            if open_kind is None:
                out.append(line)
            continue
        kind, what, indent = m["kind"], m["what"], m["indent"]
        if what == "BEGIN":
            if open_kind is not None:
                raise MarkerError(f"{where}, line {number}: BEGIN {kind} inside the {open_kind} block "
                                  f"opened on line {open_line}")
            open_kind, open_line = kind, number
            continue
        if open_kind != kind:
            opened = f"the {open_kind} block opened on line {open_line}" if open_kind else "no open block"
            raise MarkerError(f"{where}, line {number}: END {kind} does not close anything ({opened})")
        open_kind = None
        if kind == "SOLUTION":
            if cell_type == "code":
                out.extend(indent + stub for stub in CODE_STUB)
            else:
                out.append(indent + MARKDOWN_STUB)
    if open_kind is not None:
        raise MarkerError(f"{where}, line {open_line}: BEGIN {open_kind} has no matching END")
    return "\n".join(out)


def solution_lines(source: str) -> list[str]:
    """The lines inside solution and hidden-test blocks of one cell (markers excluded)."""
    inside, found = False, []
    for line in source.split("\n"):
        m = _MARKER.match(line)
        if m is not None:
            inside = m["what"] == "BEGIN"
        elif inside:
            found.append(line)
    return found


def lock(cell: dict[str, Any]) -> None:
    """Lock a cell as nbgrader's release does: solution cells undeletable; grade and locked
    (read-only) cells undeletable and uneditable."""
    meta = cell.setdefault("metadata", {})
    flags = meta.get("nbgrader", {})
    if flags.get("solution"):
        meta["deletable"] = False
    elif flags.get("grade") or flags.get("locked"):
        meta["deletable"] = False
        meta["editable"] = False


def _cell_id(stem: str, index: int) -> str:
    return re.sub(r"[^a-zA-Z0-9-_]", "-", f"{stem}-{index}")[:64]


def exercise_notebook(solution: dict[str, Any], name: str = "notebook") -> nbformat.NotebookNode:
    """The exercise version of a solution notebook (a dict as read from JSON)."""
    nb = nbformat.from_dict(copy.deepcopy(solution))
    stem = Path(name).stem
    for key in _VOLATILE_NOTEBOOK_METADATA:
        nb.metadata.pop(key, None)
    if "language_info" in nb.metadata:
        nb.metadata["language_info"] = {"name": nb.metadata["language_info"].get("name", "python")}
    for index, cell in enumerate(nb.cells):
        if "id" not in cell and (nb.nbformat, nb.nbformat_minor) >= (4, 5):
            cell["id"] = _cell_id(stem, index)  # deterministic, unlike nbformat's random ids
        source = cell.get("source", "")
        if isinstance(source, list):
            source = "".join(source)
        where = f"{name}, cell {index} (id {cell.get('id', '?')})"
        cell["source"] = strip_source(source, cell.get("cell_type", "code"), where)
        for key in _VOLATILE_CELL_METADATA:
            cell.get("metadata", {}).pop(key, None)
        lock(cell)
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return nb


def notebook_text(nb: nbformat.NotebookNode) -> str:
    """Stable JSON for a notebook: nbformat's own layout (sorted keys, indent 1) + newline."""
    text = nbformat.writes(nb, version=nbformat.NO_CONVERT)
    return text if text.endswith("\n") else text + "\n"


def build_text(solution_path: Path) -> str:
    """The exercise notebook's file content for one solution notebook."""
    with open(solution_path, encoding="utf-8") as fh:
        data = json.load(fh)
    return notebook_text(exercise_notebook(data, solution_path.name))


def _sources(solutions: Path) -> list[Path]:
    return sorted(p for p in solutions.glob("*.ipynb") if not p.name.startswith("."))


def plan(solutions: Path, exercises: Path) -> tuple[dict[Path, str], list[Path]]:
    """What a build would write (path -> text) and which orphan exercise notebooks it removes."""
    wanted = {exercises / src.name: build_text(src) for src in _sources(solutions)}
    orphans = sorted(p for p in exercises.glob("*.ipynb") if p not in wanted) if exercises.is_dir() else []
    return wanted, orphans


def build(solutions: Path | str = "solutions", exercises: Path | str = "exercises") -> list[Path]:
    """Write exercises/ from solutions/; returns the files written or removed."""
    solutions, exercises = Path(solutions), Path(exercises)
    wanted, orphans = plan(solutions, exercises)
    exercises.mkdir(parents=True, exist_ok=True)
    changed: list[Path] = []
    for path, text in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            changed.append(path)
    for path in orphans:
        path.unlink()
        changed.append(path)
    return changed


def check(solutions: Path | str = "solutions", exercises: Path | str = "exercises") -> list[Stale]:
    """The exercise notebooks that are missing, differ from a fresh build, or have no solution."""
    solutions, exercises = Path(solutions), Path(exercises)
    wanted, orphans = plan(solutions, exercises)
    stale = []
    for path, text in wanted.items():
        source = solutions / path.name
        if not path.exists():
            stale.append(Stale(path, f"missing (built from {_rel(source)})"))
        elif path.read_text(encoding="utf-8") != text:
            stale.append(Stale(path, f"differs from what {_rel(source)} builds"))
    stale.extend(Stale(path, f"has no solution notebook {_rel(solutions / path.name)}") for path in orphans)
    return stale


def _default_dir(name: str) -> Path:
    here = Path.cwd() / name
    if here.is_dir() or name == "exercises" and (Path.cwd() / "solutions").is_dir():
        return here
    return Path(__file__).resolve().parents[2] / name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m uno_lessons.tools.exercises",
        description="Build exercises/ (learners' notebooks) from solutions/ (teachers' notebooks).")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="write exercises/ from solutions/")
    b.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 and name the stale files if exercises/ is out of date")
    b.add_argument("--solutions", type=Path, default=None, help="solution notebooks (default: solutions/)")
    b.add_argument("--exercises", type=Path, default=None, help="exercise notebooks (default: exercises/)")
    args = parser.parse_args(argv)
    solutions = args.solutions or _default_dir("solutions")
    exercises = args.exercises or _default_dir("exercises")
    if not solutions.is_dir():
        print(f"error: no solutions directory {solutions}", file=sys.stderr)
        return 2
    try:
        if args.check:
            stale = check(solutions, exercises)
            if stale:
                print(f"{_rel(exercises)}/ is out of date with {_rel(solutions)}/:", file=sys.stderr)
                for item in stale:
                    print(f"  {item}", file=sys.stderr)
                print("Rebuild it with: python -m uno_lessons.tools.exercises build", file=sys.stderr)
                return 1
            print(f"{_rel(exercises)}/ is up to date with {_rel(solutions)}/ ({len(_sources(solutions))} notebooks).")
            return 0
        changed = build(solutions, exercises)
    except MarkerError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for path in changed:
        print(f"{'removed' if not path.exists() else 'wrote'} {_rel(path)}")
    print(f"{_rel(exercises)}/: {len(_sources(solutions))} notebooks, {len(changed)} changed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
