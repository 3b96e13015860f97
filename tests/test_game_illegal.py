"""Illegal moves raise IllegalMove (a ValueError) with a readable reason and change nothing."""

import pytest

from uno_lessons import Card, Color, Game, IllegalMove, Move, Rules

PILE = ["Y1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"]


def start():
    return Game.from_position(["G7 R1 B9 W WDT", "B3 B4", "Y5 Y6"], ["B3"], PILE)


def after_draw():
    game = Game.from_position(["G7 R1", "B3 B4"], ["B1"], ["Y1"])
    game.draw()  # Y1 matches by number: play it or keep it
    return game


def after_wd4():
    game = Game.from_position(["W+4 R1", "B3 B4", "Y5 Y6"], ["B3"], PILE)
    game.play("W+4", "R")
    return game


CASES = [
    ("E-MATCH-1 no match", start, lambda g: g.play("G7"), "G7 does not match the top card B3"),
    ("not in hand", start, lambda g: g.play("R9"), "Ana does not hold R9"),
    ("E-MATCH-3 colour for a coloured card", start, lambda g: g.play("B9", "R"),
     "B9 is not a wild card: its colour is blue"),
    ("E-ACT-5 wild needs a colour", start, lambda g: g.play("W"), "Choose a colour for the Wild"),
    ("E-WDT-2 target needed", start, lambda g: g.play("WDT", "G"), "Choose which player"),
    ("target for a plain card", start, lambda g: g.apply(Move("play", Card.parse("B9"), None, 1)),
     "Only a Wild Don't Talk chooses a player to silence; B9 does not"),
    ("E-DRAW-2 keep at turn start", start, lambda g: g.keep(), "Keep is only possible just after drawing"),
    ("E-DRAW-3 pass with moves", start, lambda g: g.pass_turn(), "passing is not allowed"),
    ("E-WD4-3 accept nothing", start, lambda g: g.accept(), "There is no Wild Draw Four to accept"),
    ("E-WD4-3 challenge nothing", start, lambda g: g.challenge(), "There is no Wild Draw Four to challenge"),
    ("draw with colour", start, lambda g: g.draw("R"), "Drawing does not take a colour now"),
    ("not a move", start, lambda g: g.apply("play G7"), "is not a move; use one from game.legal_moves()"),
    ("unknown kind", start, lambda g: g.apply(Move("fly")), "is not a move the engine knows"),
    ("E-DRAW-2 other card after draw", after_draw, lambda g: g.play("G7"),
     "only the drawn card (Y1) may be played"),
    ("E-DRAW-2 draw twice", after_draw, lambda g: g.draw(), "has already drawn this turn"),
    ("E-WD4-3 play before answering", after_wd4, lambda g: g.play("B3"),
     "Ben must first accept or challenge the Wild Draw Four"),
    ("E-WD4-3 draw before answering", after_wd4, lambda g: g.draw(), "must first accept or challenge"),
]


@pytest.mark.parametrize(("make", "action", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_illegal_move_message_and_state_unchanged(make, action, words):
    """E-MATCH, E-DRAW, E-WD4, E-WDT: an illegal move is refused with its reason; nothing changes."""
    game = make()
    before = game.to_json()
    moves_before = game.legal_moves()
    with pytest.raises(IllegalMove) as info:
        action(game)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)
    assert game.to_json() == before
    assert game.legal_moves() == moves_before


def test_e_match_1_message_for_a_non_matching_card_names_both_cards():
    """E-MATCH-1: the message reads like a teacher: 'G7 does not match the top card B3'."""
    game = start()
    with pytest.raises(IllegalMove, match=r"^G7 does not match the top card B3: not the same colour \(blue\), "
                                          r"number \(3\) or symbol\.$"):
        game.play("G7")


def test_c_setup_4_draw_must_name_a_colour_after_a_wild_start():
    """C-SETUP-4: after a Wild turned at the start, drawing without naming a colour is refused."""
    for seed in range(3000):
        game = Game.new(3, rules=Rules.classic(), seed=seed)
        if game.current_color is None:
            break
    else:
        pytest.fail("no Wild start found")
    before = game.to_json()
    with pytest.raises(IllegalMove, match="Name a colour first"):
        game.draw()
    assert game.to_json() == before
    game.draw(Color.RED)
    assert game.current_color is Color.RED


def test_bad_card_code_is_a_value_error_not_a_move():
    game = start()
    before = game.to_json()
    with pytest.raises(ValueError, match="is not a card code"):
        game.play("G11")
    with pytest.raises(ValueError, match="is not a colour"):
        game.play("W", "purple")
    assert game.to_json() == before


def test_legal_moves_list_is_a_copy():
    game = start()
    moves = game.legal_moves()
    moves.clear()
    assert game.legal_moves()
