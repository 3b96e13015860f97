"""What a Voilà page says before its kernel has run: its language, title and loading notice.

Voilà's own template writes "Running dashboard..." and then "Executing 3 of 5" in English
over an animated spinner, and marks every page ``<html lang="en">`` under a title taken
from the notebook's English metadata. A Dutch learner's screen reader then reads the Dutch
page with an English voice. The ``uno`` template asks :func:`page_words` (a Jinja filter,
``TemplateExporter.filters`` in ``voila.json``) for the page's words in every language
before any cell runs; the page's ``?lang=`` chooses among them in the browser, where the
query is known, as the kernel does with the same query later.
"""

from __future__ import annotations

from typing import Any

from uno_lessons.i18n import LANGUAGES, _, environment_language, normalize, pgettext, use_language

__all__ = ["page_words", "server_language"]


#: The language of a page without ``?lang=``: the server's, as its kernels read it (they
#: inherit the server's environment).
server_language = environment_language


def _written_in(nb: Any, metadata: dict[str, Any]) -> str | None:
    """The language a notebook's own text is written in (its markdown cannot change): a
    translated notebook's, English for the others that have text; None for a notebook of
    widgets only (the dashboard), which speaks whatever language its kernel is asked for."""
    lang = (metadata.get("uno_lessons") or {}).get("language")
    try:
        if lang:
            return normalize(lang)
    except ValueError:
        pass
    return "en" if any(cell.get("cell_type") == "markdown" for cell in nb.get("cells", [])) else None


def page_words(nb: Any) -> dict[str, Any]:
    """The page's language and, for every language, its title and loading notice.

    ``{"lang": code, "fixed": bool, "words": {code: {"title": …, "loading": …, …}}}`` (the
    page's front end also takes from here its two sentences for a widget it cannot draw, and
    its connection notice: lost, connected again, gone with a Reload button). ``lang``
    is the language a lesson is written in (``fixed``: ``?lang=`` does not change what its
    markdown says, though the notice follows it), else the server's. A title from the
    notebook's metadata is translated by the package catalog where it has one ("UNO live
    table"); a lesson's title is in the lesson's language already."""
    metadata = nb.get("metadata", {})
    fixed = _written_in(nb, metadata)
    title = str(metadata.get("title") or "")
    words = {}
    for code in LANGUAGES:
        with use_language(code):
            words[code] = {
                "title": title if fixed or not title else _(title),
                "loading": _("Loading the page…"),
                # Shown by the page's front end where a widget cannot be drawn.
                "missing_widget": _("This page cannot show the widget {name} ({module})."),
                "broken_widget": _("This widget could not be shown: {error}"),
                # The page's connection notice (its front end): the server cannot be reached,
                # it can again, and the page's kernel is gone (the Reload button beside it).
                "connection_lost": _("The connection to the server was lost. Trying to reconnect…"),
                "connection_back": _("Connected again."),
                "connection_gone": _("This page has lost its game on the server. Reload the page to go on."),
                "reload": pgettext("a button that loads the page again", "Reload"),
            }
    return {"lang": fixed or server_language(), "fixed": fixed is not None, "words": words}
