"""The fast table of sensible bots plays exactly the games of the public path (``run_hand``
over ``SensibleBot.choose``/``react`` and ``Game.apply``): seeded random playouts compared
move for move and event for event, over both rule sets, house rules and 2 to 10 players."""

from __future__ import annotations

import numpy as np
import pytest

from uno_lessons import Game, Move, Rules
from uno_lessons import simulation as sim
from uno_lessons.engine import moves as mv
from uno_lessons.engine.bots import RandomBot, SensibleBot, make_bots, run_hand
from uno_lessons.simulation import games as games_module
from uno_lessons.simulation.fastbots import all_sensible, favourite_color_index, play_sensible_hand

RULES = {
    "encanto": Rules.encanto(),
    "classic": Rules.classic(),
    # Big hands leave a short draw pile: reshuffles, nothing to draw, passes, lone bluffs.
    "encanto-crowded": Rules.encanto().replace(hand_size=10),
    "classic-crowded": Rules.classic().replace(hand_size=10, two_player_reverse_is_skip=False),
    # Hands of one or two cards: every bot may have to say UNO before the first move.
    "encanto-tiny": Rules.encanto().replace(hand_size=1, uno_penalty=0),
    "classic-tiny": Rules.classic().replace(hand_size=2, guilty_penalty="draw_four"),
}
TINY = ("encanto-tiny", "classic-tiny")


def _policies(n: int, seed: int) -> list:
    """Sensible bots with assorted policies, so bluffs and challenges both happen."""
    rates = (0.25, 1.0, 0.0, 0.6)
    mins = (4, 1, 9, 2)
    return [sim.sensible(rates[(seed + s) % 4], mins[(seed + 2 * s) % 4]) for s in range(n)]


def _pair(rules: Rules, n: int, seed: int) -> tuple[Game, list, Game, list]:
    spec = _policies(n, seed)

    def one() -> tuple[Game, list]:
        game_seed, bot_seed = np.random.SeedSequence(seed).spawn(2)  # as play_game seeds
        return Game.new(n, rules=rules, seed=game_seed, dealer=seed % n), make_bots(spec, bot_seed)

    return (*one(), *one())


def _bot_states(bots: list) -> list:
    return [None if b._rng is None else b._rng.bit_generator.state for b in bots]


@pytest.mark.parametrize("rules", list(RULES))
def test_fast_path_plays_the_public_path_games_move_for_move(rules):
    """Lock step: one move at a time on both paths, the whole saved game (hands, piles, event
    log, Generator) and every bot's Generator equal after each move."""
    seen: set[str] = set()
    for n in range(2, 11):
        for seed in range(3):
            public, public_bots, fast, fast_bots = _pair(RULES[rules], n, 100 * n + seed)
            for _step in range(400):
                a: list = []
                b: list = []
                run_hand(public, public_bots, 1, a)
                play_sensible_hand(fast, fast_bots, 1, b)
                assert len(a) == len(b) and all(x is y for x, y in zip(a, b)), (n, seed, a, b)
                assert fast.to_json() == public.to_json(), (n, seed, _step)
                assert _bot_states(fast_bots) == _bot_states(public_bots)
                seen.update(f"{m.kind}{'-bluff' if m.honest is False else ''}" for m in a)
                if public.is_over or not a:
                    break
    assert {"play", "draw"} <= seen if rules in TINY else {"play", "draw", "accept", "challenge", "play-bluff"} <= seen


def _public_move(game: Game, bots: list) -> Move | None:
    """One move of the public path written out: every bot may react (say UNO, call out),
    then the player to move's ``SensibleBot.choose``, made through ``Game.apply``."""
    for s, bot in enumerate(bots):
        bot.react(game, s)
    if game.winner is not None:
        return None
    return game.apply(bots[game.current_player].choose(game))


@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.parametrize("rules", ["encanto", "classic"])
def test_fast_sensible_bots_and_sensible_bot_through_apply_make_the_same_moves(rules, players):
    """Seeded games to their end, default and assorted policies: move for move the fast path
    (``play_sensible_hand``, one move per call, through ``Game.apply_fast``) makes the very
    Move the public path makes, leaving the same game (hands, piles, events, Generator) and
    the same bots' Generators; both reach the same final state, and one call of the fast path
    for the whole game makes the same moves as well."""
    def fresh(seed: int) -> tuple[Game, list]:  # as play_game seeds; odd seeds: default bots
        game_seed, bot_seed = np.random.SeedSequence(seed).spawn(2)
        spec = players if seed % 2 else _policies(players, seed)
        return Game.new(players, rules=RULES[rules], seed=game_seed), make_bots(spec, bot_seed)

    finished = 0
    for seed in range(6):
        (public, public_bots), (fast, fast_bots), (whole, whole_bots) = fresh(seed), fresh(seed), fresh(seed)
        made: list = []
        for _step in range(3000):
            move = _public_move(public, public_bots)
            one: list = []
            play_sensible_hand(fast, fast_bots, 1, one)
            if move is None:
                assert one == []
                break
            assert len(one) == 1 and one[0] is move, (seed, _step, move, one)
            assert fast.to_json() == public.to_json(), (seed, _step)
            assert _bot_states(fast_bots) == _bot_states(public_bots)
            made.append(move)
        assert public.is_over and fast.winner == public.winner and fast.points == public.points
        finished += 1
        all_at_once: list = []
        play_sensible_hand(whole, whole_bots, 3000, all_at_once)
        assert len(all_at_once) == len(made) and all(a is b for a, b in zip(all_at_once, made))
        assert whole.to_json() == public.to_json()
    assert finished == 6


@pytest.mark.parametrize("rules", ["encanto", "classic"])
def test_apply_fast_is_apply_without_the_check(rules):
    """``Game.apply_fast`` with the engine's own legal moves does what ``Game.apply`` does:
    random legal moves and random UNO calls and catches on two copies of each game, one
    through each entry, leave the same game after every move."""
    rng = np.random.default_rng(8)
    kinds: set[str] = set()
    for seed in range(20):
        n = 2 + seed % 9
        checked, fast = Game.new(n, rules=RULES[rules], seed=seed), Game.new(n, rules=RULES[rules], seed=seed)
        for _step in range(400):
            if checked.is_over:
                break
            for game in (checked, fast):  # the same chatter on both, from the same numbers
                state = rng.bit_generator.state
                for s in range(n):
                    if rng.random() < 0.2:
                        game.say_uno(s)
                    if game.uno_window not in (None, s) and rng.random() < 0.3:
                        game.catch(s, game.uno_window)
                if game is checked:
                    rng.bit_generator.state = state
            legal = checked.legal_moves()
            assert legal == fast.legal_moves()
            move = legal[int(rng.integers(len(legal)))]
            assert checked.apply(move) is move
            assert fast.apply_fast(move) is None
            assert fast.to_json() == checked.to_json(), (seed, _step, move)  # the new events too
            checked.events, fast.events = [], []  # compared: keep each save short
            kinds.add(move.kind)
    assert {"play", "draw", "keep", "accept", "challenge"} <= kinds


@pytest.mark.parametrize("rules", list(RULES))
def test_fast_path_whole_games_and_figures_over_many_seeds(rules):
    """Whole games over many seeds: the same moves (the engine's own Move objects), the same
    saved game, and the fast path's counts equal to what the event log says."""
    kinds: set[str] = set()
    events: set[str] = set()
    for n in range(2, 11):
        for seed in range(12):
            public, public_bots, fast, fast_bots = _pair(RULES[rules], n, 1000 * n + seed)
            first = public.current_player
            a: list = []
            b: list = []
            found: list[tuple] = []
            setup_drawn = sum(map(len, fast.hands)) - n * fast.rules.hand_size
            run_hand(public, public_bots, 3000, a)
            tally = play_sensible_hand(fast, fast_bots, 3000, b, found)
            assert len(a) == len(b) and all(x is y for x, y in zip(a, b)), (n, seed)
            assert fast.to_json() == public.to_json()
            assert _bot_states(fast_bots) == _bot_states(public_bots)
            answers: list[tuple] = []
            row = games_module._read_game(public, a, first, 7, answers)
            assert row == (tally.moves, -1 if fast.winner is None else fast.winner, first, fast.points or 0,
                           setup_drawn + tally.drawn, tally.wild_draw_fours, tally.bluffs, tally.challenges,
                           tally.caught)
            assert answers == [(7, *r) for r in found]
            kinds.update(m.kind for m in a)
            events.update(e.kind for e in public.events)
    assert {"said_uno", "won"} <= events
    if rules in TINY:
        return
    assert {"play", "draw", "accept", "challenge"} <= kinds  # keep: see test_a_drawn_bluff_is_kept
    if "crowded" in rules:
        assert "reshuffled" in events  # pass: see test_nothing_to_draw_pass_or_play_a_wild
    if rules.startswith("classic"):
        assert "took_back" in events
    if rules == "classic":
        assert "start_effect" in events  # C-SETUP-4: the first card's effect applied
    if rules.startswith("encanto"):
        assert "silenced" in events


def test_simulate_games_fast_and_public_paths_give_the_same_arrays(monkeypatch):
    """simulate_games's figures are the same with the fast path as with run_hand + the event log."""
    runs = [(300, 4, Rules.encanto()), (150, 2, Rules.classic()), (60, 10, RULES["classic-crowded"]),
            (120, [sim.sensible(1.0, 1), "sensible", sim.sensible(0.5, 9)], Rules.encanto())]
    fast = [sim.simulate_games(k, p, rules=r, seed=3) for k, p, r in runs]
    # The public path: new bots from make_players for every game, run_hand, the event log.
    monkeypatch.setattr(games_module, "all_sensible", lambda bots: False)
    monkeypatch.setattr(games_module, "_sensible_policies", lambda spec: None)
    public = [sim.simulate_games(k, p, rules=r, seed=3) for k, p, r in runs]
    for x, y in zip(fast, public):
        for name in ("seeds", "moves", "winner", "first_player", "points", "drawn", "wild_draw_fours", "bluffs",
                     "challenges", "caught", "max_hand"):
            assert np.array_equal(getattr(x, name), getattr(y, name)), name
        for name in ("game", "bluff", "challenged", "answerer_cards", "player_cards"):
            assert np.array_equal(getattr(x.answers, name), getattr(y.answers, name)), name
    assert fast[0].challenges.sum() > 0 and fast[3].bluffs.sum() > 0


def test_seats_that_reuse_sensible_bots():
    """Counts, "sensible" and sensible(...) seats reuse plain SensibleBots; anything else is
    made by make_players for each game."""
    policies = games_module._sensible_policies
    default = (0.25, 4)
    assert policies(3) == (default,) * 3
    assert policies(["sensible", sim.sensible(1.0, 2)]) == (default, (1.0, 2))
    for other in (0, "sensible", ["sensible", "random"], [SensibleBot(1), "sensible"], [lambda s: SensibleBot(s)], []):
        assert policies(other) is None
    a = sim.simulate_games(60, 3, seed=4)
    b = sim.simulate_games(60, ["sensible", sim.sensible(), "sensible"], seed=4)
    assert np.array_equal(a.points, b.points) and np.array_equal(a.moves, b.moves)


def test_only_plain_sensible_bots_take_the_fast_path():
    class Cautious(SensibleBot):
        """A subclass may choose differently, so it is played through the public path."""

    assert all_sensible([SensibleBot(1), SensibleBot(2)])
    assert not all_sensible([SensibleBot(1), RandomBot(2)])
    assert not all_sensible([SensibleBot(1), Cautious(2)])
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="plain SensibleBot"):
        play_sensible_hand(game, [SensibleBot(1), Cautious(2)])
    with pytest.raises(ValueError, match="plain SensibleBot"):
        play_sensible_hand(game, [SensibleBot(1)])


def test_nothing_to_draw_pass_or_play_a_wild():
    """With an empty draw pile SensibleBot plays what it can (here an honest Wild Draw Four in
    its favourite colour) and passes when it cannot: both paths agree."""
    for hand, expected in (("W+4 B2 B5", "play"), ("B2 B5", "pass")):
        pub = Game.from_position([hand, "G1 G2 G3"], ["R4"], [], color="R")
        fast = Game.from_position([hand, "G1 G2 G3"], ["R4"], [], color="R")
        a: list = []
        b: list = []
        run_hand(pub, [SensibleBot(0), SensibleBot(1)], 1, a)
        play_sensible_hand(fast, [SensibleBot(0), SensibleBot(1)], 1, b)
        assert a == b and a[0].kind == expected and pub.to_json() == fast.to_json()
        if expected == "play":
            assert a[0].honest is True and a[0] is mv.wild_plays(a[0].card, True)[3]  # blue


def test_a_drawn_bluff_is_kept_and_a_drawn_card_played():
    """After a draw (here made by a person through the public API), SensibleBot keeps a drawn
    Wild Draw Four that would be a bluff and plays any other drawn card that matches."""
    for drawn, expected in (("W+4", "keep"), ("R7", "play"), ("W", "play"), ("WDT", "play")):
        pub = Game.from_position(["R5 G2", "G1 G2 G3", "B1 B2 B3"], ["R4"], [drawn, "Y1"], color="R")
        fast = Game.from_position(["R5 G2", "G1 G2 G3", "B1 B2 B3"], ["R4"], [drawn, "Y1"], color="R")
        pub.draw()
        fast.draw()
        a: list = []
        b: list = []
        run_hand(pub, [SensibleBot(s) for s in range(3)], 1, a)
        play_sensible_hand(fast, [SensibleBot(s) for s in range(3)], 1, b)
        assert a == b and a[0].kind == expected and pub.to_json() == fast.to_json(), (drawn, a, b)
        if drawn == "WDT":
            assert a[0].target == 1  # the other seat with the fewest cards, the first of equals


def test_favourite_color_index_matches_the_bots_rule():
    from uno_lessons.engine.bots import _favourite_color
    from uno_lessons.engine.cards import build_deck

    rng = np.random.default_rng(5)
    deck = build_deck()
    for _ in range(500):
        hand = [deck[i] for i in rng.choice(len(deck), size=int(rng.integers(0, 12)), replace=False)]
        assert mv.COLORS[favourite_color_index(hand)] is _favourite_color(hand)
