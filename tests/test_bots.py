"""Bots play only legal moves, follow their stated policies, and seeded games repeat."""

import hashlib

import pytest

from uno_lessons import Game, Rules
from uno_lessons.engine.bots import RandomBot, SensibleBot, make_bots, play_game, play_match, run_hand


@pytest.mark.parametrize("rules", [Rules.encanto(), Rules.classic()], ids=["encanto", "classic"])
@pytest.mark.parametrize("players", [2, 3, 5, 10])
def test_bot_games_finish_with_a_winner_and_all_cards(rules, players):
    for seed in range(8):
        game = play_game(["sensible", "random"] * (players // 2) + ["random"] * (players % 2),
                         rules=rules, seed=seed)
        assert game.winner is not None
        assert game.hands[game.winner] == []
        total = sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.discard_pile)
        assert total == rules.deck_size


def test_same_seed_same_game_different_seed_different_game():
    a = play_game(4, seed=11).to_json()
    assert a == play_game(4, seed=11).to_json()
    assert a != play_game(4, seed=12).to_json()


def test_same_seed_same_games_as_before_the_speed_work():
    """Bot games and matches are exactly those of the code before the speed work (digest of
    the saved games and the match totals, computed with commit 7ddeae5)."""
    h = hashlib.sha256()
    for spec in (2, 4, ["random", "sensible", "random"], 10):
        for s in range(8):
            h.update(play_game(spec, seed=s).to_json().encode())
            h.update(play_game(spec, rules=Rules.classic(), seed=s).to_json().encode())
    assert h.hexdigest()[:16] == "f99c2c3651c3ed43"
    match = play_match(3, seed=4)
    assert (match.totals, match.hands_dealt) == ([563, 223, 140], 11)


def test_make_bots_from_names_and_errors():
    bots = make_bots(["random", "sensible"], seed=1)
    assert isinstance(bots[0], RandomBot) and isinstance(bots[1], SensibleBot)
    with pytest.raises(ValueError, match="Unknown bot"):
        make_bots(["clever"])
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        run_hand(Game.new(3, seed=1), make_bots(2))


def test_sensible_bot_sheds_high_points_and_keeps_wilds():
    game = Game.from_position([["G2", "GS", "G9", "W"], ["B1", "B2", "B3"]], discard=["G3"])
    move = SensibleBot(seed=0).choose(game)
    assert str(move) == "play GS"  # 20 points beats 9 and 2; the Wild is kept


def test_sensible_bot_names_the_colour_it_holds_most():
    game = Game.from_position([["W", "B1", "B7", "R2"], ["Y1", "Y2", "Y3"]], discard=["G3"])
    move = SensibleBot(seed=0).choose(game)
    assert move.card.code == "W" and move.color.value == "B"


def test_sensible_bot_silences_the_opponent_with_fewest_cards():
    game = Game.from_position([["WDT", "R5"], ["Y1", "Y2", "Y3"], ["B1"], ["R9", "Y9"]],
                              discard=["G3"])
    move = SensibleBot(seed=0).choose(game)
    assert move.card.code == "WDT" and move.target == 2


def test_sensible_bot_challenge_policy():
    """E-WD4-3: it challenges when the player still holds challenge_min_cards or more."""
    big = Game.from_position([["W+4", "B1", "B2", "B3", "B4"], ["R1", "R2"]], discard=["G7"],
                             draw_pile="Y1 Y2 Y3 Y4 Y5 Y6")
    big.play("W+4", color="blue")
    assert SensibleBot(seed=0, challenge_min_cards=4).choose(big).kind == "challenge"
    small = Game.from_position([["W+4", "B1"], ["R1", "R2"]], discard=["G7"], draw_pile="Y1 Y2 Y3 Y4")
    small.play("W+4", color="blue")
    assert SensibleBot(seed=0, challenge_min_cards=4).choose(small).kind == "accept"


def test_sensible_bot_says_uno_before_its_second_last_card_and_catches_others():
    game = Game.from_position([["G2", "G5"], ["R1", "R2", "R3"], ["Y1", "Y2"]], discard=["G3"])
    bot = SensibleBot(seed=0)
    bot.react(game, 0)
    assert 0 in game.uno_said
    game.apply(bot.choose(game))
    assert len(game.hands[0]) == 1 and game.uno_window is None  # said in time: nothing to catch
    # seat 1 forgets UNO; seat 2's sensible bot calls them out (E-UNO-2)
    forgetful = Game.from_position([["G2"], ["G4", "G5"], ["Y1", "Y2"]], discard=["G3"], current=1,
                                   draw_pile="B1 B2")
    forgetful.play("G4")
    SensibleBot(seed=0).react(forgetful, 2)
    assert len(forgetful.hands[1]) == 3


def test_silenced_sensible_bot_does_not_call_out():
    """E-WDT-5: calling out is talking, so a silenced bot keeps quiet."""
    game = Game.from_position([["G2"], ["G4", "G5"], ["Y1", "Y2", "Y3"]], discard=["G3"], current=1)
    game.silenced = 2
    game.play("G4")
    SensibleBot(seed=0).react(game, 2)
    assert len(game.hands[2]) == 3 and len(game.hands[1]) == 1 and game.silenced == 2


def test_play_match_reaches_500_and_table_adds_up():
    match = play_match(["sensible", "random", "random"], seed=3)
    assert match.winner is not None
    assert max(match.totals) >= 500
    assert sum(r.points for r in match.results) == sum(match.totals)
    assert len(match.table()) == len(match.results)
