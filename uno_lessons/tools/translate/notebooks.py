"""Lessons and exercises in each language, built from the English notebooks and catalogs.

The English notebooks stay the only hand-edited lesson source. For each language ``xx`` and
each English notebook that has a catalog:

- ``notebooks/locale/xx/<stem>.po`` (``solutions/locale/xx/<stem>.po``) holds the notebook's
  messages: each paragraph of a markdown cell (blocks between blank lines; code fences and
  nbgrader marker lines are kept whole and never translated), and each string literal a code
  cell passes to ``_()`` (``from uno_lessons.i18n import _``);
- the build writes ``notebooks/xx/<name>.ipynb`` (``solutions/xx/<name>.ipynb``, and from those
  the exercises builder writes ``exercises/xx/``): markdown translated; code cells identical
  except for their ``_()`` strings and two lines at the top of the first code cell that set
  the language; outputs cleared; cell ids kept. A relative link to a notebook that is not
  (yet) built in that language points to the English one (``../01_setup.ipynb``).

A cell with any message untranslated (or fuzzy) stays English and is counted; ``--check``
fails when a built file is stale or any cell is untranslated (the target is zero). English
notebooks without a catalog are "not started" and reported, not built.
"""

from __future__ import annotations

import ast
import copy
import io
import json
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from .. import exercises as ex
from .catalogs import NO_LINE, catalog_text, updated_catalog, write_if_changed
from .catalogs import targets as languages

#: The two lines that open a translated notebook's first code cell.
LANGUAGE_LINES = 'import uno_lessons\nuno_lessons.set_language("{lang}")\n'
_MARKER = re.compile(r"^\s*###\s*(BEGIN|END)\s+(SOLUTION|HIDDEN TESTS)\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_LINK = re.compile(r"(\]\()([^)\s]+)(\))")
#: The format flags Babel guesses from a message's text: "95% of" looks like a %-format to
#: it and "$\\sqrt{n}$" like a brace format, and GNU msgfmt -c then checks the translation.
FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})


# ------------------------------------------------------------------ messages of a notebook
def markdown_segments(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, translatable) pairs that join back to exactly ``text``:
    paragraphs are translatable; blank lines and nbgrader marker lines are not."""
    out: list[tuple[str, bool]] = []
    block: list[str] = []
    fenced = False

    def flush() -> None:
        if block:
            out.append(("".join(block), True))
            block.clear()

    for line in text.splitlines(keepends=True):
        bare = line.strip()
        if _FENCE.match(line):
            fenced = not fenced
        if not fenced and (bare == "" or _MARKER.match(line)) and not _FENCE.match(line):
            flush()
            out.append((line, False))
        else:
            block.append(line)
    flush()
    # A paragraph's final newline belongs to the layout, not to the message.
    fixed: list[tuple[str, bool]] = []
    for piece, translatable in out:
        if translatable and piece.endswith("\n"):
            fixed += [(piece[:-1], True), ("\n", False)]
        else:
            fixed.append((piece, translatable))
    return fixed


@dataclass(frozen=True)
class Marked:
    """A string literal passed to ``_()`` in a code cell: its value and where it stands."""

    value: str
    start: int  # offsets in the cell source: from the first string token to the last one
    end: int


def marked_strings(source: str) -> list[Marked]:
    """The string literals passed as the first argument of ``_(...)`` in ``source``."""
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(pos: tuple[int, int]) -> int:
        return offsets[pos[0] - 1] + pos[1]

    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
                  if t.type not in (tokenize.NL, tokenize.COMMENT)]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []
    found = []
    for i, tok in enumerate(tokens[:-2]):
        if tok.type != tokenize.NAME or tok.string != "_" or tokens[i + 1].string != "(":
            continue
        if i > 0 and tokens[i - 1].string == ".":
            continue
        j = i + 2
        strings = []
        while j < len(tokens) and tokens[j].type == tokenize.STRING:
            strings.append(tokens[j])
            j += 1
        if not strings or j >= len(tokens) or tokens[j].string not in (",", ")"):
            continue
        if any(re.match(r"^[a-zA-Z]*[fF]", s.string) for s in strings):
            continue  # an f-string is filled before _() sees it: it cannot be a message
        value = "".join(ast.literal_eval(s.string) for s in strings)
        found.append(Marked(value, at(strings[0].start), at(strings[-1].end)))
    return found


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def template(nb: dict[str, Any], name: str) -> Catalog:
    """A notebook's messages, each with the cell it comes from."""
    catalog = Catalog(project=f"uno_lessons {name}", charset="utf-8", fuzzy=False)
    code: set[str] = set()
    for index, cell in enumerate(nb["cells"]):
        where = [(f"{name}#{cell.get('id', index)}", NO_LINE)]
        src = _source(cell)
        if cell["cell_type"] == "markdown":
            for piece, translatable in markdown_segments(src):
                if translatable and piece.strip():
                    catalog.add(piece, None, where)
        elif cell["cell_type"] == "code":
            for mark in marked_strings(src):
                if mark.value.strip():
                    catalog.add(mark.value, None, where)
                    code.add(mark.value)
    for message in catalog:
        # A paragraph of markdown is no format string; a string for _() is a brace format
        # (str.format fills it), never a %-format.
        message.flags -= {"python-format"} if message.id in code else FORMAT_FLAGS
    return catalog


def _format_flags(catalog: Catalog, tmpl: Catalog) -> Catalog:
    """``catalog`` with each message's format flags the template's (reading a .po guesses
    them again from the text)."""
    for message in catalog:
        wanted = tmpl.get(message.id) if message.id else None
        if wanted is not None:
            message.flags = (message.flags - FORMAT_FLAGS) | (wanted.flags & FORMAT_FLAGS)
    return catalog


# ------------------------------------------------------------------ translating one notebook
@dataclass
class Translated:
    """One built notebook: its text and the cells left in English."""

    text: str
    cells: int
    untranslated: list[str] = field(default_factory=list)  # cell ids


def _lookup(catalog: Catalog, msgid: str) -> str | None:
    message = catalog.get(msgid)
    # A notebook's messages have no plural forms: a translation is one string.
    if message is None or message.fuzzy or not isinstance(message.string, str) or not message.string:
        return None
    return message.string


#: The notebook that speaks ``?lang=`` itself: a translated notebook links it with its language.
DASHBOARD = "dashboard.ipynb"


def _relink(text: str, built: set[str], lang: str | None = None) -> str:
    """Relative links from ``xx/`` to files that are not built in this language go up; the
    dashboard's gets ``?lang=xx``, so it opens in the language of the notebook that links it.
    A link that already goes up (``../00_index.ipynb``: a translator's link to the English
    page) is the translator's and is left as it is."""
    def fix(m: re.Match) -> str:
        target = m.group(2)
        if re.match(r"^([a-z][a-z0-9+.-]*:|#|/|\.\./)", target, re.I):
            return m.group(0)
        path, hash_, anchor = target.partition("#")
        if path.split("?")[0] in built:
            return m.group(0)
        if lang and path == DASHBOARD:
            path += f"?lang={lang}"
        return f"{m.group(1)}../{path}{hash_}{anchor}{m.group(3)}"
    return _LINK.sub(fix, text)


def translate_cell(cell: dict[str, Any], catalog: Catalog, built: set[str], lang: str | None = None) -> bool:
    """Translate ``cell`` in place; False (and the cell left English) if any message of it
    has no translation."""
    src = _source(cell)
    if cell["cell_type"] == "markdown":
        pieces = []
        for piece, translatable in markdown_segments(src):
            if translatable and piece.strip():
                text = _lookup(catalog, piece)
                if text is None:
                    cell["source"] = _relink(src, built, lang)
                    return False
                pieces.append(text)
            else:
                pieces.append(piece)
        cell["source"] = _relink("".join(pieces), built, lang)
        return True
    if cell["cell_type"] == "code":
        marks = [m for m in marked_strings(src) if m.value.strip()]
        texts = [_lookup(catalog, m.value) for m in marks]
        if any(t is None for t in texts):
            return False
        for mark, text in sorted(zip(marks, texts), key=lambda p: -p[0].start):
            src = src[:mark.start] + repr(text) + src[mark.end:]
        cell["source"] = src
    return True


def translate_notebook(nb: dict[str, Any], catalog: Catalog, lang: str, name: str,
                       built: set[str]) -> Translated:
    """The notebook in ``lang``: cells translated, the language set in the first code cell,
    outputs cleared. ``built`` names the notebooks that exist in ``lang`` (for links)."""
    out = nbformat.from_dict(copy.deepcopy(nb))
    out.metadata.pop("widgets", None)
    out.metadata["uno_lessons"] = {"language": lang, "source": f"../{name}",
                                   "generated": "python -m uno_lessons.tools.translate notebooks"}
    untranslated = []
    first_code = True
    for index, cell in enumerate(out.cells):
        cell.source = _source(cell)
        for key in ("execution", "ExecuteTime"):
            cell.get("metadata", {}).pop(key, None)
        if not translate_cell(cell, catalog, built, lang):
            untranslated.append(str(cell.get("id", index)))
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            if first_code:
                cell.source = LANGUAGE_LINES.format(lang=lang) + cell.source
                first_code = False
    heading = _first_heading(out)
    if out.metadata.get("title") and heading:
        # The page's <title> (and a screen reader's first words): the translated heading.
        out.metadata["title"] = heading
    return Translated(ex.notebook_text(out), len(out.cells), untranslated)


def _first_heading(nb: dict[str, Any]) -> str | None:
    """The text of the notebook's first level-1 Markdown heading, if it has one."""
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in _source(cell).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return None


# ------------------------------------------------------------------ catalogs on disk
@dataclass(frozen=True)
class Source:
    """A folder of English notebooks and where their translations go."""

    folder: Path  # notebooks/ or solutions/
    exercises: Path | None = None  # exercises/ for solutions/, built from solutions/xx/

    def notebooks(self) -> list[Path]:
        """The English notebooks of this folder."""
        return sorted(p for p in self.folder.glob("*.ipynb") if not p.name.startswith("."))

    def po(self, lang: str, notebook: Path) -> Path:
        """The catalog of ``notebook`` in ``lang``."""
        return self.folder / "locale" / lang / f"{notebook.stem}.po"

    def out(self, lang: str) -> Path:
        """Where the notebooks in ``lang`` are written."""
        return self.folder / lang


def sources(root: Path) -> list[Source]:
    """The lessons and the solutions (whose translations also give exercises)."""
    return [Source(root / "notebooks"), Source(root / "solutions", root / "exercises")]


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _read_po(path: Path, lang: str) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, locale=lang)


def extract(root: Path, paths: list[Path] | None = None, langs: list[str] | None = None) -> list[Path]:
    """Create or update the catalogs of ``paths`` (default: every English notebook that
    already has a catalog in some language); returns the files written."""
    written = []
    for src in sources(root):
        for nb_path in src.notebooks():
            wanted = paths is not None and any(nb_path.resolve() == p.resolve() for p in paths)
            started = any(src.po(lang, nb_path).exists() for lang in languages())
            if not (wanted or (paths is None and started)):
                continue
            tmpl = template(_load(nb_path), nb_path.name)
            for lang in langs or languages():
                po = src.po(lang, nb_path)
                updated = _format_flags(updated_catalog(po, lang, tmpl, tmpl.project), tmpl)
                if write_if_changed(po, catalog_text(updated)):
                    written.append(po)
    return written


# ------------------------------------------------------------------ build and check
@dataclass
class Report:
    """What a build (or check) found, per language."""

    built: dict[str, list[Path]] = field(default_factory=dict)
    untranslated: dict[Path, list[str]] = field(default_factory=dict)  # built file -> cell ids
    stale: list[str] = field(default_factory=list)
    not_started: dict[str, list[Path]] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)

    @property
    def untranslated_cells(self) -> int:
        """How many cells fall back to English, over every built notebook."""
        return sum(len(v) for v in self.untranslated.values())

    @property
    def ok(self) -> bool:
        """Nothing stale and every cell translated."""
        return not self.stale and self.untranslated_cells == 0


def plan(root: Path, langs: list[str] | None = None) -> tuple[dict[Path, str], Report]:
    """Every translated notebook a build writes (path -> text), and what it found."""
    report = Report()
    files: dict[Path, str] = {}
    for lang in langs or languages():
        for src in sources(root):
            notebooks = src.notebooks()
            started = [p for p in notebooks if src.po(lang, p).exists()]
            report.not_started.setdefault(lang, []).extend(p for p in notebooks if p not in started)
            built_names = {p.name for p in started}
            for nb_path in started:
                nb = _load(nb_path)
                po_path = src.po(lang, nb_path)
                catalog = _read_po(po_path, lang)
                tmpl = template(nb, nb_path.name)
                if {m.id for m in tmpl if m.id} != {m.id for m in catalog if m.id}:
                    report.stale.append(f"{_rel(po_path)}: out of date with {_rel(nb_path)} "
                                        "(run python -m uno_lessons.tools.translate extract)")
                result = translate_notebook(nb, catalog, lang, nb_path.name, built_names)
                out = src.out(lang) / nb_path.name
                files[out] = result.text
                report.built.setdefault(lang, []).append(out)
                if result.untranslated:
                    report.untranslated[out] = result.untranslated
    return files, report


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _orphans(root: Path, files: dict[Path, str], langs: list[str]) -> list[Path]:
    out: list[Path] = []
    for src in sources(root):
        for lang in langs:
            folder = src.out(lang)
            if folder.is_dir():
                out.extend(p for p in sorted(folder.glob("*.ipynb")) if p not in files)
    return out


def build(root: Path, langs: list[str] | None = None) -> Report:
    """Write every translated notebook (and exercises/xx/ from solutions/xx/)."""
    langs = langs or languages()
    files, report = plan(root, langs)
    for path, text in files.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            report.written.append(path)
    for path in _orphans(root, files, langs):
        path.unlink()
        report.written.append(path)
    for src in sources(root):
        for lang in langs:
            if src.exercises is not None and src.out(lang).is_dir():
                report.written.extend(ex.build(src.out(lang), src.exercises / lang))
    return report


def check(root: Path, langs: list[str] | None = None) -> Report:
    """What :func:`build` would find, writing nothing; stale files are listed."""
    langs = langs or languages()
    files, report = plan(root, langs)
    for path, text in files.items():
        if not path.exists():
            report.stale.append(f"{_rel(path)}: missing (run python -m uno_lessons.tools.translate notebooks)")
        elif path.read_text(encoding="utf-8") != text:
            report.stale.append(f"{_rel(path)}: differs from what its English notebook and catalog build")
    report.stale.extend(f"{_rel(p)}: has no English notebook or catalog" for p in _orphans(root, files, langs))
    for src in sources(root):
        for lang in langs:
            if src.exercises is not None and (src.out(lang).is_dir() or (src.exercises / lang).is_dir()):
                report.stale.extend(str(s) for s in ex.check(src.out(lang), src.exercises / lang))
    return report


__all__ = ["markdown_segments", "marked_strings", "template", "translate_notebook", "extract", "build",
           "check", "plan", "Report", "LANGUAGE_LINES"]
