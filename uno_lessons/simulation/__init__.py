"""What the numbers say about UNO: many seeded bot games as numpy arrays, and questions
about the deal answered twice, by Monte Carlo (with a standard error) and by exact counting;
two players, bots or rules compared on the same deals, deal by deal (:mod:`.paired`).

Nothing here imports a UI library; plots import matplotlib only when they are drawn. A
progress bar for notebooks is in ``uno_lessons.widgets.progress``.

One concept a module; everything public is re-exported here, so ``import
uno_lessons.simulation as sim`` then ``sim.simulate_games(...)`` is all a notebook needs.
"""

from .bluffs import BluffSituations, bluff_situations
from .challenge import ChallengeCheck, break_even, challenge_check, challenge_value
from .contests import MatchStats, Tournament, simulate_matches, tournament
from .deals import Comparison, Deals, compare_deals, deal_estimates, deal_estimates_loop, deal_many
from .deck import QUESTIONS, deck_layout, is_returned, rule_ids
from .estimate import Z95, Estimate, running_estimate, se_note, wilson
from .exact import exact_value, p_can_play, p_reflip, p_wild_in_hand
from .figure import DescribedFigure
from .games import (
    Answers,
    GameStats,
    Progress,
    house_rules,
    make_players,
    max_hand_size,
    sensible,
    simulate_games,
)
from .house import (
    FIGURES,
    HOUSE_VARIANTS,
    HouseComparison,
    HouseMeasurement,
    compare_house,
    measure_house,
    plot_house,
)
from .paired import Paired, compare_paired, p_text, sign_test
from .player_counts import first_mover_edge, first_mover_table, length_table, simulate_lengths
from .plots import plot_challenge, plot_convergence, plot_first_mover, plot_lengths, plot_win_shares

__all__ = [
    # estimates
    "Estimate", "running_estimate", "se_note", "wilson", "Z95",
    # the same deals, compared deal by deal
    "Paired", "compare_paired", "p_text", "sign_test",
    # the deal, exactly and by Monte Carlo
    "QUESTIONS", "deck_layout", "is_returned", "rule_ids",
    "exact_value", "p_can_play", "p_reflip", "p_wild_in_hand",
    "Comparison", "Deals", "compare_deals", "deal_estimates", "deal_estimates_loop", "deal_many",
    # bot games
    "Answers", "GameStats", "Progress", "make_players", "sensible", "simulate_games",
    # house rules (lesson 11)
    "house_rules", "max_hand_size", "FIGURES", "HOUSE_VARIANTS", "HouseComparison", "HouseMeasurement", "compare_house",
    "measure_house", "plot_house",
    "first_mover_edge", "first_mover_table", "length_table", "simulate_lengths",
    "MatchStats", "Tournament", "simulate_matches", "tournament",
    # Wild Draw Four
    "ChallengeCheck", "break_even", "challenge_check", "challenge_value", "BluffSituations", "bluff_situations",
    # plots
    "plot_challenge", "plot_convergence", "plot_first_mover", "plot_lengths", "plot_win_shares", "DescribedFigure",
]
