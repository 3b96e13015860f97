"""The answers stay with the teacher (issue 39, item 5): the built wheel, which every learner
of a school's shared environment can read, holds no answer, and neither does anything
``uno-lessons lessons`` or ``uno-lessons nbgrader`` writes from it; grading needs only the
``grading`` extra (issue 39, item 7). The whole grading flow from the wheel is
tests/test_nbgrader.py's.

An answer here is the code between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` in any
notebook of ``solutions/`` (every language), compared line by line without indentation.
"""

from __future__ import annotations

import json
import subprocess
import sys
from email.parser import Parser
from pathlib import Path

from wheel_build import ROOT, installed_env

from uno_lessons.cli.grading import exercise_names


def answers() -> set[str]:
    """Every answer region of every solution notebook, its lines stripped and joined."""
    found = set()
    for path in (ROOT / "solutions").rglob("*.ipynb"):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            inside: list[str] | None = None
            for line in "".join(cell["source"]).split("\n"):
                if line.strip() == "### BEGIN SOLUTION":
                    inside = []
                elif line.strip() == "### END SOLUTION":
                    found.add(_lines("\n".join(inside or [])))
                    inside = None
                elif inside is not None:
                    inside.append(line)
    return found


def _lines(text: str) -> str:
    return "\n".join(line.strip() for line in text.split("\n") if line.strip())


def readable_text(folder: Path) -> str:
    """The text of every file under ``folder`` (a notebook's cells, not its JSON), normalised."""
    parts = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if path.suffix == ".ipynb":
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"])
        parts.append(_lines(text))
    return "\n\n".join(parts)


def leaked(folder: Path) -> list[str]:
    """The answers that some file under ``folder`` holds."""
    text = readable_text(folder)
    return sorted(a for a in answers() if a in text)


def test_the_answers_are_many_and_the_check_finds_them():
    found = answers()
    assert len(found) >= 30 and all(found)
    assert leaked(ROOT / "solutions") == sorted(found)  # what would leak, if solutions/ were shipped


def test_the_wheel_holds_no_answer(wheel_site):
    assert not list(wheel_site.rglob("solutions"))
    assert (wheel_site / "uno_lessons" / "course" / "exercises" / "02_matching.ipynb").is_file()
    assert leaked(wheel_site) == []


def test_the_wheel_offers_nbgrader_as_the_grading_extra(wheel_site):
    meta = Parser().parsestr(next(wheel_site.glob("uno_lessons-*.dist-info/METADATA")).read_text(encoding="utf-8"))
    assert "grading" in meta.get_all("Provides-Extra")
    assert "nbgrader==0.9.6; extra == 'grading'" in meta.get_all("Requires-Dist")
    assert not [r for r in meta.get_all("Requires-Dist") if r.startswith("nbgrader") and "extra" not in r]


def uno_lessons(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """The wheel's ``uno-lessons`` command."""
    return subprocess.run([sys.executable, "-m", "uno_lessons", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=installed_env(site))


def test_lessons_from_the_wheel_copies_no_answer_and_says_what_it_skipped(wheel_site, tmp_path):
    first = uno_lessons(wheel_site, tmp_path, "lessons", str(tmp_path / "course"))
    assert first.returncode == 0, first.stderr
    course = tmp_path / "course"
    assert sorted(p.name for p in course.iterdir()) == ["exercises", "notebooks"]
    assert leaked(course) == []
    copied = len([p for p in course.rglob("*") if p.is_file()])
    said = first.stdout.splitlines()
    assert said == [f"Copied {copied} files into {course}.",
                    "The answers (solutions/) are not copied: anyone who can open this folder could read them. "
                    "Teachers find them in the repository (docs/teachers.md, \"Where the answers are\")."]
    again = uno_lessons(wheel_site, tmp_path, "lessons", str(course)).stdout.splitlines()
    assert again[:2] == [f"Copied 0 files into {course}.",
                         f"Left {copied} files as they were: they are already there (--force overwrites them)."]


def test_the_nbgrader_course_from_the_wheel_holds_no_answer(wheel_site, tmp_path):
    done = uno_lessons(wheel_site, tmp_path, "nbgrader", str(tmp_path / "course"), "--course", "uno")
    assert done.returncode == 0, done.stdout + done.stderr
    source = tmp_path / "course" / "source" / "uno"
    assert sorted(p.stem for p in source.glob("*.ipynb")) == exercise_names() and len(exercise_names()) == 11
    assert leaked(tmp_path / "course") == []
