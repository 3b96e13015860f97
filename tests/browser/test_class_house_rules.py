"""House rules at a class table in headless Chromium through a real Voilà (issue 24): two
learners in two browsers stack Draw Twos (H-STACK) and one jumps in (H-JUMP) with the other
copy of the top card; every page shows the stack and the jump-in; axe-core finds nothing
with the house-rule controls showing; the New game form opens a class table with them."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from uno_lessons import Game, Rules
from uno_lessons.engine import events as ev

from .helpers import STATUS, TIMEOUT, status
from .test_class_table import join, wait_seq
from .test_dashboard_a11y import assert_axe_clean

pytestmark = pytest.mark.browser

HOUSE = ("stacking", "jump_in")
# Ana plays her red Draw Two, Ben stacks his yellow one; Caro is then to move, and Ana holds
# the other yellow Draw Two: identical to the top card, so she may jump in with it.
START = Game.from_position(["R+2 Y+2 G1 G2", "Y+2 B3 B7", "G8 G9 B1"], "R5", "G3 G4 G5 G6 G7 B2 B4 B6 B8 B9",
                           current=0, names=["Ana", "Ben", "Caro"],
                           rules=Rules.encanto().replace(stacking=True, jump_in=True))


def wait_stack(page, n: int) -> None:
    page.wait_for_function("n => { const s = document.querySelector('.uno-status');"
                           " return s && s.dataset.stack === String(n); }", arg=n, timeout=TIMEOUT)


def test_two_learners_stack_draw_twos_and_one_jumps_in(class_store, pages):
    code, key = class_store.create(["Ana", "Ben", "Caro"], ["human"] * 3, house=HOUSE, seed=9,
                                   start=START.to_json())
    ana = join(pages, code, 0, "Ana")
    ben = join(pages, code, 1, "Ben")
    caro = class_store.join(code, seat=2, name="Caro")  # to move after Ben; played from here
    teacher = pages(f"table={code}&teacher={key}", ".uno-teacher-panel")
    for page in (ana, ben, teacher):
        wait_seq(page, caro.seq)
        assert "House rules on: stacking, jump-in." in page.inner_text(".uno-status-view")
        assert "House rules on: stacking, jump-in." in page.inner_text(".uno-house-ring")
    assert ana.locator(".uno-jump-in").count() == 0  # nothing to jump in with yet

    ana.click(".uno-hand-btns .uno-card-btn.uno-card-Rp2")
    wait_stack(ben, 2)
    assert "Stack: 2 cards to draw" in ben.inner_text(".uno-status-view")
    assert "stack a card on it, or accept" in ben.inner_text(STATUS)
    ben.click(".uno-hand-btns .uno-card-btn.uno-card-Yp2")

    # Caro is to move; Ana's page (and only hers) offers the jump-in.
    wait_stack(ana, 4)
    jump = ana.locator(".uno-jump-in")
    jump.wait_for(state="visible", timeout=TIMEOUT)
    assert jump.inner_text().strip() == "Jump in with yellow Draw Two"
    assert status(ana)["humanTurn"] == "0"
    assert ben.locator(".uno-jump-in").count() == 0 and teacher.locator(".uno-jump-in").count() == 0
    assert_axe_clean(ana, "class: a learner who can jump in, with the stack shown")
    jump.click()

    for page in (ana, ben, teacher):
        wait_stack(page, 6)
        assert "Stack: 6 cards to draw" in page.inner_text(".uno-status-view")
    ana.wait_for_selector(".uno-jump-in", state="detached", timeout=TIMEOUT)
    ben.get_by_text("Ana jumps in with yellow Draw Two").first.wait_for(timeout=TIMEOUT)
    assert status(ben)["humanTurn"] == "1"  # play goes on from Ana: Ben stacks or draws six
    state = class_store.load(code)
    assert state.log[-1] == '["jump",0,"Y+2",null]'
    assert [e.seat for e in state.game.events if isinstance(e, ev.JumpedIn)] == [0]
    assert state.game.current_player == 1 and state.game.stack == 6
    assert_axe_clean(ben, "class: the stack of six on the next learner's page")
    ben.click(".uno-act-accept")
    wait_stack(ana, 0)
    assert len(class_store.load(code).game.hands[1]) == 8  # two cards left, six drawn
    for page in (ana, ben, teacher):
        assert not page.errors, page.errors


def test_the_new_game_form_opens_a_class_table_with_house_rules(class_store, pages):
    page = pages("", ".uno-settings-toggle")
    page.click(".uno-settings-toggle")
    page.wait_for_selector(".uno-house-rules", state="visible", timeout=TIMEOUT)
    for switch in ("stacking", "jump_in", "seven_zero", "draw_until_playable", "force_play"):
        box = page.locator(f".uno-house-{switch} input[type=checkbox]")
        assert not box.is_checked()
    page.get_by_label("Stacking: a Draw Two may be answered", exact=False).check()
    page.get_by_label("Jump-in: a player holding a card identical", exact=False).check()
    assert_axe_clean(page, "one screen: New game form with house rules ticked")
    page.locator(".uno-where button", has_text="as a class").click()
    page.click(".uno-start")
    page.wait_for_selector(".uno-teacher-panel", state="visible", timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('teacher=')", timeout=TIMEOUT)
    code = parse_qs(urlparse(page.url).query)["table"][0]
    page.get_by_text("House rules on: stacking, jump-in.").first.wait_for(timeout=TIMEOUT)
    rules = class_store.load(code).config.rules
    assert rules.stacking and rules.jump_in and not rules.seven_zero
    assert not page.errors, page.errors
