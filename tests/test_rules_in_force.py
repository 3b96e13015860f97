"""One config vocabulary (issue 36): the dashboard hands the table a ``TableConfig`` whose rules
are a whole ``Rules`` value, so every setting a teacher gives is the game's; a setting nobody can
play by is refused in a sentence; and what the pages say about penalties reads the numbers of
the rules in force."""

from __future__ import annotations

import dataclasses
import json
from urllib.parse import parse_qs

import pytest

from uno_lessons import Card, Game, Move, Rules
from uno_lessons.dashboard import LiveGame
from uno_lessons.dashboard.actions import ActionBar
from uno_lessons.dashboard.tables import open_class_table
from uno_lessons.render import table_html
from uno_lessons.table import TableConfig, TableError, open_store
from uno_lessons.table.classroom import load_class
from uno_lessons.table.config import house_of

# Every setting away from its default (the house switches too), and still a game that deals.
OWN = Rules(name="our class", wild_dont_talk=False, first_card_action="apply", wilds_block_wild_draw_four=False,
            guilty_penalty="take_back", min_players=3, max_players=6, hand_size=5, draw_two_count=3,
            wild_draw_four_count=5, innocent_challenge_draw=7, guilty_draw=3, uno_penalty=1, talk_penalty=4,
            two_player_reverse_is_skip=False, target_score=200, stacking=True, jump_in=True, seven_zero=True,
            draw_until_playable=True, force_play=True)


def test_the_own_rules_differ_from_the_defaults_in_every_setting():
    defaults = Rules()
    same = [f.name for f in dataclasses.fields(Rules) if getattr(OWN, f.name) == getattr(defaults, f.name)]
    assert same == []


def rules_in_play(live: LiveGame) -> Rules:
    """The rules of the hand in play on ``live``'s table, checked against what its pages see."""
    rules = live.table.state.game.rules
    assert live.table.view().play.rules == rules == live.table.state.config.rules
    return rules


# ---------------------------------------------------------------------- every setting reaches the game
def test_every_rule_setting_given_to_the_dashboard_is_the_games():
    custom = Rules.encanto().replace(draw_two_count=3, target_score=100)  # a preset's name, its own numbers
    assert rules_in_play(LiveGame(3, rules=custom, seed=1)) == custom
    live = LiveGame(4, rules=OWN, seed=3)
    assert live.config.rules == OWN and rules_in_play(live) == OWN
    live.new_game(players=5)  # another count: the rules stay whole
    assert rules_in_play(live) == OWN and live.table.state.players == 5
    live.new_game()
    assert rules_in_play(live) == OWN
    live.new_game(rules=custom)
    assert rules_in_play(live) == custom


def test_the_new_game_form_keeps_rules_it_cannot_show_and_offers_them_by_name():
    started = []
    live = LiveGame(4, rules=OWN, seed=3)
    form = live.parts.setup
    form.show(True)
    assert ("our class with its own settings", "own") in form.rules.options and form.rules.value == "own"
    assert all(box.value for box in form.house.values())  # OWN's house rules, ticked
    form._on_start = lambda config, class_table: started.append((config, class_table))
    form._start()
    config, class_table = started[-1]
    assert isinstance(config, TableConfig) and config.rules == OWN and not class_table
    live.start_from_form(config, class_table)
    assert rules_in_play(live) == OWN
    # Unticking a house rule changes that switch only; choosing a preset plays the preset.
    form.house["stacking"].value = False
    form._start()
    assert started[-1][0].rules == OWN.replace(stacking=False)
    form.rules.value = "classic"
    form._start()
    assert started[-1][0].rules == Rules.classic().replace(**dict.fromkeys(house_of(OWN.replace(stacking=False)), True))


def test_a_class_table_from_the_form_stores_and_replays_every_setting():
    started = []
    live = LiveGame(4, rules=OWN, seed=3)
    form = live.parts.setup
    form.show(True)
    form.where.value = "class"
    form._on_start = lambda config, class_table: started.append((config, class_table))
    form._start()
    config, class_table = started[-1]
    assert class_table and config.rules == OWN
    store = open_store("memory://")
    table, _key = open_class_table(config, store)
    stored = store.load(table.code)  # read back from the store's text
    assert stored.config.rules == OWN and stored.game.rules == OWN
    assert TableConfig.from_json(config.to_json()).rules == OWN
    assert Game.from_json(stored.game.to_json()).rules == OWN


def test_a_class_of_several_tables_from_the_form_plays_every_setting(monkeypatch):
    store = open_store("memory://")
    monkeypatch.setattr("uno_lessons.table.open_store", lambda *a, **k: store)
    live = LiveGame(4, rules=OWN, seed=3)
    form = live.parts.setup
    form.show(True)
    form.where.value = "classroom"
    settings = form.class_settings
    settings.learners.value, settings.per_table.value, settings.fill.value = 7, 4, True
    form.start.click()
    code = parse_qs(live.bridge.query)["class"][0]
    tables = load_class(store, code).tables
    assert len(tables) == 2 and all(store.load(t).config.rules == OWN for t in tables)


def test_a_position_played_on_keeps_its_own_rules():
    rules = Rules.encanto().replace(uno_penalty=3)
    live = LiveGame(3, seed=0)
    live.show_position(Game.from_position(["G3 G4", "G1 B2", "Y1 Y2"], "G5", "R1 R2", rules=rules))
    assert rules_in_play(live) == rules


# ---------------------------------------------------------------------- refused in a sentence
def test_a_name_that_is_no_setting_is_refused_by_the_table_and_the_dashboard():
    # A stored table with a setting this version does not know does not open with a guess.
    data = json.loads(TableConfig.make(3, rules=OWN.replace(min_players=2), seed=1).to_json())
    data["rules"]["draw_two"] = 3
    with pytest.raises(TableError, match="cannot be read .*“draw_two” is not a rule setting"):
        TableConfig.from_json(json.dumps(data))
    live = LiveGame(3, seed=1)
    table = live.table
    with pytest.raises(TableError, match="“colour” is not a setting of a new game; the settings are players, "):
        live.new_game(colour="red")
    assert live.table is table


def test_rules_that_cannot_deal_are_refused_and_the_game_goes_on():
    big = Rules.encanto().replace(hand_size=12)
    with pytest.raises(TableError, match="10 hands of 12 cards need more than the 112 cards of the deck"):
        LiveGame(10, rules=big)
    live = LiveGame(3, seed=1)
    table, config = live.table, live.config
    with pytest.raises(TableError, match="10 hands of 12 cards"):
        live.new_game(players=10, rules=big)
    assert live.table is table and live.config is config


# ---------------------------------------------------------------------- sentences say the rules' numbers
def test_the_table_picture_says_the_rules_numbers():
    rules = Rules.encanto().replace(wild_draw_four_count=5, talk_penalty=1)
    g = Game.from_position(["G3 G4 R9", "W+4 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5 R6 R7 R8 B3", current=1,
                           rules=rules)
    g.play("W+4", "R")
    assert g.phase == "challenge"
    assert "Caro must accept the Wild Draw Four (draw 5) or challenge it." in table_html(g)
    quiet = Game.from_position(["G3 WDT", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3", rules=rules)
    quiet.play("WDT", "R", target=1)
    assert "Ben is silenced (Wild Don't Talk): talking costs 1 card." in table_html(quiet)
    assert "talking costs 1 card." in table_html(quiet.view(1))  # a seat's view carries the rules too


def test_the_buttons_say_the_rules_numbers():
    live = LiveGame(3, rules=Rules.encanto().replace(wild_draw_four_count=5, talk_penalty=4), seed=1)
    actions = live.parts.actions
    assert (actions.accept.description, actions.accept.tooltip) == ("Accept (draw 5)", "Draw 5 cards and lose your turn")
    assert actions.talk.tooltip == "Talk while silenced: draw 4 cards"
    live.new_game(rules="encanto")
    assert (actions.accept.description, actions.accept.tooltip) == ("Accept (draw 4)", "Draw 4 cards and lose your turn")
    assert actions.talk.tooltip == "Talk while silenced: draw 3 cards"
    bar = ActionBar(draw=print, keep=print, pass_=print, uno=print, challenge=print, accept=print, catch=print,
                    talk=print)
    bar.rules = Rules.encanto().replace(wild_draw_four_count=1)
    bar.relabel()
    assert (bar.accept.description, bar.accept.tooltip) == ("Accept (draw 1)", "Draw 1 card and lose your turn")


def test_catch_and_talk_say_the_rules_penalties():
    rules = Rules.encanto().replace(uno_penalty=3, talk_penalty=1)
    live = LiveGame(3, seed=0, seats=["human", "human", "sensible"])
    live.show_position(Game.from_position(["G3 G4 R9", "G1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", current=1,
                                          rules=rules))
    live.table.apply(Move("play", Card.parse("G1")), seat=1)  # Ben plays to one card, without UNO
    live.parts.bar.seat.value = 0
    live.parts.actions.catch.click()
    assert live.parts.message.text == "Caught! Ben did not say UNO and draws 3 cards."
    assert len(live.table.state.game.hands[1]) == 4
    # Ana silences Ben; Ben talks: one card, as the rules say.
    live.show_position(Game.from_position(["G3 WDT R9", "B1 B2", "Y1 Y2"], "G5", "R1 R2 R3 R4 R5", rules=rules))
    live.table.apply(Move("play", Card.parse("WDT"), Card.parse("R1").color, target=1), seat=0)
    live.parts.bar.seat.value = 1
    live.parts.actions.talk.click()
    assert live.parts.message.text == "Ben is silenced and talked: 1 card (E-WDT-2)."
    assert len(live.table.state.game.hands[1]) == 3
