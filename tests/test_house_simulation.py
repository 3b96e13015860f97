"""Lesson 11's measurements: ``simulate_games(house=...)``, the biggest hand of a game, and
``measure_house`` / ``compare_house`` (H-STACK, H-JUMP, H-SEVEN-ZERO, H-DRAW-UNTIL, H-FORCE)."""

from __future__ import annotations

import numpy as np
import pytest

from uno_lessons import Game, Rules
from uno_lessons import simulation as sim
from uno_lessons.engine.bots import SensibleBot, run_hand
from uno_lessons.engine.rules import HOUSE_SWITCHES

FIELDS = ("seeds", "moves", "winner", "first_player", "points", "drawn", "wild_draw_fours", "bluffs",
          "challenges", "caught", "max_hand", "accepts")


def same_stats(a: sim.GameStats, b: sim.GameStats) -> bool:
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in FIELDS)


# ------------------------------------------------------------------ simulate_games(house=...)
@pytest.mark.parametrize("switch", HOUSE_SWITCHES)
def test_house_names_a_switch_as_rules_replace_does(switch):
    by_name = sim.simulate_games(40, 4, seed=3, house=[switch])
    by_rules = sim.simulate_games(40, 4, seed=3, rules=Rules.encanto().replace(**{switch: True}))
    assert same_stats(by_name, by_rules)
    assert by_name.rules == f"encanto + {switch}"


def test_house_combines_with_the_rules_given_and_keeps_the_id_order():
    classic = Rules.classic()
    rules = sim.house_rules(classic, ["seven_zero", "stacking", "stacking"])
    assert rules == classic.replace(name="classic + stacking + seven_zero", stacking=True, seven_zero=True)
    assert sim.house_rules(classic, "jump_in").jump_in  # one name alone
    assert sim.house_rules(classic, []) is classic
    a = sim.simulate_games(30, 3, rules=classic, seed=1, house=("stacking", "seven_zero"))
    b = sim.simulate_games(30, 3, rules=classic.replace(stacking=True, seven_zero=True), seed=1)
    assert same_stats(a, b)


def test_no_house_rule_is_the_old_call():
    assert same_stats(sim.simulate_games(60, 4, seed=8), sim.simulate_games(60, 4, seed=8, house=()))


def test_an_unknown_house_rule_is_a_sentence_listing_the_switches():
    with pytest.raises(ValueError) as caught:
        sim.simulate_games(5, 4, house=["stacking", "stack"])
    text = str(caught.value)
    assert text == ("'stack' is not a house rule; the house rules are: stacking, jump_in, seven_zero, "
                    "draw_until_playable, force_play.")


# ------------------------------------------------------------------ the biggest hand
def test_max_hand_size_of_a_position_follows_draws_and_plays():
    game = Game.from_position(["R1 R2", "G3 G4"], discard="B5", draw_pile="Y7 Y8 B9", current=0)
    assert sim.max_hand_size(game) == 2
    game.apply(next(m for m in game.legal_moves() if m.kind == "draw"))
    assert len(game.hands[0]) == 3 and sim.max_hand_size(game) == 3


def test_max_hand_size_under_draw_until_counts_every_card_drawn():
    rules = Rules.encanto().replace(draw_until_playable=True)
    game = Game.from_position(["R1 R2", "G3"], discard="B5", draw_pile="Y7 Y8 Y9 B1 G2", current=0, rules=rules)
    game.apply(next(m for m in game.legal_moves() if m.kind == "draw"))
    assert len(game.hands[0]) == 6  # Y7, Y8, Y9 do not fit B5; B1 does
    game.apply(next(m for m in game.legal_moves() if m.kind == "play"))
    assert len(game.hands[0]) == 5 and sim.max_hand_size(game) == 6


def test_max_hand_size_follows_hands_swapped_by_a_seven():
    rules = Rules.encanto().replace(seven_zero=True)
    game = Game.from_position(["R7 R1", "G3 G4 G5 G6"], discard="R5", draw_pile="Y1 Y2 Y3", current=0, rules=rules)
    game.apply(next(m for m in game.legal_moves() if m.card is not None and m.card.code == "R7"))
    assert [len(h) for h in game.hands] == [4, 1]
    # seat 1 (one card now) draws: the 4-card hand of seat 0 stays the biggest
    game.apply(next(m for m in game.legal_moves() if m.kind == "draw"))
    assert sim.max_hand_size(game) == 4


@pytest.mark.parametrize("house", [(), ("seven_zero",), ("jump_in", "stacking"), ("draw_until_playable",)])
def test_max_hand_size_is_the_largest_hand_seen_move_by_move(house):
    """Replayed move by move, the largest hand seen equals what the event log gives."""
    rules = sim.house_rules(Rules.encanto(), house)
    for seed in range(6):
        game = Game.new(4, rules=rules, seed=seed)
        bots = [SensibleBot(seed * 10 + s) for s in range(4)]
        seen = max(map(len, game.hands))
        for _step in range(400):
            run_hand(game, bots, 1)
            seen = max(seen, *map(len, game.hands))
            if game.winner is not None:
                break
        # run_hand is asked one move at a time: between moves, only reactions (UNO, catches)
        # draw, and those are drawn before the next move, so a peak is seen on the way
        assert sim.max_hand_size(game) >= seen
        assert sim.max_hand_size(game) <= seen + rules.uno_penalty


def test_max_hand_in_simulate_games_is_the_same_with_reused_and_new_bots(monkeypatch):
    from uno_lessons.simulation import games as games_module

    fast = sim.simulate_games(80, 4, seed=12)
    monkeypatch.setattr(games_module, "_sensible_policies", lambda spec: None)
    engine = sim.simulate_games(80, 4, seed=12)
    assert same_stats(fast, engine)
    assert (fast.max_hand >= 7).all()


# ------------------------------------------------------------------ measure_house / compare_house
@pytest.fixture(scope="module")
def comparison() -> sim.HouseComparison:
    return sim.compare_house(games=80, seed=5)


def test_compare_house_is_seeded_and_covers_every_variant(comparison):
    labels = [m.label for m in comparison.measurements]
    assert labels == ["no house rule", *HOUSE_SWITCHES, "stacking + jump_in + seven_zero"]
    again = sim.measure_house(["stacking"], games=80, seed=5)
    assert again.moves == comparison["stacking"].moves and again.skill == comparison["stacking"].skill
    other = sim.measure_house(["stacking"], games=80, seed=6)
    assert other.moves != again.moves


def test_figures_are_the_games_figures(comparison):
    m = comparison["no house rule"]
    assert m.moves == sim.Estimate.of(m.sensible.moves)
    assert m.largest == int(m.sensible.max_hand.max()) and m.largest >= m.biggest_hand.value >= 7
    edge = (m.sensible.winner == m.sensible.first_player).mean() - 1 / 4
    assert m.first_mover_edge.value == pytest.approx(edge)
    # the sensible bot sits at seat i % 4 in game i
    won = (m.mixed.winner == np.arange(m.mixed.n) % 4).mean()
    assert m.skill.value == pytest.approx(won - 0.25)
    assert -0.25 <= m.skill.value <= 0.75 and m.mixed.n == m.sensible.n == 80


def test_draw_until_playable_draws_more_cards_and_grows_hands(comparison):
    plain, until = comparison["no house rule"], comparison["draw_until_playable"]
    assert until.drawn.value > plain.drawn.value + 4 * np.hypot(until.drawn.stderr, plain.drawn.stderr)
    assert until.biggest_hand.value > plain.biggest_hand.value


def test_force_play_changes_nothing_for_sensible_bots(comparison):
    """A SensibleBot already plays a drawn card it can play, so H-FORCE leaves its games as
    they were; against random bots (which may keep) it does change games."""
    plain, forced = comparison["no house rule"], comparison["force_play"]
    assert same_stats(plain.sensible, forced.sensible)
    assert not np.array_equal(plain.mixed.moves, forced.mixed.moves)


def test_a_sensible_bot_beats_random_ones(comparison):
    for m in comparison.measurements:
        assert m.skill.value > 0, m.label


def test_table_and_plot_say_every_variant_with_its_figures(comparison):
    table = comparison.table()
    for m in comparison.measurements:
        assert m.label in table
    assert f"{comparison['draw_until_playable'].drawn.value:.2f} ± " in table
    figure = comparison.plot()
    assert isinstance(figure, sim.DescribedFigure)
    text = figure.description
    for m in comparison.measurements:
        low, high = m.interval("moves")
        assert f"{m.label} {m.moves.value:.2f} ({low:.2f} to {high:.2f})" in text
    assert "skill left" in text and "biggest hand" in text and "±" not in text  # a bar is no ± of one SE
    assert "no house rule:" in repr(comparison["no house rule"])
    # ± is said once, under the table, and what the brackets are
    assert table.count("± is one standard error") == 1 and "Wilson" in table


def test_a_share_near_all_or_nothing_gets_wilsons_interval_not_a_squeezed_error(comparison):
    """299 wins in 300 has a plain standard error of 0.003; Wilson's interval reaches 98.1%."""
    m = comparison["no house rule"]
    won = m.per_game("skill") + 0.25
    low, high = m.interval("skill")
    assert (low + 0.25, high + 0.25) == pytest.approx(sim.wilson(int(won.sum()), won.size))
    assert low <= m.skill.value <= high and f"[{low:.2f}, {high:.2f}]" in m.cell("skill")
    assert m.cell("moves") == f"{m.moves.value:.2f} ± {m.moves.stderr:.2f}"


def test_effects_are_taken_deal_by_deal_on_the_same_deals(comparison):
    plain, stacking = comparison["no house rule"], comparison["stacking"]
    paired = comparison.effect("stacking", "moves")
    d = stacking.sensible.moves.astype(float) - plain.sensible.moves
    assert paired.effect.value == pytest.approx(d.mean())
    assert paired.effect.stderr == pytest.approx(d.std(ddof=1) / np.sqrt(d.size))
    assert paired.separate == pytest.approx(np.hypot(stacking.moves.stderr, plain.moves.stderr))
    assert (paired.higher, paired.lower, paired.differ) == ((d > 0).sum(), (d < 0).sum(), (d != 0).sum())
    # forced play changes no game of sensible bots: exactly 0 ± 0, not ± the rows' errors
    forced = comparison.effect("force_play", "moves")
    assert (forced.effect.value, forced.effect.stderr, forced.differ) == (0.0, 0.0, 0)
    assert comparison.verdict("force_play") == "="
    said = comparison.against_guesses({"force_play": "=", "stacking": "+"})
    assert "+0.00 ± 0.00" in said and f"{paired.effect.value:+.2f} ± {paired.effect.stderr:.2f}" in said
    assert f"{paired.higher} / {paired.lower}" in said and "1 of 2 guesses" in said or "2 of 2" in said


def test_the_verdict_is_two_paired_standard_errors(comparison):
    for m in comparison.measurements[1:]:
        for figure in sim.FIGURES:
            p = comparison.effect(m.label, figure)
            want = "=" if abs(p.effect.value) <= 2 * p.effect.stderr else "+" if p.effect.value > 0 else "-"
            assert comparison.verdict(m.label, figure) == want, (m.label, figure)


def test_compare_house_takes_labels_and_switch_lists():
    c = sim.compare_house({"party": ["stacking", "jump_in"], "plain": []}, games=10, players=3, seed=1)
    assert [m.label for m in c.measurements] == ["party", "plain"] and c["plain"].players == 3
    c = sim.compare_house([[], "seven_zero"], games=10, seed=1)
    assert [m.house for m in c.measurements] == [(), ("seven_zero",)]
    with pytest.raises(KeyError):
        c["party"]
    with pytest.raises(ValueError):
        sim.measure_house(["seven"], games=5)


def test_a_variant_is_found_by_its_english_label_in_every_language():
    """A lesson cell's code is the same in every language: comparison["no house rule"] must find
    the variant whose label the page shows translated (the translated lesson 11 failed on it)."""
    from uno_lessons.i18n import use_language

    with use_language("nl"):
        comparison = sim.compare_house([[], ["stacking"]], games=20, seed=1)
        plain = comparison["no house rule"]
        assert plain.house == () and plain.label != "no house rule"
        assert comparison[plain.label] is plain and comparison["stacking"].house == ("stacking",)
    with pytest.raises(KeyError):
        comparison["jump_in"]


def test_moves_without_accepts_leaves_out_the_accept_moves_counted_move_by_move(monkeypatch):
    from uno_lessons.engine.kinds import MoveKind
    from uno_lessons.simulation import games as games_module

    counted: list[int] = []
    run_hand = games_module._run_hand

    def counting(game, bots, max_moves, moves):  # the moves of each game, as the simulation makes them
        result = run_hand(game, bots, max_moves, moves)
        counted.append(sum(move.kind == MoveKind.ACCEPT for move in moves))
        return result

    monkeypatch.setattr(games_module, "_run_hand", counting)
    stacked = sim.measure_house(["stacking"], games=60, seed=4)
    assert stacked.sensible.accepts.tolist() == counted[:60]
    assert sum(counted[:60]) > 0
    left = stacked.per_game("moves") - stacked.per_game("moves_without_accepts")
    assert left.tolist() == counted[:60]


def test_stacking_adds_accept_moves_the_plain_rules_do_not_have(comparison):
    plain, stacked = comparison["no house rule"], comparison["stacking"]
    assert stacked.sensible.accepts.mean() > plain.sensible.accepts.mean() + 1
    assert "moves per hand, accept moves not counted" in comparison.against_guesses({"stacking": "?"},
                                                                                     "moves_without_accepts")
    assert comparison.effect("force_play", "moves_without_accepts").effect.value == 0
