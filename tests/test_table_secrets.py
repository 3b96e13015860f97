"""A curious learner cannot read a class table ahead (issue 20, items 1 and 5).

The attack is the one a learner with the package in JupyterLab could run: take their own
seven cards (all their page shows of the deal) and try every seed they could guess,
dealing each the way the engine does. Against a table made with a small seed it finds the
seed at once (so the search works); against a table made without one (a secret seed of 128
bits) none of the first million seeds deals that hand.
"""

from __future__ import annotations

import multiprocessing as mp

import numpy as np
import pytest

from uno_lessons import Game, Rules
from uno_lessons.engine.cards import build_deck
from uno_lessons.table import TableConfig, open_store
from uno_lessons.table.config import SEED_BITS
from uno_lessons.table.state import TableState

GUESSES = 1_000_000
PLAYERS = 4
SEAT = 2


def _deck_ids(rules: Rules) -> tuple[np.ndarray, dict[str, int]]:
    deck = build_deck(rules.wild_dont_talk)
    ids: dict[str, int] = {}
    return np.array([ids.setdefault(c.code, len(ids)) for c in deck]), ids


def first_hand(seed: int, players: int, seat: int, rules: Rules) -> list[str]:
    """The attacker's fast deal: what ``seat`` is dealt first at a table with ``seed``,
    computed from the shuffle alone (checked against the engine below)."""
    deck = build_deck(rules.wild_dont_talk)
    order = _first_order(seed, len(deck))
    return sorted(deck[i].code for i in _seat_positions(order, players, seat, rules.hand_size))


def _first_order(seed: int, size: int) -> np.ndarray:
    # The match's first hand is dealt from the first child of SeedSequence(seed).
    child = np.random.SeedSequence(seed, spawn_key=(0,))
    return np.random.default_rng(child).permutation(size)


def _seat_positions(order: np.ndarray, players: int, seat: int, size: int) -> np.ndarray:
    # Dealer 0 deals one card at a time from the top (the end): the k-th card goes to seat k + 1.
    dealt = players * size
    k = np.arange((seat - 1) % players, dealt, players)
    return order[len(order) - 1 - k]


def search(args: tuple[int, int, tuple[int, ...]]) -> list[int]:
    """Seeds in [start, stop) whose first deal gives seat SEAT exactly ``hand`` (card ids)."""
    start, stop, hand = args
    rules = Rules.encanto()
    ids, _ = _deck_ids(rules)
    want = np.array(hand)
    size = len(ids)
    found = []
    for seed in range(start, stop):
        got = np.sort(ids[_seat_positions(_first_order(seed, size), PLAYERS, SEAT, rules.hand_size)])
        if np.array_equal(got, want):
            found.append(seed)
    return found


def try_every_seed(hand_codes: list[str], guesses: int) -> list[int]:
    """Every seed below ``guesses`` that deals ``hand_codes`` to seat SEAT, on both cores."""
    _ids, index = _deck_ids(Rules.encanto())
    hand = tuple(sorted(index[c] for c in hand_codes))
    chunks = [(i, min(i + 50_000, guesses), hand) for i in range(0, guesses, 50_000)]
    with mp.get_context("spawn").Pool(2) as pool:
        return sorted(s for part in pool.map(search, chunks) for s in part)


def learners_own_cards(store, code: str) -> list[str]:
    """All a learner at seat SEAT knows of the deal: their own hand on their page."""
    for _ in range(SEAT):
        store.join(code)
    me = store.join(code)
    assert me.seat == SEAT
    view = me.view()
    assert view.hands is None and all(n == 7 for n in view.play.hand_sizes)
    return [c.code for c in view.play.hand]


def test_the_attackers_deal_is_the_engines():
    for seed in (0, 5, 123_456, 2**127 + 3):
        config = TableConfig.make(PLAYERS, seed=seed)
        game = TableState(config).game
        assert first_hand(seed, PLAYERS, SEAT, config.rules) == sorted(c.code for c in game.hands[SEAT])
        assert isinstance(game, Game)


def test_a_table_made_with_a_small_seed_is_found_by_trying_seeds(tmp_path):
    """The search is real: a seed below a million is found from one learner's own cards."""
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    code, _key = store.create(PLAYERS, seed=654_321)
    assert 654_321 in try_every_seed(learners_own_cards(store, code), 700_000)


def test_a_table_made_without_a_seed_cannot_be_found_from_a_learners_cards(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    code, _key = store.create(PLAYERS)  # as the New game form makes a class table
    secret = store.load(code).config.seed
    assert secret.bit_length() > SEED_BITS - 24  # 128 random bits (this fails once in 16 million)
    assert try_every_seed(learners_own_cards(store, code), GUESSES) == []


def test_secret_seeds_differ_and_show_on_no_page(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    tables = [store.create(3, ["human", "human", "sensible"]) for _ in range(5)]
    seeds = {store.load(code).config.seed for code, _key in tables}
    assert len(seeds) == 5
    code, key = tables[0]
    seed = str(store.load(code).config.seed)
    pages = [store.join(code), store.watch(code), store.teacher(code, key)]
    for page in pages:
        page.sync()
        view = page.view()
        assert seed not in repr(view) and seed not in repr(page.state.config)
        assert seed not in " ".join(view.play.log)


@pytest.mark.parametrize("seed", [7, 2**100 + 1])
def test_a_seed_given_on_purpose_still_deals_the_same_game(tmp_path, seed):
    store = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    one, _ = store.create(4, seed=seed)
    two, _ = store.create(4, seed=seed)
    assert store.load(one).game.hands == store.load(two).game.hands
