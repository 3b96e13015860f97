"""Lessons and exercises in each language from one source (uno_lessons.tools.translate.notebooks):
messages cut from the English notebooks, built notebooks that differ only in their words and
the language line, untranslated cells counted, stale output caught, exercises built from the
translated solutions, and the proof notebook (00_index) run in each language."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from uno_lessons import Card, use_language
from uno_lessons.tools.translate import catalogs, notebooks, quality

ROOT = Path(__file__).resolve().parents[1]
LANGS = catalogs.targets()
ENGLISH = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "solutions").glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


# ------------------------------------------------------------------ cutting messages
@pytest.mark.parametrize("path", ENGLISH, ids=[f"{p.parent.name}/{p.name}" for p in ENGLISH])
def test_markdown_cells_cut_into_paragraphs_join_back_exactly(path):
    for cell in load(path)["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        pieces = notebooks.markdown_segments(source(cell))
        assert "".join(p for p, _ in pieces) == source(cell)
        for piece, translatable in pieces:
            if "### BEGIN SOLUTION" in piece or "### END SOLUTION" in piece:
                assert not translatable, "nbgrader's markers are never translated"


def test_paragraphs_keep_code_fences_whole():
    text = "# Title\n\nOne\ntwo.\n\n```python\nx = 1\n\ny = 2\n```\n\n### BEGIN SOLUTION\nAnswer.\n### END SOLUTION\n"
    pieces = notebooks.markdown_segments(text)
    assert [p for p, t in pieces if t] == ["# Title", "One\ntwo.", "```python\nx = 1\n\ny = 2\n```", "Answer."]
    assert "".join(p for p, _ in pieces) == text


def test_marked_strings_are_the_literals_passed_to_underscore():
    src = ('from uno_lessons.i18n import _\n'
           'print(_("Hello {name}", name="Ana"))\n'
           'label = _("one "\n          "two")  # a comment\n'
           'f = _(f"{x} skipped")\n'
           'obj._("not this")\n'
           'print("nor this")\n')
    marks = notebooks.marked_strings(src)
    assert [m.value for m in marks] == ["Hello {name}", "one two"]
    assert src[marks[1].start:marks[1].end] == '"one "\n          "two"'
    assert notebooks.marked_strings("%matplotlib inline\nx = (") == []


# ------------------------------------------------------------------ the proof notebook
def test_the_translated_notebooks_are_up_to_date_and_fully_translated():
    report = notebooks.check(ROOT)
    assert report.stale == [] and report.untranslated_cells == 0
    for lang in LANGS:
        assert ROOT / "notebooks" / lang / "00_index.ipynb" in report.built[lang]
    run = subprocess.run([sys.executable, "-m", "uno_lessons.tools.translate", "notebooks", "--check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "0 cells untranslated" in run.stdout and "not started in" in run.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_notebook_differs_from_its_source_only_in_words(lang):
    english = load(ROOT / "notebooks" / "00_index.ipynb")
    built = load(ROOT / "notebooks" / lang / "00_index.ipynb")
    assert [(c["id"], c["cell_type"]) for c in built["cells"]] == [(c["id"], c["cell_type"]) for c in english["cells"]]
    code = [(e, b) for e, b in zip(english["cells"], built["cells"]) if e["cell_type"] == "code"]
    assert source(code[0][1]) == notebooks.LANGUAGE_LINES.format(lang=lang) + source(code[0][0])
    assert all(source(b) == source(e) for e, b in code[1:])
    assert all(b["outputs"] == [] and b["execution_count"] is None for _, b in code)
    markdown = [(e, b) for e, b in zip(english["cells"], built["cells"]) if e["cell_type"] == "markdown"]
    assert markdown and all(source(b) != source(e) for e, b in markdown)
    # Links to lessons built in this language stay beside it; the others go to the English ones.
    links = [m.group(1) for _, b in markdown for m in re.finditer(r"\]\(([^)#\s]+\.ipynb)", source(b))]
    folder = ROOT / "notebooks" / lang
    assert links and all((folder / link).is_file() for link in links), links
    here = {p.name for p in folder.glob("*.ipynb")}
    # The links to the other languages' indexes (and to the English one) go up on purpose.
    others = {"../00_index.ipynb"} | {f"../{other}/00_index.ipynb" for other in LANGS if other != lang}
    assert others <= set(links), links
    links = [link for link in links if link not in others]
    assert all(link.startswith("../") == (Path(link).name not in here) for link in links), \
        "a link goes up although the lesson is built here, or stays although it is not"
    assert "../dashboard.ipynb" in links, "the dashboard has no catalog, so its link goes to the English one"
    assert built["metadata"]["uno_lessons"]["language"] == lang


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_notebook_runs_in_its_language(lang, tmp_path):
    nb = nbformat.read(ROOT / "notebooks" / lang / "00_index.ipynb", as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("print(uno_lessons.get_language(), uno_lessons.Card.parse('G3').name)"))
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT / "notebooks" / lang)}}).execute()
    assert all(o.get("output_type") != "error" for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    with use_language(lang):
        name = Card.parse("G3").name
    assert name != "green 3" and nb.cells[-1].outputs[0]["text"].strip() == f"{lang} {name}"


# ------------------------------------------------------------------ end to end in a scratch repository
def make_repo(root: Path) -> None:
    (root / "notebooks").mkdir(parents=True)
    (root / "solutions").mkdir()
    lesson = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Colours\n\nA card has a colour.\n\n```python\nx = 1\n\ny = 2\n```\n\n"
                                      "See [the next lesson](b.ipynb)."),
        nbformat.v4.new_code_cell('from uno_lessons.i18n import _\nprint(_("Hello {name}", name="Ana"))\nprint(f"{1}")'),
        nbformat.v4.new_code_cell("print(1 + 1)"),
    ])
    solution = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("Write `double` (E-MATCH-1)."),
        nbformat.v4.new_code_cell('def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION\n'
                                  'print(_("Well done!"))'),
    ])
    for i, nb in enumerate((lesson, solution)):
        for k, cell in enumerate(nb.cells):
            cell["id"] = f"c{i}{k}"
    nbformat.write(lesson, root / "notebooks" / "a.ipynb")
    nbformat.write(solution, root / "solutions" / "s.ipynb")


DUTCH = {"# Colours": "# Kleuren", "A card has a colour.": "Een kaart heeft een kleur.",
         "```python\nx = 1\n\ny = 2\n```": "```python\nx = 1\n\ny = 2\n```",
         "See [the next lesson](b.ipynb).": "Zie [de volgende les](b.ipynb).", "Hello {name}": "Hallo {name}",
         "Write `double` (E-MATCH-1).": "Schrijf `double` (E-MATCH-1).", "Well done!": "Goed gedaan!"}


def fill(root: Path, lang: str, table: dict[str, str]) -> None:
    for po in (root / "notebooks" / "locale" / lang / "a.po", root / "solutions" / "locale" / lang / "s.po"):
        cat = catalogs.load_po(po, lang)
        for message in cat:
            if message.id in table:
                message.string, message.flags = table[message.id], set()
        po.write_text(catalogs.catalog_text(cat), encoding="utf-8")


def test_extract_build_check_from_one_source(tmp_path):
    make_repo(tmp_path)
    a, s = tmp_path / "notebooks" / "a.ipynb", tmp_path / "solutions" / "s.ipynb"
    assert notebooks.check(tmp_path).built == {}, "a notebook without a catalog is not started"
    written = notebooks.extract(tmp_path, [a, s])
    assert len(written) == 2 * len(LANGS)
    assert sorted(m.id for m in catalogs.load_po(tmp_path / "notebooks/locale/nl/a.po", "nl") if m.id) == sorted(
        k for k in DUTCH if k not in ("Write `double` (E-MATCH-1).", "Well done!"))
    report = notebooks.check(tmp_path)
    # Every cell with a message, in each language, falls back to English and is counted.
    assert report.untranslated_cells == 4 * len(LANGS) and not report.ok
    assert any("missing" in item for item in report.stale)

    fill(tmp_path, "nl", DUTCH)
    built = notebooks.build(tmp_path, ["nl"])
    assert built.untranslated_cells == 0 and notebooks.check(tmp_path, ["nl"]).ok
    assert notebooks.build(tmp_path, ["nl"]).written == [], "a second build writes nothing"
    lesson = load(tmp_path / "notebooks" / "nl" / "a.ipynb")
    assert source(lesson["cells"][0]) == ("# Kleuren\n\nEen kaart heeft een kleur.\n\n```python\nx = 1\n\ny = 2\n```\n\n"
                                          "Zie [de volgende les](../b.ipynb).")
    assert source(lesson["cells"][1]) == ('import uno_lessons\nuno_lessons.set_language("nl")\n'
                                          "from uno_lessons.i18n import _\nprint(_('Hallo {name}', name=\"Ana\"))\n"
                                          'print(f"{1}")')
    assert source(lesson["cells"][2]) == "print(1 + 1)"
    solution = load(tmp_path / "solutions" / "nl" / "s.ipynb")
    assert "return 2 * x" in source(solution["cells"][1]) and "'Goed gedaan!'" in source(solution["cells"][1])
    exercise = load(tmp_path / "exercises" / "nl" / "s.ipynb")
    assert "return 2 * x" not in source(exercise["cells"][1]) and "# YOUR CODE HERE" in source(exercise["cells"][1])
    assert source(exercise["cells"][0]) == "Schrijf `double` (E-MATCH-1)."

    # The English source changes: the catalog and the build are stale, the cell falls back.
    nb = load(a)
    nb["cells"][0]["source"] = source(nb["cells"][0]).replace("A card has a colour.", "Every card has a colour.")
    a.write_text(json.dumps(nb), encoding="utf-8")
    report = notebooks.check(tmp_path, ["nl"])
    assert any("out of date" in item for item in report.stale) and report.untranslated_cells == 1
    notebooks.extract(tmp_path, langs=["nl"])
    changed = catalogs.load_po(tmp_path / "notebooks/locale/nl/a.po", "nl")["Every card has a colour."]
    assert changed.fuzzy, "a changed paragraph keeps its old translation, marked fuzzy"
    assert notebooks.check(tmp_path, ["nl"]).untranslated_cells == 1, "fuzzy counts as untranslated"
    fill(tmp_path, "nl", {"Every card has a colour.": "Elke kaart heeft een kleur."})
    notebooks.build(tmp_path, ["nl"])
    assert notebooks.check(tmp_path, ["nl"]).ok

    # A hand edit of a built file is caught; a notebook whose catalog is gone is removed.
    out = tmp_path / "notebooks" / "nl" / "a.ipynb"
    out.write_text(out.read_text(encoding="utf-8").replace("Kleuren", "Kleur"), encoding="utf-8")
    assert any("differs" in item for item in notebooks.check(tmp_path, ["nl"]).stale)
    (tmp_path / "notebooks" / "locale" / "nl" / "a.po").unlink()
    assert out in notebooks.build(tmp_path, ["nl"]).written and not out.exists()


def _links(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_the_indexes_link_every_language_and_the_dashboard_in_its_own_language():
    """Issue 26: a learner finds the lessons in their language from any index, and the
    dashboard a translated index links opens in that language (?lang=)."""
    langs = [p.name for p in sorted((ROOT / "notebooks" / "locale").iterdir()) if p.is_dir()]
    assert langs == ["ms", "nl", "sr"]
    english = _links(ROOT / "notebooks" / "00_index.ipynb")
    for lang in langs:
        assert f"{lang}/00_index.ipynb" in english
    for lang in langs:
        index = ROOT / "notebooks" / lang / "00_index.ipynb"
        links = _links(index)
        assert f"../dashboard.ipynb?lang={lang}" in links, lang
        assert "../00_index.ipynb" in links, lang  # back to English
        for other in langs:
            if other != lang:
                assert f"../{other}/00_index.ipynb" in links, (lang, other)
        for link in links:
            if "://" not in link and not link.startswith("#"):
                target = (index.parent / link.split("?")[0].split("#")[0]).resolve()
                assert target.exists(), (lang, link)


def test_relink_sends_the_dashboard_its_language_and_leaves_a_translators_up_link():
    built = {"01_setup.ipynb"}
    text = "[a](01_setup.ipynb) [b](dashboard.ipynb#play) [c](07_simulation.ipynb) [d](../00_index.ipynb) [e](https://x.org)"
    assert notebooks._relink(text, built, "nl") == (
        "[a](01_setup.ipynb) [b](../dashboard.ipynb?lang=nl#play) [c](../07_simulation.ipynb) "
        "[d](../00_index.ipynb) [e](https://x.org)")


def test_the_check_fails_on_a_catalog_msgfmt_rejects(tmp_path):
    """`check` itself (not only msgfmt alone) fails on a copy of the Serbian catalog where one
    case form is written the old way, inside the braces ({player:acc}), as Poedit would."""
    (tmp_path / "sr" / "LC_MESSAGES").mkdir(parents=True)
    po = catalogs.po_path("sr", tmp_path)
    source = catalogs.po_path("sr").read_text(encoding="utf-8")
    assert "[acc]{player}" in source
    po.write_text(source.replace("[acc]{player}", "{player:acc}", 1), encoding="utf-8")
    catalogs.mo_path("sr", tmp_path).write_bytes(catalogs.mo_path("sr").read_bytes())
    stats = quality.check_language("sr", catalogs.load_po(catalogs.TEMPLATE), locale_dir=tmp_path)
    failed = [str(p) for p in stats.problems if "msgfmt -c failed" in str(p)]
    assert failed and str(po) in failed[0], [str(p) for p in stats.problems]


# ------------------------------------------------------------------ GNU msgfmt -c on every catalog
def _all_catalogs() -> list[Path]:
    return [*sorted((ROOT / "uno_lessons" / "locale").rglob("*.po")), catalogs.TEMPLATE,
            *sorted((ROOT / "notebooks" / "locale").rglob("*.po")), *sorted((ROOT / "solutions" / "locale").rglob("*.po"))]


def test_every_catalog_passes_gnu_msgfmt_c():
    """What Poedit runs on a file a translator opens: the package's catalogs and every
    lesson's, exercise solution's, in every language."""
    found = _all_catalogs()
    assert len(found) > 3 * len(LANGS), found
    refused = [refusal for po in found if (refusal := quality.msgfmt_refusal(po)) is not None]
    assert refused == []


PERCENT = "About 95% of the time the band holds $p$; its width shrinks as $1/\\sqrt{n}$."
PERCENT_NL = "In ongeveer 95% van de gevallen ligt $p$ in de band; die wordt smaller als $1/\\sqrt{n}$."


def _percent_repo(root: Path) -> Path:
    (root / "notebooks").mkdir(parents=True)
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell(PERCENT),
        nbformat.v4.new_code_cell('from uno_lessons.i18n import _\nprint(_("{name} won 95% of games", name="Ana"))'),
    ])
    for k, cell in enumerate(nb.cells):
        cell["id"] = f"c{k}"
    nbformat.write(nb, root / "notebooks" / "a.ipynb")
    notebooks.extract(root, [root / "notebooks" / "a.ipynb"], ["nl"])
    return root / "notebooks" / "locale" / "nl" / "a.po"


CODE_ID = "{name} won 95% of games"


def _translate_as_a_tool_saves_it(po: Path) -> None:
    """Fill in the Dutch and write the catalog back with the format flags reading it guessed."""
    table = {PERCENT: PERCENT_NL, CODE_ID: "{name} won 95% van de spellen"}
    cat = catalogs.load_po(po, "nl")
    assert {"python-format", "python-brace-format"} <= cat[PERCENT].flags, "Babel guesses both on reading"
    for message in cat:
        if message.id in table:
            message.string = table[message.id]
    po.write_text(catalogs.catalog_text(cat), encoding="utf-8")


def test_a_lessons_paragraph_is_no_format_string_so_msgfmt_takes_its_translation(tmp_path):
    """Babel guesses "95% of" is a %-format and "$\\sqrt{n}$" a brace format; GNU msgfmt -c
    then refused a Dutch "95% van" (a "% v" directive). A markdown paragraph has no format
    flag, a string for _() only python-brace-format, and extract keeps it so though reading
    the .po guesses the flags again."""
    po = _percent_repo(tmp_path)
    _translate_as_a_tool_saves_it(po)
    refusal = quality.msgfmt_refusal(po)
    assert refusal is not None and "not a valid Python format string" in refusal, refusal

    notebooks.extract(tmp_path, langs=["nl"])
    text = po.read_text(encoding="utf-8")
    assert quality.msgfmt_refusal(po) is None, text
    flags = {m.id: m.flags for m in catalogs.load_po(po, "nl") if m.id}
    assert f'#, python-brace-format\nmsgid "{CODE_ID}"' in text and text.count("#, python") == 1, text
    assert flags[CODE_ID] >= {"python-brace-format"} and catalogs.load_po(po, "nl")[PERCENT].string == PERCENT_NL
    assert notebooks.extract(tmp_path, langs=["nl"]) == [], "a second extract writes nothing"


def test_the_check_runs_msgfmt_on_the_lessons_catalogs(tmp_path, monkeypatch):
    """`check` fails on a lesson's catalog GNU msgfmt -c refuses, naming the file."""
    from uno_lessons.tools.translate import cli

    po = _percent_repo(tmp_path)
    _translate_as_a_tool_saves_it(po)
    monkeypatch.setattr(cli, "notebook_catalogs", lambda root, lang: [po])
    _lines, problems = cli.run_checks(ROOT, ["nl"])
    refused = [p for p in problems if "msgfmt -c failed" in p]
    assert len(refused) == 1 and str(po) in refused[0] and "not a valid Python format string" in refused[0], problems
