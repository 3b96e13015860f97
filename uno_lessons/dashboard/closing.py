"""Closing a page's widgets for good: every model of a part (its children, layouts and
styles too), so the kernel no longer holds a comm for any of them and ignores whatever a
browser still sends to their ids.

``Widget.close()`` closes one model only: a closed box leaves its buttons, and each button
its Layout and ButtonStyle, open and reachable. :func:`close_widgets` walks the synced
traits instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import ipywidgets as widgets

T = TypeVar("T")


def widget_tree(*roots: widgets.Widget, keep: Iterable[widgets.Widget] = ()) -> list[widgets.Widget]:
    """``roots`` and every widget reachable from them through synced traits (children,
    layout, style, …), each once; the widgets in ``keep`` and what hangs below them are left
    out (the page's bridge, which outlives the parts it sits beside)."""
    kept = {id(w) for w in keep}
    found: dict[int, widgets.Widget] = {}
    stack = list(roots)
    while stack:
        w = stack.pop()
        if not isinstance(w, widgets.Widget) or id(w) in found or id(w) in kept:
            continue
        found[id(w)] = w
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, widgets.Widget):
                stack.append(value)
            elif isinstance(value, list | tuple):
                stack.extend(v for v in value if isinstance(v, widgets.Widget))
    return list(found.values())


def close_widgets(*roots: widgets.Widget, keep: Iterable[widgets.Widget] = ()) -> int:
    """Close ``roots`` and everything below them (see :func:`widget_tree`); returns how
    many models were open."""
    closed = 0
    for w in widget_tree(*roots, keep=keep):
        if w.comm is not None:
            closed += 1
        w.close()
    return closed


def built_by(build: Callable[[], T]) -> tuple[T, list[widgets.Widget]]:
    """``build()``'s result and every widget made while it ran (layouts and styles too),
    recorded through ipywidgets' public ``Widget.on_widget_constructed`` hook (reset to none
    afterwards), so a caller can close exactly what was built."""
    made: list[widgets.Widget] = []
    widgets.Widget.on_widget_constructed(made.append)
    try:
        result = build()
    finally:
        widgets.Widget.on_widget_constructed(None)
    return result, made
