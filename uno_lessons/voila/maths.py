"""The maths of the pages and of nbgrader's feedback files, typeset from the package's own files.

The lessons write maths in their markdown (``$\\binom{112}{7}$``, ``$$…$$``). nbconvert leaves it
as typed; JupyterLab typesets it with the MathJax it bundles, but Voilà's template drops
MathJax (it came from a CDN), and nbgrader's feedback files load MathJax from a CDN: no
internet or a school network that blocks the CDN, and the maths stays raw.

Here instead: KaTeX (npm ``katex``, MIT licence), built with a few lines of ours into the page
template's ``static/maths/`` (``uno_lessons/voila/frontend/build.mjs``). The ``uno`` template
loads it on a notebook with maths (:func:`has_maths`, a Jinja filter that ``voila.json``
registers); a feedback file carries it inline (:class:`FeedbackMaths`), fonts included, since
it is opened as a file, away from any server, and nbgrader's MathJax from a CDN is dropped
(:func:`configure_feedback`, which the ``nbgrader_config.py`` of ``uno-lessons nbgrader`` calls).
"""

from __future__ import annotations

import base64
import copy
import re
from pathlib import Path
from typing import Any

import nbformat
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

__all__ = ["MATHS", "FEEDBACK_TEMPLATES", "CONFIG_LINES", "FeedbackMaths", "has_maths", "inline_katex",
           "configure_feedback"]

#: KaTeX as built for the page template (served by Voilà at ``static/maths/``).
MATHS = Path(__file__).resolve().parent / "templates" / "uno" / "static" / "maths"
#: Template folders searched before nbgrader's own (``feedback/``: its feedback page).
FEEDBACK_TEMPLATES = Path(__file__).resolve().parent / "templates" / "nbgrader"

#: What opens maths in a markdown cell: the delimiters src/maths.js typesets.
DELIMITERS = ("$", "\\(", "\\[")


def has_maths(nb: Any) -> bool:
    """True if a markdown cell of notebook ``nb`` has maths to typeset (a delimiter of
    :data:`DELIMITERS`): only such pages load KaTeX (270 kB the dashboard does without)."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            source = "".join(source) if isinstance(source, list) else source
            if any(d in source for d in DELIMITERS):
                return True
    return False


def _font_data(match: str) -> str:
    """``url(data:…)`` for ``fonts/NAME.woff2``, read from :data:`MATHS`."""
    data = base64.b64encode((MATHS / match).read_bytes()).decode("ascii")
    return f"url(data:font/woff2;base64,{data})"


def inline_katex() -> str:
    """KaTeX's stylesheet (its fonts inlined) and script, as one ``<style>`` and one
    ``<script>`` block: a file that needs no server and no other host."""
    css = re.sub(r"url\((fonts/[\w-]+\.woff2)\)", lambda m: _font_data(m.group(1)),
                 (MATHS / "katex.css").read_text(encoding="utf-8"))
    script = (MATHS / "maths.js").read_text(encoding="utf-8")
    if "</script" in script.lower() or "</style" in css.lower():  # would end the block early
        raise ValueError(f"{MATHS} cannot be inlined in HTML: rebuild it (frontend/build.mjs)")
    return f"<style>\n{css}\n</style>\n<script>\n{script}\n</script>\n"


class FeedbackMaths(Preprocessor):
    """An nbconvert preprocessor for nbgrader's ``generate_feedback``: a notebook with maths
    (:func:`has_maths`) gets a last cell, without code, whose output is :func:`inline_katex`
    (nbconvert's page keeps an output's HTML as it is, where it cleans a raw cell's of its
    scripts); KaTeX typesets the page's maths once it is parsed."""

    enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off unless enabled

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """``nb`` with the maths cell added where it has maths (a copy: the input stays)."""
        if has_maths(nb):
            nb = copy.deepcopy(nb)
            output = nbformat.v4.new_output("display_data", data={"text/html": inline_katex()})
            nb.cells.append(nbformat.v4.new_code_cell("", outputs=[output],
                                                      metadata={"transient": {"remove_source": True}}))
        return nb, resources


def configure_feedback(c: Any) -> None:
    """Set traitlets config ``c`` (an ``nbgrader_config.py``'s) for feedback files without a
    CDN: nbgrader's feedback template finds this package's ``mathjax.html.j2`` first (no
    MathJax from a CDN), and :class:`FeedbackMaths` runs after nbgrader's own preprocessors.
    nbgrader adds its own template folder only where none is configured, so it is named here
    too (its Formgrader finds its pages there as before)."""
    import nbgrader
    from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor
    from nbgrader.preprocessors import GetGrades

    nbgrader_templates = Path(nbgrader.__file__).resolve().parent / "server_extensions" / "formgrader" / "templates"
    c.HTMLExporter.extra_template_basedirs = [str(FEEDBACK_TEMPLATES), str(nbgrader_templates)]
    c.GenerateFeedback.preprocessors = [GetGrades, CSSHTMLHeaderPreprocessor, FeedbackMaths]


#: What an ``nbgrader_config.py`` says to call :func:`configure_feedback` when it is read.
CONFIG_LINES = ("from uno_lessons.voila.maths import configure_feedback  # maths without a CDN",
                "configure_feedback(c)  # noqa: F821")
