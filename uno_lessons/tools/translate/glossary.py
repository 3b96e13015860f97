"""Glossaries: the box texts' own words for the cards, actions and rules, per language.

``uno_lessons/locale/glossary.toml`` lists the terms (a key, the English word, and the English
forms to look for in messages); ``uno_lessons/locale/<lang>/glossary.toml`` gives each term's
word in that language, the seed text it comes from with the quoted words, or why another word
was chosen where the seed has none (or a wrong one). :func:`inconsistencies` checks that the
language's catalog says the glossary's word wherever the English message says the term,
:func:`second_words` that it never says one of the words the glossary ``avoid``s for a term (a
second word for the same thing: Dutch "roepen" beside "UNO zeggen"), and :func:`markdown`
renders the tables shown in the README.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from ...i18n import LANGUAGES, LOCALE_DIR

ENGLISH_FILE = LOCALE_DIR / "glossary.toml"
GROUPS = {"cards": "Cards", "table": "At the table", "actions": "Actions"}


@dataclass(frozen=True)
class Entry:
    """One term in one language."""

    key: str
    en: str  # the English word
    english: tuple[str, ...]  # English forms that mean this term in a message
    case: bool  # match the English forms case-sensitively ("Skip" the card, not "skip" the verb)
    ignore: tuple[str, ...]  # English phrases where the word means something else ("cases pass")
    group: str
    word: str  # the word in this language
    forms: tuple[str, ...]  # forms of it that count as using it (lower case, inflections)
    seed: str  # the seed it comes from ("000"), or "" when chosen
    quote: str  # the seed's own words, as printed
    why: str  # why this word, when it is not the seed's own
    also: str  # other words the seeds use for it, not taken
    avoid: tuple[str, ...] = ()  # second words for it that a translation must not use ("roep*")
    # A message whose msgctxt is one of ``contexts`` means this term where its English says the
    # term ``instead_of``: the score table's "hand" column is a round, not the cards held.
    contexts: tuple[str, ...] = ()
    instead_of: str = ""


@dataclass(frozen=True)
class Glossary:
    """A language's glossary: its seeds and its entries, in the English file's order."""

    lang: str
    seeds: dict[str, dict[str, str]]
    entries: tuple[Entry, ...]

    def __getitem__(self, key: str) -> Entry:
        for entry in self.entries:
            if entry.key == key:
                return entry
        raise KeyError(key)


def _read(path: Path) -> dict:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def english_terms() -> list[dict]:
    """The terms every glossary translates: key, English word, English forms, group."""
    return _read(ENGLISH_FILE)["terms"]


def path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where the glossary of ``lang`` lives."""
    return locale_dir / lang / "glossary.toml"


def load(lang: str) -> Glossary:
    """The glossary of ``lang``; ValueError naming what is missing if a term has no word."""
    english = english_terms()
    data = _read(path(lang))
    words = data.get("terms", {})
    missing = [t["key"] for t in english if t["key"] not in words]
    unknown = sorted(set(words) - {t["key"] for t in english})
    if missing or unknown:
        raise ValueError(f"{path(lang)}: no word for {missing}; terms not in {ENGLISH_FILE.name}: {unknown}")
    entries = []
    for term in english:
        w = words[term["key"]]
        forms = tuple(f.lower() for f in w.get("forms", [w["word"]]))
        entries.append(Entry(term["key"], term["en"], tuple(term.get("match", [term["en"]])),
                             term.get("case", False), tuple(term.get("ignore", ())), term["group"],
                             w["word"], forms, w.get("seed", ""), w.get("quote", ""), w.get("why", ""),
                             w.get("also", ""), tuple(a.lower() for a in w.get("avoid", ())),
                             tuple(term.get("contexts", ())), term.get("instead_of", "")))
    return Glossary(lang, data.get("seeds", {}), tuple(entries))


# Not words: placeholders, `code`, 'identifiers', dotted names such as card.rank and rule
# ids such as E-UNO-1 (the same in every language).
_CODE = re.compile(r"\{[^{}]*\}|`[^`]*`|'[\w-]+'|\b\w+(?:\.\w+)+(?:\(\))?|\b[ECH]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")


def _plain(text: str, lower: bool = True) -> str:
    """The words of a message: placeholders and code blanked (``{cards}`` is not "cards")."""
    plain = _CODE.sub(" ", text)
    return plain.lower() if lower else plain


def terms_in(english: str, glossary: Glossary) -> list[Entry]:
    """The glossary terms an English message uses; longer terms first, and a word inside a
    longer term ("Draw" in "Draw Two") is not counted again."""
    base = _plain(english, lower=False)
    text = base  # blanked as terms are found; blanking keeps every position
    found = []
    pairs = sorted(((form, e) for e in glossary.entries for form in e.english), key=lambda p: -len(p[0]))
    for form, entry in pairs:
        view = text
        for phrase in entry.ignore:  # found in the message as written, before any blanking
            for m in re.finditer(re.escape(phrase), base, re.IGNORECASE):
                view = view[:m.start()] + " " * (m.end() - m.start()) + view[m.end():]
        pattern = re.compile(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])", 0 if entry.case else re.IGNORECASE)
        if pattern.search(view):
            if entry not in found:
                found.append(entry)
            text = pattern.sub(lambda m: " " * len(m.group()), text)
    return found


def _in_context(entries: list[Entry], context: str, glossary: Glossary) -> list[Entry]:
    """``entries`` with each term a context turns into another replaced by it (the round for
    "hand" in the score table: see ``Entry.contexts``)."""
    for term in glossary.entries:
        if context in term.contexts and any(e.key == term.instead_of for e in entries):
            entries = [term if e.key == term.instead_of else e for e in entries]
    return list(dict.fromkeys(entries))


def _said(catalog: Catalog, glossary: Glossary) -> Iterator[tuple[tuple[str, ...], tuple[str, ...], list[Entry]]]:
    """Each translated message: its ids, its translation(s) and the terms its English says."""
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        entries: list[Entry] = []
        for msgid in ids:
            entries.extend(e for e in terms_in(msgid, glossary) if e not in entries)
        if message.context:
            entries = _in_context(entries, message.context, glossary)
        yield tuple(ids), tuple(s or "" for s in strings), entries


def inconsistencies(catalog: Catalog, glossary: Glossary) -> list[str]:
    """Each place where the English says a term but a translation does not use its word."""
    out = []
    for ids, strings, entries in _said(catalog, glossary):
        for n, text in enumerate(strings):
            plain = _plain(text or "")
            for entry in entries:
                if not any(form in plain for form in entry.forms):
                    form = f" (plural form {n})" if len(strings) > 1 else ""
                    out.append(f"[{glossary.lang}] {ids[0]!r}{form} says {entry.en!r}, but "
                               f"{text!r} does not say {entry.word!r}")
    return out


def _avoid_pattern(word: str) -> re.Pattern[str]:
    """An avoided word as a whole word ("spel" is not "speler"); a trailing ``*`` allows any
    ending ("roep*": roep, roept, roepen). The words of an avoided phrase may be split by any
    white space, a line break too: a lesson cell wraps its lines ("tempat\\nduduk")."""
    stem = word.rstrip("*")
    tail = r"\w*" if word.endswith("*") else r"(?![\w])"
    return re.compile(r"(?<![\w])" + r"\s+".join(re.escape(w) for w in stem.split()) + tail)


def second_words(catalog: Catalog, glossary: Glossary) -> list[str]:
    """Each place where the English says a term and a translation says one of the words the
    glossary avoids for it; an avoided word that is also the word of another term the message
    says ("spel", the game, in a message about the deck and the game) is not counted."""
    out = []
    for ids, strings, entries in _said(catalog, glossary):
        for text in dict.fromkeys(strings):
            plain = _plain(text or "")
            for entry in entries:
                for word in entry.avoid:
                    found = _avoid_pattern(word).search(plain)
                    if not found:
                        continue
                    others = [e for e in entries if e is not entry and any(found.group() in f or f in found.group()
                                                                              for f in (*e.forms, e.word.lower()))]
                    if others:
                        continue
                    out.append(f"[{glossary.lang}] {ids[0]!r} says {entry.en!r}, but {text!r} says "
                               f"{found.group()!r}, a second word for it: the glossary's word is {entry.word!r}")
    return out


def _squash(text: str) -> str:
    return " ".join(text.split()).lower()


def seed_problems(glossary: Glossary, seeds_dir: Path) -> list[str]:
    """Each entry whose quote is not in its seed, whose word is not in its quote (without a
    reason), or that names no seed and gives no reason."""
    out = []
    for e in glossary.entries:
        where = f"[{glossary.lang}] {e.key}"
        if not e.seed:
            if not e.why:
                out.append(f"{where}: no seed and no reason for {e.word!r}")
            continue
        info = glossary.seeds.get(e.seed)
        if info is None:
            out.append(f"{where}: unknown seed {e.seed!r}")
            continue
        text = _squash((seeds_dir / info["file"]).read_text(encoding="utf-8"))
        if not e.quote or _squash(e.quote) not in text:
            out.append(f"{where}: the quote {e.quote!r} is not in seed {e.seed}")
        elif not e.why and not any(f in _squash(e.quote) for f in (*e.forms, e.word.lower())):
            out.append(f"{where}: {e.word!r} is not in the quote {e.quote!r} and no reason is given")
    return out


def _cell(e: Entry) -> str:
    mark = "" if e.seed and not e.why else " †"
    return f"{e.word}{mark}"


def markdown(langs: list[str] | None = None) -> str:
    """The glossary tables for the README: one table per group, then the chosen words."""
    langs = langs or [lang for lang in LANGUAGES if lang != "en"]
    glossaries = [load(lang) for lang in langs]
    lines = []
    for group, title in GROUPS.items():
        lines += [f"**{title}**", "", "| English | " + " | ".join(LANGUAGES[g.lang] for g in glossaries) + " |",
                  "|---" * (len(glossaries) + 1) + "|"]
        for e in glossaries[0].entries:
            if e.group != group:
                continue
            lines.append(f"| {e.en} | " + " | ".join(_cell(g[e.key]) for g in glossaries) + " |")
        lines.append("")
    lines += ["† not the seed's own word; why:", ""]
    for g in glossaries:
        for e in g.entries:
            if not e.seed or e.why:
                seed = f" (seed {e.seed}: \u201c{e.quote}\u201d)" if e.seed else ""
                lines.append(f"- {LANGUAGES[g.lang]} *{e.word}* for \u201c{e.en}\u201d{seed}: {e.why}")
    avoided = [(g, e) for g in glossaries for e in g.entries if e.avoid]
    if avoided:
        lines += ["", "Second words a translation must not use for a term (`avoid`; `*` allows any ending):", ""]
        lines += [f"- {LANGUAGES[g.lang]} \u201c{e.en}\u201d: not {', '.join(e.avoid)} (say *{e.word}*)"
                  for g, e in avoided]
    also = [(g, e) for g in glossaries for e in g.entries if e.also]
    if also:
        lines += ["", "<details><summary>Other words the seeds use, not taken</summary>", ""]
        lines += [f"- {LANGUAGES[g.lang]} \u201c{e.en}\u201d: {e.also}" for g, e in also]
        lines += ["", "</details>"]
    return "\n".join(lines) + "\n"
