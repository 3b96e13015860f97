"""A seeded tournament of the learner's bot against built-in bots, shown as a table of win rates."""

from __future__ import annotations

import html
from collections.abc import Sequence

import numpy as np

from ..engine.rules import Rules
from ..i18n import _, ngettext
from ..simulation.estimate import wilson
from .core import FAILED, NOT_STARTED, PASSED, Report, stub_name
from .slips import error_text
from .values import ENCANTO


class TournamentResult(Report):
    """Seeded games between bots: ``games`` is a list of (winner name, points) per game."""

    def __init__(self, names: list[str], games: list[tuple[str, int]], status: str = PASSED,
                 note: str = "") -> None:
        self.names = names
        self.games = games
        self.status = status
        self.notes = (note,) if note else ()

    def summary(self, name: str) -> tuple[float, float]:
        """(win rate, average points per game) of ``name``."""
        n = len(self.games)
        if not n:
            return 0.0, 0.0
        won = [p for w, p in self.games if w == name]
        return len(won) / n, sum(won) / n

    def rows(self) -> list[tuple[str, int, float, float]]:
        """(name, wins, win rate, average points) per bot, in seating order."""
        out = []
        for name in self.names:
            rate, avg = self.summary(name)
            out.append((name, sum(w == name for w, _ in self.games), rate, avg))
        return out

    def interval(self, wins: int) -> str:
        """Wilson's 95% interval of a win rate, as "[47.0%, 64.3%]": a tournament's win rates are
        shares of few games, often near 0, where ``rate ± 2 SE`` would shrink to nothing."""
        low, high = wilson(wins, len(self.games))
        return f"[{low:.1%}, {high:.1%}]"

    @property
    def headline(self) -> str:
        """The first line of the table: how many games, or why there are none."""
        if self.status == NOT_STARTED:
            return _("○ tournament: not started yet")
        if self.status != PASSED:
            return _("✗ tournament stopped")
        return ngettext("Tournament: {n} seeded game", "Tournament: {n} seeded games", len(self.games))

    def text(self) -> str:
        """The table as plain text."""
        lines = [self.headline, *self._note_lines()]
        if self.status == PASSED:
            lines.append("  {:<14} {:>5} {:>9} {:>16} {:>11}".format(*self.headings()))
            for name, wins, rate, avg in self.rows():
                lines.append(f"  {name:<14} {wins:>5} {rate:>9.1%} {self.interval(wins):>16} {avg:>11.1f}")
            lines.append(self.interval_note())
        return "\n".join(lines)

    @staticmethod
    def headings() -> tuple[str, ...]:
        """The table's column headings, in order (the text and the HTML table share them)."""
        return _("bot"), _("wins"), _("win rate"), _("interval (95%)"), _("avg points")

    @staticmethod
    def interval_note() -> str:
        """The sentence under the table: what its intervals are, once."""
        return _("The intervals are Wilson's, at 95%: made this way, such intervals hold a bot's long-run win rate "
                 "in about 95 of 100 tournaments.")

    def _repr_html_(self) -> str:
        e = html.escape
        parts = [f'<div class="uno-tournament"><b>{e(self.headline)}</b>', *self._note_html()]
        if self.status == PASSED:
            th = '<th style="padding:2px 8px;text-align:{}">{}</th>'
            td = '<td style="padding:2px 8px;text-align:{}">{}</td>'
            parts.append('<table style="border-collapse:collapse;margin-top:4px"><tr>'
                         + "".join(th.format("left" if i == 0 else "right", e(h))
                                   for i, h in enumerate(self.headings()))
                         + "</tr>")
            for name, wins, rate, avg in self.rows():
                parts.append("<tr>" + td.format("left", e(name)) + td.format("right", wins)
                             + td.format("right", f"{rate:.1%}") + td.format("right", e(self.interval(wins)))
                             + td.format("right", f"{avg:.1f}") + "</tr>")
            parts.append("</table>")
            parts.append(f'<div class="uno-muted">{e(self.interval_note())}</div>')
        parts.append("</div>")
        return "".join(parts)


def tournament(bot_class: type, opponents: Sequence[str | type] = ("sensible", "random"), *,
               games: int = 60, rules: Rules | None = None, seed: int = 0) -> TournamentResult:
    """Seeded games of ``bot_class`` against built-in bots, the seats rotating every game.

    ``opponents`` are names ("sensible", "random") or Bot classes. Every player scores the
    points of the hand it wins (E-SCORE-2); the table shows win rate and average points per
    game. A stub that raises NotImplementedError gives a "not started yet" message.
    """
    from ..engine.bots import BOTS, play_game

    classes = [bot_class] + [BOTS[o] if isinstance(o, str) else o for o in opponents]
    names: list[str] = []
    for cls in classes:
        base = getattr(cls, "__name__", "bot")
        name, k = base, 2
        while name in names:
            name, k = f"{base}{k}", k + 1
        names.append(name)
    n = len(classes)
    root = np.random.SeedSequence(seed)
    bot_seeds = root.spawn(n)
    results: list[tuple[str, int]] = []
    try:
        bots = [cls(s) for cls, s in zip(classes, bot_seeds)]
        for g in range(games):
            order = [(g + k) % n for k in range(n)]  # seats rotate: everyone deals and starts
            game = play_game([bots[i] for i in order], rules=rules or ENCANTO, seed=seed * 100_003 + g)
            if game.winner is None or game.points is None:  # the engine sets both when a hand is won
                results.append((_("(no winner)"), 0))
            else:
                results.append((names[order[game.winner]], game.points))
    except NotImplementedError as exc:
        stub = stub_name(exc, getattr(bot_class, "__name__", _("your bot")))
        return TournamentResult(names, [], NOT_STARTED,
                                _("`{stub}` still raises NotImplementedError: write it, run its cell, then run "
                                  "the tournament again.", stub=stub))
    except Exception as exc:
        return TournamentResult(names, results, FAILED,
                                _("game {game}: {error}", game=len(results) + 1, error=error_text(exc)))
    return TournamentResult(names, results)

