"""How an engine object shows itself in a notebook, without the engine importing any UI.

A ``Card`` or a ``Game`` left at the end of a notebook cell is drawn as a picture: Jupyter
asks its ``_repr_html_``, which asks this registry. The pictures are the renderer's
(:mod:`uno_lessons.render`, a layer above the engine); it hands them over when it is imported
(:func:`draw_with`), and ``import uno_lessons`` imports it. Where no picture was handed over,
Jupyter shows the object's text instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_pictures: dict[type, Callable[[Any], str]] = {}


def draw_with(kind: type, picture: Callable[[Any], str]) -> None:
    """Draw objects of ``kind`` (and its subclasses) with ``picture`` (object -> HTML)."""
    _pictures[kind] = picture


def picture_of(obj: object) -> str | None:
    """The HTML picture of ``obj``, or None when no picture was handed over for its kind."""
    for kind in type(obj).__mro__:
        picture = _pictures.get(kind)
        if picture is not None:
            return picture(obj)
    return None
