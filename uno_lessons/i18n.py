"""Translations: gettext message catalogs (made with Babel), one language per process.

Every sentence a user sees goes through :func:`_` (or :func:`ngettext` / :func:`pgettext`)
as one whole template with named placeholders, so a translator can reorder it::

    _("{name} plays {card}.", name=who, card=card_name(card))

The language is English until :func:`set_language` (or the ``UNO_LESSONS_LANG`` environment
variable, read once at import) says otherwise; :func:`use_language` switches it for a block.
The engine works without any of this: an unknown or missing catalog falls back to English.

Names are declined by a case mark the translator writes just before the placeholder: in a
translation, ``[acc]{target}`` (also ``nom``, ``gen``, ``dat``, ``ins``, ``loc``, ``voc``) is
the name given for ``{target}`` in that case (the mark stands outside the braces, so GNU
``msgfmt -c`` and every translators' tool read ``{target}`` as the plain placeholder it is),
looked up in the language's names table ``locale/<lang>/names.toml`` (built-in seat names:
Ана, Ану, Аном…); a name the table does not hold (one a learner typed) is filled as it is. :func:`local_name` gives a built-in English seat name in the current language.
Catalogs live in ``uno_lessons/locale/<lang>/LC_MESSAGES/uno_lessons.po`` (and the compiled
``.mo`` beside it); ``babel.cfg`` at the repository root says what ``pybabel extract`` reads.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import string
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "uno_lessons"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages with a catalog, each named in its own language (for pickers).
LANGUAGES = {"en": "English", "nl": "Nederlands", "sr": "Српски", "ms": "Bahasa Melayu"}
DEFAULT = "en"
ENV_VAR = "UNO_LESSONS_LANG"

#: The cases a translation may mark before a name placeholder ("[acc]{target}"), in order.
CASES = ("nom", "gen", "dat", "acc", "ins", "loc", "voc")
NAMES_FILE = "names.toml"

__all__ = ["LANGUAGES", "CASES", "environment_language", "set_language", "get_language", "use_language",
           "normalize", "_", "ngettext", "pgettext", "npgettext", "N_", "local_name", "decline", "fill",
           "on_language"]


def normalize(lang: str | None) -> str:
    """The catalog code for ``lang`` ("nl_NL" -> "nl", "sr-Cyrl" -> "sr"); ValueError if
    there is no catalog for it."""
    if lang is None or str(lang).strip() == "":
        return DEFAULT
    code = str(lang).strip().replace("-", "_").split("_")[0].lower()
    if code not in LANGUAGES:
        choices = ", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())
        raise ValueError(f"There is no translation for {lang!r}; choose one of: {choices}.")
    return code


@cache
def _catalog(lang: str) -> _gettext.NullTranslations:
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)


def environment_language() -> str:
    """The language ``UNO_LESSONS_LANG`` names now ("en" if it is unset or unknown): the
    server's language, which its kernels and its pages start in."""
    try:
        return normalize(os.environ.get(ENV_VAR))
    except ValueError:
        return DEFAULT  # a bad server setting must not stop the package from importing


_current = environment_language()


_listeners: list[Callable[[str], None]] = []


def on_language(listener: Callable[[str], None]) -> None:
    """Call ``listener(lang)`` now and after every change of language (the engine keeps its
    seat names of the current language ready this way, at no cost per game)."""
    _listeners.append(listener)
    listener(_current)


def _switch(lang: str) -> str:
    global _current
    _current = lang
    for listener in _listeners:
        listener(lang)
    return lang


def set_language(lang: str | None) -> str:
    """Use ``lang`` ("en", "nl", "sr", "ms") for every message from now on; returns the code."""
    return _switch(normalize(lang))


def get_language() -> str:
    """The language messages are in now."""
    return _current


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Within the block, messages are in ``lang``; the language before is restored after."""
    before = _current
    _switch(normalize(lang))
    try:
        yield _current
    finally:
        _switch(before)


@cache
def _names(lang: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The names table of ``lang``: (English seat name -> its name there, its name there ->
    its forms by case); both empty for a language without ``names.toml``."""
    path = LOCALE_DIR / lang / NAMES_FILE
    if lang == DEFAULT or not path.exists():
        return {}, {}
    table = tomllib.loads(path.read_text(encoding="utf-8")).get("names", {})
    local = {english: forms["nom"] for english, forms in table.items()}
    forms = {forms["nom"]: {case: forms.get(case, forms["nom"]) for case in CASES} for forms in table.values()}
    return local, forms


def local_name(english: str, lang: str | None = None) -> str:
    """The built-in seat name ``english`` ("Ana") in ``lang`` (the current language if
    None): "Ана" in Serbian; the name itself where the language keeps it."""
    return _names(normalize(lang) if lang is not None else _current)[0].get(english, english)


def decline(name: str, case: str, lang: str | None = None) -> str:
    """``name`` in ``case`` (one of :data:`CASES`) by the names table of ``lang`` (the
    current language if None): decline("Ана", "acc") is "Ану" in Serbian. A name the table
    does not hold (one a learner typed) is returned as it is; ValueError for an unknown case."""
    if case not in CASES:
        raise ValueError(unknown_case(case))
    forms = _names(normalize(lang) if lang is not None else _current)[1].get(name)
    return forms[case] if forms is not None else name


def unknown_case(spec: str) -> str:
    """The sentence for a case mark (or spec) that looks like a case but is none."""
    return (f"[{spec}] is not a case: a case mark before a name placeholder is one of "
            + ", ".join(f"[{c}]" for c in CASES) + " (e.g. [acc]{target}), or none.")


#: A case mark and the placeholder it declines: ``[acc]{target}``.
CASE_MARK = re.compile(r"\[([a-z]{2,})\]\{(\w+)\}")


def marks_to_specs(text: str) -> str:
    """``text`` with each case mark turned into the formatter's spec (``[acc]{target}`` ->
    ``{target:acc}``); a mark that is no case becomes a spec the formatter refuses."""
    return CASE_MARK.sub(r"{\2:\1}", text) if "]{" in text else text


_WORD_SPEC = re.compile(r"[a-z]{2,}")


class CaseFormatter(string.Formatter):
    """str.format, except that a field whose spec is a case name (``{target:acc}``) is the
    value declined by the current language's names table; every other spec is left to
    ``format``. A spec of two or more lower-case letters that is no case is refused."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        """The field ``value`` formatted by ``format_spec`` (a case name declines it)."""
        if format_spec in CASES:
            return decline(str(value), format_spec)
        if _WORD_SPEC.fullmatch(format_spec):
            raise ValueError(unknown_case(format_spec))
        return super().format_field(value, format_spec)


_FORMATTER = CaseFormatter()


def fill(text: str, /, **values: Any) -> str:
    """``text`` with its ``{placeholders}`` filled from ``values``, names declined where a
    case mark stands before a field (``[acc]{target}``): what :func:`_` does after translating."""
    return _fill(text, values)


def _fill(text: str, values: dict[str, Any]) -> str:
    if not values:
        return text
    text = marks_to_specs(text)
    try:  # the common case at full speed: str.format refuses a case spec ("acc" is no format)
        return text.format(**values)
    except ValueError:
        return _FORMATTER.vformat(text, (), values)


def _(message: str, /, **values: Any) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``values``."""
    return _fill(_catalog(_current).gettext(message), values)


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """The singular or plural template for ``n`` in the current language (Serbian has three
    forms); ``{n}`` is filled with ``n`` unless ``values`` say otherwise."""
    values.setdefault("n", n)
    return _fill(_catalog(_current).ngettext(singular, plural, n), values)


def pgettext(context: str, message: str, /, **values: Any) -> str:
    """Like :func:`_`, for a message whose meaning depends on ``context`` (e.g. "card")."""
    return _fill(_catalog(_current).pgettext(context, message), values)


def npgettext(context: str, singular: str, plural: str, n: int, /, **values: Any) -> str:
    """:func:`ngettext` with a context."""
    values.setdefault("n", n)
    return _fill(_catalog(_current).npgettext(context, singular, plural, n), values)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (module-level tables);
    translate it where it is shown, with ``_(message)``."""
    return message
