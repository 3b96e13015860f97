"""Cards, codes and points (E-DECK, E-SCORE-2, E-SCORE-3)."""

from collections import Counter

import pytest

from uno_lessons import Card, Color, Rank, build_deck, hand_points, parse_cards, sort_cards


def test_e_deck_encanto_has_112_cards():
    """E-DECK: 76 number cards + 24 action cards + 12 wilds = 112 in UNO: Encanto."""
    deck = build_deck()
    assert len(deck) == 112
    numbers = [c for c in deck if c.is_number]
    actions = [c for c in deck if c.rank in (Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO)]
    wilds = [c for c in deck if c.is_wild]
    assert (len(numbers), len(actions), len(wilds)) == (76, 24, 12)


def test_e_deck_classic_has_108_cards_and_no_wild_dont_talk():
    """E-DECK: the classic deck has no Wild Don't Talk: 108 cards."""
    deck = build_deck(with_wild_dont_talk=False)
    assert len(deck) == 108
    assert Card.parse("WDT") not in deck
    assert Counter(c.code for c in deck)["W"] == 4


def test_e_deck_per_colour_counts():
    """E-DECK: per colour one 0, two each of 1-9, two Skip, two Reverse, two Draw Two."""
    counts = Counter(c.code for c in build_deck())
    for color in "RYGB":
        assert counts[color + "0"] == 1
        for digit in "123456789":
            assert counts[color + digit] == 2
        for symbol in ("S", "R", "+2"):
            assert counts[color + symbol] == 2
        assert sum(n for code, n in counts.items() if code[0] == color and code != "W") == 25
    assert counts["W"] == counts["W+4"] == counts["WDT"] == 4


def test_e_deck_wilds_have_no_colour():
    """E-DECK: wild cards have no colour; giving one a colour is refused."""
    for code in ("W", "W+4", "WDT"):
        assert Card.parse(code).color is None
        assert Card.parse(code).is_wild
    with pytest.raises(ValueError, match="no colour of its own"):
        Card(Color.RED, Rank.WILD)
    with pytest.raises(ValueError, match="needs a colour"):
        Card(None, Rank.SEVEN)


@pytest.mark.parametrize(
    ("code", "color", "rank", "name"),
    [
        ("R0", Color.RED, Rank.ZERO, "red 0"),
        ("G3", Color.GREEN, Rank.THREE, "green 3"),
        ("B9", Color.BLUE, Rank.NINE, "blue 9"),
        ("YS", Color.YELLOW, Rank.SKIP, "yellow Skip"),
        ("BR", Color.BLUE, Rank.REVERSE, "blue Reverse"),
        ("G+2", Color.GREEN, Rank.DRAW_TWO, "green Draw Two"),
        ("W", None, Rank.WILD, "Wild"),
        ("W+4", None, Rank.WILD_DRAW_FOUR, "Wild Draw Four"),
        ("WDT", None, Rank.WILD_DONT_TALK, "Wild Don't Talk"),
    ],
)
def test_e_deck_short_codes_round_trip(code, color, rank, name):
    """E-DECK: every short code in the table parses to its card and prints back."""
    card = Card.parse(code)
    assert (card.color, card.rank) == (color, rank)
    assert str(card) == code
    assert card.name == name
    assert Card.parse(code.lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_e_deck_bad_codes_are_refused_with_a_hint():
    """E-DECK: a bad code raises ValueError that lists the valid forms."""
    for bad in ("X3", "G10", "", "W+2", "RWDT"):
        with pytest.raises(ValueError, match="is not a card code"):
            Card.parse(bad)


def test_cards_helper_accepts_text_or_list():
    assert parse_cards("G3 Y3 W") == parse_cards(["G3", "Y3", "W"]) == [Card.parse(c) for c in ("G3", "Y3", "W")]


def test_colour_parse_letters_and_names():
    assert Color.parse("g") is Color.parse("green") is Color.parse(Color.GREEN) is Color.GREEN
    assert Color.GREEN.label == "green"
    with pytest.raises(ValueError, match="is not a colour"):
        Color.parse("purple")


def test_cards_are_equal_by_code_and_hashable():
    a, b = Card(Color.GREEN, Rank.THREE), Card.parse("G3")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Card.parse("Y3")}) == 2
    assert a is b  # one object per card code
    assert sort_cards(parse_cards("W B1 R0 G3")) == parse_cards("R0 G3 B1 W")


def test_e_score_2_points_per_card():
    """E-SCORE-2: number cards score face value, Skip/Reverse/Draw Two 20, every wild 50."""
    assert [Card.parse(c).points for c in ("R0", "G3", "B9")] == [0, 3, 9]
    assert [Card.parse(c).points for c in ("YS", "BR", "G+2")] == [20, 20, 20]
    assert [Card.parse(c).points for c in ("W", "W+4", "WDT")] == [50, 50, 50]
    assert hand_points([]) == 0


def test_e_score_3_worked_example_227_points():
    """E-SCORE-3: a 4, a 5 and an 8 (17), three 20-point cards (60), three wilds (150) = 227."""
    left_over = "R4 Y5 B8 GS YR B+2 W W+4 WDT"
    assert len(left_over.split()) == 9
    assert hand_points(left_over.split()) == 227
    assert hand_points(parse_cards(left_over)) == 227
    assert hand_points(["R4", "Y5", "B8"]) == 17
    assert hand_points(["GS", "YR", "B+2"]) == 60
    assert hand_points(["W", "W+4", "WDT"]) == 150


def test_e_score_2_full_deck_points():
    """E-SCORE-2: the whole Encanto deck is worth 4*(0+2*45) + 24*20 + 12*50 points."""
    assert hand_points(build_deck()) == 4 * 90 + 24 * 20 + 12 * 50
    assert hand_points(build_deck(False)) == 4 * 90 + 24 * 20 + 8 * 50
