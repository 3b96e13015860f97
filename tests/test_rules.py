"""The two rule sets as switches (the table in docs/rules.md)."""

import dataclasses

import pytest

from uno_lessons import Rules


def test_encanto_is_the_default_and_has_the_encanto_switches():
    """E-DECK, E-SETUP-4, E-WD4-2, E-WD4-5: the Encanto preset."""
    rules = Rules.encanto()
    assert rules == Rules()
    assert rules.name == "encanto"
    assert rules.wild_dont_talk and rules.deck_size == 112
    assert rules.first_card_action == "reflip"
    assert rules.wilds_block_wild_draw_four is True
    assert rules.guilty_penalty == "draw_four"


def test_classic_differs_exactly_where_the_table_says():
    """C-SETUP-4, C-WD4-2, C-WD4-5: classic switches; everything else equal to Encanto."""
    enc, cla = Rules.encanto(), Rules.classic()
    assert cla.deck_size == 108 and not cla.wild_dont_talk
    assert cla.first_card_action == "apply"
    assert cla.wilds_block_wild_draw_four is False
    assert cla.guilty_penalty == "take_back"
    differing = {f.name for f in dataclasses.fields(Rules) if getattr(enc, f.name) != getattr(cla, f.name)}
    assert differing == {"name", "wild_dont_talk", "first_card_action", "wilds_block_wild_draw_four",
                         "guilty_penalty"}


def test_shared_numbers_from_the_rules():
    """E-SETUP-2, E-ACT-2, E-WD4-3..5, E-UNO-2, E-WDT-2, E-SCORE-4: the numbers of the rules."""
    for rules in (Rules.encanto(), Rules.classic()):
        assert (rules.min_players, rules.max_players) == (2, 10)
        assert rules.hand_size == 7
        assert rules.draw_two_count == 2
        assert rules.wild_draw_four_count == 4
        assert rules.innocent_challenge_draw == 6
        assert rules.guilty_draw == 4
        assert rules.uno_penalty == 2
        assert rules.talk_penalty == 3
        assert rules.target_score == 500
        assert rules.two_player_reverse_is_skip


def test_rules_are_frozen_and_replace_makes_a_house_rule():
    rules = Rules.encanto()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.hand_size = 5
    house = rules.replace(innocent_challenge_draw=4)
    assert house.innocent_challenge_draw == 4 and rules.innocent_challenge_draw == 6


def test_rules_dict_round_trip():
    for rules in (Rules.encanto(), Rules.classic(), Rules.classic().replace(hand_size=5)):
        assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    "bad",
    [{"first_card_action": "ignore"}, {"guilty_penalty": "nothing"}, {"min_players": 1},
     {"min_players": 5, "max_players": 4}, {"hand_size": 0}],
)
def test_invalid_switches_are_refused(bad):
    with pytest.raises(ValueError):
        Rules(**bad)
