"""A matplotlib figure with a text alternative that says what it shows.

Notebook and Voilà pages show a plain plot as an ``<img>`` with no ``alt`` text, which a screen
reader cannot read. :class:`DescribedFigure` shows the figure as an image whose ``alt`` is its
description, and as that description where only text is shown (``text/plain``). Everything
else (``.axes``, ``.savefig``…) goes to the matplotlib figure, which is also ``.figure``.
"""

from __future__ import annotations

import base64
import io
from html import escape
from typing import Any

__all__ = ["DescribedFigure"]


class DescribedFigure:
    """``figure`` with ``description``; displaying it shows the image with that alt text."""

    def __init__(self, figure: Any, description: str) -> None:
        import matplotlib.pyplot as plt

        self.figure = figure
        self.description = str(description)
        # Taken out of pyplot's list of open figures, so a notebook's inline backend does not
        # show it a second time, without alt text, at the end of the cell.
        plt.close(figure)

    def __getattr__(self, name: str) -> Any:
        # Display hooks are this object's own: the figure's would show it without alt text.
        if name.startswith(("_repr_", "_ipython_")) or name == "figure":
            raise AttributeError(name)
        return getattr(self.figure, name)

    def png(self) -> bytes:
        """The figure as PNG bytes (at the figure's own dpi, trimmed to what is drawn)."""
        buf = io.BytesIO()
        self.figure.savefig(buf, format="png", dpi=self.figure.dpi, bbox_inches="tight")
        return buf.getvalue()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        data = base64.b64encode(self.png()).decode("ascii")
        html = (f'<img class="uno-figure" src="data:image/png;base64,{data}" '
                f'alt="{escape(self.description)}" style="max-width:100%;height:auto">')
        return {"text/html": html, "text/plain": self.description}

    def __repr__(self) -> str:
        return self.description
