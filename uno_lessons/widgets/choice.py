"""A row of toggle buttons that tell which one is on in words, not only by colour.

ipywidgets' ``ToggleButtons`` marks the chosen button by colour alone and exposes no state to
screen readers. :class:`ToggleChoice` is a named group (``role="group"``) of real buttons with
``aria-pressed``; the pressed one also shows a check mark and a heavier border. It keeps
``ToggleButtons``' Python face: ``options`` (labels or ``(label, value)`` pairs), ``value``,
``observe(..., names="value")``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from ..render import FOCUS, INK

__all__ = ["ToggleChoice"]

_ESM = r"""
function sync(model, el) {
  const labels = model.get("labels");
  let title = el.querySelector(".uno-choice-title"), row = el.querySelector(".uno-choice-row");
  if (!row) {
    const id = "uno-choice-" + Math.random().toString(36).slice(2, 10);
    title = document.createElement("span");
    title.className = "uno-choice-title";
    title.id = id;
    row = document.createElement("div");
    row.className = "uno-choice-row";
    row.setAttribute("role", "group");
    row.setAttribute("aria-labelledby", id);
    el.append(title, row);
    row.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (b && row.contains(b)) { model.set("index", Number(b.dataset.index)); model.save_changes(); }
    });
  }
  title.textContent = model.get("description");
  title.hidden = !model.get("description");
  while (row.children.length > labels.length) row.lastElementChild.remove();
  labels.forEach((text, i) => {
    let b = row.children[i];
    if (!b) {
      b = document.createElement("button");
      b.type = "button";
      b.innerHTML = '<span class="uno-choice-mark" aria-hidden="true"></span><span></span>';
      row.appendChild(b);
    }
    const on = i === model.get("index");
    b.dataset.index = String(i);
    b.className = "uno-choice" + (on ? " uno-choice-on" : "");
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.firstElementChild.textContent = on ? "\u2713" : "";
    b.lastElementChild.textContent = text;
  });
}
export default {
  render({ model, el }) {
    el.classList.add("uno-choice-view");
    sync(model, el);
    for (const k of ["labels", "index", "description"]) model.on("change:" + k, () => sync(model, el));
  },
};
"""

_CSS = f"""
.uno-choice-view {{ display: flex; flex-flow: row wrap; align-items: center; gap: 4px 8px;
  margin: 2px 4px; max-width: 100%; }}
.uno-choice-view .uno-choice-title {{ font-size: 14px; color: {INK}; }}
.uno-choice-view .uno-choice-row {{ display: flex; flex-flow: row wrap; gap: 4px; }}
.uno-choice-view .uno-choice {{ font: 500 14px/1.2 system-ui, 'Liberation Sans', 'DejaVu Sans', sans-serif;
  min-height: 32px; padding: 4px 12px; border-radius: 6px; border: 1px solid #767676;
  background: #fff; color: {INK}; cursor: pointer; display: inline-flex; align-items: center; gap: 4px; }}
.uno-choice-view .uno-choice:hover {{ background: #eef2f7; }}
.uno-choice-view .uno-choice-on {{ background: #23395d; color: #fff; border: 2px solid #23395d;
  font-weight: 700; }}
.uno-choice-view .uno-choice-on:hover {{ background: #1a2c48; }}
.uno-choice-view .uno-choice-mark:empty {{ display: none; }}
.uno-choice-view .uno-choice:focus {{ outline: none; }}
.uno-choice-view .uno-choice:focus-visible {{ outline: 3px solid {FOCUS}; outline-offset: 2px;
  box-shadow: 0 0 0 2px #fff; }}
"""


class ToggleChoice(anywidget.AnyWidget):
    """One of a few options, as toggle buttons with ``aria-pressed`` and a check mark."""

    _esm = _ESM
    _css = _CSS
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
