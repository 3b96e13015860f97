"""A class table on a phone (390×844, the screen the issue was found on): every control a
finger can hit is at least 44×44 CSS px (WCAG 2.5.5's target; a link inside a sentence is
excepted, as there), and a learner's hand and the actions they can take are on the first
screen, the table's summary compact above them, the log below. Screenshots go to
test-artifacts/ (docs/class.md shows them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from uno_lessons import Game

from .helpers import STATUS, TIMEOUT

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TARGET = 44
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

#: Every control a finger can hit, with its box: buttons, menus, fields and links that stand
#: on their own (a link inside a sentence is text). The skip link shows only when focused; a
#: checkbox is hit through its label, so the label is measured.
CONTROLS_JS = """() => [...document.querySelectorAll(
    '.uno-dash :is(button, select, input:not([type=hidden]), a[href], [role=button])')]
  .filter(e => { const s = getComputedStyle(e); const r = e.getBoundingClientRect();
                 return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0
                        && !e.classList.contains('uno-skip-link')
                        && !(e.tagName === 'A' && e.closest('p, li') && e.closest('p, li').textContent.trim() !== e.textContent.trim()); })
  .map(e => (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e)
  .map(e => { const r = e.getBoundingClientRect();
              return {what: (e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 40),
                      top: Math.round(r.top + scrollY), bottom: Math.round(r.bottom + scrollY),
                      w: Math.round(r.width), h: Math.round(r.height)}; })"""


def box(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {top: r.top + scrollY, bottom: r.bottom + scrollY}; }")


def small_targets(page) -> list[dict]:
    return [c for c in page.evaluate(CONTROLS_JS) if c["w"] < TARGET or c["h"] < TARGET]


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"))


def test_a_learners_turn_on_a_phone_fits_a_finger_and_the_first_screen(class_store, pages):
    # Seed 0 deals Ben (seat 1) the first move with a Wild in hand: he is the learner here.
    start = Game.new(["Ana", "Ben", "Cleo", "Dev"], seed=0)
    code, key = class_store.create(["Ana", "Ben", "Cleo", "Dev"], ["sensible", "human", "sensible", "sensible"],
                                   seed=7, start=start.to_json())
    seat = class_store.join(code, seat=1, name="Ben")
    page = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn", **PHONE)
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    page.wait_for_selector(".uno-act-draw:not([disabled])", timeout=TIMEOUT)
    page.wait_for_timeout(500)
    assert not small_targets(page)
    hand, actions, log = box(page, ".uno-hand-btns"), box(page, ".uno-actions"), box(page, ".uno-log-view")
    table = box(page, ".uno-table-view")
    assert table["bottom"] <= hand["top"] + 1  # the summary above the hand
    assert actions["bottom"] <= PHONE["height"], actions  # Draw, Say UNO!, Catch on the first screen
    assert log["top"] >= actions["bottom"]  # the log below
    shot(page, "turn")
    # Choosing the Wild's colour: the colour buttons are finger-sized too.
    page.locator(".uno-card-btn.uno-card-W").first.click()
    page.wait_for_selector(".uno-picker .widget-button", state="visible", timeout=TIMEOUT)
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('.uno-picker')",
                           timeout=TIMEOUT)  # focus moves to the colours, and the page with it
    page.wait_for_timeout(300)
    assert not small_targets(page)
    shot(page, "wild")
    picker = page.locator(".uno-picker").first.evaluate("e => e.getBoundingClientRect().bottom")
    assert picker <= PHONE["height"] + 1  # on the screen the learner is looking at (to a subpixel)
    shot(page, "wild")


def test_the_join_form_the_teacher_and_the_one_screen_game_on_a_phone(class_store, pages):
    code, key = class_store.create(["Ana", "Ben"], ["human", "sensible"], seed=3)
    join = pages(f"table={code}", ".uno-join input", **PHONE)
    join.wait_for_timeout(500)
    assert not small_targets(join)
    shot(join, "join")
    teacher = pages(f"table={code}&teacher={key}", ".uno-teacher-panel", **PHONE)
    teacher.wait_for_timeout(500)
    assert not small_targets(teacher)
    one = pages("", ".uno-card-btn", **PHONE)
    one.wait_for_selector(STATUS, timeout=TIMEOUT)
    one.click(".uno-settings-toggle")
    one.wait_for_selector(".uno-start", state="visible", timeout=TIMEOUT)
    one.wait_for_timeout(500)
    assert not small_targets(one)
