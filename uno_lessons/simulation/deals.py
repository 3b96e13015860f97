"""The deal questions by Monte Carlo: vectorised numpy deals, the same with a plain Python
loop, and both beside the exact values."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..engine.cards import Card
from ..engine.rules import Rules
from ..i18n import _
from .deck import _PER_COLOR, _WILD_ID, QUESTIONS, _layout, deck_layout, is_returned, rule_ids
from .estimate import Estimate, se_note
from .exact import exact_value


def _uniform_ids(rng: np.random.Generator, rows: int, n: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """``(rows, n)`` uniform ids in [0, size) as uint8, and where a draw must be rejected.

    Each id comes from 16 random bits: u // (65536 // size), rejecting the few u at or above
    the largest multiple of ``size`` so that every id is exactly equally likely.
    """
    per = 65536 // size
    count = rows * n
    raw = rng.bit_generator.random_raw(-(-count // 4)).view(np.uint16)[:count].reshape(rows, n)
    ids = (raw // np.uint16(per)).astype(np.uint8)
    return ids, raw >= per * size


def _duplicates(hands: np.ndarray) -> np.ndarray:
    """Rows (columns of ``hands``) that hold the same id twice."""
    bad = np.zeros(hands.shape[1], dtype=bool)
    for a in range(1, hands.shape[0]):
        row = hands[a]
        for b in range(a):
            bad |= row == hands[b]
    return bad


def _deal_hands(rng: np.random.Generator, n: int, size: int, hand_size: int) -> np.ndarray:
    """``(hand_size, n)`` hands, each ``hand_size`` different cards of ``size`` (E-SETUP-2)."""
    hands, bad = _uniform_ids(rng, hand_size, n, size)
    todo = np.flatnonzero(bad.any(axis=0) | _duplicates(hands))
    while todo.size:  # redraw the hands that drew a card twice: the rest stay uniform
        fresh, bad = _uniform_ids(rng, hand_size, todo.size, size)
        again = bad.any(axis=0) | _duplicates(fresh)
        hands[:, todo[~again]] = fresh[:, ~again]
        todo = todo[again]
    return hands


def _turn_first(rng: np.random.Generator, hands: np.ndarray, size: int, stays: np.ndarray,
                tries: int = 4):
    """Turn cards from the rest of the deck until one may start (E-SETUP-4): a returned card
    goes back and the pile is reshuffled, so each turn is a fresh uniform draw from the pile.

    A draw that hits a card in the hand is not a turn (that card is not in the pile): drawing
    again gives a uniform card of the pile. Every deal gets ``tries`` draws at once (working
    on whole arrays is cheaper than picking out the unfinished deals); the few that need more
    draw again.
    """
    n = hands.shape[1]
    first = np.zeros(n, dtype=np.uint8)
    top = np.zeros(n, dtype=np.uint8)
    turned = np.zeros(n, dtype=np.int16)
    found = np.zeros(n, dtype=bool)
    todo = np.arange(n)
    held = hands
    while todo.size:
        sub = todo.size < n
        f, t, k, d = (first[todo], top[todo], turned[todo], found[todo]) if sub else (first, top, turned, found)
        cand, skip = _uniform_ids(rng, tries, todo.size, size)
        for c, miss in zip(cand, skip):
            for row in held:
                miss |= row == c  # a card in the hand is not in the pile: no turn
            turn = ~miss & ~d
            k += turn
            np.copyto(f, c, where=turn & (k == 1))  # the first card turned
            hit = turn & np.take(stays, c)
            np.copyto(t, c, where=hit)
            d |= hit
        if sub:
            first[todo], top[todo], turned[todo], found[todo] = f, t, k, d
        todo, held = todo[~d], held[:, ~d]
    return first, top, turned


@dataclass(frozen=True, repr=False)
class Deals:
    """Simulated deals: the first mover's hand, the first card turned, the card play starts on.

    Card ids follow ``deck_layout(rules)``. Other players' hands are not dealt: by symmetry
    they change none of these chances.
    """

    rules: Rules
    hands: np.ndarray  # (hand_size, n) card ids
    first: np.ndarray  # the first card turned
    top: np.ndarray  # the card play starts on (E-SETUP-4)
    turned: np.ndarray  # how many cards were turned

    @property
    def n(self) -> int:
        """How many deals."""
        return int(self.top.size)

    def outcomes(self, question: str) -> np.ndarray:
        """One boolean per deal: the answer to one of ``QUESTIONS`` in that deal."""
        if question == "wild_in_hand":
            return np.asarray((self.hands >= _WILD_ID).any(axis=0))
        if question == "reflip":
            return self.turned > 1
        if question == "can_play":
            hands, top = self.hands, self.top
            color = hands // _PER_COLOR
            symbol = (hands - _PER_COLOR * color + 1) >> 1
            top_color = top // _PER_COLOR
            top_symbol = (top - _PER_COLOR * top_color + 1) >> 1
            ok = (color == 4) | (color == top_color) | (symbol == top_symbol)
            return ok.any(axis=0) | (top_color == 4)  # a Wild on top: name any colour
        raise ValueError(f"Unknown question {question!r}: use one of {', '.join(QUESTIONS)}")

    def estimate(self, question: str) -> Estimate:
        """The Monte Carlo estimate of one of ``QUESTIONS`` with its standard error."""
        return Estimate.of_proportion(int(self.outcomes(question).sum()), self.n)

    def estimates(self) -> dict[str, Estimate]:
        """Every question's estimate."""
        return {q: self.estimate(q) for q in QUESTIONS}

    def cards(self, i: int) -> tuple[list[Card], Card, Card]:
        """Deal ``i`` as engine cards: (hand, first card turned, starting card)."""
        deck = _layout(self.rules.wild_dont_talk)
        return [deck[k] for k in self.hands[:, i]], deck[self.first[i]], deck[self.top[i]]

    def __repr__(self) -> str:
        return f"<Deals {self.rules.name}: {self.n:,} deals of {self.hands.shape[0]} cards>"


def deal_many(n: int, rules: Rules | None = None, seed: int | None = None, *,
              chunk: int = 1 << 18) -> Deals:
    """``n`` seeded deals with numpy, all at once (E-SETUP-2, E-SETUP-4)."""
    rules = rules or Rules.encanto()
    if n < 1:
        raise ValueError("n must be at least 1")
    deck = deck_layout(rules)
    size = len(deck)
    stays = np.zeros(256, dtype=bool)  # indexed by any uint8, even a rejected draw
    stays[:size] = [not is_returned(c, rules) for c in deck]
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, n, chunk):
        hands = _deal_hands(rng, min(chunk, n - start), size, rules.hand_size)
        parts.append((hands, *_turn_first(rng, hands, size, stays)))
    if len(parts) == 1:
        hands, first, top, turned = parts[0]
    else:
        hands = np.concatenate([p[0] for p in parts], axis=1)
        first, top, turned = (np.concatenate([p[i] for p in parts]) for i in (1, 2, 3))
    return Deals(rules, hands, first, top, turned)


def deal_estimates(n: int, rules: Rules | None = None, seed: int | None = None) -> dict[str, Estimate]:
    """Every deal question by vectorised Monte Carlo: ``{question: Estimate}``."""
    return deal_many(n, rules, seed).estimates()


def deal_estimates_loop(n: int, rules: Rules | None = None, seed: int | None = None) -> dict[str, Estimate]:
    """The same deal questions with a plain Python loop (the ``random`` module), one deal at a time."""
    rules = rules or Rules.encanto()
    deck = deck_layout(rules)
    info = [(c.color, c.rank, c.is_wild, not is_returned(c, rules)) for c in deck]
    size, h = len(deck), rules.hand_size
    ids = range(size)
    rnd = random.Random(seed)
    wild = reflip = can = 0
    for _deal in range(n):
        hand = rnd.sample(ids, h)
        turned = 0
        while True:  # turn cards until one may start; a returned card is reshuffled
            t = rnd.randrange(size)
            if t in hand:
                continue
            turned += 1
            if info[t][3]:
                break
        reflip += turned > 1
        top_color, top_rank, top_wild, _ = info[t]
        has_wild, ok = False, top_wild
        for i in hand:
            color, rank, is_wild, _ = info[i]
            if is_wild:
                has_wild = ok = True
                break
            if color is top_color or rank is top_rank:
                ok = True
        wild += has_wild
        can += ok
    return {"wild_in_hand": Estimate.of_proportion(wild, n), "reflip": Estimate.of_proportion(reflip, n),
            "can_play": Estimate.of_proportion(can, n)}


@dataclass(frozen=True)
class Comparison:
    """Monte Carlo beside exact counting for the deal questions of one rule set."""

    rules: Rules
    rows: tuple[tuple[str, Fraction, Estimate], ...]

    def __repr__(self) -> str:
        words = {q: _(QUESTIONS[q]) for q, _exact, _est in self.rows}
        width = max(len(_("question")), *(len(w) for w in words.values()))
        ids = max(len(_("rules")), *(len(rule_ids(q, self.rules)) for q, _exact, _est in self.rows))
        title = _("{rules} rules:", rules=self.rules.display_name)
        lines = [f"{title} {_('question'):<{width}}  {_('rules'):<{ids}}  "
                 f"{_('exact'):>6}  {'Monte Carlo':<28} {'z':>5}"]
        pad = " " * (len(title) + 1)
        for q, exact, est in self.rows:
            lines.append(f"{pad}{words[q]:<{width}}  {rule_ids(q, self.rules):<{ids}}  {float(exact):6.4f}  "
                         f"{est!r:<28} {est.z(float(exact)):+5.1f}")
        lines.append(se_note() + " " + _("z is the gap between the estimate and the exact value, in standard "
                                         "errors."))
        return "\n".join(lines)


def compare_deals(n: int = 100_000, rules: Rules | None = None, seed: int | None = 0) -> Comparison:
    """Each deal question by Monte Carlo (``n`` deals) and exactly, with the gap in standard errors."""
    rules = rules or Rules.encanto()
    est = deal_estimates(n, rules, seed)
    return Comparison(rules, tuple((q, exact_value(q, rules), est[q]) for q in QUESTIONS))
