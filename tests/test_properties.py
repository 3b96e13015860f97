"""Property tests: many random games with random legal moves (and random UNO calls, catches and
talk from random seats), both rule sets, 2-10 players, seeds from hypothesis.

After every move of every game: every card is accounted for (E-DECK, E-DRAW-3: hands + draw
pile + discard pile is exactly the deck) and there is a legal move until the hand is over
(E-WIN-1). In ``test_random_games_keep_every_invariant`` also the JSON round trip and a random
illegal action (which must raise IllegalMove and leave ``to_json()`` unchanged) at each of the
first 20 moves, at a random 1% of the later moves and at the end: the JSON of a long game's
event log makes checking it at every move too slow for a unit test run.
``test_every_move_round_trips_and_refuses_an_illegal_action`` does both at every move of 120
games whose random players mostly play when they can (shorter hands), and
``test_thousands_of_games_account_for_every_card`` plays 2000 games with the per-move checks."""

import random
from itertools import chain
from operator import attrgetter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_lessons import Card, Game, IllegalMove, Move, Rules, build_deck
from uno_lessons.engine.cards import ALL_CARDS

MAX_MOVES = 3000
DECK_INDICES = {True: sorted(c.index for c in build_deck(True)), False: sorted(c.index for c in build_deck(False))}
RULE_SETS = {"encanto": Rules.encanto(), "classic": Rules.classic()}


_INDEX = attrgetter("index")


def check_cards(game):
    """E-DECK / E-DRAW-3: hands + draw pile + discard pile are exactly the deck."""
    assert sum(map(len, game.hands)) + game.draw_pile_size + len(game.discard_pile) == game.rules.deck_size
    found = sorted(map(_INDEX, chain(*game.hands, game.draw_pile, game.discard_pile)))
    assert found == DECK_INDICES[game.rules.wild_dont_talk]


def check_round_trip(game):
    """The JSON round trip: Game.from_json(t).to_json() == t, with the same legal moves."""
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    assert again.legal_moves() == game.legal_moves()
    return text


def illegal_actions(game, rnd):
    """Actions the rules do not allow now, for the current state."""
    seat = game.current_player
    hand = game.hands[seat]
    legal = game.legal_moves()
    out = []
    absent = [c for c in ALL_CARDS if c not in hand]
    if absent:
        card = rnd.choice(absent)
        out.append(lambda: game.play(card, "R" if card.is_wild else None, 1 - seat if card.code == "WDT" else None))
    if game.phase == "turn":
        stuck = [c for c in hand if not game.can_play(c)]
        if stuck:
            card = rnd.choice(stuck)
            out.append(lambda: game.play(card))
    if game.phase != "drawn":
        out.append(game.keep)
    if game.phase != "challenge":
        out.append(rnd.choice([game.accept, game.challenge]))
    else:
        out.append(lambda: game.draw())
    if Move("pass") not in legal:
        out.append(game.pass_turn)
    if game.phase == "drawn":
        others = [c for c in hand if c != game.drawn]
        if others:
            card = rnd.choice(others)
            out.append(lambda: game.play(card, "B" if card.is_wild else None, 1 - seat if card.code == "WDT" else None))
    wilds = [c for c in hand if c.is_wild and game.phase == "turn"]
    if wilds:
        out.append(lambda: game.play(wilds[0]))  # no colour chosen
    return out


def probe_illegal(game, rnd, before):
    """One random illegal action raises IllegalMove and changes nothing (``before`` is to_json())."""
    legal = game.legal_moves()
    action = rnd.choice(illegal_actions(game, rnd))
    try:
        action()
    except IllegalMove as exc:
        assert str(exc)  # a readable reason
    else:
        raise AssertionError("an illegal action was accepted")
    assert game.to_json() == before
    assert game.legal_moves() == legal


def chatter(game, rnd):
    """E-UNO, E-WDT: random seats say UNO, call each other out or talk, at any moment."""
    n = game.players
    kind = rnd.randrange(6)
    if kind == 0:
        game.say_uno(rnd.randrange(n))
    elif kind == 1 and len(game.hands[game.current_player]) <= 2:
        game.say_uno(game.current_player)
    elif kind == 2 and game.uno_window is not None:
        caller = rnd.choice([s for s in range(n) if s != game.uno_window])
        assert game.catch(caller, game.uno_window) is True  # E-UNO-2: caught in the window
    elif kind == 3:
        caller, target = rnd.sample(range(n), 2)
        game.catch(caller, target)
    elif kind == 4:
        game.talk(rnd.randrange(n))
    elif kind == 5 and game.silenced is not None:
        assert game.talk(game.silenced) is True  # E-WDT-2


def play_random_game(seed, players, rules, chatter_rate, check_rate=0.0, full_checks=0, play_bias=0.0):
    """Play one game; return the number of moves. Checks the invariants as it goes: cards and
    legal moves after every move; the JSON round trip and an illegal probe at the first
    ``full_checks`` moves, then at a random ``check_rate`` share of the moves and at the end."""
    rnd = random.Random(seed)
    game = Game.new(players, rules=rules, seed=seed, dealer=rnd.randrange(players))
    check_cards(game)
    moves = 0
    while not game.is_over:
        if moves < full_checks or rnd.random() < check_rate:
            probe_illegal(game, rnd, check_round_trip(game))
        if rnd.random() < chatter_rate:
            chatter(game, rnd)
            check_cards(game)
        legal = game.legal_moves()
        assert legal, "no legal move before the end of the hand"
        if moves >= MAX_MOVES:
            return moves  # not a failure: there still is a legal move
        plays = [m for m in legal if m.kind == "play"] if play_bias else None
        game.apply(rnd.choice(plays if plays and rnd.random() < play_bias else legal))
        moves += 1
        check_cards(game)
    assert game.legal_moves() == []
    assert game.winner is not None and len(game.hands[game.winner]) == 0
    assert game.points == sum(c.points for h in game.hands for c in h)
    if full_checks:
        check_round_trip(game)
    return moves


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    rules=st.sampled_from(sorted(RULE_SETS)),
    chatter_rate=st.sampled_from([0.0, 0.02, 0.1]),
)
def test_random_games_keep_every_invariant(seed, players, rules, chatter_rate):
    """E-DECK, E-DRAW-3, E-WIN-1, E-UNO-2, E-WDT-2: two random games per example; the JSON round
    trip and an illegal-move probe at each of the first 20 moves, at 1% of the later ones and at
    the end."""
    for k in range(2):
        play_random_game(seed + k, players, RULE_SETS[rules], chatter_rate, check_rate=0.01, full_checks=20)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    rules=st.sampled_from(sorted(RULE_SETS)),
    chatter_rate=st.sampled_from([0.0, 0.05, 0.2]),
)
def test_every_move_round_trips_and_refuses_an_illegal_action(seed, players, rules, chatter_rate):
    """E-DECK, E-DRAW-3, E-WIN-1, E-UNO-2, E-WDT-2: after EVERY move of three random games per
    example, the JSON round trip holds and a random illegal action raises IllegalMove and leaves
    the game unchanged. The random player mostly plays when it can (still only legal moves),
    which keeps hands short enough to check every move."""
    for k in range(3):
        play_random_game(seed + k, players, RULE_SETS[rules], chatter_rate, full_checks=MAX_MOVES,
                         play_bias=0.9)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(sorted(RULE_SETS)))
def test_thousands_of_games_account_for_every_card(seed, rules):
    """E-DECK, E-DRAW-3, E-WIN-1: ten random games per example (2-10 players), every card
    accounted for after every move and a legal move until the end."""
    rnd = random.Random(seed)
    for k in range(10):
        play_random_game(seed * 10 + k, rnd.randint(2, 10), RULE_SETS[rules], 0.02)


def play_seeded(seed, players=4, rules=None):
    rnd = random.Random(seed)
    game = Game.new(players, rules=rules, seed=seed)
    for _ in range(200):
        if game.is_over:
            break
        game.apply(rnd.choice(game.legal_moves()))
    return game.to_json()


def test_same_seed_same_game_different_seeds_differ():
    """E-SETUP-1: the shuffle (and every reshuffle) is reproducible from the seed."""
    for rules in RULE_SETS.values():
        assert play_seeded(7, rules=rules) == play_seeded(7, rules=rules)
        assert Game.new(6, seed=123, rules=rules).to_json() == Game.new(6, seed=123, rules=rules).to_json()
        assert len({play_seeded(s, rules=rules) for s in range(5)}) == 5
        assert Game.new(6, seed=1, rules=rules).hands != Game.new(6, seed=2, rules=rules).hands


def test_a_copied_game_replays_identically():
    """E-DRAW-3: a saved game reshuffles exactly like the original (the RNG state is saved)."""
    rnd = random.Random(3)
    game = Game.new(3, seed=3)
    for _ in range(60):
        game.apply(rnd.choice(game.legal_moves()))
    twin = Game.from_json(game.to_json())
    policy_a, policy_b = random.Random(9), random.Random(9)
    moves = 0
    while not game.is_over:
        game.apply(policy_a.choice(game.legal_moves()))
        twin.apply(policy_b.choice(twin.legal_moves()))
        moves += 1
        if moves % 25 == 0:
            assert twin.to_json() == game.to_json()
    assert twin.to_json() == game.to_json()


def test_card_parse_covers_all_cards():
    assert {Card.parse(c.code) for c in ALL_CARDS} == set(build_deck())
