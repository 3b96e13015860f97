"""Switching a dashboard page to another language while it is shown: the language of this
kernel, every word of the page's parts, its title and its ARIA rules (the labels the page
bridge sets on controls ipywidgets cannot label itself).

One page per kernel (Voilà gives each page its own), so the kernel's language is the page's.
The address bar keeps it (``?lang=xx``, the other parameters as they were), so a reload, or
the same link opened again, comes back in the language the learner chose.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qsl

from ..i18n import set_language
from ..widgets.page import PageBridge
from .ports import Relabelled
from .style import aria_rules


def switch_language(lang: str, parts: Relabelled, bridge: PageBridge, title: Callable[[], str]) -> None:
    """Speak ``lang`` from now on: the parts relabelled, the page's ``title()`` and ARIA rules
    in that language. ValueError for a language uno_lessons does not speak."""
    set_language(lang)
    parts.relabel(lang)
    bridge.title = title()
    bridge.aria = aria_rules()
    params = dict(parse_qsl(bridge.query, keep_blank_values=True))
    if params.get("lang") != lang:
        params["lang"] = lang
        bridge.set_query(params)
