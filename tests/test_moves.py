"""Matching and its explanations (E-MATCH), moves as values, the Wild Draw Four honesty
check (E-WD4-2, C-WD4-2)."""

import pytest

from uno_lessons import Card, Color, IllegalMove, Move, explain_match, matches
from uno_lessons.engine.moves import wild_draw_four_honest


def c(code):
    return Card.parse(code)


def test_e_match_4_green_3_worked_example():
    """E-MATCH-4: on a green 3, G2 matches by colour, Y3 by number, the three wilds anything."""
    top = c("G3")
    assert matches(c("G2"), top, Color.GREEN)
    assert "by colour" in explain_match("G2", "G3")
    assert matches(c("Y3"), top, Color.GREEN)
    assert "by number" in explain_match("Y3", "G3")
    for wild in ("W", "W+4", "WDT"):
        assert matches(c(wild), top, Color.GREEN)
        assert "wild card and matches every card" in explain_match(wild, "G3")
    assert not matches(c("Y2"), top, Color.GREEN)


def test_e_match_4_reverse_on_reverse_matches_by_symbol():
    """E-MATCH-4: with a Reverse on top, a Reverse of another colour matches by symbol."""
    assert matches(c("BR"), c("GR"), Color.GREEN)
    assert "by symbol" in explain_match("BR", "GR")
    assert not matches(c("BS"), c("GR"), Color.GREEN)


@pytest.mark.parametrize("symbol", ["S", "R", "+2"])
def test_e_match_1_symbol_on_symbol(symbol):
    """E-MATCH-1: Skip on Skip, Reverse on Reverse, Draw Two on Draw Two, across colours."""
    assert matches(c("Y" + symbol), c("R" + symbol), Color.RED)
    assert "by symbol" in explain_match("Y" + symbol, "R" + symbol)


def test_e_match_1_nothing_in_common_does_not_match():
    """E-MATCH-1: a card of another colour, number and symbol does not match; the sentence says why."""
    assert not matches(c("G7"), c("B3"), Color.BLUE)
    text = explain_match("G7", "B3")
    assert "G7 does not match the top card B3" in text
    assert "blue" in text
    text = explain_match("G7", "BS")
    assert "does not match the top card BS" in text and "Skip" in text


def test_e_match_2_wilds_match_everything():
    """E-MATCH-2: Wild, Wild Draw Four and Wild Don't Talk match every card, wilds included."""
    for wild in ("W", "W+4", "WDT"):
        for top, color in (("R0", Color.RED), ("BS", Color.BLUE), ("W+4", Color.YELLOW), ("WDT", Color.GREEN)):
            assert matches(c(wild), c(top), color)


def test_e_match_3_after_a_wild_the_chosen_colour_counts():
    """E-MATCH-3: after a wild, only the chosen colour matches (a wild on a wild by 'symbol' does
    not make a coloured card match)."""
    assert matches(c("Y5"), c("W"), Color.YELLOW)
    assert not matches(c("R5"), c("W"), Color.YELLOW)
    assert "yellow was chosen for the Wild" in explain_match("Y5", "W", "Y")
    text = explain_match("R5", "W+4", "yellow")
    assert "does not match" in text and "yellow" in text and "red" in text


def test_e_match_3_colour_in_force_overrides_top_colour():
    """E-MATCH-3: the colour in force decides, e.g. a Wild turned first with no colour yet."""
    assert matches(c("R5"), c("W"), None)
    assert explain_match("R5", "W", None).startswith("R5 matches: the first player chooses the colour")


def test_e_wd4_2_encanto_other_wilds_count_as_matching():
    """E-WD4-2: in the Encanto text a wild card in the hand counts as matching the colour."""
    hand = [c("W+4"), c("W"), c("Y5")]
    assert not wild_draw_four_honest(hand, Color.GREEN, wilds_count=True, played=c("W+4"))
    assert wild_draw_four_honest(hand, Color.GREEN, wilds_count=False, played=c("W+4"))


def test_c_wd4_2_classic_only_the_colour_counts():
    """C-WD4-2: only a card of the current colour makes the Wild Draw Four illegal."""
    assert wild_draw_four_honest([c("W+4"), c("W+4"), c("W")], Color.RED, False, c("W+4"))
    assert not wild_draw_four_honest([c("W+4"), c("R1")], Color.RED, False, c("W+4"))


def test_e_wd4_2_matching_by_number_does_not_count():
    """E-WD4-2: the rule is about the current *colour*: a same-number card does not block it."""
    # top G7: a Y7 matches by number, but is not green
    assert wild_draw_four_honest([c("W+4"), c("Y7"), c("B2")], Color.GREEN, True, c("W+4"))
    assert not wild_draw_four_honest([c("W+4"), c("G1")], Color.GREEN, True, c("W+4"))


def test_e_wd4_2_the_played_card_itself_is_left_out_once():
    """E-WD4-2: the Wild Draw Four being played does not block itself, but a second one does
    in the Encanto reading."""
    assert wild_draw_four_honest([c("W+4")], Color.BLUE, True, c("W+4"))
    assert not wild_draw_four_honest([c("W+4"), c("W+4")], Color.BLUE, True, c("W+4"))


def test_move_text_and_equality():
    wild = Move("play", c("W"), Color.RED)
    assert str(wild) == "play W choosing red"
    assert str(Move("play", c("WDT"), Color.BLUE, 2)) == "play WDT choosing blue silencing seat 2"
    assert str(Move("play", c("W+4"), Color.GREEN, honest=False)) == "play W+4 choosing green (bluff)"
    assert Move("play", c("W+4"), Color.GREEN, honest=False).is_bluff
    assert str(Move("draw", color=Color.YELLOW)) == "choose yellow and draw"
    assert str(Move("keep")) == "keep"
    # honesty is not part of equality: a Move built by hand finds the engine's own copy
    assert Move("play", c("W+4"), Color.GREEN) == Move("play", c("W+4"), Color.GREEN, honest=True)


def test_illegal_move_is_a_value_error():
    assert issubclass(IllegalMove, ValueError)


def test_e_match_the_game_asks_the_one_matching_rule():
    """E-MATCH-1..3: Game.can_play, the tables (PLAYABLE, and PLAYS_ON that legal_moves reads)
    and matches agree for every card on every top card under every colour in force."""
    from uno_lessons import Game
    from uno_lessons.engine.cards import ALL_CARDS
    from uno_lessons.engine.moves import PLAIN_PLAYS, PLAYABLE, PLAYS_ON, WILD_PLAYS

    for top in ALL_CARDS:
        for color in (None, *Color):
            game = Game.from_position(["R1", "G2"], [top.code], ["B3"], color="R" if top.is_wild else None)
            game.current_color = color  # any colour in force, even one this top could not have
            for card in ALL_CARDS:
                assert game.can_play(card) is matches(card, top, color) is (card in PLAYABLE[top][color])
                # PLAYS_ON holds the card's own interned play where it matches, None where not
                play = PLAYS_ON[top][color][card.index]
                if not matches(card, top, color):
                    assert play is None
                else:
                    assert play is (WILD_PLAYS if card.is_wild else PLAIN_PLAYS[card.index])


def test_the_engines_own_moves_are_numbered_and_a_move_made_by_hand_is_not():
    """Move.uid: every move legal_moves hands out has a number of its own (the same object,
    the same number; another object, another number); a Move made by hand has 0, and the
    number is never compared: it equals, and hashes as, the engine's move."""
    import random

    import numpy as np

    from uno_lessons import Game, Rules
    from uno_lessons.engine.moves import DRAW

    by_uid: dict[int, Move] = {}
    for rules in (Rules.encanto(), Rules.classic(), Rules.encanto().replace(seven_zero=True, stacking=True)):
        game, pick = Game.new(5, rules=rules, rng=np.random.default_rng(4)), random.Random(4)
        for _step in range(300):
            if game.winner is not None:
                break
            moves = game.legal_moves()
            for move in moves:
                assert move.uid > 0
                assert by_uid.setdefault(move.uid, move) is move
            game.apply(pick.choice(moves))
    assert len(by_uid) > 60
    by_hand = Move("draw")
    assert by_hand.uid == 0 and DRAW.uid > 0
    assert by_hand == DRAW and hash(by_hand) == hash(DRAW) and repr(by_hand) == repr(DRAW)
