"""Is every catalog complete, in sync with the sources, placeholder-safe and compiled?

For each language: the catalog holds exactly the template's messages (else: run
``python -m uno_lessons.tools.translate catalogs``); no entry is untranslated or fuzzy; every
translation names exactly the ``{placeholders}`` of its English text and can be filled;
Babel's own checks pass (plural count, %-formats); the plural forms header is the one CLDR
gives the language; the committed ``.mo`` holds what the ``.po`` says; and Debian's
``msgfmt -c --statistics`` (GNU gettext) agrees: no errors, nothing fuzzy or untranslated.

A name placeholder may carry a case mark in a translation, written just before it
(``[acc]{target}``, see :data:`uno_lessons.i18n.CASES`): the placeholder is ``target`` and
the i18n layer's formatter declines the name; a mark that looks like a case but is none
(``[akk]{target}``) is refused with a sentence. The mark stands outside the braces, so GNU
``msgfmt -c`` checks the real catalog as it is: no copy, nothing taken out.
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from ...i18n import CASES, LOCALE_DIR, fill, marks_to_specs, unknown_case
from .catalogs import key, load_po, mo_messages, mo_path, po_messages, po_path, strings


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one catalog."""

    lang: str
    what: str

    def __str__(self) -> str:
        return f"[{self.lang}] {self.what}"


@dataclass
class Stats:
    """How complete one catalog is."""

    lang: str
    total: int = 0
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    msgfmt: str = ""  # msgfmt's own statistics line, when it ran
    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        line = (f"{self.lang}: {self.translated}/{self.total} translated, {self.fuzzy} fuzzy, "
                f"{self.untranslated} untranslated")
        return line + (f"; msgfmt: {self.msgfmt}" if self.msgfmt else "")


def placeholders(text: str) -> set[str]:
    """The named ``{fields}`` of a format string; ValueError if its braces are broken."""
    names = set()
    for _literal, name, _spec, _conv in string.Formatter().parse(text):
        if name is not None:
            names.add(name)
    return names


_WORD_SPEC = re.compile(r"[a-z]{2,}")


def case_problems(text: str) -> list[str]:
    """The sentences for the case marks of ``text`` that look like a case but are none
    (``[akk]{target}``, or the old in-brace ``{target:akk}``); a known case is fine."""
    return [unknown_case(spec) for _literal, name, spec, _conv in string.Formatter().parse(marks_to_specs(text))
            if name is not None and spec and _WORD_SPEC.fullmatch(spec) and spec not in CASES]


def sample_values(text: str) -> dict[str, object]:
    """A value for each field of ``text`` that its format spec accepts ("{n:.2f}" gets a
    float, "{n:d}" an int, a plain "{n}" a word): what filling a translation is tried with."""
    values: dict[str, object] = {}
    for _literal, name, spec, _conv in string.Formatter().parse(text):
        if name is None:
            continue
        kind = spec[-1:] if spec else ""
        values[name] = 1.5 if kind in tuple("eEfFgGn%") or "," in (spec or "") else 1 if kind in tuple("bcdoxX") else "x"
    return values


def _short(msgid: str) -> str:
    return msgid if len(msgid) <= 60 else msgid[:57] + "..."


def message_problems(lang: str, message) -> list[str]:
    """What is wrong with one entry's translation: missing, fuzzy, or its placeholders."""
    ids, texts = strings(message.id), strings(message.string)
    where = repr(_short(ids[0])) + (f" (context {message.context!r})" if message.context else "")
    if message.fuzzy:
        return [f"fuzzy: {where}"]
    if not all(texts):
        return [f"untranslated: {where}"]
    out = []
    try:
        wanted = set().union(*(placeholders(i) for i in ids))
    except ValueError as exc:
        return [f"the English text has broken braces ({exc}): {where}"]
    for n, text in enumerate(texts):
        form = f" (plural form {n})" if len(texts) > 1 else ""
        try:
            got = placeholders(text)
        except ValueError as exc:
            out.append(f"broken braces in the translation{form} ({exc}): {where}")
            continue
        if got != wanted:
            missing, extra = sorted(wanted - got), sorted(got - wanted)
            out.append(f"placeholders differ{form}: missing {missing}, unknown {extra}: {where}")
            continue
        cases = case_problems(text)
        if cases:
            out.extend(f"unknown case{form}: {sentence}: {where}" for sentence in cases)
            continue
        try:
            fill(text, **sample_values(ids[-1]))
        except (ValueError, IndexError, KeyError, TypeError) as exc:
            out.append(f"cannot be filled{form} ({exc}): {where}")
    return out


_STATS = re.compile(r"(\d+) translated messages?(?:, (\d+) fuzzy translations?)?(?:, (\d+) untranslated messages?)?")


def run_msgfmt(path: Path, msgfmt: str = "msgfmt") -> tuple[int, str, tuple[int, int, int] | None]:
    """``msgfmt -c --statistics`` on ``path``: exit code, its output, and the counts
    (translated, fuzzy, untranslated) it printed."""
    # LC_ALL=C: msgfmt translates its own statistics line, which is parsed here.
    run = subprocess.run([msgfmt, "-c", "--statistics", "-o", "/dev/null", str(path)],
                         capture_output=True, text=True, env={"LC_ALL": "C"})
    text = (run.stderr + run.stdout).strip()
    m = _STATS.search(text)
    counts = (int(m[1]), int(m[2] or 0), int(m[3] or 0)) if m else None
    return run.returncode, text, counts


def check_language(lang: str, template: Catalog, locale_dir: Path = LOCALE_DIR,
                   use_msgfmt: bool = True) -> Stats:
    """Every check above for one language."""
    stats = Stats(lang)
    problems = stats.problems
    path = po_path(lang, locale_dir)
    if not path.exists():
        problems.append(Problem(lang, f"no catalog at {path}: run python -m uno_lessons.tools.translate catalogs"))
        return stats
    catalog = load_po(path, lang)
    expected = get_plural(lang)
    if catalog.num_plurals != expected.num_plurals or catalog.plural_expr != expected.plural_expr:
        problems.append(Problem(lang, f"Plural-Forms is {catalog.plural_forms!r}; CLDR says {expected.plural_forms!r}"))
    wanted = {key(m) for m in template if m.id}
    have = {key(m) for m in catalog if m.id}
    for _ctx, msgid in sorted(wanted - have, key=str):
        problems.append(Problem(lang, f"missing (run `catalogs`): {_short(msgid)!r}"))
    for _ctx, msgid in sorted(have - wanted, key=str):
        problems.append(Problem(lang, f"no longer in the sources (run `catalogs`): {_short(msgid)!r}"))
    for message in catalog:
        if not message.id:
            continue
        stats.total += 1
        found = message_problems(lang, message)
        if message.fuzzy:
            stats.fuzzy += 1
        elif not all(strings(message.string)):
            stats.untranslated += 1
        else:
            stats.translated += 1
        problems.extend(Problem(lang, p) for p in found)
    for message, errors in catalog.check():
        for error in errors:
            problems.append(Problem(lang, f"Babel's check: {error}: {_short(key(message)[1])!r}"))
    mo = mo_path(lang, locale_dir)
    if not mo.exists():
        problems.append(Problem(lang, f"no compiled catalog {mo.name}: run `catalogs`"))
    elif mo_messages(mo.read_bytes()) != po_messages(catalog):
        problems.append(Problem(lang, f"{mo.name} does not match {path.name}: run `catalogs`"))
    if use_msgfmt:
        _msgfmt(stats, path)
    return stats


def msgfmt_refusal(path: Path, msgfmt: str = "msgfmt") -> str | None:
    """Why GNU ``msgfmt -c`` refuses the catalog at ``path`` (a notebook's, which may hold
    untranslated entries), or None when it accepts it."""
    code, text, _counts = run_msgfmt(path, msgfmt)
    return f"msgfmt -c failed: {text}" if code != 0 else None


def _msgfmt(stats: Stats, path: Path) -> None:
    lang = stats.lang
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        stats.problems.append(Problem(lang, "msgfmt not found: install GNU gettext (apt-get install gettext), "
                                            "or pass --without-msgfmt"))
        return
    code, text, counts = run_msgfmt(path, msgfmt)
    stats.msgfmt = text.splitlines()[-1] if text else ""
    if code != 0:
        stats.problems.append(Problem(lang, f"msgfmt -c failed: {text}"))
    elif counts is None:
        stats.problems.append(Problem(lang, f"msgfmt printed no statistics: {text!r}"))
    elif counts[1] or counts[2]:
        stats.problems.append(Problem(lang, f"msgfmt counts {counts[1]} fuzzy and {counts[2]} untranslated"))
