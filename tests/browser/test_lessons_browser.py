"""Each lesson notebook in Voilà, in headless Chromium: the widget is there and answers a click."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

#: lesson -> (what to click inside the lesson widget, text that must then appear).
CLICKS = {
    "01_setup": ("button:has-text('Next ▶')", "Step 2 of 6"),
    "02_matching": (".uno-card-btn.uno-card-G2", "1 card marked"),
    "03_action_cards": (".uno-card-btn.uno-card-GS", "Ben loses their turn"),
    "04_wild_draw_four": ("button:has-text('Challenge!')", "The challenge fails"),
    "05_uno_and_dont_talk": (".uno-card-btn.uno-card-G5", "no UNO said!"),
    "06_scoring": ("button:has-text('Play one hand')", "Hand 1:"),
}

WIDE_JS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("name", list(CLICKS))
def test_lesson_widget_answers_a_click(page, open_notebook, name):
    open_notebook(page, name, selector=".uno-lesson-widget")
    lesson = page.locator(".uno-lesson-widget").first
    assert lesson.is_visible()
    assert lesson.locator(".uno-lesson-title").first.is_visible()
    target, expected = CLICKS[name]
    lesson.locator(target).first.click()
    lesson.get_by_text(expected).first.wait_for(state="visible", timeout=15_000)
    assert page.evaluate(WIDE_JS) <= 0, "the page is wider than the 1280 px window"
