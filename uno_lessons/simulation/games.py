"""Many seeded bot games played into numpy arrays of per-game figures, and the bots that sit
at the table."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine import events as ev
from ..engine.bots import Bot, SensibleBot, make_bots
from ..engine.bots import run_hand as _run_hand
from ..engine.cards import Rank
from ..engine.events import NOBODY
from ..engine.game import Game
from ..engine.kinds import MoveKind
from ..engine.moves import Move
from ..engine.rules import HOUSE_SWITCHES, Rules, rule_set_name
from ..engine.seeds import Seed
from ..i18n import _, ngettext
from .estimate import Estimate, label_rows, se_note

_WD4 = Rank.WILD_DRAW_FOUR

#: ``progress(done, total)``: called now and then while a simulation runs.
Progress = Callable[[int, int], None]


@dataclass(frozen=True, repr=False)
class Answers:
    """One entry per Wild Draw Four that was answered (E-WD4-3..5), over all games."""

    game: np.ndarray  # index of the game
    bluff: np.ndarray  # it was played against E-WD4-2
    challenged: np.ndarray  # the next player challenged (else accepted)
    answerer_cards: np.ndarray  # cards the answering player drew
    player_cards: np.ndarray  # cards its player gained (drawn, plus the card taken back: C-WD4-5)
    answerer_hand: np.ndarray  # cards the answering player held when the Wild Draw Four was played on them
    player_hand: np.ndarray  # cards its player held just after playing it

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
    winner: np.ndarray  # the winning seat; NOBODY (-1) if the move limit came first
    first_player: np.ndarray  # the seat that made the first move (C-SETUP-4 can change it)
    points: np.ndarray  # the winner's points: cards left in the other hands (E-SCORE-2)
    drawn: np.ndarray  # cards drawn by everyone, by choice and as penalties
    wild_draw_fours: np.ndarray  # Wild Draw Fours played
    bluffs: np.ndarray  # ... of them played against E-WD4-2
    challenges: np.ndarray  # challenges made (E-WD4-3)
    caught: np.ndarray  # challenges that caught a bluff (E-WD4-5)
    answers: Answers
    max_hand: np.ndarray  # the most cards one hand held at any moment of the game
    accepts: np.ndarray  # accept moves: a penalty taken (H-STACK's stack, an unchallenged Wild Draw Four)

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
        done = self.winner != NOBODY
        return Estimate.of(self.points[done] / (self.players - 1))

    def summary(self) -> str:
        """A few lines of averages, each with its standard error."""
        rows = [
            (_("moves per game"), Estimate.of(self.moves)),
            (_("cards drawn per game"), Estimate.of(self.drawn)),
            (_("winner's points"), Estimate.of(self.points[self.winner != NOBODY])),
            (_("points in a losing hand"), self.losing_hand_points()),
            (_("Wild Draw Fours per game"), Estimate.of(self.wild_draw_fours)),
            (_("bluffs per game"), Estimate.of(self.bluffs)),
            (_("challenges per game"), Estimate.of(self.challenges)),
        ]
        count = f"{self.n:,}"
        head = ngettext("{count} {rules} game, {players} players", "{count} {rules} games, {players} players",
                        self.n, count=count, rules=rule_set_name(self.rules), players=self.players)
        return "\n".join([head] + label_rows(rows) + [se_note()])

    def __repr__(self) -> str:
        return self.summary()


def make_players(spec: int | Sequence[Any], seed: np.random.SeedSequence | Seed) -> list[Bot]:
    """Bots from a count, or one bot name, Bot or ``seed -> Bot`` function per seat
    (``bots.make_bots``, kept under this name for the lesson)."""
    return make_bots(spec, seed)


def _game_seeds(n: int, seed: int | None) -> np.ndarray:
    return np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64).astype(np.int64) & (2**62 - 1)


def _read_game(game: Game, moves: list[Move], first: int, index: int, answers: list[tuple]) -> tuple[int, ...]:
    """Per-game figures from the moves made and the event log, and one row per answered
    Wild Draw Four (with the hand sizes of both players when it was played, followed
    through the log from the deal)."""
    honest = [m.honest is not False for m in moves if m.card is not None and m.card.rank is _WD4]
    drawn = challenges = caught = 0
    next_honest = iter(honest)
    bluff = False
    sizes = [0] * len(game.hands)
    played_by = 0  # the seat of the last Wild Draw Four
    open_answer: list[Any] | None = None
    for event in game.event_tuples():  # (Event class, *fields): no Event objects needed
        kind = event[0]
        if kind is ev.Played:
            sizes[event[1]] = event[5]  # (seat, card, colour, target, cards left)
            if event[2].rank is _WD4:
                bluff = not next(next_honest, True)
                played_by = event[1]
        elif kind is ev.Drew:
            _kind, seat, cards, _wanted, reason = event
            drawn += len(cards)
            sizes[seat] += len(cards)
            if open_answer is not None and reason in ("wild_draw_four", "challenge", "guilty", "stack"):
                open_answer[3 if reason != "guilty" else 4] += len(cards)
                answers.append(tuple(open_answer))
                open_answer = None
        elif kind is ev.Accepted:
            open_answer = [index, bluff, False, 0, 0, sizes[event[1]], sizes[played_by]]
        elif kind is ev.Challenged:
            was_honest = event[5]  # (seat, player, hand, previous colour, honest)
            challenges += 1
            caught += not was_honest
            open_answer = [index, not was_honest, True, 0, 0, sizes[event[1]], sizes[event[2]]]
        elif kind is ev.TookBack:  # C-WD4-5: back to the hand
            sizes[event[1]] += 1
            if open_answer is not None:
                open_answer[4] += 1
        elif kind is ev.Dealt:  # (dealer, players, hand size)
            sizes = [event[3]] * event[2]
        elif kind is ev.Swapped:  # H-SEVEN-ZERO: two hands change places
            a, b = event[1], event[2]
            sizes[a], sizes[b] = sizes[b], sizes[a]
        elif kind is ev.Rotated:  # the hand of seat s - d moves to seat s
            n, d = len(sizes), event[1]
            sizes = [sizes[(s - d) % n] for s in range(n)]
    if open_answer is not None:  # e.g. no card was left to draw
        answers.append(tuple(open_answer))
    winner = NOBODY if game.winner is None else game.winner
    accepts = sum(move.kind is MoveKind.ACCEPT for move in moves)
    return (len(moves), winner, first, game.points or 0, drawn, len(honest), honest.count(False),
            challenges, caught, accepts)


def max_hand_size(game: Game) -> int:
    """The most cards one hand of ``game`` held at any moment, read from its event log.

    The log is read backwards from the hands as they are now: before a play its player held
    one card more; before a draw (or a Wild Draw Four taken back, C-WD4-5) fewer; a swap or a
    pass of hands (H-SEVEN-ZERO) moves the hands from seat to seat. So a position set up with
    ``Game.from_position`` is read as well as a dealt game."""
    played, drew = ev.Played, ev.Drew  # the two kinds most events are: tested first, as locals
    sizes = [len(hand) for hand in game.hands]
    most = max(sizes)
    for event in reversed(game.event_tuples()):
        kind = event[0]
        if kind is played:
            seat = event[1]
            size = sizes[seat] = sizes[seat] + 1
            if size > most:
                most = size
        elif kind is drew:
            sizes[event[1]] -= len(event[2])
        elif kind is ev.TookBack:
            sizes[event[1]] -= 1
        elif kind is ev.Swapped:
            a, b = event[1], event[2]
            sizes[a], sizes[b] = sizes[b], sizes[a]
        elif kind is ev.Rotated:  # the hand of seat s - d moved to seat s: move it back
            n, d = len(sizes), event[1]
            sizes = [sizes[(s + d) % n] for s in range(n)]
    return most


def house_rules(rules: Rules, house: Iterable[str]) -> Rules:
    """``rules`` with the house-rule switches named in ``house`` turned on (docs/rules.md,
    "House rules"), named after them: ``house_rules(Rules.encanto(), ["stacking"])``.

    A name that is not one of ``HOUSE_SWITCHES`` is a ValueError that lists them."""
    names = [house] if isinstance(house, str) else list(house)
    unknown = [name for name in names if name not in HOUSE_SWITCHES]
    if unknown:
        raise ValueError(_("{names} is not a house rule; the house rules are: {switches}.",
                           names=", ".join(map(repr, unknown)), switches=", ".join(HOUSE_SWITCHES)))
    if not names:
        return rules
    on = [name for name in HOUSE_SWITCHES if name in names]  # the order of the ids, each once
    return rules.replace(name=" + ".join([rules.name, *on]), **dict.fromkeys(on, True))


def simulate_games(
    n_games: int,
    players: int | Sequence[Any] = 4,
    *,
    rules: Rules | None = None,
    seed: int | None = 0,
    progress: Progress | None = None,
    max_moves: int = 5000,
    house: Iterable[str] = (),
) -> GameStats:
    """Play ``n_games`` seeded bot games and collect per-game figures into numpy arrays.

    ``players`` is a count (all sensible bots) or one entry per seat: a bot name, or a
    function ``seed -> Bot`` such as ``sensible(bluff_rate=1.0)``. ``house`` turns house
    rules on over ``rules`` by their switch names, e.g. ``house=["stacking", "jump_in"]``
    (see :func:`house_rules`).
    """
    return _simulate(n_games, lambda i: players, house_rules(rules or Rules.encanto(), house), seed, progress,
                     max_moves)


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
    # As bots.play_game does: children 0 and 1 of SeedSequence(s) seed the game and the bots
    # (engine.seeds.Seed: a bot's SeedSequence and Generator are built only if it draws a
    # random number, which most games' bots never do).
    reused: dict[tuple, list[SensibleBot]] = {}
    for i, s in enumerate(seeds.tolist()):
        spec = seating(i)
        policies = _sensible_policies(spec)
        bots: Sequence[Bot]
        if policies is None:
            bots = make_players(spec, Seed(s, (1,)))
        else:  # the bots make_players would make, reused with new seeds: a seat's seed is child k
            sensible_bots = reused.get(policies)
            if sensible_bots is None:
                sensible_bots = reused[policies] = [SensibleBot(None, rate, least) for rate, least in policies]
            for k, bot in enumerate(sensible_bots):
                bot.reseed(Seed(s, (1, k)))
            bots = sensible_bots
        n_players = len(bots)
        game = Game.new(n_players, rules=rules, rng=Seed(s, (0,)).generator())
        first = game.current_player
        moves: list[Move] = []
        _run_hand(game, bots, max_moves, moves)
        row = _read_game(game, moves, first, i, answers)
        rows.append((*row, max_hand_size(game)))
        if progress is not None and ((i + 1) % step == 0 or i + 1 == n_games):
            progress(i + 1, n_games)
    cols = np.array(rows, dtype=np.int64).T
    ans = np.array(answers, dtype=np.int64).reshape(-1, 7).T
    return GameStats(
        rules=rules.name, players=n_players, seeds=seeds,
        moves=cols[0].astype(np.int32), winner=cols[1].astype(np.int8), first_player=cols[2].astype(np.int8),
        points=cols[3].astype(np.int32), drawn=cols[4].astype(np.int32), wild_draw_fours=cols[5].astype(np.int16),
        bluffs=cols[6].astype(np.int16), challenges=cols[7].astype(np.int16), caught=cols[8].astype(np.int16),
        answers=Answers(ans[0].astype(np.int32), ans[1].astype(bool), ans[2].astype(bool),
                        ans[3].astype(np.int16), ans[4].astype(np.int16), ans[5].astype(np.int16),
                        ans[6].astype(np.int16)),
        max_hand=cols[10].astype(np.int16), accepts=cols[9].astype(np.int16),
    )


_DEFAULT_POLICY = (SensibleBot().bluff_rate, SensibleBot().challenge_min_cards)


def _sensible_policies(spec: Any) -> tuple[tuple[float, int], ...] | None:
    """Each seat's ``(bluff_rate, challenge_min_cards)`` when every seat of ``spec`` makes a
    plain SensibleBot (a count, "sensible" or ``sensible(...)``); None otherwise."""
    if type(spec) is int:
        return (_DEFAULT_POLICY,) * spec if spec > 0 else None
    if isinstance(spec, (str, Bot)) or not isinstance(spec, Sequence):
        return None
    policies = []
    for item in spec:
        if type(item) is _Policy:
            policies.append((item.bluff_rate, item.challenge_min_cards))
        elif type(item) is str and item == "sensible":
            policies.append(_DEFAULT_POLICY)
        else:
            return None
    return tuple(policies) or None


class _Policy:
    """A picklable ``seed -> SensibleBot`` with a bluff rate and a challenge threshold."""

    def __init__(self, bluff_rate: float, challenge_min_cards: int) -> None:
        self.bluff_rate, self.challenge_min_cards = bluff_rate, challenge_min_cards

    def __call__(self, seed: Any) -> SensibleBot:
        return SensibleBot(seed, bluff_rate=self.bluff_rate, challenge_min_cards=self.challenge_min_cards)


def sensible(bluff_rate: float = 0.25, challenge_min_cards: int = 4) -> Callable[[Any], SensibleBot]:
    """A ``seed -> SensibleBot`` factory with the given policy, for tournaments and tables."""
    return _Policy(bluff_rate, challenge_min_cards)
