"""The package's message catalogs: extract the template, update each language, compile .mo.

One template ``uno_lessons/locale/uno_lessons.pot`` is extracted from the Python sources the
way ``pybabel extract -F babel.cfg`` does; each language's ``uno_lessons.po`` is updated from it
(``pybabel update``: new messages appear untranslated, changed ones fuzzy) and compiled to the
``uno_lessons.mo`` that the package loads at run time. The ``.mo`` files are committed beside
their ``.po`` (so a plain ``pip install`` or a source checkout has them, with no build step);
:mod:`.quality` checks that each one matches its ``.po``.

Files are rewritten only when their content changes (the template's creation date alone does
not count), so running this twice changes nothing.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from ... import __version__
from ...i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR

#: Comments before a message that start with this tag reach the translators.
COMMENT_TAG = "Translators:"
WIDTH = 100
#: The line of a message's location: none, so moving code does not churn the catalogs.
#: Babel reads a location without a line as None too, though its hints say an int.
NO_LINE: Any = None
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def targets() -> list[str]:
    """The languages with a catalog to translate (all of LANGUAGES but English)."""
    return [lang for lang in LANGUAGES if lang != DEFAULT]


def po_path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where the catalog of ``lang`` lives."""
    return locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where the compiled catalog of ``lang`` lives."""
    return po_path(lang, locale_dir).with_suffix(".mo")


def key(message) -> tuple[str | None, str]:
    """A message's identity: its context and its (singular) id."""
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return message.context, msgid


def extract(root: Path) -> Catalog:
    """The template: every message marked in the sources that ``root/babel.cfg`` names,
    with file names (no line numbers, so moving code does not churn the catalogs)."""
    with open(root / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    catalog = Catalog(project=DOMAIN, version=__version__, charset="utf-8", fuzzy=False,
                      msgid_bugs_address="", copyright_holder="uno_lessons authors")
    found = extract_from_dir(str(root), method_map, options_map, keywords=DEFAULT_KEYWORDS,
                             comment_tags=(COMMENT_TAG,), strip_comment_tags=True)
    for filename, _lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, NO_LINE)], auto_comments=comments, context=context)
    return catalog


def catalog_text(catalog: Catalog) -> str:
    """The .po/.pot text Babel writes for ``catalog`` (sorted by file, no line numbers)."""
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True,
             sort_by_file=False, include_previous=False)
    return buf.getvalue().decode("utf-8")


def _same(old: str, new: str) -> bool:
    """Equal apart from the creation and revision dates Babel stamps on every write."""
    def strip(text: str) -> list[str]:
        return [line for line in text.splitlines()
                if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:'))]
    return strip(old) == strip(new)


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` unless the file already says the same; True when written."""
    if path.exists() and _same(path.read_text(encoding="utf-8"), text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    return True


def load_po(path: Path, lang: str | None = None) -> Catalog:
    """A catalog read from a .po or .pot file."""
    with open(path, "rb") as fh:
        return read_po(fh, locale=lang)


def new_catalog(lang: str, template: Catalog, project: str = DOMAIN) -> Catalog:
    """A fresh, untranslated catalog for ``lang`` (``pybabel init``)."""
    catalog = Catalog(locale=lang, project=project, version=__version__, charset="utf-8", fuzzy=False,
                      revision_date=datetime.now(UTC), copyright_holder="uno_lessons authors",
                      msgid_bugs_address="-", last_translator="uno_lessons authors",
                      language_team=f"{lang} (uno_lessons)",
                      header_comment=f"# {project}: translations into {lang}.\n"
                                     "# Distributed under the same license as uno_lessons (MIT).")
    catalog.update(template, no_fuzzy_matching=True)
    return catalog


def updated_catalog(path: Path, lang: str, template: Catalog, project: str = DOMAIN) -> Catalog:
    """The catalog at ``path`` brought up to date with ``template`` (``pybabel update``): its
    translations kept, new messages empty, changed ones fuzzy, removed ones dropped; a new
    catalog if there is none yet."""
    if not path.exists():
        return new_catalog(lang, template, project)
    catalog = load_po(path, lang)
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
    return catalog


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalog (fuzzy entries left out, as gettext does)."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def strings(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """A message's translation(s) as a tuple: one string, or one per plural form (None, a
    message without any, is one empty translation)."""
    if value is None:
        return ("",)
    return (value,) if isinstance(value, str) else tuple(value)


def mo_messages(data: bytes) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """What a compiled catalog holds: (context, id) -> translation(s)."""
    catalog = read_mo(io.BytesIO(data))
    return {key(m): strings(m.string) for m in catalog if m.id}


def po_messages(catalog: Catalog) -> dict[tuple[str | None, str], tuple[str, ...]]:
    """What compiling ``catalog`` must give: its translated, non-fuzzy messages."""
    out = {}
    for m in catalog:
        if m.id and not m.fuzzy and all(strings(m.string)):
            out[key(m)] = strings(m.string)
    return out


@dataclass
class Result:
    """What ``run`` changed."""

    written: list[Path]
    messages: int

    def __str__(self) -> str:
        return f"{self.messages} messages in the template; {len(self.written)} files written"


def run(root: Path, locale_dir: Path = LOCALE_DIR, langs: list[str] | None = None) -> Result:
    """Extract the template, update every language's catalog and compile it."""
    template = extract(root)
    written: list[Path] = []
    pot = locale_dir / f"{DOMAIN}.pot"
    if write_if_changed(pot, catalog_text(template)):
        written.append(pot)
    for lang in langs or targets():
        catalog = updated_catalog(po_path(lang, locale_dir), lang, template)
        if write_if_changed(po_path(lang, locale_dir), catalog_text(catalog)):
            written.append(po_path(lang, locale_dir))
        # Compile from the file as written, so the .mo is exactly what the .po says.
        compiled = mo_bytes(load_po(po_path(lang, locale_dir), lang))
        mo = mo_path(lang, locale_dir)
        if not mo.exists() or mo_messages(mo.read_bytes()) != mo_messages(compiled):
            mo.write_bytes(compiled)
            written.append(mo)
    return Result(written, sum(1 for m in template if m.id))
