"""Answering a Wild Draw Four: the expected swing of challenging and of accepting, exactly
and by simulated tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..engine.rules import Rules
from ..i18n import _
from .estimate import Estimate, se_note
from .games import sensible, simulate_games


def challenge_value(bluff_share: Any, rules: Rules | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Expected card swing of accepting and of challenging a Wild Draw Four: ``(accept, challenge)``.

    The swing is their cards gained minus your cards drawn, when a share ``q`` of Wild Draw
    Fours are bluffs (E-WD4-3..5). Accept: you draw 4, so −4 whatever q. Challenge: an honest card costs you 6; a bluff
    makes its player draw 4 (classic: and take the card back, 5) while you draw nothing.
    """
    rules = rules or Rules.encanto()
    q = np.asarray(bluff_share, dtype=float)
    gain = rules.guilty_draw + (1 if rules.guilty_penalty == "take_back" else 0)
    accept = np.full_like(q, -float(rules.wild_draw_four_count))
    challenge = q * gain - (1 - q) * rules.innocent_challenge_draw
    return accept, challenge


def break_even(rules: Rules | None = None, *, own_cards_only: bool = False) -> Fraction:
    """The bluff share above which challenging beats accepting, exactly.

    With ``own_cards_only`` only the cards you draw count (4 against 6·(1 − q)).
    """
    rules = rules or Rules.encanto()
    four, six = rules.wild_draw_four_count, rules.innocent_challenge_draw
    if own_cards_only:
        return Fraction(six - four, six)
    gain = rules.guilty_draw + (1 if rules.guilty_penalty == "take_back" else 0)
    return Fraction(six - four, six + gain)


@dataclass(frozen=True, repr=False)
class ChallengeCheck:
    """Simulated swings of always-challenging and always-accepting tables, beside the formula."""

    rules: Rules
    bluff_rates: tuple[float, ...]
    bluff_share: tuple[Estimate, ...]  # share of challenged Wild Draw Fours that were bluffs
    challenge: tuple[Estimate, ...]  # swing per challenged Wild Draw Four
    accept: tuple[Estimate, ...]  # swing per accepted Wild Draw Four

    def __repr__(self) -> str:
        name = self.rules.display_name
        lines = [f"{name}: {'bluff_rate':>10} {_('bluff share q'):>16} {_('challenge (sim)'):>17} "
                 f"{_('formula'):>8} {_('accept (sim)'):>15} {_('formula'):>8}"]
        for rate, q, c, a in zip(self.bluff_rates, self.bluff_share, self.challenge, self.accept):
            acc, chal = challenge_value(q.value, self.rules)
            lines.append(f"{'':{len(name) + 2}}{rate:>10.2f} {q.value:>8.3f} ± {q.stderr:.3f} "
                         f"{c.value:>+9.2f} ± {c.stderr:.2f} {float(chal):>+8.2f} "
                         f"{a.value:>+7.2f} ± {a.stderr:.2f} {float(acc):>+8.2f}")
        lines.append(se_note())
        return "\n".join(lines)


def challenge_check(bluff_rates: Sequence[float] = (0.0, 0.5, 1.0), games: int = 200, players: int = 4, *,
                    rules: Rules | None = None, seed: int | None = 0) -> ChallengeCheck:
    """Simulated swing per Wild Draw Four at always-challenging and never-challenging tables.

    For each bot bluff rate, one table of sensible bots challenges every Wild Draw Four and
    one never does; the measured swings sit beside ``challenge_value``.
    """
    rules = rules or Rules.encanto()
    shares, chal, acc = [], [], []
    for k, rate in enumerate(bluff_rates):
        always = [sensible(rate, 0)] * players
        never = [sensible(rate, 10**6)] * players
        a = simulate_games(games, always, rules=rules, seed=(seed or 0) * 1000 + 2 * k).answers
        b = simulate_games(games, never, rules=rules, seed=(seed or 0) * 1000 + 2 * k + 1).answers
        c = a.challenged
        shares.append(Estimate.of(a.bluff[c]) if c.any() else Estimate(float("nan"), float("nan"), 0))
        chal.append(Estimate.of(a.swing[c]) if c.any() else Estimate(float("nan"), float("nan"), 0))
        acc.append(Estimate.of(b.swing[~b.challenged]) if (~b.challenged).any() else
                   Estimate(float("nan"), float("nan"), 0))
    return ChallengeCheck(rules, tuple(float(r) for r in bluff_rates), tuple(shares), tuple(chal), tuple(acc))
