"""A class tournament: the learners' saved policies and the built-in bots, each playing the
same seeded games against sensible bots, ranked by win rate with a 95% interval (Wilson's),
and each compared with the built-in sensible bot on the same deals (the deals only one of the
two won, and the sign test's p: :mod:`.paired`).

``class_tournament(policies)`` runs :func:`.contests.tournament` with a factory per policy
(``seed -> PolicyBot(policy, seed)``: only the package's own code plays the learners'
numbers), so the same policies, games and seed give the same leaderboard on any machine.
:meth:`Leaderboard.html` is the table for the projector: a caption that says what was
played, one row per bot, rank, win rate and interval as numbers, a verdict in words (above,
within chance of, or below a fair share) and the comparison with the sensible bot in words,
so nothing is said by colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol

from ..engine.bots import Bot
from ..engine.rules import Rules, rule_set_name
from ..i18n import _, ngettext
from .contests import Tournament, tournament
from .estimate import Z95, wilson
from .games import Progress
from .paired import Paired, p_text

__all__ = ["BUILT_IN", "Z95", "Leaderboard", "Learned", "Standing", "built_in_label", "class_tournament",
           "learned_label"]


class Learned(Protocol):
    """A learner's policy as a contestant: its name and the bot that plays it (the learning
    layer's :class:`~uno_lessons.learn.policy.Policy` is one)."""

    @property
    def name(self) -> str:
        """The policy's name (a learned seat is named after it)."""
        ...

    def bot(self, seed: Any) -> Bot:
        """A bot playing this policy, seeded by ``seed``."""
        ...

#: The built-in bots a class tournament adds to the learners' policies, by name.
BUILT_IN = ("random", "sensible")


@dataclass(frozen=True)
class Standing:
    """One bot's line of the leaderboard: its place, name, whether a learner trained it, the
    games it won of those it played, its win rate with a 95% interval (Wilson's), and how it
    did against the built-in sensible bot on the same deals (None for that bot itself, or when
    it did not play)."""

    rank: int
    name: str
    learned: bool
    wins: int
    games: int
    rate: float
    low: float
    high: float
    against: Paired | None = None

    def against_words(self) -> str:
        """The comparison with the sensible bot, in words: the deals only one of them won, and
        whether that split is within chance (sign test, p ≥ 0.05)."""
        c = self.against
        if c is None:
            return "–"
        if c.differ == 0:
            return _("the same winner on every deal")
        verdict = (_("within chance") if c.p >= 0.05 else
                   _("better than the sensible bot, beyond chance") if c.higher > c.lower else
                   _("worse than the sensible bot, beyond chance"))
        return _("won {only_it} deals it lost, lost {only_other} it won ({p}): {verdict}",
                 only_it=c.higher, only_other=c.lower, p=p_text(c.p), verdict=verdict)

    def verdict(self, fair: float) -> str:
        """In words, how the win rate compares with a fair share ``fair`` (1 / players)."""
        if self.low > fair:
            return _("above a fair share")
        if self.high < fair:
            return _("below a fair share")
        return _("within chance of a fair share")


@dataclass(frozen=True)
class Leaderboard:
    """The standings of a class tournament, best first, and the tournament they come from."""

    tournament: Tournament
    standings: tuple[Standing, ...]
    seed: int | None

    @property
    def fair(self) -> float:
        """A fair share of wins: one game in ``players``."""
        return 1 / self.tournament.players

    @property
    def games(self) -> int:
        """Games each bot played."""
        return self.tournament.stats[0].n

    def caption(self) -> str:
        """What was played, in one sentence."""
        fair = format(self.fair, ".0%")  # formatted first: an f-string in the call is not extracted
        return ngettext(
            "Class tournament: each bot played the same {n} {rules} game at a table of {players} "
            "against sensible bots (seed {seed}); a fair share is {fair}.",
            "Class tournament: each bot played the same {n} {rules} games at a table of {players} "
            "against sensible bots (seed {seed}); a fair share is {fair}.",
            self.games, rules=rule_set_name(self.tournament.rules), players=self.tournament.players,
            seed=self.seed, fair=fair)

    def reading(self) -> str:
        """How to read the numbers, said once under the table (and in the HTML caption)."""
        return _("The interval is Wilson's {level} interval: made this way, about 19 intervals in 20 hold the bot's "
                 "true win rate. The last column compares each bot with the sensible bot on the same deals; p is "
                 "the sign test's chance of a split at least this uneven if the two played equally well.", level="95%")

    def html(self) -> str:
        """The leaderboard as an accessible HTML table (caption, column headers, row headers)."""
        heads = (_("Place"), _("Bot"), _("Trained by a learner"), _("Games won"), _("Win rate"),
                 _("{level} interval", level="95%"), _("Compared with a fair share"),
                 _("On the same deals as the sensible bot"))
        head = "".join(f"<th scope='col'>{escape(h)}</th>" for h in heads)
        rows = []
        for s in self.standings:
            low, high = format(s.low, ".1%"), format(s.high, ".1%")
            cells = (escape(_("yes") if s.learned else _("no, built in")),
                     escape(_("{wins} of {games}", wins=s.wins, games=s.games)),
                     format(s.rate, ".1%"), escape(_("{low} to {high}", low=low, high=high)),
                     escape(s.verdict(self.fair)), escape(s.against_words()))
            rows.append(f"<tr data-bot='{escape(s.name)}'><td>{s.rank}</td><th scope='row'>{escape(s.name)}</th>"
                        + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return (f"<table class='uno-leaderboard'><caption>{escape(self.caption())} {escape(self.reading())}</caption>"
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        lines = [self.caption()]
        for s in self.standings:
            lines.append(f"{s.rank:>2}. {s.name:<28} {s.rate:6.1%}  [{s.low:.1%}, {s.high:.1%}]  {s.verdict(self.fair)}; "
                         f"{s.against_words()}")
        lines.append(self.reading())
        return "\n".join(lines)


def learned_label(name: str) -> str:
    """A learner's bot as a person would say it: "Ana's bot (learned)"."""
    return _("{name}'s bot (learned)", name=name)


def built_in_label(kind: str) -> str:
    """A built-in bot by its name ("random", "sensible"), in words."""
    words = {"random": _("random bot (built in)"), "sensible": _("sensible bot (built in)")}
    return words[kind]


def _unique(label: str, taken: set[str]) -> str:
    out, n = label, 2
    while out in taken:  # two policies with one name stay two rows
        out, n = _("{label} ({n})", label=label, n=n), n + 1
    taken.add(out)
    return out


def class_tournament(policies: Iterable[Learned] | Mapping[str, Learned], games: int = 200, players: int = 4, *,
                     rules: Rules | None = None, seed: int | None = 0, built_in: Iterable[str] = BUILT_IN,
                     progress: Progress | None = None) -> Leaderboard:
    """The leaderboard of ``policies`` (learners' :class:`~uno_lessons.learn.policy.Policy`
    objects, or a mapping label -> Policy) and the ``built_in`` bots, each playing the same
    ``games`` seeded games at a table of ``players`` against sensible bots (its seat moving
    one place each game). Ranked by win rate (ties: the same place); the interval is
    rate ± 1.96 standard errors, kept within 0 and 1."""
    items = list(policies.items()) if isinstance(policies, Mapping) else [
        (learned_label(p.name), p) for p in policies]
    taken: set[str] = set()
    contestants: dict[str, Any] = {}
    learned: set[str] = set()
    for label, policy in items:
        if not callable(getattr(policy, "bot", None)):
            raise ValueError(_("A policy bot needs a Policy (load one with load_policy)."))
        name = _unique(str(label), taken)
        contestants[name] = policy.bot
        learned.add(name)
    for kind in built_in:
        if kind not in BUILT_IN:
            raise ValueError(_("The built-in bots are {bots}.", bots=", ".join(BUILT_IN)))
        contestants[_unique(built_in_label(kind), taken)] = kind
    if not contestants:
        raise ValueError(_("A tournament needs at least one bot."))
    result = tournament(contestants, games, players, rules=rules, seed=seed, progress=progress)
    reference = next((name for name, bot in contestants.items() if bot == "sensible"), None)
    return Leaderboard(result, _standings(result, learned, reference), seed)


def _standings(result: Tournament, learned: set[str], reference: str | None) -> tuple[Standing, ...]:
    rows = []
    for name in result.names:
        won = result.won(name)
        wins, n = int(won.sum()), int(won.size)
        low, high = wilson(wins, n)
        against = result.compare(name, reference) if reference is not None and name != reference else None
        rows.append((name, wins, n, wins / n, low, high, against))
    rows.sort(key=lambda r: (-r[1], r[0]))
    out, rank, last = [], 0, math.nan
    for i, (name, wins, n, rate, low, high, against) in enumerate(rows, 1):
        if wins != last:
            rank, last = i, wins
        out.append(Standing(rank, name, name in learned, wins, n, rate, low, high, against))
    return tuple(out)
