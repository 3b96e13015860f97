"""The house rules with ids (docs/rules.md, "House rules"): H-STACK, H-JUMP, H-SEVEN-ZERO,
H-DRAW-UNTIL and H-FORCE. Named scenarios from ``Game.from_position``, then seeded playouts
with every combination of the five switches under both presets."""

import itertools
import json

import numpy as np
import pytest

from uno_lessons import Game, IllegalMove, Move, RandomBot, Rules, SensibleBot
from uno_lessons.engine import events as ev
from uno_lessons.engine.bots import play_game, run_hand
from uno_lessons.engine.kinds import MoveKind, Phase
from uno_lessons.i18n import use_language
from uno_lessons.simulation import simulate_games

SWITCHES = ("stacking", "jump_in", "seven_zero", "draw_until_playable", "force_play")
PRESETS = {"encanto": Rules.encanto(), "classic": Rules.classic()}


def house(preset: str = "encanto", **on: bool) -> Rules:
    return PRESETS[preset].replace(**on)


def refused(game: Game, action, *words: str) -> str:
    """``action()`` raises IllegalMove naming ``words`` and changes nothing."""
    before = game.to_json()
    with pytest.raises(IllegalMove) as caught:
        action()
    assert game.to_json() == before
    for word in words:
        assert word in str(caught.value)
    return str(caught.value)


def kinds(game: Game) -> list[type]:
    return [type(e) for e in game.events]


def test_the_house_rules_are_off_in_both_presets_and_combine_with_either():
    for rules in PRESETS.values():
        assert not rules.house and not any(getattr(rules, s) for s in SWITCHES)
        for switch in SWITCHES:
            assert rules.replace(**{switch: True}).house


# ---------------------------------------------------------------- H-STACK
def test_h_stack_draw_twos_add_up_and_pass_on():
    game = Game.from_position(["R+2 R1", "B+2 G3", "Y4 Y5"], "R3", "G1 G2 G4 G5 G6 G7", rules=house(stacking=True))
    game.play("R+2")
    assert game.current_player == 1 and game.stack == 2 and game.hands[1] == game.hands[1][:2]
    assert [str(m) for m in game.legal_moves()] == ["play B+2", "accept"]
    game.play("B+2")
    assert game.current_player == 2 and game.stack == 4
    assert [str(m) for m in game.legal_moves()] == ["accept"]
    game.accept()
    assert len(game.hands[2]) == 6 and game.stack == 0 and game.current_player == 0
    drew = [e for e in game.events if isinstance(e, ev.Drew)][-1]
    assert drew.reason == "stack" and drew.wanted == 4
    assert "draws 4 cards (G1 G2 G4 G5) for the stack" in game.narrate(ev.EVERYONE)[-2]
    assert ev.Stacked in kinds(game)


def test_h_stack_a_waiting_stack_refuses_drawing_and_other_cards():
    game = Game.from_position(["R+2 R1", "B+2 G3 R4", "Y4 Y5"], "R3", "G1 G2 G4 G5", rules=house(stacking=True))
    game.play("R+2")
    refused(game, game.draw, "H-STACK", "Ben", "2 cards")
    refused(game, lambda: game.play("R4"), "H-STACK")
    refused(game, lambda: game.play("G+2"), "does not hold")


def test_without_h_stack_a_draw_two_is_drawn_at_once_e_act_2():
    game = Game.from_position(["R+2 R1", "B+2 G3", "Y4 Y5"], "R3", "G1 G2 G4 G5")
    game.play("R+2")
    assert len(game.hands[1]) == 4 and game.current_player == 2 and game.stack == 0


def test_h_stack_a_draw_two_does_not_stack_on_a_wild_draw_four_nor_the_other_way():
    game = Game.from_position(["W+4 G1", "R+2 W+4 B3", "Y4 Y5"], "R3", "G2 G4 G5 G6 G7 G8 G9 B1 B2",
                              rules=house(stacking=True))
    game.play("W+4", "green")
    legal = game.legal_moves()
    assert {m.card.code for m in legal if m.card is not None} == {"W+4"}
    refused(game, lambda: game.play("R+2"), "H-STACK", "Wild Draw Four")
    refused(game, lambda: game.play("W+4"), "Choose a colour")  # H-STACK: the stacked one names a colour too


def test_h_stack_wild_draw_fours_accepted_draw_the_total():
    game = Game.from_position(["W+4 G1", "W+4 B3", "Y4 Y5"], "R3", "G2 G4 G5 G6 G7 G8 G9 B1 B2",
                              rules=house(stacking=True))
    game.play("W+4", "green")  # honest: G1 is not red
    assert game.phase is Phase.RESPOND
    assert sum(m.kind is MoveKind.PLAY for m in game.legal_moves()) == 4
    game.play("W+4", "blue")  # honest: B3 is not green
    assert game.current_player == 2 and game.stack == 8 and game.pending is not None and game.pending[0] == 1
    assert [str(m) for m in game.legal_moves()] == ["accept", "challenge"]
    game.accept()
    assert len(game.hands[2]) == 10 and game.current_player == 0 and game.pending is None


def test_h_stack_only_the_last_wild_draw_four_is_challenged_honest_costs_six_plus_the_stack():
    game = Game.from_position(["W+4 R1", "W+4 B3", "Y4 Y5"], "R3", "G2 G4 G5 G6 G7 G8 G9 B1 B2 B4 B5",
                              rules=house(stacking=True))
    game.play("W+4", "green")  # a bluff (R1 is red), but only the last one is challenged
    game.play("W+4", "blue")  # honest: B3 is not green
    game.challenge()
    assert len(game.hands[2]) == 2 + 6 + 4 and game.current_player == 0 and len(game.hands[0]) == 1


def test_h_stack_a_guilty_last_wild_draw_four_draws_four_plus_the_stack():
    for preset, back in (("encanto", 0), ("classic", 1)):
        game = Game.from_position(["W+4 G1", "W+4 G3", "Y4 Y5"], "R3", "G2 G4 G5 G6 G7 G8 G9 B1 B2 B4",
                                  rules=house(preset, stacking=True))
        game.play("W+4", "green")
        game.play("W+4", "blue")  # a bluff: G3 matches green
        game.challenge()
        assert len(game.hands[1]) == 1 + 4 + 4 + back
        assert game.current_player == 2 and game.phase is Phase.TURN and game.stack == 0
        assert game.legal_moves()


def test_h_stack_a_stack_that_empties_the_draw_pile_draws_what_there_is():
    game = Game.from_position(["R+2 R1", "B+2 G3", "Y4 Y5"], "R3", "G1", rules=house(stacking=True))
    game.play("R+2")
    game.play("B+2")
    game.accept()  # 4 owed: G1, then R3 and R+2 reshuffled (B+2 stays on top)
    drew = [e for e in game.events if isinstance(e, ev.Drew)][-1]
    assert drew.wanted == 4 and len(drew.cards) == 3 and game.draw_pile_size == 0
    assert ev.Reshuffled in kinds(game)
    assert "only 3 of 4 were left" in game.narrate(ev.NOBODY)[-2]
    assert sum(map(len, game.hands)) + len(game.discard_pile) == 2 + 2 + 2 + 1 + 1


def test_h_stack_a_last_card_onto_a_stack_wins_and_the_next_player_draws_it_all_e_win_2():
    game = Game.from_position(["R+2 R1", "B+2", "Y4 Y5"], "R3", "G1 G2 G4 G5 G6", rules=house(stacking=True))
    game.play("R+2")
    game.play("B+2")
    assert game.winner == 1 and len(game.hands[2]) == 6 and game.stack == 0
    Game.from_json(game.to_json())


def test_h_stack_a_first_draw_two_under_classic_starts_no_stack_c_setup_4():
    for seed in range(60):
        game = Game.new(3, rules=house("classic", stacking=True), seed=seed)
        if game.top_card.code.endswith("+2"):
            assert game.stack == 0 and len(game.hands[1]) == 9 and game.current_player == 2
            return
    pytest.skip("no Draw Two turned first in these seeds")


def test_h_stack_saves_round_trip_and_a_stack_without_the_rule_is_refused():
    game = Game.from_position(["R+2 R1", "B+2 G3", "Y4 Y5"], "R3", "G1 G2 G4 G5", rules=house(stacking=True))
    game.play("R+2")
    again = Game.from_json(game.to_json())
    assert again.stack == 2 and again.legal_moves() == game.legal_moves()
    data = json.loads(game.to_json())
    data["rules"]["stacking"] = False
    with pytest.raises(ValueError, match="H-STACK"):
        Game.from_json(json.dumps(data))


def test_sensible_bot_stacks_when_it_can():
    game = Game.from_position(["R+2 R1", "B+2 G3", "Y4 Y5"], "R3", "G1 G2 G4 G5", rules=house(stacking=True))
    game.play("R+2")
    assert str(SensibleBot(0).choose(game)) == "play B+2"


# ---------------------------------------------------------------- H-JUMP
def jump_table(**on: bool) -> Game:
    return Game.from_position(["R5 G1", "R1 B2", "R5 Y7", "G9 G8"], "R3", "B1 B3 B4 B5 B6",
                              rules=house(jump_in=True, **on))


def test_h_jump_an_identical_card_jumps_in_and_play_goes_on_from_its_player():
    game = jump_table()
    game.play("R5")
    assert game.current_player == 1
    assert [(seat, str(m)) for seat, m in game.jump_ins()] == [(2, "play R5")]
    move = game.jump_in(2, "R5")
    assert str(move) == "play R5" and game.current_player == 3 and game.hands[2] == game.hands[2][:1]
    assert "jumps in with red 5 (R5), before Ben" in " ".join(game.narrate(ev.NOBODY))
    assert game.jump_ins() == []


def test_h_jump_refusals_name_the_house_rule_and_change_nothing():
    game = jump_table()
    game.play("R5")
    refused(game, lambda: game.jump_in(2, "Y7"), "H-JUMP", "R5")
    refused(game, lambda: game.jump_in(1, "R1"), "H-JUMP", "Ben's turn")
    refused(game, lambda: game.jump_in(3, "R5"), "does not hold")
    refused(game, lambda: game.jump_in(7, "R5"), "no seat 7")
    off = Game.from_position(["R5 G1", "R1 B2", "R5 Y7", "G9 G8"], "R3", "B1 B3 B4 B5")
    off.play("R5")
    assert off.jump_ins() == []
    refused(off, lambda: off.jump_in(2, "R5"), "H-JUMP", "off")


def test_h_jump_takes_a_numpy_seat_and_refuses_a_bool_one():
    # A seat read from a numpy array (an agent's action, a simulation's winners) is a seat.
    game = jump_table()
    game.play("R5")
    refused(game, lambda: game.jump_in(True, "R5"), "no seat True")
    move = game.jump_in(np.int64(2), "R5")
    assert str(move) == "play R5" and game.current_player == 3 and type(game.current_player) is int


def test_h_jump_a_wild_on_a_wild_is_refused():
    game = Game.from_position(["W G1", "R1 B2", "W Y7", "G9 G8"], "R3", "B1 B3 B4", rules=house(jump_in=True))
    game.play("W", "red")
    assert game.jump_ins() == []
    refused(game, lambda: game.jump_in(2, "W"), "H-JUMP", "wild")


def test_h_jump_a_race_has_one_winner_the_first_applied():
    game = Game.from_position(["R5 G1", "R1 B2", "Y7 G2", "R5 G9"], "R3", "B1 B3 B4 B5", rules=house(jump_in=True))
    game.play("R5")
    second = game.copy()
    game.jump_in(3, "R5")  # Dev jumps in first ...
    assert game.current_player == 0
    refused(game, lambda: game.jump_in(1, "R1"), "H-JUMP", "R5")  # ... Ben's R1 is not identical to R5
    second.play("R1")  # the other order: Ben's move lands first ...
    refused(second, lambda: second.jump_in(3, "R5"), "H-JUMP", "R1")  # ... the top card changed


def test_h_jump_cuts_a_turn_after_a_draw_and_a_skip_skips_after_the_jumper():
    game = Game.from_position(["RS G1", "B2 B7", "RS Y7", "G9 G8"], "R3", "R4 B3 B4 B5", rules=house(jump_in=True))
    game.play("RS")  # Ben is skipped; Caro to move
    assert game.current_player == 2
    game2 = Game.from_position(["R5 G1", "B2 B7", "R5 Y7", "G9 G8"], "R3", "R4 B3 B4 B5",
                               rules=house(jump_in=True))
    game2.play("R5")
    game2.draw()  # Ben draws R4, playable
    assert game2.phase is Phase.DRAWN
    game2.jump_in(2, "R5")
    assert game2.phase is Phase.TURN and game2.drawn is None and "R4" in [c.code for c in game2.hands[1]]
    assert game2.current_player == 3
    skip = Game.from_position(["RS G1", "B2 B7", "G2 Y7", "G9 RS"], "R3", "R4 B3 B4 B5", rules=house(jump_in=True))
    skip.play("RS")  # Ben skipped: Caro to move; Dev jumps in with the other red Skip
    skip.jump_in(3, "RS")
    assert skip.current_player == 1  # Ana, after Dev, is skipped


def test_h_jump_onto_a_waiting_stack_adds_to_it():
    game = Game.from_position(["R+2 G1", "B2 B7", "R+2 Y7", "G9 G8"], "R3", "R4 B3 B4 B5 B6 B8",
                              rules=house(jump_in=True, stacking=True))
    game.play("R+2")
    game.jump_in(2, "R+2")  # Ben escapes; Dev owes four
    assert game.current_player == 3 and game.stack == 4 and len(game.hands[1]) == 2


# ---------------------------------------------------------------- H-SEVEN-ZERO
def test_h_seven_zero_a_seven_swaps_hands_with_the_chosen_player():
    game = Game.from_position(["R7 R1 R2", "B1", "G1 G2 G3 G4"], "R3", "B2 B3", rules=house(seven_zero=True))
    assert [str(m) for m in game.legal_moves()][:2] == ["play R7 swapping hands with seat 1",
                                                       "play R7 swapping hands with seat 2"]
    game.play("R7", target=2)
    assert [c.code for c in game.hands[0]] == ["G1", "G2", "G3", "G4"]
    assert [c.code for c in game.hands[2]] == ["R1", "R2"] and game.current_player == 1
    assert "Ana swaps hands with Caro" in game.narrate(ev.NOBODY)[-1]


def test_h_seven_zero_a_seven_needs_another_player():
    game = Game.from_position(["R7 R1 R2", "B1", "G1 G2 G3 G4"], "R3", "B2 B3", rules=house(seven_zero=True))
    refused(game, lambda: game.play("R7"), "H-SEVEN-ZERO", "choose the player")
    refused(game, lambda: game.play("R7", target=0), "H-SEVEN-ZERO", "another player")
    refused(game, lambda: game.play("R7", target=5), "no seat 5")
    plain = Game.from_position(["R7 R1 R2", "B1", "G1 G2 G3 G4"], "R3", "B2 B3")
    refused(plain, lambda: plain.play("R7", target=1), "Wild Don't Talk")


def test_h_seven_zero_a_seven_with_two_players_swaps_with_the_other():
    game = Game.from_position(["R7 R1 R2", "B1"], "R3", "B2 B3", rules=house(seven_zero=True))
    assert [str(m) for m in game.legal_moves() if m.card is not None and m.card.code == "R7"] == [
        "play R7 swapping hands with seat 1"]
    game.play("R7", target=1)
    assert [c.code for c in game.hands[0]] == ["B1"] and [c.code for c in game.hands[1]] == ["R1", "R2"]


def test_h_seven_zero_a_zero_passes_every_hand_on_with_ten_players():
    codes = ["R0 G1", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]
    game = Game.from_position(codes, "R3", "G2 G3", rules=house(seven_zero=True))
    game.play("R0")
    assert [[c.code for c in h] for h in game.hands] == [["B9"], ["G1"], ["B1"], ["B2"], ["B3"], ["B4"],
                                                          ["B5"], ["B6"], ["B7"], ["B8"]]
    assert "every hand passes one seat on, clockwise" in game.narrate(ev.NOBODY)[-1]
    back = Game.from_position(codes, "R3", "G2 G3", rules=house(seven_zero=True), direction=-1)
    back.play("R0")
    assert [c.code for c in back.hands[9]] == ["G1"] and [c.code for c in back.hands[0]] == ["B1"]
    assert back.current_player == 9


def test_h_seven_zero_a_last_seven_wins_before_any_swap_and_a_swap_ends_uno():
    game = Game.from_position(["R7", "B1 B2"], "R3", "G2 G3", rules=house(seven_zero=True))
    game.play("R7", target=1)
    assert game.winner == 0 and game.hands[0] == []
    uno = Game.from_position(["R7 R1", "B1 B2 B3"], "R3", "G2 G3", rules=house(seven_zero=True))
    uno.say_uno(0)
    uno.play("R7", target=1)  # Ana now holds three cards, Ben one: nobody can be caught
    assert uno.uno_said == set() and uno.uno_window is None and not uno.catch(0, 1)


def test_sensible_bot_swaps_with_the_fewest_cards():
    game = Game.from_position(["R7 B9 B8 B7", "G1 G2 G3", "Y1", "Y2 Y3"], "R3", "B2 B3", rules=house(seven_zero=True))
    move = SensibleBot(0).choose(game)
    assert str(move) == "play R7 swapping hands with seat 2"


# ---------------------------------------------------------------- H-DRAW-UNTIL
def test_h_draw_until_drawing_goes_on_until_a_playable_card():
    game = Game.from_position(["G1 G2", "B5"], "R3", "B1 B2 R9 Y1", rules=house(draw_until_playable=True))
    assert game.draw().code == "R9"
    assert [c.code for c in game.hands[0]] == ["G1", "G2", "B1", "B2", "R9"]
    assert game.phase is Phase.DRAWN and [str(m) for m in game.legal_moves()] == ["play R9", "keep"]
    assert "Ana draws 3 cards (B1 B2 R9)." in game.narrate(ev.EVERYONE)[-1]


def test_h_draw_until_with_an_empty_pile_and_nothing_to_reshuffle_stops():
    game = Game.from_position(["G1 G2", "B5"], "R3", "B1 B2", rules=house(draw_until_playable=True))
    game.draw()
    assert len(game.hands[0]) == 4 and game.draw_pile_size == 0 and game.current_player == 1
    assert kinds(game)[-1] is ev.DrewNothingPlayable
    assert "no card is left to draw" in game.narrate(ev.NOBODY)[-1]
    game.pass_turn()  # Ben: B5 on R3 does not match, nothing to draw
    assert [str(m) for m in game.legal_moves()] == ["pass"]


def test_h_draw_until_with_h_force_plays_the_card_that_came():
    game = Game.from_position(["G1 G2", "B5"], "R3", "B1 B2 R9 Y1",
                              rules=house(draw_until_playable=True, force_play=True))
    game.draw()
    assert [str(m) for m in game.legal_moves()] == ["play R9"]


# ---------------------------------------------------------------- H-FORCE
def test_h_force_a_playable_drawn_card_must_be_played():
    game = Game.from_position(["G1 G2", "B5"], "R3", "R9 Y1", rules=house(force_play=True))
    game.draw()
    assert [str(m) for m in game.legal_moves()] == ["play R9"]
    refused(game, game.keep, "H-FORCE", "R9")
    assert str(game.legal_moves()[0]) == "play R9"  # drawing instead of playing stays allowed before


def test_h_force_a_drawn_wild_draw_four_that_would_be_a_bluff_may_be_kept():
    bluff = Game.from_position(["R1 G2", "B5"], "R3", "W+4 Y1", rules=house(force_play=True))
    bluff.draw()
    legal = bluff.legal_moves()
    assert [m.kind for m in legal][-1] is MoveKind.KEEP and all(m.honest is False for m in legal[:-1])
    bluff.keep()
    assert bluff.current_player == 1
    honest = Game.from_position(["G1 G2", "B5"], "R3", "W+4 Y1", rules=house(force_play=True))
    honest.draw()
    assert all(m.kind is MoveKind.PLAY and m.honest for m in honest.legal_moves())


# ---------------------------------------------------------------- saves and words
def test_old_saves_without_the_switches_still_load_with_them_off():
    game = Game.from_position(["R5 G1", "R1 B2"], "R3", "B1 B3")
    data = json.loads(game.to_json())
    assert not set(SWITCHES) & set(data["rules"]) and "stack" not in data  # saved as before them
    old = Game.from_json(json.dumps(data))
    house_game = Game.from_position(["R5 G1", "R1 B2"], "R3", "B1 B3", rules=house("classic", jump_in=True))
    saved = json.loads(house_game.to_json())["rules"]
    assert saved["jump_in"] is True and "stacking" not in saved
    assert Game.from_json(house_game.to_json()).rules == house_game.rules
    assert not old.rules.house and old.stack == 0 and old.legal_moves() == game.legal_moves()


def test_the_house_rule_events_are_narrated_in_every_language():
    game = Game.from_position(["R0 R7 G1", "B1 R+2", "R7 B2 R+2", "G5 G6"], "R3", "B3 B4 B5 B6 B7 B8",
                              rules=house(jump_in=True, seven_zero=True, stacking=True))
    game.play("R7", target=3)
    game.jump_in(2, "R7", target=1)
    game.play("R0")  # Dev holds the rest of Ana's old hand: every hand moves on
    for lang in ("en", "nl", "sr", "ms"):
        with use_language(lang):
            lines = game.narrate(ev.EVERYONE)
            assert all(lines) and len(lines) == len(game.events)
            assert str(Move(MoveKind.PLAY, game.top_card)) and game.legal_moves()


# ---------------------------------------------------------------- playouts
def check_step(game: Game, deck: int) -> None:
    assert sum(map(len, game.hands)) + len(game.discard_pile) + game.draw_pile_size == deck
    if not game.is_over:
        assert game.legal_moves()
    assert game.stack == 0 or game.rules.stacking


def illegal_changes_nothing(game: Game, rng: np.random.Generator) -> None:
    before = game.to_json()
    tries = [lambda: game.apply(Move(MoveKind.KEEP)) if game.phase is not Phase.DRAWN else None,
             lambda: game.jump_in(game.current_player, game.top_card),
             lambda: game.apply(Move(MoveKind.CHALLENGE)) if game.phase is not Phase.RESPOND else None]
    attempt = tries[int(rng.integers(len(tries)))]
    try:
        attempt()
    except IllegalMove:
        pass
    assert game.to_json() == before


@pytest.mark.parametrize("preset", list(PRESETS))
def test_playouts_keep_the_invariants_with_every_combination_of_house_rules(preset):
    rng = np.random.default_rng(24)
    for combo in itertools.product((False, True), repeat=len(SWITCHES)):
        rules = PRESETS[preset].replace(**dict(zip(SWITCHES, combo)))
        for seed in range(2):
            players = 2 + (seed + sum(combo)) % 4
            game = Game.new(players, rules=rules, seed=seed)
            bots = [(SensibleBot if k % 2 else RandomBot)(seed * 10 + k) for k in range(players)]
            for step in range(400):
                if game.is_over:
                    break
                for k, bot in enumerate(bots):
                    bot.react(game, k)
                check_step(game, rules.deck_size)
                if step % 7 == 0:
                    illegal_changes_nothing(game, rng)
                jumps = game.jump_ins()
                if jumps and rng.random() < 0.5:
                    seat, move = jumps[int(rng.integers(len(jumps)))]
                    assert move.card is not None
                    game.jump_in(seat, move.card, move.target)
                elif not game.is_over:
                    game.apply(bots[game.current_player].choose(game))
                if step % 25 == 0:
                    assert Game.from_json(game.to_json()).to_json() == game.to_json()
            check_step(game, rules.deck_size)
            assert Game.from_json(game.to_json()).to_json() == game.to_json()
            if not rules.jump_in:
                assert game.jump_ins() == []


def test_simulate_games_with_a_house_rule_plays_it_and_replays_as_play_game():
    rules = Rules.encanto().replace(stacking=True, seven_zero=True)
    stats = simulate_games(12, 4, rules=rules, seed=3)
    stacked = swapped = 0
    for i in range(12):
        game = play_game(4, rules=rules, seed=int(stats.seeds[i]))
        assert game.winner == stats.winner[i] and game.points == stats.points[i]
        assert sum(len(e.cards) for e in game.events if isinstance(e, ev.Drew)) == stats.drawn[i]
        stacked += ev.Stacked in kinds(game)
        swapped += ev.Swapped in kinds(game) or ev.Rotated in kinds(game)
    assert stacked and swapped
    plain = simulate_games(12, 4, seed=3)
    assert not np.array_equal(plain.drawn, stats.drawn)


def test_run_hand_lets_bots_jump_in():
    rules = Rules.classic().replace(jump_in=True)
    jumped = 0
    for seed in range(6):
        game = run_hand(Game.new(4, rules=rules, seed=seed), [SensibleBot(seed * 4 + k) for k in range(4)])
        assert game.is_over
        jumped += ev.JumpedIn in kinds(game)
    assert jumped
