"""The maths of the pages and the feedback files come from the package (uno_lessons.voila.maths):
which notebooks load KaTeX, and that what a feedback file carries inline names no other host.
tests/browser/test_offline.py checks the pages themselves in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

from uno_lessons.voila.maths import FEEDBACK_TEMPLATES, MATHS, FeedbackMaths, has_maths, inline_katex

ROOT = Path(__file__).resolve().parents[1]


def test_only_notebooks_whose_markdown_has_maths_load_katex() -> None:
    with_maths = {p.relative_to(ROOT).as_posix() for p in ROOT.glob("notebooks/**/*.ipynb")
                  if has_maths(nbformat.read(p, as_version=4))}
    assert {"notebooks/07_simulation.ipynb", "notebooks/10_learning.ipynb", "notebooks/sr/07_simulation.ipynb"} <= with_maths
    assert "notebooks/dashboard.ipynb" not in with_maths and "notebooks/01_setup.ipynb" not in with_maths
    code_only = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("price = '$5'")])
    assert not has_maths(code_only)
    assert has_maths(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(r"An area \(\pi r^2\).")]))


def test_the_package_ships_katex_and_its_licence() -> None:
    fonts = sorted(p.name for p in (MATHS / "fonts").iterdir())
    css = (MATHS / "katex.css").read_text(encoding="utf-8")
    assert len(fonts) == 20 and all(f.endswith(".woff2") for f in fonts)
    assert sorted(re.findall(r"url\(fonts/([\w-]+\.woff2)\)", css)) == fonts
    assert "MIT License" in (MATHS / "LICENSE-KaTeX.txt").read_text(encoding="utf-8")


def test_a_feedback_file_gets_katex_inline_naming_no_other_host() -> None:
    block = inline_katex()
    assert "url(fonts/" not in block and block.count("url(data:font/woff2;base64,") == 20
    assert re.findall(r"url\((?!data:)|@import", block) == []
    # The only addresses are XML namespaces (KaTeX's MathML and SVG), never fetched; KaTeX's
    # \includegraphics would ask for a picture only where told to trust the TeX (it is not).
    hosts = set(re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"')]*", block))
    assert hosts == {"http://www.w3.org/1998/Math/MathML", "http://www.w3.org/2000/svg"}
    nb = nbformat.read(ROOT / "solutions" / "10_learning.ipynb", as_version=4)
    cells = len(nb.cells)
    out, _ = FeedbackMaths().preprocess(nb, {})
    assert len(nb.cells) == cells and len(out.cells) == cells + 1  # the teacher's notebook stays as it was
    last = out.cells[-1]
    assert last.source == "" and last.metadata.transient.remove_source and last.outputs[0].data["text/html"] == block
    plain = nbformat.read(ROOT / "solutions" / "02_matching.ipynb", as_version=4)
    assert FeedbackMaths().preprocess(plain, {})[0] is plain


def test_nbgraders_mathjax_macro_is_shadowed_by_one_that_loads_nothing() -> None:
    macro = (FEEDBACK_TEMPLATES / "feedback" / "mathjax.html.j2").read_text(encoding="utf-8")
    assert "{%- macro mathjax(" in macro and "<script" not in macro and "http" not in macro
