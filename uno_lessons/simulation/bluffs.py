"""How often a Wild Draw Four is a bluff depends on the situation: the bluff share measured by
the cards the answering player held, and the better answer in each situation (lesson 8).

A sensible bot bluffs only when the next player holds two cards or fewer (``SensibleBot``,
``bluff_rate``), so one bluff share over all games mixes situations where bluffs never
happen with situations where they are common. Measured apart, each situation has its own
share ``q``, shown with Wilson's 95% interval (a share of 0 in 1,900 is not "0 ± 0"), and
its own better answer: challenge when ``q`` lies above the break-even (:func:`.break_even`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..engine.rules import Rules, rule_set_name
from ..i18n import _, ngettext
from .challenge import break_even
from .estimate import Estimate, wilson
from .games import Progress, sensible, simulate_games

__all__ = ["GROUPS", "MANY", "BluffSituations", "bluff_situations"]

#: No limit on the cards held (the top of the last group).
MANY = 10**6
#: The situations, by the cards the answering player held: (fewest, most).
GROUPS: tuple[tuple[int, int], ...] = ((1, 1), (2, 2), (3, 4), (5, MANY))


def _group_label(low: int, high: int) -> str:
    if high >= MANY:
        return _("{n} or more", n=low)
    if high == low:
        return str(low)
    return _("{low} to {high}", low=low, high=high)


@dataclass(frozen=True, repr=False)
class BluffSituations:
    """Every answered Wild Draw Four of seeded sensible-bot games: whether it was a bluff and
    how many cards the answering player held."""

    rules: Rules
    bluff_rate: float
    games: int
    answerer_hand: np.ndarray  # cards the answering player held, one entry per Wild Draw Four
    bluff: np.ndarray  # whether it was a bluff (E-WD4-2 broken)

    def _in(self, cards: int, most: int | None) -> np.ndarray:
        hand = self.answerer_hand
        picked = (hand >= cards) & (hand <= (cards if most is None else most))
        if not picked.any():
            raise ValueError(_("No Wild Draw Four was played on a hand of that size in these games."))
        return picked

    def share(self, cards: int, most: int | None = None) -> Estimate:
        """The bluff share ``q`` of the Wild Draw Fours played on a player holding ``cards``
        cards (or from ``cards`` to ``most``; ``most=MANY``: any number from ``cards`` up)."""
        return Estimate.of(self.bluff[self._in(cards, most)])

    def interval(self, cards: int, most: int | None = None) -> tuple[float, float]:
        """Wilson's 95% interval for :meth:`share`."""
        picked = self._in(cards, most)
        return wilson(int(self.bluff[picked].sum()), int(picked.sum()))

    def better_answer(self, cards: int, most: int | None = None) -> str:
        """"challenge" when the whole interval for ``q`` lies above the break-even, "accept"
        when it lies below, "either" when it holds the line: too close to tell (which is not
        evidence that the two answers are worth the same)."""
        low, high = self.interval(cards, most)
        line = float(break_even(self.rules))
        return "challenge" if low > line else "accept" if high < line else "either"

    def __repr__(self) -> str:
        words = {"challenge": _("challenge"), "accept": _("accept"), "either": _("too close to tell")}
        head = ngettext("{n} {rules} game of sensible bots (bluff_rate {rate:g}): each Wild Draw Four answered, "
                        "by the cards its answerer held", "{n} {rules} games of sensible bots (bluff_rate {rate:g}): "
                        "each Wild Draw Four answered, by the cards its answerer held", self.games,
                        rules=rule_set_name(self.rules.name), rate=self.bluff_rate)
        lines = [head, f"{_('your cards'):<12} {_('played'):>7} {_('bluffs'):>7} {_('bluff share q'):>14} "
                       f"{_('{level} interval', level='95%'):>16}   " + _("better answer (challenge above q = {line})",
                                                         line=str(break_even(self.rules)))]
        for low, high in GROUPS:
            picked = (self.answerer_hand >= low) & (self.answerer_hand <= high)
            if not picked.any():
                continue
            q = self.share(low, high)
            lo, hi = self.interval(low, high)
            lines.append(f"{_group_label(low, high):<12} {int(picked.sum()):>7} {int(self.bluff[picked].sum()):>7} "
                         f"{q.value:>14.3f}   [{lo:.3f}, {hi:.3f}]   {words[self.better_answer(low, high)]}")
        # "95% i…" would read to Babel as a %-format: the level is a placeholder (as in the leaderboard).
        lines.append(_("The intervals are Wilson's {level} intervals: made this way, about 95 in 100 of them hold "
                       "the true share. Near 0 such an interval is not squeezed to nothing.", level="95%"))
        return "\n".join(lines)


def bluff_situations(games: int = 2000, players: int = 4, *, rules: Rules | None = None, seed: int | None = 0,
                     bluff_rate: float = 0.25, progress: Progress | None = None) -> BluffSituations:
    """Play ``games`` seeded games of sensible bots that bluff with ``bluff_rate`` and keep,
    for every answered Wild Draw Four, whether it was a bluff and the answerer's cards."""
    rules = rules or Rules.encanto()
    stats = simulate_games(games, [sensible(bluff_rate)] * players, rules=rules, seed=seed, progress=progress)
    answers = stats.answers
    return BluffSituations(rules, float(bluff_rate), games, answers.answerer_hand.copy(), answers.bluff.copy())
