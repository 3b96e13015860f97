"""Lesson 7's widgets: how much single games differ beside how sure their average is, and two
bots compared deal by deal on the same deals."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets
import numpy as np

from ..i18n import N_, _, ngettext
from ..simulation.estimate import Estimate
from ..simulation.paired import p_text
from ._common import Lesson, feedback

#: The picture's size in pixels; its scale runs from 0 to the largest sample.
WIDTH, HEIGHT = 520, 118


def _bar(y: int, low: float, high: float, scale: float, colour: str, label: str) -> str:
    """A labelled horizontal bar from ``low`` to ``high`` (in samples' units) at height ``y``."""
    x0, x1 = 10 + max(low, 0) * scale, 10 + max(high, 0) * scale
    return (f"<rect x='{x0:.1f}' y='{y}' width='{max(x1 - x0, 2):.1f}' height='14' rx='3' fill='{colour}'/>"
            f"<text x='10' y='{y - 4}' font-size='12' fill='#333'>{escape(label)}</text>")


class SpreadLab(Lesson):
    """The first ``n`` of some games (``samples``: one number per game): their mean, how far
    single games lie from it (standard deviation), and how far the mean may lie from the
    long-run mean (standard error). More games shrink the second, not the first."""

    title = N_("Single games and their average")

    def __init__(self, samples: Any, *, sizes: tuple[int, ...] = (25, 100, 400),
                 what: str = N_("moves per game")) -> None:
        self.values = np.asarray(samples, dtype=float).ravel()
        if self.values.size < 2:
            raise ValueError(_("The lab needs at least two games to show how they spread."))
        offered = [n for n in sizes if 2 <= n <= self.values.size] or [int(self.values.size)]
        self.what = what
        self.size_picker = widgets.Dropdown(options=[(f"{n:,}", n) for n in offered], value=offered[0],
                                            description=_("Games"),
                                            layout=widgets.Layout(width="180px", max_width="100%"))
        self.picture = widgets.HTML()
        self.summary = widgets.HTML()
        self.size_picker.observe(lambda _c: self.show(announce=True), names="value")
        intro = _("Pick how many games to look at. The upper bar is where most single games lie (the mean, two "
                  "standard deviations either side); the lower bar is the mean two standard errors either side: "
                  "made this way for many samples, such bars contain the long-run mean about 95 times in 100. "
                  "Each tick is one game.")
        self.widget = self.box([self.header(), widgets.HTML(f"<div class='uno-muted'>{escape(intro)}</div>"),
                                self.size_picker, self.picture, self.summary])
        self.show()

    def estimate(self) -> Estimate:
        """The mean of the games picked, with its standard error."""
        return Estimate.of(self.values[: self.size_picker.value])

    def spread(self) -> float:
        """The standard deviation of the games picked: how far single games lie from the mean."""
        return float(self.values[: self.size_picker.value].std(ddof=1))

    def words(self) -> str:
        """The picture in one sentence (also its text alternative)."""
        est, sd = self.estimate(), self.spread()
        return _("{n:,} games, {what}: mean {mean:.1f}; standard deviation {sd:.1f} (single games lie about this "
                 "far from the mean, however many games you play); standard error {se:.2f} (how far this mean may "
                 "lie from the long-run mean: it shrinks like 1/√n).", n=est.n, what=_(self.what), mean=est.value,
                 sd=sd, se=est.stderr)

    def show(self, announce: bool = False) -> None:
        """Draw the picture and the sentence for the number of games picked."""
        est, sd = self.estimate(), self.spread()
        picked = self.values[: est.n]
        scale = (WIDTH - 20) / max(float(self.values.max()), 1.0)
        ticks = "".join(f"<line x1='{10 + v * scale:.1f}' x2='{10 + v * scale:.1f}' y1='102' y2='112' "
                        f"stroke='#555' stroke-opacity='0.5'/>" for v in picked)
        bars = (_bar(26, est.value - 2 * sd, est.value + 2 * sd, scale, "#9dbbe0", _("single games: mean ± 2 SD"))
                + _bar(66, est.value - 2 * est.stderr, est.value + 2 * est.stderr, scale, "#1f5fa8",
                       _("the long-run mean: mean ± 2 SE")))
        words = self.words()
        self.picture.value = (f"<svg role='img' aria-label='{escape(words, quote=True)}' width='{WIDTH}' "
                              f"height='{HEIGHT}' viewBox='0 0 {WIDTH} {HEIGHT}' style='max-width:100%'>"
                              f"{bars}{ticks}</svg>")
        self.summary.value = feedback("info", words)
        if announce:
            self.page.announce(words)


class DealByDeal(Lesson):
    """Two contestants of a tournament compared on the deals both played: the deals only one
    of them won, the effect with its paired standard error beside the one for separate
    games, and the sign test. ``tournament`` is a ``simulation.Tournament``."""

    title = N_("Two bots on the same deals")

    def __init__(self, tournament: Any, a: str | None = None, b: str | None = None) -> None:
        names = list(tournament.names)
        if len(names) < 2:
            raise ValueError(_("A comparison needs a tournament of at least two bots."))
        self.tournament = tournament
        self.a_picker = widgets.Dropdown(options=names, value=a or names[0], description=_("Bot A"),
                                         layout=widgets.Layout(width="240px", max_width="100%"))
        self.b_picker = widgets.Dropdown(options=names, value=b or names[1], description=_("Bot B"),
                                         layout=widgets.Layout(width="240px", max_width="100%"))
        self.strip = widgets.HTML()
        self.summary = widgets.HTML()
        for picker in (self.a_picker, self.b_picker):
            picker.observe(lambda _c: self.show(announce=True), names="value")
        intro = _("One square per deal, in order: dark when only A won it, striped when only B won it, pale when "
                  "both or neither did. Only the dark and striped deals tell the two bots apart.")
        self.widget = self.box([self.header(), widgets.HTML(f"<div class='uno-muted'>{escape(intro)}</div>"),
                                widgets.HBox([self.a_picker, self.b_picker],
                                             layout=widgets.Layout(flex_flow="row wrap")),
                                self.strip, self.summary])
        self.show()

    def deals(self) -> tuple[np.ndarray, np.ndarray]:
        """The deal numbers (from 1) that only A won, and those only B won."""
        a = self.tournament.won(self.a_picker.value)
        b = self.tournament.won(self.b_picker.value)
        return np.flatnonzero(a & ~b) + 1, np.flatnonzero(b & ~a) + 1

    def words(self) -> list[str]:
        """What the comparison says, one sentence a line."""
        a, b = self.a_picker.value, self.b_picker.value
        if a == b:
            return [_("Pick two different bots.")]
        only_a, only_b = self.deals()
        c = self.tournament.compare(a, b)
        n = c.n
        lines = [ngettext("{a} and {b} played the same {n} deal.", "{a} and {b} played the same {n} deals.", n,
                          a=a, b=b, n=n),
                 _("Deals only {a} won: {count}; deals only {b} won: {other}.", a=a, b=b, count=len(only_a),
                   other=len(only_b)),
                 _("Difference of the win rates, {a} − {b}: {effect:+.3f} ± {error:.3f} (one standard error, taken "
                   "deal by deal); as if they had played separate games it would be ± {separate:.3f}.", a=a, b=b,
                   effect=c.effect.value, error=c.effect.stderr, separate=c.separate),
                 _("Sign test: {p}, the chance that a fair coin splits the {m} deals that differ at least this "
                   "unevenly.", p=p_text(c.p), m=len(only_a) + len(only_b))]
        if len(only_a) + len(only_b):
            lines.append(_("Deals only {a} won: {list}.", a=a, list=", ".join(map(str, only_a)) or "–"))
            lines.append(_("Deals only {b} won: {list}.", b=b, list=", ".join(map(str, only_b)) or "–"))
        return lines

    def show(self, announce: bool = False) -> None:
        """Draw the strip of deals and the comparison for the two bots picked."""
        lines = self.words()
        a_won = self.tournament.won(self.a_picker.value)
        b_won = self.tournament.won(self.b_picker.value)
        stripes = f"uno-stripes-{id(self):x}"  # one pattern per widget: two on a page keep their own
        cells = []
        for i, (x, y) in enumerate(zip(a_won, b_won)):
            fill = "#1f5fa8" if x and not y else f"url(#{stripes})" if y and not x else "#dde5ee"
            cells.append(f"<rect x='{(i % 50) * 10}' y='{(i // 50) * 10}' width='8' height='8' fill='{fill}'/>")
        rows = (len(a_won) + 49) // 50
        pattern = (f"<defs><pattern id='{stripes}' width='4' height='4' patternUnits='userSpaceOnUse' "
                   "patternTransform='rotate(45)'><rect width='4' height='4' fill='#f2c14e'/>"
                   "<line x1='0' y1='0' x2='0' y2='4' stroke='#7a4d00' stroke-width='2'/></pattern></defs>")
        # The strip says nothing the sentences below do not: hidden from screen readers.
        self.strip.value = (f"<svg aria-hidden='true' width='500' height='{rows * 10}' viewBox='0 0 500 {rows * 10}' "
                            f"style='max-width:100%'>{pattern}{''.join(cells)}</svg>")
        self.summary.value = feedback("info", lines[0], lines[1:])
        if announce:
            self.page.announce(" ".join(lines[:4]))
