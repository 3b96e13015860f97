"""Bots that play through the public API, and ``play_game`` to run seeded games and matches."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np

from ..i18n import _
from .asides import Aside, Catch, JumpIn, SayUno
from .cards import Card, Color, Rank
from .events import default_names
from .game import Game
from .kinds import MoveKind
from .moves import COLORS, DRAWN, RESPOND, Move
from .rules import Rules
from .scoring import Match
from .seeds import Seed

_PLAY, _KEEP = MoveKind.PLAY, MoveKind.KEEP


class Bot:
    """A player program: ``choose`` picks the current player's move; ``react`` may say UNO
    or call others out at any time (E-UNO)."""

    name = "bot"
    #: True when ``react`` does nothing while every hand holds more than two cards and no
    #: UNO window is open: ``run_hand`` then does not call it (otherwise it calls every
    #: bot's ``react`` before every move). False by default, so any bot may react any time.
    reacts_near_uno_only = False

    def __init__(self, seed: int | np.random.SeedSequence | Seed | None = None) -> None:
        self._seed = seed
        self._rng: np.random.Generator | None = None

    @property
    def rng(self) -> np.random.Generator:
        """This bot's Generator, made from its seed when first used (the same numbers as if
        made at once: seeding costs more than a move, and many bots never need one)."""
        if self._rng is None:
            seed = self._seed
            self._rng = seed.generator() if isinstance(seed, Seed) else np.random.default_rng(seed)
        return self._rng

    @rng.setter
    def rng(self, rng: np.random.Generator) -> None:
        self._rng = rng

    def reseed(self, seed: int | np.random.SeedSequence | Seed | None) -> None:
        """Start again from ``seed``, as a new bot made with it would (a simulation reuses
        its bots from game to game this way)."""
        self._seed = seed
        self._rng = None

    def choose(self, game: Game) -> Move:
        """The move to make for ``game.current_player``."""
        raise NotImplementedError

    def reactions(self, game: Game, seat: int) -> Iterator[Aside]:
        """The out-of-turn actions ``seat`` takes now (:mod:`~.asides`: say UNO, catch), one
        at a time: whoever asks makes each one (``game.act``, or the table, which records
        it) before asking for the next, so a bot sees what its last one did. The default
        takes none."""
        return iter(())

    def react(self, game: Game, seat: int) -> None:
        """Take ``seat``'s out-of-turn actions in ``game``: each of ``reactions``, made with
        ``game.act``. (A bot written with its own ``react`` that calls ``game.say_uno`` and
        ``game.catch`` still plays in ``play_game``.)"""
        for action in self.reactions(game, seat):
            game.act(action)

    def jump_in(self, game: Game, seat: int, options: list[Move]) -> Move | None:
        """H-JUMP: the jump-in ``seat`` makes now, one of ``options`` (its moves from
        ``game.jump_ins()``), or None; the default never jumps in."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks a uniformly random legal move; says UNO and catches others only half the time."""

    name = "random"
    reacts_near_uno_only = True

    def __init__(self, seed=None, uno_rate: float = 0.5, catch_rate: float = 0.5) -> None:
        super().__init__(seed)
        self.uno_rate = uno_rate
        self.catch_rate = catch_rate

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        return moves[int(self.rng.integers(len(moves)))]

    def jump_in(self, game: Game, seat: int, options: list[Move]) -> Move | None:
        """H-JUMP: jumps in half the time, with a random one of ``options``."""
        if self.rng.random() < 0.5:
            return options[int(self.rng.integers(len(options)))]
        return None

    def reactions(self, game: Game, seat: int) -> Iterator[Aside]:
        if len(game.hands[seat]) == 1 and seat not in game.uno_said and self.rng.random() < self.uno_rate:
            yield SayUno(seat)
        w = game.uno_window
        if w is not None and w != seat and seat != game.silenced and self.rng.random() < self.catch_rate:
            yield Catch(seat, w)


class SensibleBot(Bot):
    """A reasonable player, by a stated policy:

    - plays the highest-point matching coloured card (action cards before numbers) and keeps
      its wilds for when nothing else matches; plays the drawn card unless it is a bluff;
    - names the colour it holds most of; silences the opponent with the fewest cards;
    - says UNO before playing its second-to-last card, and calls out anyone it can catch
      (unless it is silenced: calling out would be talking);
    - bluffs a Wild Draw Four with probability ``bluff_rate`` when the next player holds two
      cards or fewer; otherwise plays it only honestly;
    - challenges a Wild Draw Four when its player still holds ``challenge_min_cards`` or more
      cards (a big hand more likely held the old colour), otherwise accepts.
    """

    name = "sensible"
    reacts_near_uno_only = True

    def __init__(self, seed=None, bluff_rate: float = 0.25, challenge_min_cards: int = 4) -> None:
        super().__init__(seed)
        self.bluff_rate = bluff_rate
        self.challenge_min_cards = challenge_min_cards

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        phase = game.phase
        pending = game.pending
        if phase is RESPOND and pending is not None:  # in phase "challenge" a Wild Draw Four is pending
            stack = [m for m in moves if m.kind is _PLAY and m.honest is not False]
            if stack:  # H-STACK: pass the penalty on, honestly
                return self._best_wild(game, stack, game.hands[game.current_player])
            wants = len(game.hands[pending[0]]) >= self.challenge_min_cards
            answer = MoveKind.CHALLENGE if wants else MoveKind.ACCEPT
            return next(m for m in moves if m.kind is answer)
        seat = game.current_player
        hand = game.hands[seat]
        if phase is DRAWN:
            honest = [m for m in moves if m.kind is _PLAY and m.honest is not False]
            return self._best_wild(game, honest, hand) if honest else next(m for m in moves if m.kind is _KEEP)
        # One pass over the moves: the best coloured play (most points, then the colour
        # held most; the first of equals), and whether a wild can be played.
        best: Move | None = None
        best_card: Card | None = None  # best's card
        wild = False
        counts: dict[Color | None, int] | None = None
        for m in moves:
            if m.color is not None:  # a wild's play names a colour (so may a classic first draw)
                wild = True
                continue
            card = m.card
            if card is None:  # draw or pass
                continue
            if best_card is None or card.points > best_card.points:
                best, best_card = m, card
            elif card.points == best_card.points:
                if counts is None:
                    counts = color_counts(hand)
                if counts[card.color] > counts[best_card.color]:
                    best, best_card = m, card
        if wild and len(game.hands[(seat + game.direction) % len(game.hands)]) <= 2:
            bluffs = [m for m in moves if m.honest is False]  # the next player is close to UNO
            if bluffs and self.rng.random() < self.bluff_rate:
                return self._best_wild(game, bluffs, hand)
        if best is not None:
            if best.target is not None and best.card is not None and best.card.rank is Rank.SEVEN:
                return _fewest_target(game, [m for m in moves if m.card == best.card])  # H-SEVEN-ZERO
            return best
        if wild:  # (every play of a wild names a colour: without one, none is offered)
            for rank in (Rank.WILD, Rank.WILD_DONT_TALK, Rank.WILD_DRAW_FOUR):
                options = [m for m in moves if m.card is not None and m.card.rank is rank and m.honest is not False]
                if options:
                    return self._best_wild(game, options, hand)
        for kind in (MoveKind.DRAW, MoveKind.PASS):
            for m in moves:
                if m.kind is kind:
                    return m if m.color is None else _pick_color_draw(moves, hand)
        return moves[0]

    def _best_wild(self, game: Game, options: list[Move], hand: list[Card]) -> Move:
        card = options[0].card  # every option plays the same card
        if card is not None and options[0].target is not None and card.rank is Rank.SEVEN:
            return _fewest_target(game, options)  # H-SEVEN-ZERO
        if card is None or not card.is_wild:
            return options[0]
        rest = list(hand)
        rest.remove(card)
        color = _favourite_color(rest)
        fewest = None
        if options[0].target is not None:  # the other seat with the fewest cards (the first of equals)
            for s, other in enumerate(game.hands):
                if s != game.current_player and (fewest is None or len(other) < len(game.hands[fewest])):
                    fewest = s
        for m in options:
            if m.color is color and (fewest is None or m.target == fewest):
                return m
        return options[0]

    def jump_in(self, game: Game, seat: int, options: list[Move]) -> Move | None:
        """H-JUMP: always jumps in when it can (a 7 swapping with the fewest cards)."""
        card = options[0].card
        if card is not None and options[0].target is not None:
            return _fewest_target(game, options, seat)
        return options[0]

    def reactions(self, game: Game, seat: int) -> Iterator[Aside]:
        hand = game.hands[seat]
        w = game.uno_window
        if len(hand) > 2 and w is None:
            return  # nothing to say and nobody to catch
        if seat not in game.uno_said and game.uno_would_count(seat):  # E-UNO-5
            yield SayUno(seat)
            w = game.uno_window  # as it is once the UNO is said
        if w is not None and w != seat and seat != game.silenced and len(game.hands[w]) == 1:
            yield Catch(seat, w)


def _fewest_target(game: Game, options: list[Move], seat: int | None = None) -> Move:
    """H-SEVEN-ZERO: of 7-plays that each swap with a seat, the one with the other seat that
    holds the fewest cards (the first of equals)."""
    hands = game.hands
    return min(options, key=lambda m: len(hands[m.target]) if m.target is not None else len(hands[seat or 0]))


def color_counts(hand: list[Card]) -> dict[Color | None, int]:
    """How many cards of each colour ``hand`` holds, with the wilds under None (how
    ``SensibleBot`` breaks a tie between coloured cards of equal points)."""
    counts: dict[Color | None, int] = dict.fromkeys(COLORS, 0)
    counts[None] = 0
    for card in hand:
        counts[card.color] += 1
    return counts


def _favourite_color(hand: list[Card]) -> Color:
    """The colour held most (then by points; red, yellow, green, blue break a tie)."""
    counts = dict.fromkeys(COLORS, 0)
    points = dict.fromkeys(COLORS, 0)
    for card in hand:
        if card.color is not None:
            counts[card.color] += 1
            points[card.color] += card.points
    best = COLORS[0]
    for c in COLORS[1:]:
        if counts[c] > counts[best] or (counts[c] == counts[best] and points[c] > points[best]):
            best = c
    return best


def _pick_color_draw(moves: list[Move], hand: list[Card]) -> Move:
    color = _favourite_color(hand)
    return next(m for m in moves if m.kind is MoveKind.DRAW and m.color is color)


#: The bots by name, for ``make_bots``, ``play_game``, ``simulate_games`` and the tables'
#: seats: the engine's own, and those a layer above adds with :func:`register_bot`.
BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "sensible": SensibleBot}


def register_bot(name: str, factory: Callable[..., Bot]) -> None:
    """Offer the bot ``factory`` (a Bot class, or any ``seed -> Bot``) under ``name``
    wherever bots are named: how a layer above the engine (the coach, ``uno_lessons.coach``)
    adds its bot without the engine importing it."""
    BOTS[name] = factory


def _bot_names() -> str:
    return ", ".join(repr(name) for name in BOTS)


def make_bots(spec: int | Sequence[Bot | str | Callable[[np.random.SeedSequence], Bot]],
              seed: int | np.random.SeedSequence | Seed | None = None) -> list[Bot]:
    """Bots from a count (all sensible) or one per seat: a Bot, a name of :data:`BOTS`
    ("random", "sensible", "coach") or a function ``seed -> Bot``; the same spec and seed give the same bots.
    Seat ``i`` gets child ``i`` of ``seed`` (``SeedSequence.spawn``)."""
    if isinstance(spec, int):
        spec = ["sensible"] * spec
    if isinstance(seed, Seed):  # children described, built only if a bot needs one
        seeds: Sequence[np.random.SeedSequence | Seed] = [seed.child(i) for i in range(len(spec))]
    else:
        root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        seeds = root.spawn(len(spec))
    out: list[Bot] = []
    for s, item in zip(seeds, spec):
        if isinstance(item, Bot):
            out.append(item)
        elif isinstance(item, str):
            if item not in BOTS:
                raise ValueError(_("Unknown bot {bot}: use one of {names}, a Bot or a function seed -> Bot",
                                   bot=repr(item), names=_bot_names()))
            out.append(BOTS[item](s))
        elif callable(item):
            out.append(item(s.build() if isinstance(s, Seed) else s))
        else:
            raise ValueError(_("{bot} is not a bot: use one of {names}, a Bot or a function seed -> Bot",
                               bot=repr(item), names=_bot_names()))
    return out


def run_hand(game: Game, bots: Sequence[Bot], max_moves: int = 5000,
             moves: list[Move] | None = None) -> Game:
    """Let ``bots`` (one per seat) play ``game`` until someone wins or ``max_moves`` pass.
    Before each move every bot may ``react``; ``moves``, if given, gets each move made (the
    engine's copy, with its honesty flag)."""
    if len(bots) != len(game.hands):
        raise ValueError(_("{bots} bots for {seats} seats", bots=len(bots), seats=len(game.hands)))
    seats = range(len(bots))
    hands = game.hands
    # Bots that react only near UNO need no call unless someone can be caught or they hold
    # two cards or fewer (react cannot open an UNO window, so skipping the others is exact).
    always = not all(b.reacts_near_uno_only for b in bots)
    jumps = game.rules.jump_in  # Rules are frozen: read once, not on every move
    apply, record = game.apply, None if moves is None else moves.append
    for _move in range(max_moves):
        if always or game.uno_window is not None:
            for s in seats:
                bots[s].react(game, s)
        elif min(map(len, hands)) <= 2:
            for s in seats:
                if len(hands[s]) <= 2:
                    bots[s].react(game, s)
        if game.winner is not None:
            break
        if jumps:  # H-JUMP: the first bot in play order that jumps in does
            jumped = _jump_in(game, bots)
            if jumped is not None:
                if record is not None:
                    record(jumped)
                if game.winner is not None:
                    break
                continue
        move = apply(bots[game.current_player].choose(game))
        if record is not None:
            record(move)
        if game.winner is not None:
            break
    return game


def _jump_in(game: Game, bots: Sequence[Bot]) -> Move | None:
    """H-JUMP: ask the seats that can jump in, in play order; the first that wants to does."""
    by_seat: dict[int, list[Move]] = {}
    for seat, move in game.jump_ins():
        by_seat.setdefault(seat, []).append(move)
    for seat, options in by_seat.items():
        chosen = bots[seat].jump_in(game, seat, options)
        if chosen is not None:
            assert chosen.card is not None  # a jump-in plays a card
            made = game.act(JumpIn(seat, chosen.card, chosen.target))
            assert isinstance(made, Move)  # a jump-in plays a card
            return made
    return None


def play_game(
    players: int | Sequence[Bot | str] = 4,
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    max_moves: int = 5000,
) -> Game:
    """A seeded game of bots to its end: ``play_game(["sensible", "random"], seed=1)``."""
    game_seed, bot_seed = np.random.SeedSequence(seed).spawn(2)
    bots = make_bots(players, bot_seed)
    game = Game.new(list(names) if names else len(bots), rules=rules or Rules.encanto(), seed=game_seed)
    return run_hand(game, bots, max_moves)


def run_match(match: Match, bots: Sequence[Bot], max_hands: int = 200) -> Match:
    """Let ``bots`` play hands of ``match`` until someone reaches the target (E-SCORE-4)."""
    for _hand in range(max_hands):
        game = run_hand(match.new_hand(), bots)
        if game.winner is not None:
            match.record(game)
        if match.is_over:
            break
    return match


def play_match(
    players: int | Sequence[Bot | str] = 4,
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    max_hands: int = 200,
) -> Match:
    """A seeded match of bots, hand after hand, until someone reaches 500 (E-SCORE-4)."""
    match_seed, bot_seed = np.random.SeedSequence(seed).spawn(2)
    bots = make_bots(players, bot_seed)
    match = Match(list(names) if names else default_names(len(bots)), rules=rules or Rules.encanto(), seed=match_seed)
    return run_match(match, bots, max_hands)
