"""Lesson 10 follows the lessons' pattern, takes its self-checks from the bank, and is listed in
the index; its stored outputs are those of the package (nbval compares them)."""

import json
from pathlib import Path

from uno_lessons.lessons import QUIZZES

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "10_learning.ipynb"


def _cells():
    return json.loads(LESSON.read_text(encoding="utf-8"))["cells"]


def test_lesson_8_follows_the_lesson_pattern():
    cells = _cells()
    text = "\n".join("".join(c["source"]) for c in cells)
    for part in ("**Questions**", "**Objectives**", "Rules taught", "## Try it", "## Self-check", "quiz(",
                 "<details>", "## Common mistakes", "## Key points", "box text", "**official**"):
        assert part in text, part
    assert text.index("**Questions**") < text.index("## 1.") < text.index("## Key points")
    code = [c for c in cells if c["cell_type"] == "code"]
    assert all(c["outputs"] for c in code), "execute the lesson to store its outputs"
    assert max(len("".join(c["source"]).splitlines()) for c in code) <= 12
    assert not any(o["output_type"] == "error" for c in code for o in c["outputs"])


def test_lesson_8_self_checks_come_from_the_bank():
    code = ["".join(c["source"]) for c in _cells() if c["cell_type"] == "code"]
    used = [line.split('"')[1] for src in code for line in src.splitlines() if line.startswith("quiz(")]
    assert len(used) == 3 and all(q in QUIZZES and q.startswith("10-") for q in used)


def test_lesson_8_shows_intervals_for_every_contestant():
    evaluation = next(c for c in _cells() if c.get("id") == "evaluate")
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in evaluation["outputs"])
    for name in ("learned", "untrained", "random", "sensible"):
        assert name in shown
    assert "95% intervals" in shown and shown.count("[") == 4


def test_the_index_lists_lesson_8_between_7_and_9():
    index = json.loads((ROOT / "notebooks" / "00_index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in index["cells"])
    assert text.index("(07_simulation.ipynb)") < text.index("(10_learning.ipynb)") < text.index(
        "(11_house_rules.ipynb)")
