"""The Review view in Chromium (issue 38): once a hand is over, every role's page looks back
at it step by step (buttons, the keyboard, each step announced), every hand face up, the
coach's options at each decision; while a hand runs, a page offers and holds none of it.

The session's Voilà server asks the coach for few rollouts (``UNO_LESSONS_REVIEW_ROLLOUTS``
in ``conftest.voila_env``), so a review is weighed in seconds.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_lessons import Game

from .a11y import assert_no_axe_violations
from .helpers import STATUS, TIMEOUT, play_hand_to_end, set_speed, status

pytestmark = pytest.mark.browser

#: Ana (a learner) holds one green card on a green 5: she wins with her first move (or draws:
#: a decision the coach weighs). Ben and Caro are bots that never get a turn.
ANA_WINS = Game.from_position(["G3", "B7 B8 Y5", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                              current=0, names=["Ana", "Ben", "Caro"])

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
OPEN, FORWARD, TITLE = ".uno-review-open", ".uno-review-forward", ".uno-review-step"


def live_region(page) -> str:
    return page.eval_on_selector("#uno-live-polite", "e => e.textContent")


def wait_weighed(page) -> None:
    page.wait_for_function(
        "() => (document.querySelector('.uno-review-progress-words') || {}).textContent"
        " && document.querySelector('.uno-review-progress-words').textContent.includes('weighed')",
        timeout=120_000)


def look_back(page, players: int) -> None:
    """Open the Review view of the finished hand and check it: steps, keyboard, hands."""
    page.wait_for_selector(OPEN, state="visible", timeout=TIMEOUT)
    page.click(OPEN)
    page.wait_for_selector(TITLE, timeout=TIMEOUT)
    wait_weighed(page)
    assert re.search(r"Step 1 of \d+", page.inner_text(TITLE))
    # Every hand face up: a row per seat, cards drawn face up (their names, no backs).
    rows = page.locator(".uno-review-hands .uno-other-row")
    assert rows.count() == players
    assert page.locator(".uno-review-hands .uno-miniback").count() == 0
    # Forward by the keyboard: focus is on Forward after opening; Enter moves on one step,
    # and the step is announced.
    total = int(re.search(r"of (\d+)", page.inner_text(TITLE)).group(1))
    if total > 1:
        page.focus(FORWARD)
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.uno-review-step').textContent.includes('Step 2 of')",
                               timeout=TIMEOUT)
        page.wait_for_function("() => document.querySelector('#uno-live-polite').textContent.includes('Step 2 of')",
                               timeout=TIMEOUT)
    # The arrow keys step as in a game viewer (← → Home End), and the buttons say so.
    step_says = "(words) => document.querySelector('.uno-review-step').textContent.includes(words)"
    page.focus(FORWARD)
    assert page.get_attribute(FORWARD, "aria-keyshortcuts") == "ArrowRight"
    focused = "(cls) => document.activeElement.classList.contains(cls)"
    page.keyboard.press("End")
    page.wait_for_function(step_says, arg="The end of the hand", timeout=TIMEOUT)
    # Forward is disabled at the end: focus moves to Back, not to the page's body.
    page.wait_for_function(focused, arg="uno-review-back", timeout=TIMEOUT)
    page.keyboard.press("Home")
    page.wait_for_function(step_says, arg="Step 1 of", timeout=TIMEOUT)
    page.wait_for_function(focused, arg="uno-review-forward", timeout=TIMEOUT)
    if total > 1:
        page.keyboard.press("ArrowRight")
        page.wait_for_function(step_says, arg="Step 2 of", timeout=TIMEOUT)
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(step_says, arg="Step 1 of", timeout=TIMEOUT)
    # And the mouse.
    page.click(".uno-review-last")
    page.wait_for_function(step_says, arg="The end of the hand", timeout=TIMEOUT)
    page.click(".uno-review-first")
    page.wait_for_function(step_says, arg="Step 1 of", timeout=TIMEOUT)


def test_the_one_screen_game_looks_back_at_a_hand_played_by_clicking(page, open_notebook):
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_notebook(page, "dashboard", selector=".uno-card-btn")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    assert not page.locator(OPEN).is_visible() and page.locator(".uno-review-step").count() == 0
    set_speed(page, "turbo")
    play_hand_to_end(page)
    assert status(page)["winner"] != ""
    look_back(page, players=4)
    # A decision: the options with their chances, the move made marked.
    first_option = page.locator(".uno-review-options")
    for _step in range(40):
        if first_option.count():
            break
        page.click(FORWARD)
        page.wait_for_timeout(100)
    assert "Chance to win" in page.inner_text(".uno-review-options")
    assert page.locator(".uno-review-options .uno-review-made").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(".uno-review").screenshot(path=str(ARTIFACTS / "review.png"))
    assert_no_axe_violations(page, "the Review view", ".uno-review-box")
    page.click(".uno-review-close")
    page.wait_for_selector(".uno-review-step", state="detached", timeout=TIMEOUT)
    assert "Traceback" not in page.inner_text("body") and not errors, errors


def test_every_class_table_page_looks_back_after_the_hand_and_none_before(class_store, pages):
    code, key = class_store.create(["Ana", "Ben", "Caro"], ["human", "sensible", "sensible"], seed=5,
                                   start=ANA_WINS.to_json())
    seat = class_store.join(code, seat=0, name="Ana")
    learner = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn")
    teacher = pages(f"table={code}&teacher={key}", ".uno-teacher-panel")
    projector = pages(f"table={code}&watch=1&view=projector", STATUS)
    # The hand runs: no page offers a review or holds anything of one.
    for page in (learner, teacher, projector):
        assert not page.locator(OPEN).is_visible()
        assert page.locator(".uno-review-options, .uno-review-step, .uno-review-hands").count() == 0
    learner.click(".uno-hand-btns .uno-card-G3")
    for page in (learner, teacher, projector):
        page.wait_for_function("() => document.querySelector('.uno-status').dataset.winner !== ''",
                               timeout=TIMEOUT)
        look_back(page, players=3)
        assert "Ana: play G3" in page.inner_text(TITLE)
        # Ana's one decision is weighed on every page, hers included.
        page.wait_for_selector(".uno-review-options .uno-review-made", timeout=TIMEOUT)
        assert "Ana" in page.inner_text(".uno-review-options")
    for page in (learner, teacher, projector):
        assert "Traceback" not in page.inner_text("body") and not page.errors, page.errors
