"""The teacher's answer key to every self-check, written from the quiz bank itself.

    python -m uno_lessons.tools.answer_keys            # write docs/answer_keys.md
    python -m uno_lessons.tools.answer_keys --check    # fail if the page is not current

The lessons' self-checks live in :data:`uno_lessons.lessons.quizzes.QUIZZES`; a key typed by
hand beside them would drift the first time a question changes. This writes the key from the
bank: for each lesson (the id's number), each question with its options, the right one marked,
why it is right, and for each wrong option why it is wrong (what the learner is told after a
first wrong pick). ``--check`` is what the tests run, as ``exercises build --check`` is for the
exercises. The graded exercises' answers are not here: they stay in ``solutions/`` (see
"Where the answers are" in docs/teachers.md), out of anything a learner can read.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

from ..lessons.quizzes import QUIZZES, QuizItem

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "answer_keys.md"

HEAD = """# Answer keys: the lessons' self-checks

Written by `python -m uno_lessons.tools.answer_keys` from the quiz bank
(`uno_lessons/lessons/quizzes.py`); do not edit this page, edit the bank and run it again (a
test fails when the page is not current). A learner who picks a wrong option is told why that
option is wrong and tries again; the right answer and why show after a second wrong pick.
The graded exercises' answers are in `solutions/` (see
[Where the answers are](teachers.md#where-the-answers-are)).
"""


def _item(qid: str, item: QuizItem) -> list[str]:
    lines = [f"### `{qid}`", "", item.question, ""]
    for i, option in enumerate(item.options):
        if i == item.answer:
            lines.append(f"- **{option}** (right): {item.explanation}")
        else:
            why = item.why.get(i)
            lines.append(f"- {option}" + (f": {why}" if why else ""))
    return [*lines, ""]


def page_text() -> str:
    """The answer-key page, lesson by lesson in the bank's order."""
    lessons: dict[str, list[str]] = defaultdict(list)
    for qid in QUIZZES:
        lessons[qid.split("-", 1)[0]].append(qid)
    lines = [HEAD]
    for number in sorted(lessons):
        lines += [f"## Lesson {int(number)}", ""]
        for qid in lessons[number]:
            lines += _item(qid, QUIZZES[qid])
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the page, or with ``--check`` say whether it is current (exit 1 if not)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/answer_keys.md is not current")
    args = parser.parse_args(argv)
    text = page_text()
    if args.check:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.relative_to(ROOT)} is not current: run python -m uno_lessons.tools.answer_keys")
            return 1
        print(f"{PAGE.relative_to(ROOT)} is current.")
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"Wrote {PAGE.relative_to(ROOT)} ({len(QUIZZES)} questions).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
