"""What the numbers say about UNO: many seeded bot games as numpy arrays, and questions
about the deal answered twice, by Monte Carlo (with a standard error) and by exact counting.

Nothing here imports a UI library; plots import matplotlib only when they are drawn. A
progress bar for notebooks is in ``uno_lessons.sim_widgets``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from . import events as ev
from .bots import BOTS, Bot, SensibleBot
from .bots import run_hand as _run_hand
from .cards import Card, Color, Rank, cards
from .game import Game
from .moves import matches
from .rules import Rules
from .scoring import Match

#: ``progress(done, total)``: called now and then while a simulation runs.
Progress = Callable[[int, int], None]

# ----------------------------------------------------------------------------- estimates


@dataclass(frozen=True)
class Estimate:
    """A simulated value with its standard error and sample size: ``0.4321 ± 0.0016 (n=100,000)``."""

    value: float
    stderr: float
    n: int

    @classmethod
    def of(cls, samples: Any) -> Estimate:
        """The mean of ``samples`` (numbers or booleans), with standard error s/√n."""
        x = np.asarray(samples, dtype=float).ravel()
        if x.size == 0:
            raise ValueError("An estimate needs at least one sample")
        sd = float(x.std(ddof=1)) if x.size > 1 else 0.0
        return cls(float(x.mean()), sd / math.sqrt(x.size), int(x.size))

    @classmethod
    def of_proportion(cls, hits: int, n: int) -> Estimate:
        """A proportion ``hits / n`` with the same standard error as ``Estimate.of`` gives."""
        if n < 1:
            raise ValueError("An estimate needs at least one sample")
        p = hits / n
        se = math.sqrt(p * (1 - p) / (n - 1)) if n > 1 else 0.0
        return cls(p, se, n)

    def interval(self, k: float = 2.0) -> tuple[float, float]:
        """``value ± k·stderr``: about 95% of such intervals hold the true value for k = 2."""
        return (self.value - k * self.stderr, self.value + k * self.stderr)

    def z(self, exact: float) -> float:
        """How many standard errors the estimate lies from ``exact``."""
        diff = self.value - float(exact)
        if self.stderr == 0:
            return 0.0 if diff == 0 else math.copysign(math.inf, diff)
        return diff / self.stderr

    def agrees_with(self, exact: float, k: float = 4.0) -> bool:
        """True when ``exact`` lies within ``k`` standard errors of the estimate."""
        return abs(self.z(exact)) <= k

    def __repr__(self) -> str:
        return f"{self.value:.4f} ± {self.stderr:.4f} (n={self.n:,})"

    __str__ = __repr__


def running_estimate(samples: Any, points: int = 200) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The estimate after the first n samples, for log-spaced n: arrays ``(n, mean, stderr)``."""
    x = np.asarray(samples, dtype=float).ravel()
    if x.size < 2:
        raise ValueError("A running estimate needs at least two samples")
    ns = np.unique(np.geomspace(2, x.size, num=points).astype(np.int64))
    s1, s2 = np.cumsum(x)[ns - 1], np.cumsum(x * x)[ns - 1]
    mean = s1 / ns
    var = np.maximum(s2 - ns * mean * mean, 0.0) / (ns - 1)
    return ns, mean, np.sqrt(var / ns)


# ----------------------------------------------------------------------------- the deck as ids
#
# For the vectorised deal every card is a small integer id, laid out colour by colour with 25
# cards each (R0, R1, R1, R2, R2, …, R9, R9, RS, RS, RR, RR, R+2, R+2, then yellow, green,
# blue), then 4 Wild, 4 Wild Draw Four and, for Encanto, 4 Wild Don't Talk. So numpy needs
# no lookup table: colour = id // 25 (4 means wild) and symbol = (id % 25 + 1) // 2, which is
# 0-9 for numbers, 10 Skip, 11 Reverse, 12 Draw Two.

_PER_COLOR = 25
_WILD_ID = 4 * _PER_COLOR  # the first wild's id: 100
_SYMBOLS = tuple(Rank)[:13]  # 0-9, Skip, Reverse, Draw Two, in that order


def deck_layout(rules: Rules | None = None) -> list[Card]:
    """The deck in id order for the vectorised deal: 112 cards (Encanto) or 108 (classic)."""
    return list(_layout((rules or Rules.encanto()).wild_dont_talk))


@cache
def _layout(wild_dont_talk: bool) -> tuple[Card, ...]:
    out: list[Card] = []
    for color in Color:
        out.extend(Card.parse(color.value + _SYMBOLS[(j + 1) // 2].value) for j in range(_PER_COLOR))
    wilds = ["W", "W+4"] + (["WDT"] if wild_dont_talk else [])
    for code in wilds:
        out.extend(Card.parse(code) for _ in range(4))
    return tuple(out)


def is_returned(card: Card, rules: Rules | None = None) -> bool:
    """Whether ``card``, turned first, goes back so another card is turned (E-SETUP-4, C-SETUP-4)."""
    rules = rules or Rules.encanto()
    if rules.first_card_action == "reflip":
        return card.is_action  # Encanto: every action card goes back
    return card.rank in (Rank.WILD_DRAW_FOUR, Rank.WILD_DONT_TALK)  # classic: only these


# ----------------------------------------------------------------------------- exact values

QUESTIONS: dict[str, str] = {
    "wild_in_hand": "a 7-card hand holds a wild",
    "reflip": "the setup turns more than one card",
    "can_play": "the first player to move can play at once",
}


def rule_ids(question: str, rules: Rules | None = None) -> str:
    """The rule ids a deal question rests on, for this rule set."""
    rules = rules or Rules.encanto()
    setup = "E-SETUP-4" if rules.first_card_action == "reflip" else "C-SETUP-4"
    return {"wild_in_hand": "E-DECK, E-SETUP-2", "reflip": setup,
            "can_play": f"{setup}, E-MATCH"}[question]


def _deck_and_hand(rules: Rules | None, deck: Sequence[Card | str] | None, hand_size: int | None):
    rules = rules or Rules.encanto()
    cards_ = deck_layout(rules) if deck is None else cards(deck)
    h = rules.hand_size if hand_size is None else hand_size
    if not 0 < h < len(cards_):
        raise ValueError(f"A hand of {h} cannot be dealt from {len(cards_)} cards with one left to turn")
    return rules, cards_, h


def p_wild_in_hand(rules: Rules | None = None, *, deck: Sequence[Card | str] | None = None,
                   hand_size: int | None = None) -> Fraction:
    """Exact chance a dealt hand holds at least one wild: 1 − C(N−W, h) / C(N, h)."""
    rules, cards_, h = _deck_and_hand(rules, deck, hand_size)
    n, w = len(cards_), sum(c.is_wild for c in cards_)
    return 1 - Fraction(math.comb(n - w, h), math.comb(n, h))


def p_reflip(rules: Rules | None = None, *, deck: Sequence[Card | str] | None = None) -> Fraction:
    """Exact chance the first card turned must go back (E-SETUP-4): returned cards / all cards."""
    rules, cards_, _ = _deck_and_hand(rules, deck, 1)
    return Fraction(sum(is_returned(c, rules) for c in cards_), len(cards_))


def p_can_play(rules: Rules | None = None, *, deck: Sequence[Card | str] | None = None,
               hand_size: int | None = None) -> Fraction:
    """Exact chance the first player to move holds a card that matches the starting card.

    The hand is dealt first; the starting card is then uniform among the cards that may start
    (E-SETUP-4) and are not in the hand. For each starting card t, count the hands made only
    of cards that do not match t, split by how many of them could have started (k), each
    weighted 1 / (cards that may start − k):
    P(cannot) = Σ_t Σ_k C(a_t, k)·C(b_t, h − k) / (C(N, h)·(K − k)).
    A Wild left on top (classic) lets the first player name any colour, so every hand can play.
    """
    rules, cards_, h = _deck_and_hand(rules, deck, hand_size)
    n = len(cards_)
    stays = [not is_returned(c, rules) for c in cards_]
    k_all = sum(stays)
    total = math.comb(n, h)
    cannot = Fraction(0)
    for i, top in enumerate(cards_):
        if not stays[i] or top.is_wild:
            continue
        a = b = 0  # non-matching cards that could / could not start the game
        for j, card in enumerate(cards_):
            if j != i and not matches(card, top, top.color):
                if stays[j]:
                    a += 1
                else:
                    b += 1
        for k in range(h + 1):
            ways = math.comb(a, k) * math.comb(b, h - k)
            if ways:
                cannot += Fraction(ways, total * (k_all - k))
    return 1 - cannot


_EXACT: dict[str, Callable[..., Fraction]] = {
    "wild_in_hand": p_wild_in_hand, "reflip": p_reflip, "can_play": p_can_play,
}


@cache
def exact_value(question: str, rules: Rules | None = None) -> Fraction:
    """The exact answer to one of ``QUESTIONS`` for a rule set, as a fraction."""
    if question not in _EXACT:
        raise ValueError(f"Unknown question {question!r}: use one of {', '.join(QUESTIONS)}")
    return _EXACT[question](rules or Rules.encanto())


# ----------------------------------------------------------------------------- vectorised deals


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
            return (self.hands >= _WILD_ID).any(axis=0)
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
    for _ in range(n):
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
        width = max(len(QUESTIONS[q]) for q, _, _ in self.rows)
        ids = max(len(rule_ids(q, self.rules)) for q, _, _ in self.rows)
        lines = [f"{self.rules.name} rules: {'question':<{width}}  {'rules':<{ids}}  {'exact':>6}  "
                 f"{'Monte Carlo':<28} {'z':>5}"]
        pad = " " * (len(self.rules.name) + 8)
        for q, exact, est in self.rows:
            lines.append(f"{pad}{QUESTIONS[q]:<{width}}  {rule_ids(q, self.rules):<{ids}}  {float(exact):6.4f}  "
                         f"{est!r:<28} {est.z(float(exact)):+5.1f}")
        return "\n".join(lines)


def compare_deals(n: int = 100_000, rules: Rules | None = None, seed: int | None = 0) -> Comparison:
    """Each deal question by Monte Carlo (``n`` deals) and exactly, with the gap in standard errors."""
    rules = rules or Rules.encanto()
    est = deal_estimates(n, rules, seed)
    return Comparison(rules, tuple((q, exact_value(q, rules), est[q]) for q in QUESTIONS))


# ----------------------------------------------------------------------------- bot games


@dataclass(frozen=True, repr=False)
class Answers:
    """One entry per Wild Draw Four that was answered (E-WD4-3..5), over all games."""

    game: np.ndarray  # index of the game
    bluff: np.ndarray  # it was played against E-WD4-2
    challenged: np.ndarray  # the next player challenged (else accepted)
    answerer_cards: np.ndarray  # cards the answering player drew
    player_cards: np.ndarray  # cards its player gained (drawn, plus the card taken back: C-WD4-5)

    @property
    def swing(self) -> np.ndarray:
        """Cards the Wild Draw Four's player gained minus cards the answerer drew."""
        return self.player_cards.astype(np.int64) - self.answerer_cards

    def __len__(self) -> int:
        return int(self.game.size)

    def __repr__(self) -> str:
        return (f"<Answers: {len(self)} answered Wild Draw Fours, {int(self.challenged.sum())} challenged, "
                f"{int(self.bluff.sum())} bluffs>")


@dataclass(frozen=True, repr=False)
class GameStats:
    """Per-game figures of many seeded bot games: one entry per game in each array.

    ``play_game(players, rules=rules, seed=int(stats.seeds[i]))`` replays game ``i`` when the
    players are bot names.
    """

    rules: str
    players: int
    seeds: np.ndarray  # the seed of each game
    moves: np.ndarray  # moves made: plays, draws, keeps, accepts, challenges, passes
    winner: np.ndarray  # the winning seat; -1 if the move limit came first
    first_player: np.ndarray  # the seat that made the first move (C-SETUP-4 can change it)
    points: np.ndarray  # the winner's points: cards left in the other hands (E-SCORE-2)
    drawn: np.ndarray  # cards drawn by everyone, by choice and as penalties
    wild_draw_fours: np.ndarray  # Wild Draw Fours played
    bluffs: np.ndarray  # ... of them played against E-WD4-2
    challenges: np.ndarray  # challenges made (E-WD4-3)
    caught: np.ndarray  # challenges that caught a bluff (E-WD4-5)
    answers: Answers

    @property
    def n(self) -> int:
        """How many games."""
        return int(self.moves.size)

    def win_shares(self) -> list[Estimate]:
        """Each seat's share of the games won, with its standard error."""
        return [Estimate.of(self.winner == s) for s in range(self.players)]

    def first_mover_share(self) -> Estimate:
        """How often the player who moved first won (a fair share is 1 / players)."""
        return Estimate.of(self.winner == self.first_player)

    def losing_hand_points(self) -> Estimate:
        """Expected points left in one losing hand at the end of a game (E-SCORE-2)."""
        done = self.winner >= 0
        return Estimate.of(self.points[done] / (self.players - 1))

    def summary(self) -> str:
        """A few lines of averages, each with its standard error."""
        rows = [
            ("moves per game", Estimate.of(self.moves)),
            ("cards drawn per game", Estimate.of(self.drawn)),
            ("winner's points", Estimate.of(self.points[self.winner >= 0])),
            ("points in a losing hand", self.losing_hand_points()),
            ("Wild Draw Fours per game", Estimate.of(self.wild_draw_fours)),
            ("bluffs per game", Estimate.of(self.bluffs)),
            ("challenges per game", Estimate.of(self.challenges)),
        ]
        head = f"{self.n:,} {self.rules} games, {self.players} players"
        return "\n".join([head] + [f"  {name:<26}{est!r}" for name, est in rows])

    def __repr__(self) -> str:
        return self.summary()


class _Recorder(Bot):
    """Wraps a bot to count the moves it makes and note each Wild Draw Four's honesty."""

    def __init__(self, bot: Bot, log: dict[str, Any]) -> None:  # no rng of its own
        self.bot, self.log = bot, log
        self.name = bot.name

    def choose(self, game: Game):
        move = self.bot.choose(game)
        self.log["moves"] += 1
        if move.kind == "play" and move.card.rank is Rank.WILD_DRAW_FOUR:
            self.log["honest"].append(move.honest is not False)
        return move

    def react(self, game: Game, seat: int) -> None:
        self.bot.react(game, seat)


def make_players(spec: int | Sequence[Any], seed: np.random.SeedSequence) -> list[Bot]:
    """Bots from a count, or one bot name, Bot or ``seed -> Bot`` function per seat.

    Seeded like ``bots.make_bots``: the same names and seed give the same bots.
    """
    if isinstance(spec, int):
        spec = ["sensible"] * spec
    out: list[Bot] = []
    for s, item in zip(seed.spawn(len(spec)), spec):
        if isinstance(item, Bot):
            out.append(item)
        elif isinstance(item, str):
            if item not in BOTS:
                raise ValueError(f"Unknown bot {item!r}: use 'random', 'sensible', a Bot or a function seed -> Bot")
            out.append(BOTS[item](s))
        elif callable(item):
            out.append(item(s))
        else:
            raise ValueError(f"{item!r} is not a bot: use 'random', 'sensible', a Bot or a function seed -> Bot")
    return out


def _game_seeds(n: int, seed: int | None) -> np.ndarray:
    return np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64).astype(np.int64) & (2**62 - 1)


def _read_game(game: Game, log: dict[str, Any], index: int, answers: list[tuple]) -> tuple[int, ...]:
    """Per-game figures from the event log, and one row per answered Wild Draw Four."""
    drawn = challenges = caught = 0
    honest = iter(log["honest"])
    bluff = False
    open_answer: list[Any] | None = None
    for e in game.events:
        if isinstance(e, ev.Drew):
            drawn += len(e.cards)
            if open_answer is not None and e.reason in ("wild_draw_four", "challenge", "guilty"):
                open_answer[3 if e.reason != "guilty" else 4] += len(e.cards)
                answers.append(tuple(open_answer))
                open_answer = None
        elif isinstance(e, ev.Played) and e.card.rank is Rank.WILD_DRAW_FOUR:
            bluff = not next(honest, True)
        elif isinstance(e, ev.Accepted):
            open_answer = [index, bluff, False, 0, 0]
        elif isinstance(e, ev.Challenged):
            challenges += 1
            caught += not e.honest
            open_answer = [index, not e.honest, True, 0, 0]
        elif isinstance(e, ev.TookBack) and open_answer is not None:  # C-WD4-5: back to the hand
            open_answer[4] += 1
    if open_answer is not None:  # e.g. no card was left to draw
        answers.append(tuple(open_answer))
    n_wd4 = len(log["honest"])
    bluffs = sum(not h for h in log["honest"])
    winner = -1 if game.winner is None else game.winner
    return (log["moves"], winner, log["first"], game.points or 0, drawn, n_wd4, bluffs, challenges, caught)


def simulate_games(
    n_games: int,
    players: int | Sequence[Any] = 4,
    *,
    rules: Rules | None = None,
    seed: int | None = 0,
    progress: Progress | None = None,
    max_moves: int = 5000,
) -> GameStats:
    """Play ``n_games`` seeded bot games and collect per-game figures into numpy arrays.

    ``players`` is a count (all sensible bots) or one entry per seat: a bot name, or a
    function ``seed -> Bot`` such as ``sensible(bluff_rate=1.0)``.
    """
    return _simulate(n_games, lambda i: players, rules or Rules.encanto(), seed, progress, max_moves)


def _simulate(n_games: int, seating: Callable[[int], Any], rules: Rules, seed: int | None,
              progress: Progress | None, max_moves: int = 5000) -> GameStats:
    if n_games < 1:
        raise ValueError("n_games must be at least 1")
    seeds = _game_seeds(n_games, seed)
    rows: list[tuple[int, ...]] = []
    answers: list[tuple] = []
    step = max(1, n_games // 100)
    if progress is not None:
        progress(0, n_games)
    n_players = 0
    for i, s in enumerate(seeds):
        game_seed, bot_seed = np.random.SeedSequence(int(s)).spawn(2)  # as bots.play_game does
        bots = make_players(seating(i), bot_seed)
        n_players = len(bots)
        game = Game.new(n_players, rules=rules, seed=game_seed)
        log: dict[str, Any] = {"moves": 0, "honest": [], "first": game.current_player}
        _run_hand(game, [_Recorder(b, log) for b in bots], max_moves)
        rows.append(_read_game(game, log, i, answers))
        if progress is not None and ((i + 1) % step == 0 or i + 1 == n_games):
            progress(i + 1, n_games)
    cols = np.array(rows, dtype=np.int64).T
    ans = np.array(answers, dtype=np.int64).reshape(-1, 5).T
    return GameStats(
        rules=rules.name, players=n_players, seeds=seeds,
        moves=cols[0].astype(np.int32), winner=cols[1].astype(np.int8), first_player=cols[2].astype(np.int8),
        points=cols[3].astype(np.int32), drawn=cols[4].astype(np.int32), wild_draw_fours=cols[5].astype(np.int16),
        bluffs=cols[6].astype(np.int16), challenges=cols[7].astype(np.int16), caught=cols[8].astype(np.int16),
        answers=Answers(ans[0].astype(np.int32), ans[1].astype(bool), ans[2].astype(bool),
                        ans[3].astype(np.int16), ans[4].astype(np.int16)),
    )


def simulate_lengths(players: Sequence[int] = range(2, 11), games: int = 150, *,
                     rules: Rules | None = None, seed: int | None = 0,
                     progress: Progress | None = None) -> dict[int, GameStats]:
    """``games`` sensible-bot games for each player count: ``{players: GameStats}``."""
    players = list(players)
    out: dict[int, GameStats] = {}
    root = np.random.SeedSequence(seed)
    for k, (n, child) in enumerate(zip(players, root.spawn(len(players)))):
        out[n] = simulate_games(games, n, rules=rules, seed=int(child.generate_state(1)[0]))
        if progress is not None:
            progress(k + 1, len(players))
    return out


def length_table(results: Mapping[str, Mapping[int, GameStats]]) -> str:
    """Mean moves per game ± SE, one row per player count, one column per rule set."""
    names = list(results)
    counts = sorted({n for r in results.values() for n in r})
    lines = [f"{'players':>7}  " + "  ".join(f"{name:>20}" for name in names)]
    for n in counts:
        cells = []
        for name in names:
            stats = results[name].get(n)
            if stats is None:
                cells.append(f"{'':>20}")
            else:
                e = Estimate.of(stats.moves)
                cells.append(f"{e.value:>11.1f} ± {e.stderr:<6.1f}")
        lines.append(f"{n:>7}  " + "  ".join(cells))
    return "\n".join(lines)


def first_mover_edge(results: Mapping[str, Mapping[int, GameStats]]) -> Estimate:
    """Pooled over every game: (first mover won) − 1 / players. Zero if moving first does not help."""
    excess = [(s.winner == s.first_player) - 1 / s.players for by_n in results.values() for s in by_n.values()]
    return Estimate.of(np.concatenate(excess))


def first_mover_table(results: Mapping[str, Mapping[int, GameStats]]) -> str:
    """The first mover's share of wins ± SE beside the fair share, by player count and rule set."""
    names = list(results)
    counts = sorted({n for r in results.values() for n in r})
    lines = [f"{'players':>7} {'fair':>6}  " + "  ".join(f"{name:>16}" for name in names)]
    for n in counts:
        cells = []
        for name in names:
            stats = results[name].get(n)
            e = stats.first_mover_share() if stats is not None else None
            cells.append(f"{e.value:>8.3f} ± {e.stderr:.3f}" if e else " " * 16)
        lines.append(f"{n:>7} {1 / n:>6.3f}  " + "  ".join(cells))
    return "\n".join(lines)


@dataclass(frozen=True, repr=False)
class MatchStats:
    """Per-match figures of seeded bot matches to 500 points (E-SCORE-4)."""

    rules: str
    players: int
    seeds: np.ndarray
    hands: np.ndarray  # hands played
    winner: np.ndarray  # seat that reached the target; -1 if none did
    winner_total: np.ndarray  # the winner's final total
    runner_up_total: np.ndarray  # the best other total

    @property
    def n(self) -> int:
        """How many matches."""
        return int(self.hands.size)

    def __repr__(self) -> str:
        return (f"{self.n:,} {self.rules} matches, {self.players} players\n"
                f"  {'hands per match':<26}{Estimate.of(self.hands)!r}\n"
                f"  {'winning total':<26}{Estimate.of(self.winner_total)!r}\n"
                f"  {'runner-up total':<26}{Estimate.of(self.runner_up_total)!r}")


def simulate_matches(
    n_matches: int,
    players: int | Sequence[Any] = 4,
    *,
    rules: Rules | None = None,
    seed: int | None = 0,
    progress: Progress | None = None,
    max_hands: int = 200,
) -> MatchStats:
    """Play ``n_matches`` seeded bot matches to 500 (as ``bots.play_match``) into numpy arrays."""
    rules = rules or Rules.encanto()
    seeds = _game_seeds(n_matches, seed)
    rows = []
    n_players = 0
    if progress is not None:
        progress(0, n_matches)
    for i, s in enumerate(seeds):
        match_seed, bot_seed = np.random.SeedSequence(int(s)).spawn(2)
        bots = make_players(players, bot_seed)
        n_players = len(bots)
        match = Match(n_players, rules=rules, seed=match_seed)
        for _ in range(max_hands):
            game = _run_hand(match.new_hand(), bots)
            if game.winner is not None:
                match.record(game)
            if match.is_over:
                break
        totals = sorted(match.totals, reverse=True)
        winner = -1 if match.winner is None else match.winner
        rows.append((len(match.results), winner, totals[0], totals[1]))
        if progress is not None:
            progress(i + 1, n_matches)
    cols = np.array(rows, dtype=np.int64).T
    return MatchStats(rules.name, n_players, seeds, cols[0].astype(np.int32), cols[1].astype(np.int8),
                      cols[2].astype(np.int32), cols[3].astype(np.int32))


# ----------------------------------------------------------------------------- Wild Draw Four


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
        lines = [f"{self.rules.name}: {'bluff_rate':>10} {'bluff share q':>16} {'challenge (sim)':>17} "
                 f"{'formula':>8} {'accept (sim)':>15} {'formula':>8}"]
        for rate, q, c, a in zip(self.bluff_rates, self.bluff_share, self.challenge, self.accept):
            acc, chal = challenge_value(q.value, self.rules)
            lines.append(f"{'':{len(self.rules.name) + 2}}{rate:>10.2f} {q.value:>8.3f} ± {q.stderr:.3f} "
                         f"{c.value:>+9.2f} ± {c.stderr:.2f} {float(chal):>+8.2f} "
                         f"{a.value:>+7.2f} ± {a.stderr:.2f} {float(acc):>+8.2f}")
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
        always = [_Policy(rate, 0)] * players
        never = [_Policy(rate, 10**6)] * players
        a = simulate_games(games, always, rules=rules, seed=(seed or 0) * 1000 + 2 * k).answers
        b = simulate_games(games, never, rules=rules, seed=(seed or 0) * 1000 + 2 * k + 1).answers
        c = a.challenged
        shares.append(Estimate.of(a.bluff[c]) if c.any() else Estimate(float("nan"), float("nan"), 0))
        chal.append(Estimate.of(a.swing[c]) if c.any() else Estimate(float("nan"), float("nan"), 0))
        acc.append(Estimate.of(b.swing[~b.challenged]) if (~b.challenged).any() else
                   Estimate(float("nan"), float("nan"), 0))
    return ChallengeCheck(rules, tuple(float(r) for r in bluff_rates), tuple(shares), tuple(chal), tuple(acc))


class _Policy:
    """A picklable ``seed -> SensibleBot`` with a bluff rate and a challenge threshold."""

    def __init__(self, bluff_rate: float, challenge_min_cards: int) -> None:
        self.bluff_rate, self.challenge_min_cards = bluff_rate, challenge_min_cards

    def __call__(self, seed: Any) -> SensibleBot:
        return SensibleBot(seed, bluff_rate=self.bluff_rate, challenge_min_cards=self.challenge_min_cards)


def sensible(bluff_rate: float = 0.25, challenge_min_cards: int = 4) -> Callable[[Any], SensibleBot]:
    """A ``seed -> SensibleBot`` factory with the given policy, for tournaments and tables."""
    return _Policy(bluff_rate, challenge_min_cards)


# ----------------------------------------------------------------------------- tournament


@dataclass(frozen=True, repr=False)
class Tournament:
    """Each contestant's results at a table of sensible bots, its seat moving every game."""

    players: int
    rules: str
    names: tuple[str, ...]
    stats: tuple[GameStats, ...]
    seats: np.ndarray  # the contestant's seat in each game

    def win_rate(self, name: str) -> Estimate:
        """How often ``name`` won."""
        s = self.stats[self.names.index(name)]
        return Estimate.of(s.winner == self.seats)

    def points_per_game(self, name: str) -> Estimate:
        """Points ``name`` scored per game (zero in games it lost)."""
        s = self.stats[self.names.index(name)]
        return Estimate.of(np.where(s.winner == self.seats, s.points, 0))

    def __repr__(self) -> str:
        games = self.stats[0].n
        lines = [f"{games} {self.rules} games each, {self.players} players, against sensible bots "
                 f"(a fair share is {1 / self.players:.0%})",
                 f"{'bot':<12} {'win rate':>16} {'points per game':>19}"]
        rows = sorted(self.names, key=lambda n: -self.win_rate(n).value)
        for name in rows:
            w, p = self.win_rate(name), self.points_per_game(name)
            lines.append(f"{name:<12} {w.value:>8.3f} ± {w.stderr:.3f} {p.value:>11.1f} ± {p.stderr:<5.1f}")
        return "\n".join(lines)


def tournament(contestants: Mapping[str, Any], games: int = 200, players: int = 4, *,
               rules: Rules | None = None, seed: int | None = 0, opponent: Any = "sensible",
               progress: Progress | None = None) -> Tournament:
    """A table of win rates: each contestant plays the same seeded games against ``opponent`` bots.

    The contestant's seat moves one place every game, so no one profits from a lucky seat.
    """
    rules = rules or Rules.encanto()
    seats = np.arange(games) % players
    names, results = [], []
    for k, (name, bot) in enumerate(contestants.items()):

        def seating(i: int, bot: Any = bot) -> list[Any]:
            spec = [opponent] * players
            spec[seats[i]] = bot
            return spec

        results.append(_simulate(games, seating, rules, seed, None))
        names.append(name)
        if progress is not None:
            progress(k + 1, len(contestants))
    return Tournament(players, rules.name, tuple(names), tuple(results), seats)


# ----------------------------------------------------------------------------- plots


def _axes(ax: Any = None, figsize: tuple[float, float] = (7, 4)):
    import matplotlib.pyplot as plt

    if ax is None:
        fig, ax = plt.subplots(figsize=figsize)
    return ax.figure, ax


def plot_convergence(samples: Any, exact: float, *, ax: Any = None, label: str = "estimate"):
    """The running estimate with its ±2 SE band and the exact value, and the error on log-log axes.

    The second panel (left out when ``ax`` is given) shows the error and 2 SE shrinking like 1/√n.
    """
    import matplotlib.pyplot as plt

    if ax is None:
        fig, (ax, err_ax) = plt.subplots(1, 2, figsize=(11, 4))
    else:
        fig, err_ax = ax.figure, None
    ns, mean, se = running_estimate(samples)
    exact = float(exact)
    ax.fill_between(ns, mean - 2 * se, mean + 2 * se, alpha=0.3, label="± 2 standard errors")
    ax.plot(ns, mean, lw=1.5, label=label)
    ax.axhline(exact, color="black", ls="--", lw=1, label=f"exact {exact:.4f}")
    ax.set_xscale("log")
    late = ns >= 20
    ax.set_ylim(max(-0.02, float((mean - 2 * se)[late].min())), min(1.02, float((mean + 2 * se)[late].max())))
    ax.set_xlabel("sample size n (log scale)")
    ax.set_ylabel("estimate")
    ax.legend(loc="best")
    if err_ax is not None:
        keep = late & (se > 0)
        err_ax.loglog(ns[keep], np.abs(mean - exact)[keep], lw=1, label="|estimate − exact|")
        err_ax.loglog(ns[keep], 2 * se[keep], lw=1.5, label="2 standard errors")
        ref = 2 * se[keep][-1] * np.sqrt(ns[keep][-1] / ns[keep])
        err_ax.loglog(ns[keep], ref, color="black", ls=":", lw=1, label="slope 1/√n")
        err_ax.set_xlabel("sample size n")
        err_ax.set_ylabel("error")
        err_ax.legend(loc="lower left")
        fig.tight_layout()
    return fig


def plot_lengths(results: Mapping[str, Mapping[int, GameStats]]):
    """Mean game length ± 2 SE by player count for each rule set, and the spread at 4 players."""
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    for name, by_n in results.items():
        ns = sorted(by_n)
        est = [Estimate.of(by_n[n].moves) for n in ns]
        left.errorbar(ns, [e.value for e in est], yerr=[2 * e.stderr for e in est], marker="o",
                      capsize=3, label=name)
        if 4 in by_n:
            right.hist(by_n[4].moves, bins=30, alpha=0.5, label=f"{name}, 4 players")
    left.set_xlabel("players")
    left.set_ylabel("moves per game (mean ± 2 SE)")
    left.legend()
    right.set_xlabel("moves in one game")
    right.set_ylabel("games")
    right.legend()
    fig.tight_layout()
    return fig


def plot_win_shares(stats: Sequence[GameStats]):
    """Each seat's share of wins ± 2 SE, one panel per player count, with the fair share."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(stats), figsize=(5 * len(stats), 3.5), squeeze=False)
    for ax, s in zip(axes[0], stats):
        shares = s.win_shares()
        ax.bar(range(s.players), [e.value for e in shares], yerr=[2 * e.stderr for e in shares], capsize=3)
        ax.axhline(1 / s.players, color="black", ls="--", lw=1, label="fair share")
        ax.set_xticks(range(s.players))
        ax.set_xlabel("seat (0 deals, 1 moves first)")
        ax.set_ylabel("share of wins")
        ax.set_title(f"{s.players} players, {s.n} {s.rules} games")
        ax.legend()
    fig.tight_layout()
    return fig


def plot_first_mover(results: Mapping[str, Mapping[int, GameStats]]):
    """The first mover's share of wins divided by the fair share, ± 2 SE, by player count."""
    fig, ax = _axes()
    for k, (name, by_n) in enumerate(results.items()):
        ns = sorted(by_n)
        est = [by_n[n].first_mover_share() for n in ns]
        x = np.array(ns) + (k - (len(results) - 1) / 2) * 0.15
        ax.errorbar(x, [e.value * n for e, n in zip(est, ns)], yerr=[2 * e.stderr * n for e, n in zip(est, ns)],
                    fmt="o", capsize=3, label=name)
    ax.axhline(1, color="black", ls="--", lw=1, label="fair share")
    ax.set_xlabel("players")
    ax.set_ylabel("first mover's wins / fair share")
    ax.legend()
    return fig


def plot_challenge(check: ChallengeCheck | None = None, rules: Rules | None = None):
    """Expected swing of accepting and challenging against the bluff share, with simulated points."""
    rules = check.rules if check is not None else (rules or Rules.encanto())
    fig, ax = _axes()
    q = np.linspace(0, 1, 101)
    accept, challenge = challenge_value(q, rules)
    ax.plot(q, accept, label="accept (formula)")
    ax.plot(q, challenge, label="challenge (formula)")
    be = float(break_even(rules))
    ax.axvline(be, color="grey", ls=":", lw=1, label=f"break-even q = {be:.3f}")
    if check is not None:
        xs = [e.value for e in check.bluff_share]
        ax.errorbar(xs, [e.value for e in check.challenge], yerr=[2 * e.stderr for e in check.challenge],
                    fmt="o", color="C1", capsize=3, label="challenge (simulated ± 2 SE)")
        ax.errorbar(xs, [e.value for e in check.accept], yerr=[2 * e.stderr for e in check.accept],
                    fmt="s", color="C0", capsize=3, label="accept (simulated ± 2 SE)")
    ax.set_xlabel("share of Wild Draw Fours that are bluffs (q)")
    ax.set_ylabel("their cards gained − your cards drawn")
    ax.set_title(f"Answering a Wild Draw Four ({rules.name})")
    ax.legend(loc="best")
    return fig
