"""The two rule sets as switches (the table in docs/rules.md)."""

import dataclasses
import json

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


@pytest.mark.parametrize(("settings", "sentence"), [
    ({"draw_two_count": "3"}, "draw_two_count must be a whole number of at least 0; got '3'."),
    ({"uno_penalty": -1}, "uno_penalty must be a whole number of at least 0; got -1."),
    ({"target_score": True}, "target_score must be a whole number of at least 1; got True."),
    ({"stacking": 1}, "stacking must be True or False; got 1."),
    ({"name": ""}, "name must be text, such as 'encanto'; got ''."),
])
def test_a_setting_nobody_can_play_by_is_refused_in_a_sentence(settings, sentence):
    with pytest.raises(ValueError) as caught:
        Rules.encanto().replace(**settings)
    assert str(caught.value) == sentence


def test_a_name_that_is_no_setting_is_refused_naming_the_settings():
    with pytest.raises(ValueError, match="“draw_two” is not a rule setting; the settings are name, "):
        Rules.encanto().replace(draw_two=3)
    with pytest.raises(ValueError, match="“draw_two” is not a rule setting"):
        Rules.from_dict({**Rules.encanto().to_dict(), "draw_two": 3})
    with pytest.raises(ValueError, match="The rules must be a dict of settings"):
        Rules.from_dict(["encanto"])


def test_every_setting_survives_the_dict_round_trip():
    own = Rules(name="our class", wild_dont_talk=False, first_card_action="apply", wilds_block_wild_draw_four=False,
                guilty_penalty="take_back", min_players=3, max_players=6, hand_size=5, draw_two_count=3,
                wild_draw_four_count=5, innocent_challenge_draw=7, guilty_draw=3, uno_penalty=1, talk_penalty=4,
                two_player_reverse_is_skip=False, target_score=200, stacking=True, jump_in=True, seven_zero=True,
                draw_until_playable=True, force_play=True)
    assert all(getattr(own, f.name) != f.default for f in dataclasses.fields(Rules))
    assert Rules.from_dict(json.loads(json.dumps(own.to_dict()))) == own
