"""Setting up a hand (E-SETUP-1..5, C-SETUP-4) and building positions."""

import hashlib
from collections import Counter

import pytest

from uno_lessons import Card, Color, Game, Rank, Rules, build_deck
from uno_lessons.engine import events as ev
from uno_lessons.engine.events import EVERYONE


def all_cards(game):
    return [c for h in game.hands for c in h] + game.draw_pile + game.discard_pile


def first_turned(game):
    return [e for e in game.events if isinstance(e, ev.Turned)]


def seed_where(rules, predicate, players=4, dealer=0):
    """The first seed whose new game satisfies ``predicate`` (deterministic)."""
    for seed in range(5000):
        game = Game.new(players, rules=rules, seed=seed, dealer=dealer)
        if predicate(game):
            return seed, game
    raise AssertionError("no seed found")


@pytest.mark.parametrize("rules", [Rules.encanto(), Rules.classic()], ids=["encanto", "classic"])
@pytest.mark.parametrize("players", [2, 3, 7, 10])
def test_e_setup_1_2_3_deal_seven_each_rest_is_draw_pile(rules, players):
    """E-SETUP-1..3: the whole deck is shuffled, seven cards each, the rest is the draw pile."""
    game = Game.new(players, rules=rules, seed=players)
    assert Counter(all_cards(game)) == Counter(build_deck(rules.wild_dont_talk))
    assert len(all_cards(game)) == rules.deck_size
    drawn_at_start = sum(e.wanted for e in game.events if isinstance(e, ev.Drew))  # C-SETUP-4 Draw Two
    assert sum(len(h) for h in game.hands) == 7 * players + drawn_at_start
    assert len(game.discard_pile) == 1
    assert game.draw_pile_size == rules.deck_size - 7 * players - 1 - drawn_at_start
    assert isinstance(game.events[0], ev.Dealt)
    assert f"deals 7 cards to each of the {players} players" in game.narrate(EVERYONE)[0]


def test_e_setup_1_shuffle_depends_on_the_seed():
    """E-SETUP-1: the dealer shuffles: different seeds give different deals, the same seed the same."""
    assert Game.new(4, seed=1).to_json() == Game.new(4, seed=1).to_json()
    assert Game.new(4, seed=1).hands != Game.new(4, seed=2).hands


def test_e_setup_2_deal_goes_round_starting_left_of_dealer():
    """E-SETUP-2: cards are dealt one at a time, starting with the player left of the dealer."""
    a = Game.new(3, seed=7, dealer=0)
    b = Game.new(3, seed=7, dealer=2)
    # the same shuffle: the seat after the dealer receives the same cards in both deals
    assert a.hands[1] == b.hands[0]
    assert a.hands[2] == b.hands[1]
    assert a.hands[0] == b.hands[2]


@pytest.mark.parametrize("dealer", [0, 1, 3])
def test_e_setup_5_player_left_of_dealer_starts_clockwise(dealer):
    """E-SETUP-5: the player to the left of the dealer starts; direction +1."""
    _, game = seed_where(Rules.encanto(), lambda g: True, players=4, dealer=dealer)
    assert game.current_player == (dealer + 1) % 4
    assert game.direction == 1
    assert game.dealer == dealer


def test_e_setup_4_encanto_action_card_is_turned_back_and_reflipped():
    """E-SETUP-4: an action card turned first goes back into the pile; a number card starts."""
    seed, game = seed_where(Rules.encanto(), lambda g: first_turned(g)[0].returned)
    turned = first_turned(game)
    assert turned[0].card.is_action
    assert all(t.returned for t in turned[:-1]) and not turned[-1].returned
    assert game.top_card.is_number and game.top_card == turned[-1].card
    assert len(game.discard_pile) == 1
    assert Counter(all_cards(game)) == Counter(build_deck())  # no card is lost
    assert turned[0].card in game.draw_pile
    assert "it is an action card" in turned[0].describe(None, EVERYONE)
    assert game.current_player == 1 and game.direction == 1
    assert all(len(h) == 7 for h in game.hands)


def test_e_setup_4_encanto_first_card_is_always_a_number():
    """E-SETUP-4: over many deals the first discard is never an action card."""
    for seed in range(300):
        game = Game.new(3, seed=seed)
        assert game.top_card.is_number
        assert game.current_color is game.top_card.color


def test_c_setup_4_classic_draw_two_first():
    """C-SETUP-4: a Draw Two turned first: the first player draws two and is skipped."""
    _, game = seed_where(Rules.classic(), lambda g: g.top_card.rank is Rank.DRAW_TWO)
    assert len(game.hands[1]) == 9
    assert game.current_player == 2
    assert game.direction == 1
    kinds = [type(e) for e in game.events]
    assert kinds[-3:] == [ev.StartEffect, ev.Drew, ev.Skipped]
    assert "draws 2 cards and is skipped" in game.narrate(EVERYONE)[-3]
    assert Counter(all_cards(game)) == Counter(build_deck(False))


def test_c_setup_4_classic_skip_first():
    """C-SETUP-4: a Skip turned first: the first player is skipped."""
    _, game = seed_where(Rules.classic(), lambda g: g.top_card.rank is Rank.SKIP)
    assert game.current_player == 2
    assert all(len(h) == 7 for h in game.hands)
    assert isinstance(game.events[-1], ev.Skipped) and game.events[-1].seat == 1


def test_c_setup_4_classic_reverse_first_dealer_starts_counter_clockwise():
    """C-SETUP-4: a Reverse turned first: the dealer plays first, counter-clockwise."""
    _, game = seed_where(Rules.classic(), lambda g: g.top_card.rank is Rank.REVERSE, dealer=2)
    assert game.current_player == 2
    assert game.direction == -1
    assert game.next_seat() == 1
    assert "the dealer, Caro, plays first" in game.narrate(EVERYONE)[-1]


def test_c_setup_4_classic_wild_first_player_chooses_colour():
    """C-SETUP-4: a Wild turned first: the first player chooses the colour, then plays."""
    _, game = seed_where(Rules.classic(), lambda g: g.top_card.rank is Rank.WILD)
    assert game.current_color is None
    assert game.current_player == 1
    moves = game.legal_moves()
    # every card in the hand can be played (playing a coloured card chooses its colour)
    played = {m.card for m in moves if m.kind == "play"}
    assert played == set(game.hands[1])
    # or the colour is named with the draw
    draws = [m for m in moves if m.kind == "draw"]
    assert {m.color for m in draws} == set(Color)
    card = game.draw("G")
    assert game.current_color is Color.GREEN
    assert card in game.hands[1]


def test_c_setup_4_classic_wild_draw_four_first_is_reflipped():
    """C-SETUP-4: a Wild Draw Four turned first goes back, the pile is reshuffled, another turned."""
    _, game = seed_where(Rules.classic(), lambda g: first_turned(g)[0].card.rank is Rank.WILD_DRAW_FOUR)
    turned = first_turned(game)
    assert turned[0].returned
    assert game.top_card.rank is not Rank.WILD_DRAW_FOUR
    assert Counter(all_cards(game)) == Counter(build_deck(False))


def test_e_setup_4_vs_c_setup_4_same_action_card_differs_by_rules():
    """E-SETUP-4 vs C-SETUP-4: in Encanto no action card is ever the first discard."""
    seed, classic = seed_where(Rules.classic(), lambda g: g.top_card.is_action)
    encanto = Game.new(4, rules=Rules.encanto(), seed=seed)
    assert classic.top_card.is_action
    assert encanto.top_card.is_number


@pytest.mark.parametrize("players", [1, 11])
def test_player_count_must_be_2_to_10(players):
    """Two rule sets: 2-10 players."""
    with pytest.raises(ValueError, match="2 to 10 players"):
        Game.new(players)
    with pytest.raises(ValueError, match="2 to 10 players"):
        Game.new(players, rules=Rules.classic())


def test_names_and_bad_dealer():
    game = Game.new(["Mirabel", "Bruno"], seed=0)
    assert game.names == ["Mirabel", "Bruno"]
    assert Game.new(3, seed=0).names == ["Ana", "Ben", "Caro"]
    with pytest.raises(ValueError, match="dealer"):
        Game.new(3, dealer=3)
    with pytest.raises(ValueError, match="not one string"):
        Game.new("Ana")


def test_from_position_reads_codes():
    """Positions: hands by seat, discard[-1] on top, draw_pile[0] drawn next."""
    game = Game.from_position(["G7 R1", "B3 B4"], "Y2 B3", ["R5", "R6"], current=1, direction=-1)
    assert game.top_card == Card.parse("B3")
    assert game.current_color is Color.BLUE
    assert game.draw_pile == [Card.parse("R5"), Card.parse("R6")]
    assert game.current_player == 1 and game.direction == -1
    game.play("B4")
    assert game.current_player == 0
    assert game.draw() == Card.parse("R5")


def test_from_position_validation():
    with pytest.raises(ValueError, match="say which colour"):
        Game.from_position(["G1", "G2"], ["W"])
    with pytest.raises(ValueError, match="cannot be in force"):
        Game.from_position(["G1", "G2"], ["B3"], color="R")
    with pytest.raises(ValueError, match="at least one card"):
        Game.from_position(["G1", "G2"], [])
    with pytest.raises(ValueError, match="current must be"):
        Game.from_position(["G1", "G2"], ["B3"], current=2)
    with pytest.raises(ValueError, match="direction"):
        Game.from_position(["G1", "G2"], ["B3"], direction=0)
    with pytest.raises(ValueError, match="1 × R0"):
        Game.from_position(["R0", "R0"], ["B3"])
    with pytest.raises(ValueError, match="0 × WDT"):
        Game.from_position(["WDT", "G2"], ["B3"], rules=Rules.classic())
    with pytest.raises(ValueError, match="2 to 10"):
        Game.from_position(["G1"], ["B3"])


def test_e_setup_3_rest_of_the_cards_is_the_draw_pile():
    """E-SETUP-3: after dealing, the rest of the cards form the draw pile; drawing takes its top."""
    game = Game.new(4, seed=21)
    assert game.draw_pile_size == 112 - 4 * 7 - 1
    assert len(game.draw_pile) == game.draw_pile_size
    next_card = game.draw_pile[0]
    seat = game.current_player
    assert game.draw() == next_card
    assert game.hands[seat][-1] == next_card
    assert game.draw_pile_size == 112 - 4 * 7 - 2


def test_e_setup_2_house_rule_dealing_too_many_cards_is_refused():
    """E-SETUP-2 with a house rule: hands larger than the deck allows raise ValueError."""
    import pytest

    from uno_lessons import Game, Rules

    with pytest.raises(ValueError, match="need more than the 112 cards"):
        Game.new(10, rules=Rules.encanto().replace(hand_size=12))
    with pytest.raises(ValueError, match="can start the discard pile"):
        Game.new(10, rules=Rules.encanto().replace(hand_size=11), seed=2)


def test_same_seed_same_game_as_before_the_speed_work():
    """Game.new(seed=...) deals exactly what it dealt before setup was made faster (digest of
    the saved games, computed with commit 7ddeae5): notebooks, tests and saves rely on it."""
    h = hashlib.sha256()
    for rules in (Rules.encanto(), Rules.classic()):
        for n in range(2, 11):
            for s in range(40):
                h.update(Game.new(n, rules=rules, seed=s, dealer=s % n).to_json().encode())
    assert h.hexdigest()[:16] == "3f9040d25d6f9ff8"


def test_many_games_from_one_generator():
    """Game.new(rng=generator) deals from the Generator given and keeps it for reshuffles:
    the same Generator state gives the same games, one after another."""
    import numpy as np

    def deal(seed):
        rng = np.random.default_rng(seed)
        return [Game.new(4, rng=rng).to_json() for _ in range(5)]

    first = deal(3)
    assert first == deal(3) and first != deal(4)
    assert len(set(first)) == 5  # each game is a new shuffle
    # one game from a fresh Generator of seed s is the game of seed=s
    assert Game.new(4, rng=np.random.default_rng(9)).to_json() == Game.new(4, seed=9).to_json()
    with pytest.raises(ValueError, match="not both"):
        Game.new(4, seed=1, rng=np.random.default_rng(1))
    with pytest.raises(ValueError, match="numpy Generator"):
        Game.new(4, rng=7)


def test_a_draw_two_turned_first_says_the_rules_count_and_a_save_keeps_it():
    rules = Rules.classic().replace(draw_two_count=3)
    _, game = seed_where(rules, lambda g: g.top_card.rank is Rank.DRAW_TWO)
    start = next(e for e in game.events if isinstance(e, ev.StartEffect))
    assert start.draws == 3 and len(game.hands[1]) == 10
    said = game.narrate(EVERYONE)
    assert "The first card is a Draw Two: Ben draws 3 cards and is skipped." in said
    assert Game.from_json(game.to_json()).narrate(EVERYONE) == said
    # The preset's count is left out of a save, so a save of the box's rules reads as before.
    assert ev.StartEffect(Card.parse("R+2"), 1).to_list() == ["start_effect", "R+2", 1]
    assert ev.StartEffect(Card.parse("R+2"), 1, 3).to_list() == ["start_effect", "R+2", 1, 3]
