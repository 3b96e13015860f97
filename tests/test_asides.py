"""Out-of-turn actions as engine values (issue 36): ``SayUno``, ``Catch``, ``Talk`` and
``JumpIn`` made through ``Game.act``, allowed or refused by one question
(``reasons.why_refused``), and the single primitives house rules plug into
(``take_card``, ``receive``, ``end_turn``)."""

from __future__ import annotations

import pytest

from uno_lessons import Game, IllegalMove, Rules
from uno_lessons.engine import events as ev
from uno_lessons.engine.asides import Catch, JumpIn, SayUno, Talk
from uno_lessons.engine.bots import SensibleBot
from uno_lessons.engine.cards import Card
from uno_lessons.engine.reasons import why_refused


def refused(game: Game, action, sentence: str) -> None:
    """``game.act(action)`` raises IllegalMove with exactly ``sentence`` and changes nothing."""
    before = game.to_json()
    assert why_refused(game, action) == sentence
    with pytest.raises(IllegalMove) as caught:
        game.act(action)
    assert str(caught.value) == sentence
    assert game.to_json() == before


def one_card_left() -> Game:
    """Ana plays R5 down to one card without saying UNO: her window is open."""
    game = Game.from_position(["R5 G1", "R1 B2 B3", "Y7 Y8 Y9"], "R3", "B4 B5 B6 B7 B8 B9")
    game.play("R5")
    return game


def test_say_uno_as_a_value_counts_as_game_say_uno_does():
    game = one_card_left()
    assert game.act(SayUno(0)) is True
    assert 0 in game.uno_said and game.uno_window is None
    assert isinstance(game.events[-1], ev.SaidUno) and game.events[-1].counted


def test_catch_as_a_value_penalises_the_silent_player():
    game = one_card_left()
    assert game.act(Catch(1, 0)) is True
    assert len(game.hands[0]) == 1 + game.rules.uno_penalty
    assert [e.reason for e in game.events if isinstance(e, ev.Drew)] == ["uno"]


def test_talk_as_a_value_costs_only_the_silenced():
    game = one_card_left()
    assert game.act(Talk(2)) is False and len(game.hands[2]) == 3
    game.silenced = 2
    assert game.act(Talk(2)) is True and len(game.hands[2]) == 3 + game.rules.talk_penalty


def test_out_of_turn_refusals_say_why_and_change_nothing():
    game = one_card_left()
    refused(game, Catch(1, 1), "Ben cannot call out themselves.")
    refused(game, SayUno(5), "There is no seat 5: the seats are 0 to 2.")
    refused(game, Catch(0, 9), "There is no seat 9: the seats are 0 to 2.")
    refused(game, Talk(-1), "There is no seat -1: the seats are 0 to 2.")
    game = Game.from_position(["R5", "R1 B2", "Y7 Y8"], "R3")
    game.play("R5")  # Ana wins
    refused(game, SayUno(1), "The hand is over (Ana won): nobody can say UNO now.")
    refused(game, Catch(1, 2), "The hand is over (Ana won): nobody can call anyone out now.")
    refused(game, Talk(2), "The hand is over (Ana won): nobody can talk now.")
    refused(game, JumpIn(2, Card.parse("G1")), "Jumping in is the house rule H-JUMP, and it is off in this game.")


def test_anything_else_is_refused_with_a_sentence():
    game = one_card_left()
    assert why_refused(game, "uno") == ("'uno' is not an out-of-turn action; use SayUno, Catch, Talk or "  # type: ignore[arg-type]
                                        "JumpIn.")


def jump_table() -> Game:
    return Game.from_position(["R5 G1", "R1 B2", "R5 Y7", "G9 G8"], "R3", "B1 B3 B4 B5 B6",
                              rules=Rules.encanto().replace(jump_in=True))


def test_a_jump_in_value_is_made_and_listed_by_the_same_rule():
    game = jump_table()
    game.play("R5")
    assert [(seat, str(m)) for seat, m in game.jump_ins()] == [(2, "play R5")]
    action = JumpIn(2, "R5")  # a card code is parsed into the Card
    assert action == JumpIn(2, Card.parse("R5")) and str(action) == "seat 2 jumps in with R5"
    move = game.act(action)
    assert str(move) == "play R5" and game.current_player == 3


def test_a_jump_in_value_refused_says_why():
    game = jump_table()
    game.play("R5")
    refused(game, JumpIn(2, "Y7"), "House rule H-JUMP: Caro may jump in only with a card identical to the "
                                   "top card R5, not with Y7.")
    refused(game, JumpIn(3, "R5"), "Dev does not hold R5.")
    refused(game, JumpIn(1, "R1"), "It is Ben's turn: play R1 as a normal move; jumping in (H-JUMP) is for "
                                   "the other players.")


def test_a_bots_reactions_are_values_made_one_at_a_time():
    game = one_card_left()
    said = []
    for action in SensibleBot(seed=0).reactions(game, 1):
        said.append(action)
        game.act(action)
    assert said == [Catch(1, 0)]


# ---------------------------------------------------------------- the single primitives

def test_receive_is_the_one_way_cards_go_into_a_hand():
    game = one_card_left()
    game.track_hands()
    game.uno_said.add(0)
    game.receive(0, (Card.parse("B9"), Card.parse("B8")), 3, "uno")
    assert [c.code for c in game.hands[0]] == ["G1", "B9", "B8"]
    assert game.tallies is not None and game.tallies[0][Card.parse("B9").index] == 1
    assert game.tally_sizes[0] == 3 == game.tally_sizes[3]
    assert 0 not in game.uno_said  # E-UNO-5: an UNO said for one card lapses
    drew = game.events[-1]
    assert isinstance(drew, ev.Drew) and drew.wanted == 3 and drew.reason == "uno" and len(drew.cards) == 2


def test_receive_without_a_reason_notes_no_draw():
    game = one_card_left()
    before = len(game.events)
    game.receive(1, (Card.parse("R5"),))
    assert len(game.events) == before and game.hands[1][-1] == Card.parse("R5")


def test_take_card_reshuffles_the_discards_and_gives_none_when_nothing_is_left():
    game = Game.from_position(["R5 G1", "R1 B2"], "R3 R4 R7", "B9")
    assert game.take_card() == Card.parse("B9")
    second = game.take_card()
    assert second in (Card.parse("R3"), Card.parse("R4")) and game.discard_pile == [Card.parse("R7")]
    assert isinstance(game.events[-1], ev.Reshuffled)
    assert game.take_card() is not None and game.take_card() is None


def test_end_turn_passes_play_on_and_lapses_an_uno_said_with_more_cards():
    game = Game.from_position(["R5 G1 G2", "R1 B2", "Y7 Y8"], "R3", "B4 B5")
    game.uno_said.add(0)
    game.end_turn()
    assert game.current_player == 1 and 0 not in game.uno_said


# ---------------------------------------------------------------- the agents' numbers for them

def test_the_action_codec_numbers_the_values_and_reads_them_back():
    from uno_lessons.agents.actions import ActionCodec

    codec = ActionCodec(4)
    window = 2
    for action in (SayUno(1), Catch(1, window), JumpIn(3, "G4"), JumpIn(0, "B7", 2), JumpIn(2, "R7", 1)):
        a = codec.aside_action(action)
        assert codec.aside(a, action.seat, window) == action, action
    assert codec.aside_action(SayUno(0)) == codec.say_uno and codec.aside_action(Catch(0, 1)) == codec.catch
    assert codec.aside(codec.decline, 0, None) is None and codec.aside(codec.draw, 0, None) is None
    assert codec.aside(codec.catch, 0, None) is None  # no window open: nobody to call out
    with pytest.raises(ValueError, match="no action number"):
        codec.aside_action(Talk(0))
