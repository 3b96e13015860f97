"""``Game.track_hands``: the hands' counts and sizes the engine keeps stay what counting the
hands gives, move after move, under both presets and every house rule (seeded random games
through the engine's own methods, with UNO calls, catches and jump-ins), in copies too; and a
game keeps none until asked."""

import random

import pytest

from uno_lessons import Game, Rules
from uno_lessons.engine.game import tally

SWITCHES = ("stacking", "jump_in", "seven_zero", "draw_until_playable", "force_play")
PRESETS = {"encanto": Rules.encanto(), "classic": Rules.classic()}
HOUSES = [{}, *({s: True} for s in SWITCHES), dict.fromkeys(SWITCHES, True)]


def check(game: Game) -> None:
    """The kept counts and sizes are the hands' own."""
    assert game.tallies == [tally(hand) for hand in game.hands]
    assert game.tally_sizes == bytearray(len(hand) for hand in game.hands) * 2  # twice over


def random_step(game: Game, rnd: random.Random) -> None:
    """One random thing a table may do now: a jump-in, an UNO call, a catch, or a legal move."""
    jumps = game.jump_ins()
    if jumps and rnd.random() < 0.3:
        seat, move = rnd.choice(jumps)
        assert move.card is not None
        game.jump_in(seat, move.card, move.target)
        return
    window = game.uno_window
    if window is not None and rnd.random() < 0.5:
        game.catch(rnd.choice([s for s in range(game.players) if s != window]), window)
        return
    if rnd.random() < 0.1:
        game.say_uno(game.current_player)
    game.apply(rnd.choice(game.legal_moves()))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("on", HOUSES, ids=lambda on: "+".join(on) or "none")
def test_the_kept_counts_follow_every_move(preset, on):
    rules = PRESETS[preset].replace(**on)
    moves = 0
    for players in (2, 4, 7):
        for seed in range(3):
            game = Game.new(players, rules=rules, seed=seed)
            game.track_hands()
            check(game)
            rnd = random.Random(seed)
            for _ in range(300):
                if game.is_over:
                    break
                random_step(game, rnd)
                check(game)
                moves += 1
    assert moves > 1000  # the games were played, not ended at once


def test_a_copy_keeps_counts_of_its_own_and_an_untracked_game_keeps_none():
    game = Game.new(4, seed=5)
    assert game.tallies is None and game.tally_sizes == bytearray()
    game.track_hands()
    twin = game.copy()
    check(twin)
    rnd = random.Random(1)
    for _ in range(30):
        random_step(twin, rnd)
    check(twin)
    check(game)  # the original's counts did not move with the copy's cards
    assert Game.from_json(game.to_json()).tallies is None  # a save holds hands, not counts
