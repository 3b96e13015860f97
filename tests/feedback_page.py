"""A feedback file as nbgrader's ``generate_feedback`` writes it, for one notebook, without a
course: nbgrader's own converter and exporter under the configuration that
``uno-lessons nbgrader`` writes (:func:`uno_lessons.voila.maths.configure_feedback`), less
nbgrader's ``GetGrades`` (it reads a gradebook): every step scores 0 here.
tests/test_nbgrader.py runs the real command on a whole course."""

from __future__ import annotations

from pathlib import Path

from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor, Preprocessor
from nbgrader.converters import GenerateFeedback
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import GetGrades
from traitlets import Bool
from traitlets.config import Config

from uno_lessons.voila.maths import configure_feedback


class NoGrades(Preprocessor):
    """In place of ``GetGrades``: every graded cell scored 0 of its points."""

    enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off unless enabled

    def preprocess_cell(self, cell, resources, index):
        flags = cell.metadata.get("nbgrader", {})
        if flags.get("grade") or flags.get("task"):
            flags["score"] = 0
        return cell, resources


def feedback_html(notebook: Path, folder: Path) -> str:
    """The feedback page of ``notebook`` (scored 0 of 1), rendered in ``folder``."""
    c = Config()
    configure_feedback(c)
    assert c.GenerateFeedback.preprocessors[:2] == [GetGrades, CSSHTMLHeaderPreprocessor]
    c.GenerateFeedback.preprocessors = [NoGrades, *c.GenerateFeedback.preprocessors[1:]]
    app = GenerateFeedback(coursedir=CourseDirectory(root=str(folder)), config=c)
    app.exporter = app.exporter_class(parent=app, config=app.config)
    for pp in app.preprocessors:
        app.exporter.register_preprocessor(pp)
    resources = {"nbgrader": {"notebook": notebook.stem, "score": 0, "max_score": 1, "late_penalty": 0}}
    html, _ = app.exporter.from_filename(str(notebook), resources=resources)
    return html
