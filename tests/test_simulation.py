"""Simulation: exact counts against hand-worked cases, Monte Carlo against exact values, and
per-game figures that are consistent and repeat with the seed."""

from __future__ import annotations

import hashlib
import itertools
import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uno_lessons import Card, Game, Rules, build_deck, parse_cards
from uno_lessons import simulation as sim
from uno_lessons.engine.bots import play_game, play_match
from uno_lessons.engine.moves import matches

ROOT = Path(__file__).resolve().parents[1]
ENCANTO, CLASSIC = Rules.encanto(), Rules.classic()
BOTH = pytest.mark.parametrize("rules", [ENCANTO, CLASSIC], ids=["encanto", "classic"])


# ----------------------------------------------------------------------------- Estimate


def test_estimate_repr_and_standard_error():
    assert repr(sim.Estimate(0.4321, 0.0016, 100_000)) == "0.4321 ± 0.0016 (n=100,000)"
    e = sim.Estimate.of([0, 1, 1, 0])
    assert e.value == 0.5 and e.n == 4
    assert e.stderr == pytest.approx(math.sqrt(1 / 3) / 2)  # s = √(1/3), SE = s / √4
    assert e.interval() == pytest.approx((0.5 - 2 * e.stderr, 0.5 + 2 * e.stderr))
    assert e.agrees_with(0.5 + 3.9 * e.stderr) and not e.agrees_with(0.5 + 4.1 * e.stderr)
    with pytest.raises(ValueError):
        sim.Estimate.of([])


@given(st.lists(st.booleans(), min_size=2, max_size=200))
def test_proportion_estimate_is_the_mean_estimate(flags):
    a, b = sim.Estimate.of(flags), sim.Estimate.of_proportion(sum(flags), len(flags))
    assert a.value == pytest.approx(b.value) and a.stderr == pytest.approx(b.stderr, abs=1e-12)


def test_running_estimate_ends_at_the_whole_sample():
    x = np.random.default_rng(0).random(1000) < 0.3
    ns, mean, se = sim.running_estimate(x)
    whole = sim.Estimate.of(x)
    assert ns[-1] == 1000 and np.all(np.diff(ns) > 0)
    assert mean[-1] == pytest.approx(whole.value) and se[-1] == pytest.approx(whole.stderr)


# ----------------------------------------------------------------------------- exact values


@BOTH
def test_layout_is_the_engine_deck_and_ids_give_colour_and_symbol(rules):
    """E-DECK: the id layout holds exactly the engine's deck; colour and symbol follow the id."""
    layout = sim.deck_layout(rules)
    assert Counter(c.code for c in layout) == Counter(c.code for c in build_deck(rules.wild_dont_talk))
    assert len(layout) == rules.deck_size
    for i, card in enumerate(layout):
        if card.is_wild:
            assert i // 25 == 4
        else:
            assert "RYGB"[i // 25] == card.color.value
            assert sim.deck._SYMBOLS[(i % 25 + 1) // 2] is card.rank


def test_no_wild_in_seven_is_hypergeometric():
    """E-DECK: 12 wilds in 112 (Encanto), 8 in 108 (classic)."""
    assert 1 - sim.p_wild_in_hand(ENCANTO) == Fraction(math.comb(100, 7), math.comb(112, 7))
    assert 1 - sim.p_wild_in_hand(CLASSIC) == Fraction(math.comb(100, 7), math.comb(108, 7))
    # by hand: one wild among four cards, two dealt: 1 - C(3,2)/C(4,2) = 1 - 3/6
    assert sim.p_wild_in_hand(deck="W R1 R2 G3", hand_size=2) == Fraction(1, 2)


def test_reflip_chances():
    """E-SETUP-4: 36 action cards of 112 are turned back; C-SETUP-4: only the 4 Wild Draw Fours."""
    assert sim.p_reflip(ENCANTO) == Fraction(36, 112) == Fraction(9, 28)
    assert sim.p_reflip(CLASSIC) == Fraction(4, 108)
    assert sim.p_reflip(ENCANTO, deck="R1 RS W W+4") == Fraction(3, 4)
    assert sim.p_reflip(CLASSIC, deck="R1 RS W W+4") == Fraction(1, 4)


def test_can_play_hand_worked_small_decks():
    """E-SETUP-4 and E-MATCH, worked by hand with one-card hands."""
    # Encanto, deck R1 R2 G1 W: hand W or R1 always plays; hand R2 plays on R1 not G1;
    # hand G1 plays on R1 not R2: (1 + 1 + 1/2 + 1/2) / 4.
    assert sim.p_can_play(ENCANTO, deck="R1 R2 G1 W", hand_size=1) == Fraction(3, 4)
    # Classic, deck R1 G2 Y3 W+4: a Wild Draw Four turned first goes back (C-SETUP-4). Only the
    # hand W+4 can play: 1/4.
    assert sim.p_can_play(CLASSIC, deck="R1 G2 Y3 W+4", hand_size=1) == Fraction(1, 4)
    # Classic, a Wild left on top: the first player names a colour, so G2 plays on it.
    assert sim.p_can_play(CLASSIC, deck="W G2", hand_size=1) == 1
    assert sim.p_can_play(ENCANTO, deck="R1 G2", hand_size=1) == 0
    assert sim.p_can_play(ENCANTO, deck="R1 R2", hand_size=1) == 1


def brute_force(deck: list[Card], hand_size: int, rules: Rules):
    """Every order of a small deck: the hand is the first cards, the start is the first card
    after them that may start. Returns (P(can play), P(wild in hand), P(reflip))."""
    can = wild = back = 0
    orders = list(itertools.permutations(range(len(deck))))
    for order in orders:
        hand = [deck[i] for i in order[:hand_size]]
        rest = [deck[i] for i in order[hand_size:]]
        top = next(c for c in rest if not sim.is_returned(c, rules))
        can += any(matches(c, top, top.color) for c in hand)
        wild += any(c.is_wild for c in hand)
        back += sim.is_returned(rest[0], rules)
    n = len(orders)
    return Fraction(can, n), Fraction(wild, n), Fraction(back, n)


SMALL = ["R1", "R2", "G1", "G5", "Y5", "RS", "GS", "BR", "B+2", "W", "W+4", "WDT"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(SMALL), min_size=3, max_size=6), st.integers(1, 3),
       st.sampled_from([ENCANTO, CLASSIC]))
def test_exact_counts_agree_with_brute_force_on_small_decks(codes, hand_size, rules):
    deck = parse_cards(codes)
    stays = sum(not sim.is_returned(c, rules) for c in deck)
    if hand_size >= len(deck) or stays <= hand_size:  # the engine needs a card to start on
        return
    can, wild, back = brute_force(deck, hand_size, rules)
    assert sim.p_can_play(rules, deck=deck, hand_size=hand_size) == can
    assert sim.p_wild_in_hand(rules, deck=deck, hand_size=hand_size) == wild
    assert sim.p_reflip(rules, deck=deck) == back


def test_exact_value_names_and_errors():
    assert sim.exact_value("reflip") == Fraction(9, 28)
    assert set(sim.QUESTIONS) == {"wild_in_hand", "reflip", "can_play"}
    with pytest.raises(ValueError, match="Unknown question"):
        sim.exact_value("luck")
    with pytest.raises(ValueError, match="cannot be dealt"):
        sim.p_wild_in_hand(deck="R1 R2", hand_size=2)


# ----------------------------------------------------------------------------- Monte Carlo


@BOTH
def test_vectorised_monte_carlo_agrees_with_exact(rules):
    est = sim.deal_estimates(300_000, rules, seed=20261129)
    for q, e in est.items():
        assert e.n == 300_000
        assert e.agrees_with(float(sim.exact_value(q, rules)), k=4), (q, e, float(sim.exact_value(q, rules)))


@BOTH
def test_plain_loop_agrees_with_exact(rules):
    est = sim.deal_estimates_loop(20_000, rules, seed=7)
    for q, e in est.items():
        assert e.agrees_with(float(sim.exact_value(q, rules)), k=4), (q, e)


@BOTH
def test_deals_are_well_formed_and_repeat(rules):
    d = sim.deal_many(50_000, rules, seed=3)
    size = rules.deck_size
    assert d.hands.shape == (7, 50_000)
    assert d.hands.max() < size and d.top.max() < size
    s = np.sort(d.hands, axis=0)
    assert not (s[1:] == s[:-1]).any(), "a hand holds the same card twice"
    assert not (d.hands == d.top).any(), "the starting card is in the hand"
    stays = np.array([not sim.is_returned(c, rules) for c in sim.deck_layout(rules)])
    assert stays[d.top].all() and (d.turned >= 1).all()
    assert (d.first[d.turned == 1] == d.top[d.turned == 1]).all()
    # every card is dealt about equally often: 7/size of the hands hold a given card
    counts = np.bincount(d.hands.ravel(), minlength=size)
    expect = 50_000 * 7 / size
    assert np.all(np.abs(counts - expect) < 5 * math.sqrt(expect))
    again = sim.deal_many(50_000, rules, seed=3)
    assert np.array_equal(d.hands, again.hands) and np.array_equal(d.top, again.top)
    chunked = sim.deal_many(50_000, rules, seed=3, chunk=20_000)
    assert chunked.n == 50_000


@BOTH
def test_vectorised_matching_is_the_engines_matching(rules):
    """E-MATCH: the numpy test for 'can play' gives the engine's answer on each deal."""
    d = sim.deal_many(2000, rules, seed=11)
    can = d.outcomes("can_play")
    wild = d.outcomes("wild_in_hand")
    for i in range(2000):
        hand, _first, top = d.cards(i)
        assert can[i] == any(matches(c, top, top.color) for c in hand)
        assert wild[i] == any(c.is_wild for c in hand)


@BOTH
def test_engine_setup_agrees_with_exact_values(rules):
    """E-SETUP-4 / C-SETUP-4 as Game.new does it: turned cards and the first mover's options."""
    n = 3000
    reflip = can = 0
    for seed in range(n):
        game = Game.new(3, rules=rules, seed=seed)
        reflip += sum(e.kind == "turned" for e in game.events) > 1
        can += any(m.kind == "play" for m in game.legal_moves())
    for q, hits in (("reflip", reflip), ("can_play", can)):
        e = sim.Estimate.of_proportion(hits, n)
        assert e.agrees_with(float(sim.exact_value(q, rules)), k=4), (q, e)


def test_compare_deals_table():
    text = repr(sim.compare_deals(20_000, ENCANTO, seed=1))
    assert "0.3214" in text and "(n=20,000)" in text and "E-SETUP-4" in text


# ----------------------------------------------------------------------------- bot games


@pytest.fixture(scope="module")
def stats():
    return sim.simulate_games(120, 4, seed=5)


def test_per_game_figures_are_consistent(stats):
    assert stats.n == 120 and stats.players == 4 and stats.rules == "encanto"
    assert (stats.moves > 0).all()
    assert ((stats.winner >= 0) & (stats.winner < 4)).all()
    assert (stats.drawn >= 0).all() and (stats.points >= 0).all()
    assert (stats.bluffs <= stats.wild_draw_fours).all() and (stats.caught <= stats.challenges).all()
    a = stats.answers
    assert int(a.challenged.sum()) == int(stats.challenges.sum())
    assert int((a.bluff & a.challenged).sum()) == int(stats.caught.sum())
    assert len(a) <= int(stats.wild_draw_fours.sum())
    # E-WD4-3..5: accepted -4, challenged honest -6, caught bluff +4 (fewer if the pile ran dry)
    assert set(a.swing[~a.challenged]) <= {-4, -3, -2, -1, 0}
    assert set(a.swing[a.challenged & ~a.bluff]) <= {-6, -5, -4, -3, -2, -1, 0}
    assert set(a.swing[a.challenged & a.bluff]) <= {0, 1, 2, 3, 4}
    assert sum(e.value for e in stats.win_shares()) == pytest.approx(1.0)
    assert "points in a losing hand" in repr(stats)


def test_same_seed_same_arrays_and_games_replay(stats):
    again = sim.simulate_games(120, 4, seed=5)
    for field in ("seeds", "moves", "winner", "first_player", "points", "drawn", "wild_draw_fours", "bluffs", "challenges",
                  "caught"):
        assert np.array_equal(getattr(stats, field), getattr(again, field)), field
    assert np.array_equal(stats.answers.swing, again.answers.swing)
    other = sim.simulate_games(120, 4, seed=6)
    assert not np.array_equal(stats.moves, other.moves)
    for i in (0, 17, 99):  # play_game with the stored seed is the same game
        game = play_game(4, seed=int(stats.seeds[i]))
        assert game.winner == stats.winner[i] and game.points == stats.points[i]
        drawn = sum(len(e.cards) for e in game.events if e.kind == "drew")
        assert drawn == stats.drawn[i]


def _digest(stats) -> str:
    h = hashlib.sha256()
    for name in ("seeds", "moves", "winner", "first_player", "points", "drawn", "wild_draw_fours",
                 "bluffs", "challenges", "caught"):
        h.update(np.ascontiguousarray(getattr(stats, name)).tobytes())
    for name in ("game", "bluff", "challenged", "answerer_cards", "player_cards"):
        h.update(np.ascontiguousarray(getattr(stats.answers, name)).tobytes())
    return h.hexdigest()[:16]


def test_same_seed_same_results_as_before_the_speed_work():
    """Every figure of these runs was computed with the code before simulate_games was made
    faster (commit 7ddeae5): the same seed must still give exactly the same games."""
    s4 = sim.simulate_games(400, 4, seed=2026)
    assert int(s4.moves.sum()) == 19214 and int(s4.drawn.sum()) == 8865 and len(s4.answers) == 502
    assert np.bincount(s4.winner, minlength=4).tolist() == [105, 92, 89, 114]
    assert _digest(s4) == "00c1d28586f3e81d"
    s3 = sim.simulate_games(200, 3, rules=CLASSIC, seed=5)
    assert (int(s3.moves.sum()), int(s3.points.sum()), len(s3.answers)) == (9013, 16666, 297)
    assert _digest(s3) == "02f3691cf257378b"
    mixed = sim.simulate_games(150, ["random", "sensible", sim.sensible(bluff_rate=1.0), "random"], seed=11)
    assert (int(mixed.moves.sum()), int(mixed.bluffs.sum()), int(mixed.caught.sum())) == (9783, 154, 115)
    assert _digest(mixed) == "6de53db4ea1be78a"


def test_first_mover_is_recorded():
    """E-SETUP-5: left of the dealer moves first; C-SETUP-4 can hand the first move on."""
    enc = sim.simulate_games(40, 4, rules=ENCANTO, seed=3)
    assert (enc.first_player == 1).all()
    cla = sim.simulate_games(150, 4, rules=CLASSIC, seed=3)
    for i in np.flatnonzero(cla.first_player != 1)[:5]:
        game_seed, _ = np.random.SeedSequence(int(cla.seeds[i])).spawn(2)
        assert Game.new(4, rules=CLASSIC, seed=game_seed).current_player == cla.first_player[i]
    assert set(cla.first_player) > {1}
    results = {"encanto": {4: enc}, "classic": {4: cla}}
    edge = sim.first_mover_edge(results)
    assert edge.n == 190
    assert edge.value == pytest.approx(np.mean(np.concatenate(
        [(s.winner == s.first_player) - 0.25 for s in (enc, cla)])))
    assert "0.250" in sim.first_mover_table(results)


def test_losing_hand_points_is_points_over_losers(stats):
    """E-SCORE-2: the winner scores the cards left in the other hands."""
    e = stats.losing_hand_points()
    assert e.value == pytest.approx(stats.points.mean() / 3)
    assert 10 < e.value < 100 and e.stderr > 0


def test_progress_is_called_up_to_the_total():
    calls = []
    sim.simulate_games(30, 2, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, 30) and calls[-1] == (30, 30)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


@BOTH
def test_classic_and_mixed_players(rules):
    s = sim.simulate_games(20, ["random", sim.sensible(bluff_rate=1.0), "sensible"], rules=rules, seed=2)
    assert s.players == 3 and s.rules == rules.name and (s.winner >= 0).all()
    with pytest.raises(ValueError, match="Unknown bot"):
        sim.simulate_games(2, ["clever", "random"])


def test_matches_are_play_match():
    """E-SCORE-4: a match ends when someone reaches 500."""
    m = sim.simulate_matches(4, 3, seed=9)
    assert (m.winner_total >= 500).all() and (m.runner_up_total < m.winner_total).all()
    for i in range(4):
        match = play_match(3, seed=int(m.seeds[i]))
        assert len(match.results) == m.hands[i] and match.winner == m.winner[i]
    assert "hands per match" in repr(m)


def test_lengths_by_player_count():
    out = sim.simulate_lengths([2, 5], games=15, rules=CLASSIC, seed=1)
    assert sorted(out) == [2, 5] and out[5].players == 5 and out[5].rules == "classic"
    table = sim.length_table({"classic": out})
    # a header, one row per player count, and once under it what ± is
    assert "classic" in table and len(table.splitlines()) == 4
    assert table.splitlines()[-1] == sim.se_note() and "± is one standard error" in table


# ----------------------------------------------------------------------------- Wild Draw Four


def test_challenge_formula_and_break_even():
    """E-WD4-4: an honest card costs the challenger 6; E-WD4-5: a bluff costs its player 4
    (C-WD4-5: and the card goes back to the hand, 5)."""
    accept, challenge = sim.challenge_value([0.0, 0.2, 1.0], ENCANTO)
    assert list(accept) == [-4, -4, -4] and list(challenge) == pytest.approx([-6, -4, 4])
    assert sim.break_even(ENCANTO) == Fraction(1, 5)
    assert sim.break_even(ENCANTO, own_cards_only=True) == Fraction(1, 3)
    assert sim.break_even(CLASSIC) == Fraction(2, 11)
    _, c = sim.challenge_value(1.0, CLASSIC)
    assert float(c) == 5


@BOTH
def test_challenge_check_matches_the_formula(rules):
    check = sim.challenge_check((0.0, 1.0), games=60, rules=rules, seed=4)
    assert check.bluff_share[0].value == 0  # bots that never bluff
    for q, c, a in zip(check.bluff_share, check.challenge, check.accept):
        accept, challenge = sim.challenge_value(q.value, rules)
        assert c.value == pytest.approx(float(challenge), abs=4 * c.stderr + 0.05)
        assert a.value == pytest.approx(float(accept), abs=0.05)
    assert "bluff share" in repr(check)


def test_tournament_rotates_seats_and_uses_the_same_deals():
    t = sim.tournament({"random": "random", "sensible": "sensible"}, games=40, players=4, seed=2)
    assert list(t.seats[:5]) == [0, 1, 2, 3, 0]
    assert np.array_equal(t.stats[0].seeds, t.stats[1].seeds)
    for name in t.names:
        assert 0 <= t.win_rate(name).value <= 1 and t.points_per_game(name).value >= 0
    assert "fair share is 25%" in repr(t)


# ----------------------------------------------------------------------------- UI boundary, plots


def test_simulation_does_not_import_ipywidgets():
    code = "import sys, uno_lessons.simulation; sys.exit('ipywidgets' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_progress_bar_follows_a_simulation_and_says_when_it_is_done():
    from uno_lessons.i18n import use_language
    from uno_lessons.widgets.page import page_bridge
    from uno_lessons.widgets.progress import progress_bar

    bar = progress_bar("deals")
    assert not bar.done and repr(bar) == "<ProgressBar 0/?>"
    sim.simulate_games(5, 2, seed=1, progress=bar)
    assert bar.bar.n == bar.bar.total == 5 and bar.done and repr(bar) == "<ProgressBar 5/5>"
    assert page_bridge().last("announce")["text"] == "deals: 5 of 5 done."
    # The same callback for another run: a new bar (tqdm's one bar per run), full again.
    first = bar.bar
    sim.simulate_games(3, 2, seed=2, progress=bar)
    assert bar.bar is not first and bar.bar.n == bar.bar.total == 3 and first.n == 5
    # The default label is the translated "games"; no English of tqdm's own ("it/s").
    with use_language("nl"):
        dutch = progress_bar()
        dutch(2, 4)
        assert dutch.label == "spellen" and "it/s" not in str(dutch.bar) and "2/4" in str(dutch.bar)


def test_progress_bar_in_jupyter_is_tqdms_widget_bar(monkeypatch):
    from tqdm.notebook import tqdm as notebook_tqdm

    from uno_lessons.widgets import progress

    # What tqdm.auto picks in a kernel (this test process has none).
    monkeypatch.setattr(progress, "tqdm", notebook_tqdm)
    monkeypatch.setattr(progress, "WIDGET_BAR", True)
    bar = progress.progress_bar("deals")
    label, meter, count = bar.widget.children
    assert "application/vnd.jupyter.widget-view+json" in bar._repr_mimebundle_()
    sim.simulate_games(5, 2, seed=1, progress=bar)
    assert meter.value == meter.max == 5 and meter.bar_style == "success" and bar.done
    assert label.value.startswith("deals:") and "5/5" in count.value


def test_plots_draw():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = sim.deal_many(2000, seed=1)
    figs = [
        sim.plot_convergence(d.outcomes("reflip"), sim.exact_value("reflip")),
        sim.plot_lengths({"encanto": sim.simulate_lengths([2, 4], games=10, seed=1)}),
        sim.plot_win_shares([sim.simulate_games(10, 2, seed=1)]),
        sim.plot_challenge(sim.challenge_check((0.0,), games=10, seed=1)),
        sim.plot_challenge(rules=CLASSIC),
        sim.plot_first_mover({"encanto": {2: sim.simulate_games(10, 2, seed=1)}}),
    ]
    for fig in figs:
        assert fig.axes
        plt.close(fig.figure)


def test_plots_have_text_alternatives_that_say_what_they_show():
    import matplotlib

    matplotlib.use("Agg")
    d = sim.deal_many(2000, seed=1)
    conv = sim.plot_convergence(d.outcomes("reflip"), sim.exact_value("reflip"), label="reflip share")
    bundle = conv._repr_mimebundle_()
    assert bundle["text/plain"] == conv.description == repr(conv)
    assert f'alt="{conv.description}"' in bundle["text/html"]
    assert bundle["text/html"].startswith('<img class="uno-figure" src="data:image/png;base64,')
    # The numbers drawn are in the words: the last estimate, its band (two standard errors either
    # side, said as its ends: a bare ± is one standard error everywhere) and the exact value.
    ns, mean, se = sim.running_estimate(d.outcomes("reflip"))
    band = f"{mean[-1]:.4f}, with a band from {mean[-1] - 2 * se[-1]:.4f} to {mean[-1] + 2 * se[-1]:.4f}"
    assert band in conv.description and "0.3214" in conv.description and "±" not in conv.description
    assert "n from 2 to 2,000" in conv.description
    lengths = {"encanto": sim.simulate_lengths([2, 4], games=10, seed=1)}
    text = sim.plot_lengths(lengths).description
    assert f"{sim.Estimate.of(lengths['encanto'][2].moves).value:.1f} moves at 2 players" in text
    shares = sim.plot_win_shares([sim.simulate_games(10, 2, seed=1)]).description
    assert "fair share 0.500" in shares and "seat 1" in shares
    classic = sim.plot_challenge(rules=CLASSIC).description
    assert "break-even q = 0.182" in classic and "classic rules" in classic
    assert "first mover" in sim.plot_first_mover({"encanto": {2: sim.simulate_games(10, 2, seed=1)}}).description


# ----------------------------------------------------------------------------- the same deals, paired
def test_the_sign_test_is_the_exact_binomial_count():
    from math import comb

    assert sim.sign_test(83, 65) == pytest.approx(2 * sum(comb(148, k) for k in range(66)) / 2**148)
    assert sim.sign_test(83, 65) == pytest.approx(0.162, abs=0.001)
    assert sim.sign_test(5, 3) == sim.sign_test(3, 5) == pytest.approx(0.7266, abs=1e-4)
    assert sim.sign_test(0, 0) == sim.sign_test(4, 4) == 1.0
    assert sim.sign_test(10, 0) == pytest.approx(2 / 2**10)
    assert 0 < sim.sign_test(3000, 2000) < 1e-40  # big counts stay exact integers until the end
    with pytest.raises(ValueError):
        sim.sign_test(-1, 3)
    assert sim.p_text(0.162) == "p = 0.16" and sim.p_text(0.004) == "p = 0.004" and sim.p_text(1e-5) == "p < 0.001"


def test_a_paired_comparison_is_the_spread_of_the_differences():
    a, b = np.array([10, 20, 30, 45]), np.array([7, 17, 27, 42])
    p = sim.compare_paired(a, b, labels=("with", "without"), figure="moves")
    assert (p.effect.value, p.effect.stderr, p.higher, p.lower) == (3.0, 0.0, 4, 0)
    assert p.separate == pytest.approx(np.hypot(sim.Estimate.of(a).stderr, sim.Estimate.of(b).stderr))
    assert p.separate > 5  # as separate games the deals' own spread would hide the effect
    assert p.clear() and "as separate games it would be ±" in repr(p) and "4 higher for with" in repr(p)
    wins = sim.compare_paired(np.array([True, True, False]), np.array([False, True, True]), labels=("A", "B"))
    assert wins.kind == "wins" and "won only by A" in repr(wins) and wins.differ == 2 and not wins.clear()
    with pytest.raises(ValueError):
        sim.compare_paired([1, 2], [1, 2, 3])


def test_the_tournament_compares_every_bot_with_its_baseline_deal_by_deal():
    bots = {"sensible": "sensible", "challenger": sim.sensible(challenge_min_cards=0), "random": "random"}
    t = sim.tournament(bots, games=60, players=4, seed=3, baseline="sensible")
    c = t.compare("challenger")
    x, y = t.won("challenger"), t.won("sensible")
    assert (c.higher, c.lower, c.n) == ((x & ~y).sum(), (~x & y).sum(), 60) and c.b == "sensible"
    assert c.effect.value == pytest.approx(x.mean() - y.mean())
    text = repr(t)
    assert "against sensible" in text and text.count("± is one standard error") == 1
    wins = int(t.won("random").sum())
    assert t.interval("random") == sim.wilson(wins, 60) and t.interval("random")[1] > 0.04 > wins / 60
    assert sim.wilson(0, 60)[0] == 0 and sim.wilson(0, 60)[1] > 0.05  # no win in 60 still allows 6% (Wilson)
    with pytest.raises(ValueError, match="baseline"):
        sim.tournament(bots, games=4, baseline="nobody")
    assert sim.tournament({"a": "random", "b": "random"}, games=4).compare("b").b == "a"  # the first by default


def test_the_standard_deviation_is_the_standard_error_times_root_n():
    e = sim.Estimate.of([2, 4, 6, 8])
    assert e.sd == pytest.approx(np.std([2, 4, 6, 8], ddof=1)) and e.stderr == pytest.approx(e.sd / 2)
    stats = sim.simulate_games(30, 4, seed=2)
    assert sim.Estimate.of(stats.moves).sd == pytest.approx(stats.moves.std(ddof=1))
    assert stats.summary().splitlines()[-1] == sim.se_note()
