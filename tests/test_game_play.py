"""Turns in a position: matching (E-MATCH), drawing (E-DRAW), action cards (E-ACT)."""

import positions
import pytest
from positions import BOTH

from uno_lessons import Card, Color, IllegalMove, Move
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE


def pos(hands, discard, draw=(), **kw):
    """A position with an empty draw pile unless one is given."""
    return positions.pos(hands, discard, draw, **kw)


def played_cards(game):
    return {m.card.code for m in game.legal_moves() if m.kind == "play"}


def test_e_match_4_green_3_example_in_a_game():
    """E-MATCH-4: top G3: G2 (colour), Y3 (number), W, W+4 and WDT may be played; R5 may not."""
    game = pos(["G2 Y3 W W+4 WDT R5", "B1 B2"], ["G3"], ["R1"])
    assert played_cards(game) == {"G2", "Y3", "W", "W+4", "WDT"}
    assert "by colour" in game.explain("G2")
    assert "by number" in game.explain("Y3")
    assert "does not match the top card G3" in game.explain("R5")


def test_e_match_4_reverse_on_reverse_in_a_game():
    """E-MATCH-4: with a green Reverse on top, a blue Reverse matches by symbol."""
    game = pos(["BR B5 G1", "Y1 Y2"], ["GR"], ["R1"])
    assert played_cards(game) == {"BR", "G1"}
    assert "by symbol" in game.explain("BR")
    game.play("BR")
    assert game.current_color is Color.BLUE


@BOTH
def test_e_match_1_play_moves_card_to_discard(rules):
    """E-MATCH-1: a matching card goes from the hand onto the discard pile."""
    game = pos(["G2 R9", "B1 B2", "Y4 Y5"], ["G3"], ["R1"], rules=rules)
    game.play("G2")
    assert game.top_card == Card.parse("G2")
    assert game.hands[0] == [Card.parse("R9")]
    assert game.current_player == 1
    assert isinstance(game.events[-1], ev.Played)


@BOTH
def test_e_match_2_and_5_wild_needs_a_colour_and_sets_it(rules):
    """E-MATCH-2, E-ACT-5: a Wild matches anything; its player chooses the colour."""
    game = pos(["W R9", "B1 B2"], ["G3"], ["R1"], rules=rules)
    wild_moves = [m for m in game.legal_moves() if m.card == Card.parse("W")]
    assert [m.color for m in wild_moves] == [Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE]
    before = game.to_json()
    with pytest.raises(IllegalMove, match="Choose a colour for the Wild"):
        game.play("W")
    assert game.to_json() == before
    game.play("W", "blue")
    assert game.current_color is Color.BLUE
    assert "chooses blue" in game.narrate(EVERYONE)[-1]


def test_e_match_3_after_a_wild_only_the_chosen_colour_matches():
    """E-MATCH-3: on a Wild with yellow chosen, Y5 matches, R5 and another Wild's 'symbol' do not."""
    game = pos(["Y5 R5 W", "B1 B2"], ["G3", "W"], ["R1"], color="Y")
    assert played_cards(game) == {"Y5", "W"}
    assert "yellow was chosen" in game.explain("Y5")
    before = game.to_json()
    with pytest.raises(IllegalMove, match="colour in force is yellow"):
        game.play("R5")
    assert game.to_json() == before


@BOTH
def test_e_draw_1_no_match_draw_unplayable_turn_ends(rules):
    """E-DRAW-1: no matching card: draw one; it does not match, so the turn ends."""
    game = pos(["R1 R2", "B1 B2"], ["G3"], ["Y9", "B7"], rules=rules)
    assert [str(m) for m in game.legal_moves()] == ["draw"]
    card = game.draw()
    assert card == Card.parse("Y9")
    assert game.hands[0][-1] == card
    assert game.current_player == 1
    assert game.phase == "turn"


@BOTH
def test_e_draw_1_drawn_card_matches_and_is_played_at_once(rules):
    """E-DRAW-1: the drawn card matches: it may be played at once."""
    game = pos(["R1 R2", "B1 B2"], ["G3"], ["G9"], rules=rules)
    game.draw()
    assert game.current_player == 0 and game.phase == "drawn"
    assert [str(m) for m in game.legal_moves()] == ["play G9", "keep"]
    game.play("G9")
    assert game.top_card == Card.parse("G9") and game.current_player == 1


@BOTH
def test_e_draw_2_draw_instead_of_playing_then_only_the_drawn_card(rules):
    """E-DRAW-2: you may draw even with a matching card; then only the drawn card may be played."""
    game = pos(["G1 R2", "B1 B2"], ["G3"], ["Y3"], rules=rules)
    assert Move("draw") in game.legal_moves()
    game.draw()
    before = game.to_json()
    with pytest.raises(IllegalMove, match=r"only the drawn card \(Y3\) may be played"):
        game.play("G1")
    assert game.to_json() == before
    with pytest.raises(IllegalMove, match="already drawn"):
        game.draw()
    assert game.to_json() == before


@BOTH
def test_e_draw_2_keep_the_drawn_card(rules):
    """E-DRAW-2: the player may keep the playable card they drew; the turn passes."""
    game = pos(["G1 R2", "B1 B2"], ["G3"], ["Y3"], rules=rules)
    game.draw()
    game.keep()
    assert Card.parse("Y3") in game.hands[0] and len(game.hands[0]) == 3
    assert game.current_player == 1 and game.top_card == Card.parse("G3")
    assert "keeps the drawn card" in game.narrate(EVERYONE)[-1]


def test_e_draw_2_keep_only_after_drawing_a_playable_card():
    """E-DRAW-2: keep is not a move at the start of a turn."""
    game = pos(["G1 R2", "B1 B2"], ["G3"], ["Y3"])
    before = game.to_json()
    with pytest.raises(IllegalMove, match="Keep is only possible just after drawing"):
        game.keep()
    assert game.to_json() == before


@BOTH
def test_e_draw_3_empty_draw_pile_reshuffles_discards_but_top(rules):
    """E-DRAW-3: when the draw pile is empty, the discard pile except its top card becomes the pile."""
    game = pos(["R1 R2", "B1 B2"], ["Y5", "Y6", "G3"], [], rules=rules)
    card = game.draw()
    assert card in (Card.parse("Y5"), Card.parse("Y6"))
    assert game.discard_pile == [Card.parse("G3")]
    assert game.draw_pile_size == 1
    assert any(isinstance(e, ev.Reshuffled) and e.count == 2 for e in game.events)
    assert "are shuffled into a new draw pile" in game.narrate(EVERYONE)[-2]


@BOTH
def test_e_draw_3_nothing_left_to_draw_player_passes(rules):
    """E-DRAW-3: no card left at all: the player cannot draw, is not in error, and passes."""
    game = pos(["R1 R2", "B1 B2"], ["G3"], [], rules=rules)
    assert [str(m) for m in game.legal_moves()] == ["pass"]
    before = game.to_json()
    with pytest.raises(IllegalMove, match="no card left to draw"):
        game.draw()
    assert game.to_json() == before
    game.pass_turn()
    assert game.current_player == 1
    assert game.hands[0] == [Card.parse("R1"), Card.parse("R2")]
    assert "nothing to draw, so they pass" in game.narrate(EVERYONE)[-1]


def test_e_draw_3_pass_not_allowed_when_something_can_be_done():
    """E-DRAW-3: passing is only for a player who can neither play nor draw."""
    game = pos(["G1 R2", "B1 B2"], ["G3"], [])
    before = game.to_json()
    with pytest.raises(IllegalMove, match="passing is not allowed"):
        game.pass_turn()
    assert game.to_json() == before


@BOTH
def test_e_draw_3_penalty_with_too_few_cards_creates_none(rules):
    """E-DRAW-3: a Draw Two with one card left anywhere draws just that card; none are created."""
    game = pos(["G+2 R1", "B1 B2", "Y1 Y2"], ["G3"], [], rules=rules)
    game.play("G+2")
    # the draw pile was empty; the reshuffle of the discards (all but G+2) gave only G3
    assert game.hands[1] == [Card.parse(c) for c in ("B1", "B2", "G3")]
    drew = [e for e in game.events if isinstance(e, ev.Drew)][-1]
    assert drew.wanted == 2 and len(drew.cards) == 1
    assert "only 1 of 2 were left" in drew.describe(None, EVERYONE)
    assert game.discard_pile == [Card.parse("G+2")] and game.draw_pile_size == 0
    assert sum(len(h) for h in game.hands) + game.draw_pile_size + len(game.discard_pile) == 7
    assert game.current_player == 2


@BOTH
def test_e_draw_4_play_passes_to_next_in_turn_order(rules):
    """E-DRAW-4: after playing or drawing, play passes to the next player in turn order."""
    game = pos(["G1 G2", "G4 G5", "G6 G7"], ["G3"], ["R8", "R9"], rules=rules, direction=-1)
    game.play("G1")
    assert game.current_player == 2
    game.draw()
    assert game.current_player == 1


@BOTH
def test_e_act_1_number_cards_have_no_effect(rules):
    """E-ACT-1: a number card only passes the turn on."""
    game = pos(["G1 G2", "G4 G5", "G6 G7"], ["G3"], ["R1"], rules=rules)
    game.play("G1")
    assert game.current_player == 1 and game.direction == 1
    assert [len(h) for h in game.hands] == [1, 2, 2]


@BOTH
def test_e_act_2_draw_two_next_draws_two_and_is_skipped(rules):
    """E-ACT-2: the next player draws two cards and loses their turn."""
    game = pos(["G+2 G2", "R+2 R5", "G6 G7"], ["G3"], ["Y1", "Y2", "Y3"], rules=rules)
    game.play("G+2")
    assert game.hands[1] == [Card.parse(c) for c in ("R+2", "R5", "Y1", "Y2")]
    assert game.current_player == 2
    assert [type(e) for e in game.events[-3:]] == [ev.Played, ev.Drew, ev.Skipped]


def test_e_act_2_no_stacking_of_draw_two():
    """E-ACT-2 (official): no stacking: the penalised player never gets to answer with a Draw Two."""
    game = pos(["G+2 G2", "R+2 R5", "Y+2 G7"], ["G3"], ["Y1", "Y2", "Y3"])
    game.play("G+2")
    assert len(game.hands[1]) == 4  # the Draw Two was drawn already, not passed on
    assert game.current_player == 2
    # seat 2 may play a Draw Two by symbol, but that is an ordinary play, aimed at seat 0
    game.play("Y+2")
    assert len(game.hands[0]) == 3
    assert game.current_player == 1


@BOTH
def test_e_act_3_reverse_changes_direction(rules):
    """E-ACT-3: Reverse changes direction; the previous player moves next."""
    game = pos(["G4 G5", "GR G2", "G6 G7", "G8 G9"], ["G3"], ["R1"], current=1, rules=rules)
    game.play("GR")
    assert game.direction == -1
    assert game.current_player == 0
    game.play("G4")
    assert game.current_player == 3
    assert "Play now goes counter-clockwise." in game.narrate(EVERYONE)


@BOTH
def test_e_act_3_reverse_twice_restores_clockwise(rules):
    """E-ACT-3: a second Reverse turns play clockwise again."""
    game = pos(["G4 YR", "GR G2", "G6 G7"], ["G3"], ["R1"], current=1, rules=rules)
    game.play("GR")
    game.play("YR")
    assert game.direction == 1
    assert game.current_player == 1


@BOTH
def test_e_act_3_two_players_reverse_acts_like_skip(rules):
    """E-ACT-3 (official): with two players the Reverse acts like a Skip: its player plays again."""
    game = pos(["GR G2 G5", "G4 G6"], ["G3"], ["R1"], rules=rules)
    game.play("GR")
    assert game.current_player == 0
    assert game.direction == -1
    assert isinstance(game.events[-1], ev.Skipped) and game.events[-1].seat == 1
    assert "acts like a Skip" in game.narrate(EVERYONE)[-2]


@BOTH
def test_e_act_4_skip_next_player_loses_turn(rules):
    """E-ACT-4: Skip: the next player loses their turn."""
    game = pos(["GS G2", "G4 G5", "G6 G7"], ["G3"], ["R1"], rules=rules)
    game.play("GS")
    assert game.current_player == 2
    assert [len(h) for h in game.hands] == [1, 2, 2]
    assert game.narrate(EVERYONE)[-1] == "Ben loses their turn."


def test_e_act_4_skip_counter_clockwise_and_two_players():
    """E-ACT-4: Skip follows the direction; with two players the Skip's player plays again."""
    game = pos(["G4 G5", "G6 G7", "GS G2"], ["G3"], ["R1"], current=2, direction=-1)
    game.play("GS")
    assert game.current_player == 0
    two = pos(["GS G2", "G4 G5"], ["G3"], ["R1"])
    two.play("GS")
    assert two.current_player == 0


@BOTH
def test_e_act_5_wild_chosen_colour_decides_next_match(rules):
    """E-ACT-5: the colour chosen for a Wild is the colour the next player must match."""
    game = pos(["W G2", "R4 G5 B1"], ["G3"], ["R1"], rules=rules)
    game.play("W", Color.RED)
    assert {m.card.code for m in game.legal_moves() if m.kind == "play"} == {"R4"}
