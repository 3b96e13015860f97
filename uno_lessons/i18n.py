"""Translations: gettext message catalogs (made with Babel), one language per process.

Every sentence a user sees goes through :func:`_` (or :func:`ngettext` / :func:`pgettext`)
as one whole template with named placeholders, so a translator can reorder it::

    _("{name} plays {card}.", name=who, card=card_name(card))

The language is English until :func:`set_language` (or the ``UNO_LESSONS_LANG`` environment
variable, read once at import) says otherwise; :func:`use_language` switches it for a block.
The engine works without any of this: an unknown or missing catalog falls back to English.
Catalogs live in ``uno_lessons/locale/<lang>/LC_MESSAGES/uno_lessons.po`` (and the compiled
``.mo`` beside it); ``babel.cfg`` at the repository root says what ``pybabel extract`` reads.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
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

__all__ = ["LANGUAGES", "environment_language", "set_language", "get_language", "use_language", "normalize",
           "_", "ngettext", "pgettext", "npgettext", "N_"]


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


def set_language(lang: str | None) -> str:
    """Use ``lang`` ("en", "nl", "sr", "ms") for every message from now on; returns the code."""
    global _current
    _current = normalize(lang)
    return _current


def get_language() -> str:
    """The language messages are in now."""
    return _current


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Within the block, messages are in ``lang``; the language before is restored after."""
    global _current
    before = _current
    _current = normalize(lang)
    try:
        yield _current
    finally:
        _current = before


def _fill(text: str, values: dict[str, Any]) -> str:
    return text.format(**values) if values else text


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
