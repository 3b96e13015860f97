"""A progress bar for long simulations in Jupyter: the only UI piece of the simulation lesson."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..i18n import _
from .page import page_bridge


class ProgressBar:
    """A ``progress(done, total)`` callback that moves an ``ipywidgets.IntProgress``.

    Show it by making it the last line of a cell (or ``display(bar)``), then pass it as
    ``progress=`` to ``simulate_games`` and friends.
    """

    def __init__(self, description: str = "games") -> None:
        self.label = description
        self.widget = widgets.IntProgress(value=0, min=0, max=1, description=description,
                                          bar_style="info")

    def __call__(self, done: int, total: int) -> None:
        total = max(int(total), 1)
        if self.widget.max != total:
            self.widget.max = total
        self.widget.value = min(int(done), total)
        self.widget.description = f"{self.label} {done}/{total}"
        finished = done >= total
        if finished and self.widget.bar_style != "success":
            # Said once, politely, through the page's live region (shown by the notebook).
            page_bridge().announce(_("{label}: {done} of {total} done.", label=self.label, done=done,
                                     total=total))
        self.widget.bar_style = "success" if finished else "info"

    @property
    def done(self) -> bool:
        """True once the bar is full."""
        return self.widget.value >= self.widget.max

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<ProgressBar {self.widget.value}/{self.widget.max}>"


def progress_bar(description: str = "games") -> ProgressBar:
    """A new progress bar callback for ``progress=``; display it to see it move."""
    return ProgressBar(description)
