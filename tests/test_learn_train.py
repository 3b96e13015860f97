"""Training by REINFORCE is seeded and learns; evaluation gives win rates with 95% intervals."""

import numpy as np
import pytest

from uno_lessons.learn import FEATURES, Z95, Policy, evaluate, plot_evaluation, plot_training, train
from uno_lessons.simulation.estimate import wilson


def test_a_short_seeded_run_beats_the_random_bot():
    run = train(games=300, learning_rate=0.3, seed=5)
    result = evaluate({"learned": run.policy, "random": "random"}, games=120, seed=9)
    assert result.beats("learned", "random"), result
    assert run.policy.weights[FEATURES.index("draws")] < 0  # it learned to play rather than draw


def test_training_repeats_with_its_seed_and_differs_without():
    a = train(games=40, seed=1)
    assert np.array_equal(a.policy.weights, train(games=40, seed=1).policy.weights)
    assert not np.array_equal(a.policy.weights, train(games=40, seed=2).policy.weights)
    assert a.history.shape == (40, len(FEATURES)) and np.array_equal(a.history[-1], a.policy.weights)


def test_the_reward_drives_the_update():
    """A reward that never changes leaves nothing to learn: every weight stays where it started."""
    flat = train(games=30, reward=lambda game, seat: 0.0, seed=3)
    assert not flat.policy.weights.any()
    cards = train(games=30, reward="cards", seed=3)
    assert cards.policy.weights.any() and set(np.unique(cards.rewards)) != {0.0, 1.0}


def test_added_features_and_opponents():
    run = train(FEATURES + ("next_player_cards",), opponents=["random", "sensible"], games=30, seed=4)
    assert run.policy.features[-1] == "next_player_cards" and run.policy.weights.size == len(FEATURES) + 1
    with pytest.raises(ValueError, match="no feature called 'peek'"):
        train(("peek",), games=1)
    with pytest.raises(ValueError, match="no reward called 'money'"):
        train(games=1, reward="money")
    start = Policy("s", FEATURES[:3], np.ones(3))
    with pytest.raises(ValueError, match="features differ"):
        train(games=1, start=start)


def test_evaluation_intervals_and_pairs():
    zero = Policy("zero", FEATURES, np.zeros(len(FEATURES)))
    e = evaluate({"sensible": "sensible", "zero": zero}, opponents=["sensible"], games=30, seed=2)
    assert e.players == 2 and e.fair_share == 0.5
    est = e.win_rates["sensible"]
    low, high = e.interval("sensible")
    assert low < est.value < high
    # Wilson's interval is close to value ± 1.96 SE away from 0 and 1 ...
    assert (low, high) == pytest.approx((est.value - Z95 * est.stderr, est.value + Z95 * est.stderr), abs=0.03)
    # ... and at 0 wins in 100 games still allows a few percent (about 3.7%).
    assert wilson(0, 100) == pytest.approx((0.0, 0.037), abs=0.001)
    # ... and near 100% does not shrink to nothing either (lesson 9's 299 wins in 300).
    assert wilson(299, 300) == pytest.approx((0.981, 0.999), abs=0.001)
    assert est.value == e.wins["sensible"].mean()
    assert sum(e.both("sensible", "zero").values()) == 30
    pair = e.compare("sensible", "zero")  # deal by deal: the deals only one of them won, and the sign test
    counts = e.both("sensible", "zero")
    assert (pair.higher, pair.lower) == (counts["only sensible"], counts["only zero"]) and pair.n == 30
    assert pair.effect.value == pytest.approx(est.value - e.win_rates["zero"].value)
    assert e.beats("sensible", "zero") == (pair.higher > pair.lower and pair.p < 0.05)
    again = evaluate({"sensible": "sensible"}, opponents=["sensible"], games=30, seed=2)
    assert np.array_equal(again.wins["sensible"], e.wins["sensible"])
    assert "95%" in repr(e)
    assert evaluate(zero, opponents=["random"], games=4).win_rates.keys() == {"zero"}


def test_plots_say_what_they_show():
    run = train(games=20, seed=1)
    text = plot_training(run, blocks=4, fair=0.25).description
    assert "4 runs of 5" in text
    e = evaluate({"random": "random"}, opponents=["random"], games=6, seed=1)
    assert "random" in plot_evaluation(e).description and "95%" in plot_evaluation(e).description


def test_training_variants_are_compared_over_several_seeds_on_the_same_deals():
    from uno_lessons.learn import compare_training, describe_variant

    c = compare_training([{}, {"reward": "cards"}], seeds=(1, 2), games=30, eval_games=20, eval_seed=3,
                         opponents=["sensible"])
    assert c.labels == ("the default training", "reward cards") and c.seeds == (1, 2)
    # one training per seed and variant, each as train() would make it alone
    again = train(seed=2, games=30, learning_rate=0.3, opponents=("sensible",), reward="cards")
    assert np.array_equal(c.runs["reward cards"][1].policy.weights, again.policy.weights)
    rates = c.win_rates("reward cards")
    assert rates.shape == (2,) and c.spread("reward cards") == pytest.approx(np.std(rates, ddof=1))
    assert c.mean("reward cards").stderr == pytest.approx(c.spread("reward cards") / np.sqrt(2))
    # every policy played the same deals
    assert {w.size for w in c.evaluation.wins.values()} == {20} and len(c.evaluation.wins) == 4
    pair = c.compare("reward cards")
    assert pair.kind == "trainings" and pair.n == 2 and "seed-by-seed" in repr(pair)
    text = repr(c)
    assert "spread between trainings" in text and text.count("± is one standard error") == 1
    assert describe_variant({"features": FEATURES + ("next_player_cards",)}) == "features + next_player_cards"
    assert describe_variant({"reward": lambda g, s: 0.0}) == "reward <lambda>"
    with pytest.raises(ValueError, match="same label"):
        compare_training([{}, {}], seeds=(1,), games=2, eval_games=2)
