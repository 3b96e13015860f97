"""Sphinx configuration of the uno_lessons documentation (Markdown pages read by MyST).

Build it, warnings as errors, with
``python -m sphinx -W --keep-going -b html docs docs/_build/html``
(``bash dev.sh test`` does, as its ``== docs`` step; ``pip install -e ".[docs]"`` installs
Sphinx and MyST). The API pages import the package: autodoc reads its docstrings.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's package, installed or not
# The reference is read from the engine's source, so its Python runs here, whatever was
# compiled (uno_lessons.engine.compiled): autodoc lists no class of a mypyc build.
os.environ["UNO_LESSONS_ENGINE"] = "python"

project = "uno_lessons"
author = "the uno_lessons contributors"
copyright = "the uno_lessons contributors, MIT licence"

extensions = [
    "myst_parser",  # the pages are Markdown, as README and docs/rules.md always were
    "sphinx.ext.autodoc",  # the API from the package's docstrings
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Headings get GitHub's anchors, so links such as rules.md#readings work on GitHub and here.
myst_heading_anchors = 3
myst_enable_extensions = ["deflist"]

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "alabaster"
html_title = "uno_lessons"
html_theme_options = {"description": "UNO: Encanto lessons in Jupyter", "page_width": "1100px"}
html_static_path: list[str] = []


# ------------------------------------------------------------------ folder links
# docs/rules.md (kept exactly as it is) links the folder ``rules/box-texts/``; GitHub shows a
# folder's README.md there, and so does this site: a Markdown link to a folder that holds a
# README.md page becomes a link to that page.
from sphinx import addnodes  # noqa: E402
from sphinx.transforms.post_transforms import SphinxPostTransform  # noqa: E402


class FolderLinks(SphinxPostTransform):
    """Before MyST resolves links: ``[text](folder/)`` → the page ``folder/README``."""

    default_priority = 5  # MyST's resolver runs at 10

    def run(self, **kwargs) -> None:
        env = self.env
        for node in self.document.findall(addnodes.pending_xref):
            target = node.get("reftarget", "")
            if node.get("reftype") != "myst" or node.get("refdomain") or not target.endswith("/"):
                continue
            _rel, path = env.relfn2path(target + "README.md", node.get("refdoc", env.docname))
            docname = env.path2doc(path)
            if docname and docname in env.all_docs:
                node["refdomain"], node["reftarget"], node["reftargetid"] = "doc", docname, None


def setup(app) -> dict:
    app.add_post_transform(FolderLinks)
    return {"parallel_read_safe": True}
