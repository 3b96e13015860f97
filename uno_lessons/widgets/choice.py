"""A row of toggle buttons that tell which one is on in words, not only by colour.

ipywidgets' ``ToggleButtons`` marks the chosen button by colour alone and exposes no state to
screen readers. :class:`ToggleChoice` is a named group (``role="group"``) of real buttons with
``aria-pressed``; the pressed one also shows a check mark and a heavier border. It keeps
``ToggleButtons``' Python face: ``options`` (labels or ``(label, value)`` pairs), ``value``,
``observe(..., names="value")``. Its module and stylesheet are sources of the front end
(``voila/frontend/src/widgets/choice.js`` and ``choice.css``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = ["ToggleChoice"]

#: The front end's build of ``voila/frontend/src/widgets/choice.{js,css}`` (anywidget reads each
#: file once per kernel and sends it with the widget's state, in JupyterLab as in Voilà).
_STATIC = Path(__file__).with_name("static")


class ToggleChoice(anywidget.AnyWidget):
    """One of a few options, as toggle buttons with ``aria-pressed`` and a check mark."""

    _esm = _STATIC / "choice.js"
    _css = _STATIC / "choice.css"
    #: The buttons' texts.
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: Which button is pressed.
    index = traitlets.Int(0).tag(sync=True)
    #: The group's visible name ("Rules"), also its accessible name.
    description = traitlets.Unicode("").tag(sync=True)
    #: The chosen option's value (kept in step with ``index``).
    value = traitlets.Any()

    def __init__(self, options: Iterable[Any], value: Any = None, description: str = "", **kwargs: Any) -> None:
        pairs = [o if isinstance(o, tuple) else (str(o), o) for o in options]
        if not pairs:
            raise ValueError("A ToggleChoice needs at least one option.")
        self._values = [v for _label, v in pairs]
        start = self._values.index(value) if value is not None else 0
        super().__init__(labels=[str(label) for label, _v in pairs], index=start, description=description,
                         **kwargs)
        self.value = self._values[start]
        self.observe(self._on_index, names="index")
        self.observe(lambda c: setattr(self, "index", self._values.index(c["new"])), names="value")

    @property
    def options(self) -> list[tuple[str, Any]]:
        """The options as ``(label, value)`` pairs."""
        return list(zip(self.labels, self._values))

    def _on_index(self, change: dict[str, Any]) -> None:
        if 0 <= change["new"] < len(self._values):
            self.value = self._values[change["new"]]

    @traitlets.validate("value")
    def _valid_value(self, proposal: dict[str, Any]) -> Any:
        if proposal["value"] not in self._values:
            choices = ", ".join(repr(v) for v in self._values)
            raise traitlets.TraitError(f"{proposal['value']!r} is not one of the options: {choices}.")
        return proposal["value"]
