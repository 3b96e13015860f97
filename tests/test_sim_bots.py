"""The simulation's bots are the engine's own: ``simulate_games`` plays every game through
``run_hand`` (``SensibleBot.choose``/``react`` and ``Game.apply``), seeded as ``play_game``
seeds, so each of its games replays as one ``play_game`` call; and ``Game.apply_fast``, the
engine's unchecked entry (the agents' environment makes its moves through it), does what
``Game.apply`` does."""

from __future__ import annotations

import numpy as np
import pytest

from uno_lessons import Game, Rules
from uno_lessons import simulation as sim
from uno_lessons.engine import events as ev
from uno_lessons.engine import moves as mv
from uno_lessons.engine.bots import SensibleBot, play_game, run_hand
from uno_lessons.simulation import games as games_module

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


FIGURES = ("seeds", "moves", "winner", "first_player", "points", "drawn", "wild_draw_fours", "bluffs",
           "challenges", "caught", "max_hand")


@pytest.mark.parametrize("players,rules", [(4, "encanto"), (2, "classic"), (10, "classic-crowded"),
                                           (3, "encanto-tiny")])
def test_each_simulated_game_is_the_play_game_of_its_seed(players, rules):
    """Game i of ``simulate_games`` is ``play_game(players, rules=..., seed=seeds[i])``: the
    same winner, points, moves, cards drawn, Wild Draw Fours and challenges (numpy's own
    SeedSequence seeds both, children 0 and 1 of the game's seed)."""
    stats = sim.simulate_games(40, players, rules=RULES[rules], seed=3)
    for i in range(stats.n):
        game = play_game(players, rules=RULES[rules], seed=int(stats.seeds[i]))
        events = game.events
        assert (game.winner if game.winner is not None else -1) == stats.winner[i]
        assert (game.points or 0) == stats.points[i]
        assert sum(len(e.cards) for e in events if isinstance(e, ev.Drew)) == stats.drawn[i]
        plays = [e for e in events if isinstance(e, ev.Played)]
        assert sum(e.card.rank is mv.Rank.WILD_DRAW_FOUR for e in plays) == stats.wild_draw_fours[i]
        assert sum(isinstance(e, ev.Challenged) for e in events) == stats.challenges[i]
        assert sim.max_hand_size(game) == stats.max_hand[i]


def test_reused_bots_play_the_games_of_new_bots(monkeypatch):
    """simulate_games reuses its plain SensibleBots from game to game, reseeded; the figures
    are those of new bots from make_players for every game."""
    runs = [(300, 4, Rules.encanto()), (150, 2, Rules.classic()), (60, 10, RULES["classic-crowded"]),
            (120, [sim.sensible(1.0, 1), "sensible", sim.sensible(0.5, 9)], Rules.encanto())]
    reused = [sim.simulate_games(k, p, rules=r, seed=3) for k, p, r in runs]
    monkeypatch.setattr(games_module, "_sensible_policies", lambda spec: None)
    new = [sim.simulate_games(k, p, rules=r, seed=3) for k, p, r in runs]
    for x, y in zip(reused, new):
        for name in FIGURES:
            assert np.array_equal(getattr(x, name), getattr(y, name)), name
        for name in ("game", "bluff", "challenged", "answerer_cards", "player_cards"):
            assert np.array_equal(getattr(x.answers, name), getattr(y.answers, name)), name
    assert reused[0].challenges.sum() > 0 and reused[3].bluffs.sum() > 0


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


def test_nothing_to_draw_pass_or_play_a_wild():
    """With an empty draw pile SensibleBot plays what it can (here an honest Wild Draw Four in
    its favourite colour) and passes when it cannot."""
    for hand, expected in (("W+4 B2 B5", "play"), ("B2 B5", "pass")):
        game = Game.from_position([hand, "G1 G2 G3"], ["R4"], [], color="R")
        made: list = []
        run_hand(game, [SensibleBot(0), SensibleBot(1)], 1, made)
        assert made[0].kind == expected
        if expected == "play":
            assert made[0].honest is True and made[0] is mv.wild_plays(made[0].card, True)[3]  # blue


def test_a_drawn_bluff_is_kept_and_a_drawn_card_played():
    """After a draw (here made by a person through the public API), SensibleBot keeps a drawn
    Wild Draw Four that would be a bluff and plays any other drawn card that matches."""
    for drawn, expected in (("W+4", "keep"), ("R7", "play"), ("W", "play"), ("WDT", "play")):
        game = Game.from_position(["R5 G2", "G1 G2 G3", "B1 B2 B3"], ["R4"], [drawn, "Y1"], color="R")
        game.draw()
        made: list = []
        run_hand(game, [SensibleBot(s) for s in range(3)], 1, made)
        assert made[0].kind == expected, (drawn, made)
        if drawn == "WDT":
            assert made[0].target == 1  # the other seat with the fewest cards, the first of equals
