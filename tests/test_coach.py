"""The coach (issue 38): advice on named positions, seeded and repeatable, the game left as it
was; the coach bot wherever bots are named (play_game, simulate_games, make_bots, tables)."""

from __future__ import annotations

import numpy as np
import pytest
from positions import pos

from uno_lessons import Game, Rules, advise, play_game
from uno_lessons.coach import Advice, CoachBot, advise_view, search
from uno_lessons.engine.bots import BOTS, make_bots, run_hand
from uno_lessons.engine.moves import Move
from uno_lessons.simulation import simulate_games


def test_the_move_that_wins_at_once_is_best_for_certain():
    game = pos([["G5"], ["R1", "B2", "Y3"]], ["G3"])
    advice = advise(game, 0, rollouts=30, seed=1)
    assert [str(o.move) for o in advice.options] == ["play G5", "draw"]
    assert advice.best.win.value == 1.0 and advice.best.win.stderr == 0.0 and advice.best.win.n == 30
    assert advice.options[1].win.value < 1.0 and advice.options[1].cost > 0


def test_a_draw_two_that_brings_the_turn_back_wins_for_certain():
    # Two players: R+2 makes Ben draw and skips him, then Ana's R7 is her last card. R7 first
    # leaves Ben one card to win with.
    game = pos([["R7", "R+2"], ["G1"]], ["R3"], ["B1", "B2", "B3", "B4"])
    advice = advise(game, 0, rollouts=40, seed=2)
    assert str(advice.best.move) == "play R+2" and advice.best.win.value == 1.0
    seven = advice.option(Move("play", game.hands[0][0]))
    assert seven.win.value < 1.0 and seven.versus_best.value == -seven.cost < 0
    assert "play R+2" in advice.table().splitlines()[0]


def test_options_are_every_legal_move_best_first_in_every_phase():
    # Answering a Wild Draw Four: accept or challenge.
    game = pos([["W+4", "G5", "B2"], ["R1", "R2"]], ["G7"])
    game.play("W+4", color="blue")
    advice = advise(game, 1, rollouts=20, seed=3)
    assert sorted(str(o.move) for o in advice.options) == ["accept", "challenge"]
    # A playable card just drawn: play it or keep it.
    game = pos([["R5", "B1"], ["G2", "Y9"]], ["G3"], ["G8", "R9", "R8"])
    game.draw()
    advice = advise(game, 0, rollouts=20, seed=3)
    assert sorted(str(o.move) for o in advice.options) == ["keep", "play G8"]
    values = [o.win.value for o in advice.options]
    assert values == sorted(values, reverse=True)
    assert advice.best.versus_best.value == 0 and all(o.win.n == 20 for o in advice.options)


def test_the_same_seed_gives_the_same_advice_and_the_game_is_unchanged():
    game = Game.new(4, seed=11)
    run_hand(game, make_bots(4, 11), max_moves=6)
    seat = game.current_player
    before = game.to_json()
    first = advise(game, seat, rollouts=24, seed=5)
    assert game.to_json() == before  # hands, piles, Generator state and log as they were
    assert advise(game, seat, rollouts=24, seed=5) == first
    assert advise(game, seat, rollouts=24, seed=np.random.SeedSequence(5)) == first
    other = advise(game, seat, rollouts=24, seed=6)
    assert [o.win for o in other.options] != [o.win for o in first.options]
    assert game.to_json() == before


def test_a_seat_with_no_move_or_a_finished_hand_is_refused_with_a_sentence():
    game = Game.new(3, seed=2)
    waiting = (game.current_player + 1) % 3
    with pytest.raises(ValueError, match="has no move to make now"):
        advise(game, waiting)
    with pytest.raises(ValueError, match="no seat 7"):
        advise(game, 7)
    with pytest.raises(ValueError, match="at least one rollout"):
        advise(game, game.current_player, rollouts=0)
    over = play_game(2, seed=1)
    with pytest.raises(ValueError, match="The hand is over"):
        advise(over, 0)
    with pytest.raises(ValueError, match="not one of the moves"):
        advise(pos([["G5"], ["R1"]], ["G3"]), 0, rollouts=2, seed=1).option(Move("keep"))


def test_search_stops_early_when_one_move_is_clearly_best_and_plays_one_move_at_once():
    game = pos([["G5"], ["R1", "B2", "Y3"]], ["G3"])
    move, advice = search(game.view(0), rollouts=200, seed=1)
    assert str(move) == "play G5" == str(advice.best.move) and advice.rollouts < 200
    only = pos([["B5"], ["R1", "B2", "Y3"]], ["G3"], [])
    view = only.view(0)
    assert [str(m) for m in view.legal_moves] == ["pass"]
    assert search(view, rollouts=200, seed=1)[1].rollouts == 1


def test_the_bot_leaves_the_sensible_move_only_for_a_clearly_better_one():
    # Drawing instead of playing the Draw Two: clearly worse, so the default is left.
    game = pos([["R7", "R+2"], ["G1"]], ["R3"], ["B1", "B2", "B3", "B4"])
    draw = game.legal_moves()[-1]
    move, advice = search(game.view(0), rollouts=64, seed=1, default=draw)
    assert str(move) == "play R+2"
    # Two moves that are the same for the hand's outcome (any colour for a last Wild): the
    # default stays, whatever the noise says.
    last = pos([["W"], ["G1", "G2"]], ["R3"])
    for colour in last.legal_moves()[:4]:
        assert search(last.view(0), rollouts=32, seed=2, default=colour)[0] is colour


def test_the_full_search_and_the_advice_agree_on_the_same_deals():
    game = pos([["R7", "R+2"], ["G1"]], ["R3"], ["B1", "B2", "B3", "B4"])
    view = game.view(0)
    full = advise_view(view, rollouts=64, seed=9)
    _move, quick = search(view, rollouts=64, seed=9)
    assert quick.best.move == full.best.move
    # The rollouts both played are the same rollouts: the quick one's wins are a prefix.
    assert quick.best.win.n <= full.best.win.n


def test_the_coach_bot_plays_in_play_game_simulate_games_and_make_bots():
    assert BOTS["coach"] is CoachBot
    game = play_game(["coach", "random"], seed=4)
    assert game.is_over
    assert play_game(["coach", "random"], seed=4).to_json() == game.to_json()  # seeded
    stats = simulate_games(1, ["sensible", "coach"], seed=1)
    again = simulate_games(1, ["sensible", "coach"], seed=1)
    assert stats.n == 1 and (stats.winner == again.winner).all() and (stats.moves == again.moves).all()
    bot = make_bots(["coach"], seed=3)[0]
    assert isinstance(bot, CoachBot) and bot.name == "coach"
    with pytest.raises(ValueError, match="'random', 'sensible', 'coach'"):
        make_bots(["grandmaster"])


def test_the_coach_bot_plays_the_best_move_and_keeps_its_advice():
    game = pos([["R7", "R+2"], ["G1"]], ["R3"], ["B1", "B2", "B3", "B4"])
    bot = CoachBot(seed=1, rollouts=64)
    move = bot.choose(game)
    assert str(move) == "play R+2"
    assert isinstance(bot.last_advice, Advice) and bot.last_advice.best.move is move
    single = pos([["B5"], ["R1"]], ["G3"], [])
    assert str(bot.choose(single)) == "pass" and bot.last_advice is None


def test_the_coach_bot_sits_at_a_table():
    from uno_lessons.table import SeatKind, Table

    assert SeatKind.COACH == "coach" and SeatKind.COACH.is_bot
    table = Table.local(["Ana", "Ben"], ["coach", "sensible"], seed=3)
    table.run_bots()
    assert table.state.game.is_over
    moved = [text for text in table.state.log if text.startswith('["move",0')]
    assert moved  # the coach's own moves are records like any bot's


def test_house_rules_and_ten_players_are_advised_too():
    rules = Rules.encanto().replace(stacking=True, seven_zero=True, jump_in=True, draw_until_playable=True)
    game = Game.new(10, seed=12, rules=rules)
    advice = advise(game, game.current_player, rollouts=4, seed=1)
    assert {o.move for o in advice.options} == set(game.legal_moves())


def _table_hand(seed: int = 3):
    from uno_lessons.table import Table

    table = Table.local(["Ana", "Ben", "Caro"], ["sensible", "random", "sensible"], seed=seed)
    return table


def test_a_finished_hand_is_reviewed_decision_by_decision_and_seeded():
    from uno_lessons.coach import replayed, review

    table = _table_hand()
    table.run_bots()
    start, actions = table.finished_hand()
    assert replayed(start, actions).to_json().split('"events"')[0] == table.state.game.to_json().split('"events"')[0]
    before = start.to_json()
    seen = []
    steps = review(start, actions, rollouts=4, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert start.to_json() == before
    assert [s.action for s in steps] == actions and [s.number for s in steps] == list(range(len(actions)))
    weighed = [s for s in steps if s.advice is not None]
    assert weighed and seen[0] == (0, len(weighed)) and seen[-1] == (len(weighed), len(weighed))
    for step in weighed:  # the move made is one of the options, and its cost is against the best
        assert step.advice.seat == step.seat and step.cost == step.advice.option(step.action).cost >= 0
    assert all(s.cost is None for s in steps if s.advice is None)
    assert review(start, actions, rollouts=4, seed=1) == steps


def test_a_hand_still_being_played_is_refused_by_the_table_and_by_the_review():
    from uno_lessons.coach import review
    from uno_lessons.table import TableError

    table = _table_hand()
    table.step()
    table.step()
    assert not table.state.game.is_over
    with pytest.raises(TableError, match="still being played"):
        table.finished_hand()
    with pytest.raises(TableError, match="has no hand 2: it has played 1"):
        table.finished_hand(2)
    table.run_bots()
    first = table.finished_hand()
    table.deal()
    assert table.finished_hand(1)[1] == first[1]  # the hand before stays there to look back at
    with pytest.raises(TableError, match="still being played"):
        table.finished_hand()
    start = Game.new(3, seed=1)
    with pytest.raises(ValueError, match="still being played"):
        review(start, [start.legal_moves()[0]])


def test_a_replay_holds_every_position_and_what_each_action_said():
    from uno_lessons.coach import Replay

    table = _table_hand(5)
    table.run_bots()
    start, actions = table.finished_hand()
    replay = Replay(start, actions)
    assert len(replay) == len(actions) and len(replay.games) == len(actions) + 1
    assert replay.games[0].to_json() == start.to_json() and replay.games[-1].is_over
    assert all(replay.said(k) for k in range(len(replay)))  # every action says something
    assert replay.seat(0) == start.current_player
    with pytest.raises(ValueError, match="still being played"):
        Replay(start, actions[:-1])
