"""Policies as data: features from one seat's view, saving and loading (and every refusal),
and the policy bot playing whole seeded games by the rules."""

import io
import json
import zipfile

import numpy as np
import pytest

from uno_lessons import Game, Rules
from uno_lessons.engine.bots import make_bots, run_hand
from uno_lessons.learn import (
    EXTRA_FEATURES,
    FEATURE_FUNCTIONS,
    FEATURES,
    Policy,
    PolicyBot,
    PolicyError,
    feature_matrix,
    load_policy,
    save_policy,
)
from uno_lessons.learn.policy import MAX_BYTES


def _policy(name="mine", features=FEATURES, seed=3):
    return Policy(name, tuple(features), np.random.default_rng(seed).normal(size=len(features)))


def test_feature_names_are_known_and_extras_are_separate():
    assert set(FEATURES) | set(EXTRA_FEATURES) == set(FEATURE_FUNCTIONS)
    assert not set(FEATURES) & set(EXTRA_FEATURES)
    assert {"is_action", "is_wild", "keeps_colour", "cards_left_after", "next_player_cards"} <= set(FEATURE_FUNCTIONS)


def test_feature_matrix_reads_the_move():
    game = Game.from_position([["G2", "GS", "W", "B7"], ["B1", "B2"]], discard=["G3"], draw_pile=["R1"])
    moves = game.legal_moves()
    m = feature_matrix(game, 0, moves, FEATURES + EXTRA_FEATURES)
    col = {name: m[:, i] for i, name in enumerate(FEATURES + EXTRA_FEATURES)}
    by = {str(move): i for i, move in enumerate(moves)}
    assert m.shape == (len(moves), len(FEATURES) + len(EXTRA_FEATURES))
    assert col["is_action"][by["play GS"]] == 1 and col["is_action"][by["play G2"]] == 0
    assert col["is_wild"][by["play W choosing blue"]] == 1
    assert col["draws"][by["draw"]] == 1 and col["plays_card"][by["draw"]] == 0
    # After the Wild naming blue, one of the three cards left (G2, GS, B7) is blue.
    assert col["keeps_colour"][by["play W choosing blue"]] == pytest.approx(1 / 3)
    assert col["cards_left_after"][by["play G2"]] == pytest.approx(0.3)
    assert col["cards_left_after"][by["draw"]] == pytest.approx(0.5)
    assert col["hits_next_near_uno"][by["play GS"]] == 1  # the next player holds two cards
    assert col["keeps_colour_green"][by["play G2"]] == pytest.approx(1 / 7)


def test_features_never_read_another_hand():
    """Two games that differ only in the other hands' cards (not their sizes) give the same matrix."""
    a = Game.from_position([["G2", "GS", "W", "WDT", "Y5"], ["B1", "B2"], ["R1", "R2", "R3"]], discard=["G3"])
    b = Game.from_position([["G2", "GS", "W", "WDT", "Y5"], ["W+4", "GS"], ["G1", "Y9", "BR"]], discard=["G3"])
    features = FEATURES + EXTRA_FEATURES
    assert a.legal_moves() == b.legal_moves()
    assert np.array_equal(feature_matrix(a, 0, a.legal_moves(), features),
                          feature_matrix(b, 0, b.legal_moves(), features))


def test_unknown_feature_in_a_matrix_is_a_sentence():
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="no feature called 'peek'"):
        feature_matrix(game, game.current_player, game.legal_moves(), ["peek"])


@pytest.mark.parametrize("suffix", [".json", ".npz"])
def test_round_trip(tmp_path, suffix):
    policy = _policy(features=FEATURES + ("changes_colour",))
    path = save_policy(policy, tmp_path / f"p{suffix}")
    assert load_policy(path) == policy
    assert load_policy(path.read_bytes(), filename=path.name) == policy
    assert Policy.from_data(json.loads(json.dumps(policy.to_data()))) == policy
    assert policy.to_data()["format"] == "uno_lessons.policy" and policy.to_data()["version"] == 1


def _json(**change):
    data = _policy().to_data()
    data.update(change)
    return json.dumps(data).encode()


@pytest.mark.parametrize("raw, words", [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe", "not valid JSON"),
    (b"[1, 2]", "not a saved policy"),
    (_json(format="something.else"), "not a policy saved"),
    (_json(version=2), "format version"),
    (_json(version=True), "format version"),
    (_json(features=["plays_card", "os.system"], weights=[1.0, 2.0]), "feature called 'os.system'"),
    (_json(features=["plays_card", "plays_card"], weights=[1.0, 2.0]), "twice"),
    (_json(features=[], weights=[]), "between 1 and"),
    (_json(weights=[1.0]), "one weight per feature"),
    (_json(weights=["1"] * len(FEATURES)), "must be a number"),
    (_json(weights=[1e300] * len(FEATURES)), "ordinary number"),
    (_json(name="x" * 41), "short line"),
    (_json(name="bad\nname"), "short line"),
    (_json(name=7), "short line"),
    (_json(code="print(1)"), "has more"),
    (_json().replace(b"0.", b"NaN, 0.", 1), "ordinary number"),
])
def test_json_refusals(raw, words):
    with pytest.raises(PolicyError, match=words):
        load_policy(raw, filename="p.json")


def test_nan_weight_refused_when_built():
    with pytest.raises(PolicyError, match="ordinary number"):
        Policy("p", FEATURES, np.full(len(FEATURES), np.nan))


def test_huge_and_wrongly_named_files_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(PolicyError, match="too big"):
        load_policy(big)
    with pytest.raises(PolicyError, match="too big"):
        load_policy(b" " * (MAX_BYTES + 1), filename="big.json")
    save_policy(_policy(), tmp_path / "p.json")
    (tmp_path / "p.pkl").write_bytes((tmp_path / "p.json").read_bytes())
    for name in ("p.pkl", "p.py", "p"):
        with pytest.raises(PolicyError, match=r"ends in \.json or \.npz"):
            load_policy(tmp_path / "p.json", filename=name)
    with pytest.raises(PolicyError, match=r"ends in \.json or \.npz"):
        load_policy(tmp_path / "p.pkl")
    with pytest.raises(PolicyError, match=r"ends in \.json or \.npz"):
        save_policy(_policy(), tmp_path / "p.pickle")
    with pytest.raises(PolicyError, match="could not be read"):
        load_policy(tmp_path / "missing.json")


def _npz(**arrays):
    good = {"format": np.array("uno_lessons.policy"), "version": np.array(1), "name": np.array("p"),
            "features": np.array(FEATURES), "weights": np.zeros(len(FEATURES))}
    good.update(arrays)
    buffer = io.BytesIO()
    np.savez(buffer, **{k: v for k, v in good.items() if v is not None})
    return buffer.getvalue()


@pytest.mark.parametrize("arrays, words", [
    ({"weights": np.array([object()] * len(FEATURES), dtype=object)}, "no pickled objects"),
    ({"features": np.array(list(FEATURES), dtype=object)}, "no pickled objects"),
    ({"extra": np.zeros(3)}, "exactly the arrays"),
    ({"weights": None}, "exactly the arrays"),
    ({"weights": np.zeros((2, len(FEATURES)))}, "exactly the arrays"),
    ({"weights": np.arange(len(FEATURES))}, "exactly the arrays"),
    ({"version": np.array("1")}, "exactly the arrays"),
    ({"weights": np.full(len(FEATURES), np.inf)}, "ordinary number"),
    ({"weights": np.zeros(3)}, "one weight per feature"),
    ({"features": np.array(["plays_card", "__import__"]), "weights": np.zeros(2)}, "feature called"),
    ({"format": np.array("pickle")}, "not a policy saved"),
])
def test_npz_refusals(arrays, words):
    with pytest.raises(PolicyError, match=words):
        load_policy(_npz(**arrays), filename="p.npz")


def test_npz_that_unpacks_to_a_huge_array_refused():
    buffer = io.BytesIO()
    np.savez_compressed(buffer, format=np.array("uno_lessons.policy"), version=np.array(1), name=np.array("p"),
                        features=np.array(FEATURES), weights=np.zeros(1_000_000))
    assert len(buffer.getvalue()) < MAX_BYTES  # small on disk, 8 MB unpacked
    with pytest.raises(PolicyError, match="too big"):
        load_policy(buffer.getvalue(), filename="p.npz")


def test_not_a_zip_refused():
    with pytest.raises(PolicyError, match="not a saved policy"):
        load_policy(b"PK\x03\x04 broken", filename="p.npz")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for key in ("format", "version", "name", "features", "weights"):
            z.writestr(f"{key}.npy", b"not an array")
    with pytest.raises(PolicyError, match="not a saved policy"):
        load_policy(buffer.getvalue(), filename="p.npz")


def _play(policy, seed, players, rules, greedy=True):
    game = Game.new(players, rules=rules, seed=seed)
    bots = [PolicyBot(policy, [seed, 0, 7], greedy=greedy)] + make_bots(["random", "sensible"] * 5, seed)[
        :players - 1]
    return run_hand(game, bots)


@pytest.mark.parametrize("rules", [Rules.encanto(), Rules.classic(),
                                   Rules.encanto().replace(stacking=True, jump_in=True, seven_zero=True)],
                         ids=["encanto", "classic", "house"])
def test_policy_bot_plays_whole_games_legally_and_repeats(rules):
    policy = _policy(features=FEATURES + EXTRA_FEATURES)
    for seed in range(6):
        for greedy in (True, False):
            a = _play(policy, seed, 2 + seed % 3, rules, greedy)  # apply() refuses an illegal move
            assert a.winner is not None
            assert a.to_json() == _play(policy, seed, 2 + seed % 3, rules, greedy).to_json()


def test_greedy_ties_are_broken_by_the_seed():
    zero = Policy("zero", FEATURES, np.zeros(len(FEATURES)))  # every move ties
    picks = {PolicyBot(zero, [s]).pick(np.zeros(5)) for s in range(40)}
    assert len(picks) > 1
    assert PolicyBot(zero, [4, 1]).pick(np.zeros(5)) == PolicyBot(zero, [4, 1]).pick(np.zeros(5))
    assert PolicyBot(zero, 1).pick(np.array([0.0, 2.0, 1.0])) == 1


def test_policy_bot_needs_a_policy():
    with pytest.raises(PolicyError, match="needs a Policy"):
        PolicyBot({"weights": [1]}, 0)


def test_the_fast_path_gives_what_each_feature_function_gives():
    """feature_matrix computes the package's features in one pass per move; over whole games,
    under house rules too, the values are those of FEATURE_FUNCTIONS called one by one."""
    from uno_lessons.learn.features import situation

    names = FEATURES + EXTRA_FEATURES
    rules = Rules.encanto().replace(seven_zero=True, stacking=True)
    for seed in range(4):
        game = Game.new(3, rules=rules, seed=seed)
        bots = make_bots(["sensible", "random", "sensible"], seed)
        for _ in range(150):
            if game.winner is not None:
                break
            seat, moves = game.current_player, game.legal_moves()
            s = situation(game, seat)
            slow = np.array([[FEATURE_FUNCTIONS[f](s, m) for f in names] for m in moves])
            feature_matrix(game, seat, moves, names)  # the first call learns the columns
            assert np.array_equal(feature_matrix(game, seat, moves, names), slow)
            assert np.array_equal(feature_matrix(game, seat, moves, names[::-1]), slow[:, ::-1])
            game.apply(bots[seat].choose(game))
