"""The simulation lesson's progress bar: a ``tqdm.auto`` bar moved by ``progress(done, total)``.

The simulations (:mod:`uno_lessons.simulation`) import no UI: they report how far they are
through a plain ``progress(done, total)`` callback. :class:`ProgressBar` is that callback,
built on ``tqdm.auto``: in Jupyter and Voilà tqdm's ipywidgets bar, elsewhere (a script, the
tests) its text bar on stderr. ``tqdm.auto`` chooses when it is first imported, by whether
ipykernel is loaded: in a kernel, and in the fork server's zygote (which imports ipykernel
before this module), that is the widget bar.

What the lesson needs from the bar, and how tqdm gives it:

- its label is translated: ``_("games")`` unless the notebook names another;
- no English of tqdm's own: the rate ("it/s") is left out of the bar's text, which is then
  the label, a percentage, "done/total" and the times, all without words;
- it is read, not only seen: ipywidgets draws the bar as plain boxes (no ``progressbar``
  role that would need an ARIA name) between tqdm's label and count texts, which a screen
  reader reads in order; once the bar is full it says so once through the page's polite
  live region (:func:`~.page.page_bridge`), since a screen reader does not follow a bar.
"""

from __future__ import annotations

from typing import Any

from tqdm.auto import tqdm
from tqdm.notebook import tqdm_notebook

from ..i18n import _
from .page import page_bridge

#: tqdm's default format without its rate: "it/s" would be English on every page.
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]"
#: Whether ``tqdm.auto`` chose the widget bar (only that one can wait to be displayed).
WIDGET_BAR = issubclass(tqdm, tqdm_notebook)


class ProgressBar:
    """A ``progress(done, total)`` callback that moves a ``tqdm.auto`` bar.

    Show it by making it the last line of a cell (or ``display(bar)``), then pass it as
    ``progress=`` to ``simulate_games`` and friends. The bar closes once full (tqdm shows it
    done); another simulation given the same callback gets a new bar, tqdm's one bar per run.
    """

    def __init__(self, description: str | None = None) -> None:
        self.label = _("games") if description is None else description
        # Not displayed here: the notebook shows the first bar where it wants it (the cell).
        self.bar = self._new_bar(shown_now=False)

    def _new_bar(self, shown_now: bool = True) -> tqdm:
        # The total comes with the first call; leave=True keeps a full bar on the page.
        where = {"display": shown_now} if WIDGET_BAR else {}
        return tqdm(total=None, desc=self.label, bar_format=BAR_FORMAT, leave=True, **where)

    def __call__(self, done: int, total: int) -> None:
        total = max(int(total), 1)
        done = max(min(int(done), total), 0)
        if self.done:
            if done >= total:
                return  # the same end said twice: the bar is closed already
            self.bar = self._new_bar()  # a second run: tqdm shows it where it runs
        if self.bar.total != total:
            self.bar.reset(total=total)
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.bar.close()  # its last drawing: the whole bar, done
            page_bridge().announce(_("{label}: {done} of {total} done.", label=self.label, done=done,
                                     total=total))

    @property
    def done(self) -> bool:
        """True once the bar is full."""
        return self.bar.total is not None and self.bar.n >= self.bar.total

    @property
    def widget(self) -> Any:
        """The bar's ipywidgets box in Jupyter and Voilà (label, bar, count); None where tqdm
        draws text instead."""
        return getattr(self.bar, "container", None)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        if self.widget is not None:
            return self.widget._repr_mimebundle_(**kwargs)
        return {"text/plain": str(self.bar)}

    def __repr__(self) -> str:
        return f"<ProgressBar {self.bar.n}/{self.bar.total or '?'}>"


def progress_bar(description: str | None = None) -> ProgressBar:
    """A new progress bar callback for ``progress=``, labelled ``description`` (default: the
    translated "games"); display it to see it move."""
    return ProgressBar(description)
