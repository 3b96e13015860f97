"""House rules on the dashboard (issue 24): the New game… form's checkboxes and the config
they make, the house rules and the stack on the page, a learner's own jump-in button, and
the choice of whom a 7 swaps with (H-SEVEN-ZERO), in turn and as a jump-in."""

from __future__ import annotations

import pytest

from uno_lessons import Game, Rules
from uno_lessons.dashboard import LiveGame, dashboard_page
from uno_lessons.dashboard.game_config import first_config, next_config
from uno_lessons.engine import events as ev
from uno_lessons.engine.rules import HOUSE_SWITCHES
from uno_lessons.table import TableError, open_store
from uno_lessons.table.config import house_of

PILE = "G3 G4 G5 G6 G8 G9 B1 B2 B4 B6"
PARTY = Rules.encanto().replace(stacking=True, jump_in=True, seven_zero=True)


# ---------------------------------------------------------------------- the form
def test_a_config_with_house_rules_builds_the_right_rules():
    cfg = first_config(3, "classic", 4, ["human", "sensible", "random"], ["jump_in", "stacking"])
    assert house_of(cfg.rules) == ("stacking", "jump_in")
    rules = cfg.rules
    assert rules == Rules.classic().replace(stacking=True, jump_in=True)
    assert house_of(first_config(3, "encanto", 4, None).rules) == ()
    assert house_of(first_config(3, PARTY, 4, None).rules) == ("stacking", "jump_in", "seven_zero")
    cfg = next_config(cfg, {"house": ["force_play"]})
    assert cfg.rules.force_play and not cfg.rules.stacking
    with pytest.raises(TableError, match="“bluff” is not a house rule"):
        next_config(cfg, {"house": ["bluff"]})
    with pytest.raises(TableError, match="is not a house rule"):
        first_config(3, "classic", 4, None, ["stacking", "nope"])


def test_each_house_rule_has_a_labelled_checkbox_off_by_default_and_start_passes_them():
    started = []
    live = LiveGame(3, seed=2)
    form = live.parts.setup
    form._on_start = lambda config, class_table: started.append((config, class_table))
    form.show(True)
    assert list(form.house) == list(HOUSE_SWITCHES)
    for switch, box in form.house.items():
        assert box.value is False
        assert box.description.strip().endswith(".") and len(box.description) > 25, switch
        assert f"uno-house-{switch}" in box._dom_classes
    assert "House rules" in form.house_title.value
    form.house["stacking"].value = form.house["seven_zero"].value = True
    form._start()
    assert house_of(started[-1][0].rules) == ("stacking", "seven_zero") and started[-1][1] is False


def test_live_game_takes_house_rules_and_the_page_says_which_are_on():
    live = LiveGame(3, seed=2, house=["stacking", "jump_in"])
    rules = live.table.state.game.rules
    assert rules.stacking and rules.jump_in and not rules.seven_zero
    assert "House rules on: stacking, jump-in." in live.parts.status.value
    assert "House rules on: stacking, jump-in." in live.parts.house_ring.value
    live.new_game(house=[])
    assert not live.table.state.game.rules.house
    assert "No house rules" in live.parts.status.value and live.parts.house_ring.value == ""


# ---------------------------------------------------------------------- a class table
def class_pages(hands, top, current=0, kinds=("human", "human", "human")):
    store = open_store("memory://")
    names = ["Ana", "Ben", "Caro"][:len(hands)]
    start = Game.from_position(hands, top, PILE, current=current, rules=PARTY, names=names)
    code, key = store.create(names, list(kinds), house=("stacking", "jump_in", "seven_zero"), seed=3,
                             start=start.to_json())
    pages = {}
    for seat, kind in enumerate(kinds):
        if kind == "human":
            handle = store.join(code, seat=seat, name=names[seat])
            page = dashboard_page(f"table={code}&token={handle.token}", store=store)
            pages[seat] = page.game  # the box a Voilà page shows; its LiveGame
    return store, code, pages


def test_the_stack_is_shown_as_a_sentence_on_every_page():
    store, code, pages = class_pages(["R+2 G1 G2", "Y+2 B3 B7", "G7 Y8"], "R5")
    ana, ben = pages[0], pages[1]
    ana.click_card(0)  # red Draw Two
    ben.table.sync()
    ben.refresh()
    assert "Stack: 2 cards to draw, unless they are stacked on." in ben.parts.status.value
    assert "stack a card on it, or accept" in ben.parts.status.value
    assert "data-stack='2'" in ben.parts.status.value
    assert ben.parts.actions.accept.layout.display is None and ben.parts.actions.accept.description == "Accept (draw 2)"
    assert ben.parts.actions.challenge.layout.display == "none" and ben.parts.actions.draw.disabled
    ben.parts.actions.accept.click()
    assert len(store.load(code).game.hands[1]) == 5 and ben.parts.actions.accept.layout.display == "none"


def test_only_the_seat_that_can_jump_in_sees_its_button_and_jumping_in_plays_the_card():
    store, code, pages = class_pages(["R1 G2", "Y4 B3", "R5 Y8"], "R5")
    for page in pages.values():
        page.table.sync()
        page.refresh()
    assert pages[0].parts.jumps.widget.children == () and pages[1].parts.jumps.widget.children == ()
    (button,) = pages[2].parts.jumps.widget.children
    assert button.description == "Jump in with red 5"
    button.click()
    state = store.load(code)
    assert state.log[-1] == '["jump",2,"R5",null]'
    assert pages[2].parts.jumps.widget.children == () and pages[2].parts.jumps.widget.layout.display == "none"


def test_a_late_jump_in_is_told_too_late_and_stores_nothing():
    store, code, pages = class_pages(["R1 G2", "Y4 B3", "R5 Y8"], "R5")
    caro = pages[2]
    caro.table.sync()
    caro.refresh()
    pages[0].click_card(0)  # Ana plays her red 1 before Caro's click arrives
    caro.parts.jumps.widget.children[0].click()
    assert "Too late: Ana moved first" in caro.parts.message.value
    assert store.load(code).seq == 4


def test_a_seven_asks_whom_to_swap_with_in_turn_and_as_a_jump_in():
    store, code, pages = class_pages(["R7 G2 G1", "Y4 B3", "R7 Y8 B9"], "R5")
    ana = pages[0]
    ana.click_card(0)  # the red 7: whom to swap with?
    assert ana.pending is not None and ana.pending.swap
    targets = ana.parts.picker.targets.children
    assert [b.description for b in targets] == ["Ben", "Caro"]
    assert "swap hands with whom" in ana.parts.picker.label.value
    targets[1].click()  # swap with Caro
    state = store.load(code)
    assert state.log[-1] == '["move",0,"play","R7",null,2]'
    assert any(isinstance(e, ev.Swapped) for e in state.game.events)
    # Caro now holds Ana's G2 G1 ... and Ana holds R7 Y8 B9: the top is the red 7, so Ana
    # (not to move: Ben is) can jump in with the other red 7, choosing whom to swap with.
    ana.table.sync()
    ana.refresh()
    (button,) = ana.parts.jumps.widget.children
    assert button.description == "Jump in with red 7"
    button.click()
    assert ana.pending is not None and ana.pending.jump
    ana.parts.picker.targets.children[0].click()  # Ben
    assert store.load(code).log[-1] == '["jump",0,"R7",1]'
