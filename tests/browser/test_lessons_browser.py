"""Each lesson notebook in Voilà, in headless Chromium: the widget is there, answers a click,
and reflows (WCAG 1.4.10) at 1280, 900 and 400 px wide: no text cut off, overlapping or off
the page, no box that scrolls sideways (a data table in a focusable region excepted)."""

from __future__ import annotations

import pytest

from .a11y import reflow_problems

pytestmark = pytest.mark.browser

WIDTHS = (1280, 900, 400)

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


def reflow_at_every_width(page) -> list[str]:
    """Reflow problems of every lesson widget and self-check on the page, at each width."""
    problems = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(400)  # let the layout (and container queries) settle
        for box in page.locator(".uno-lesson").all():
            problems += [f"{width} px: {p}" for p in reflow_problems(box)]
    page.set_viewport_size({"width": 1280, "height": 800})
    return problems


@pytest.mark.parametrize("name", list(CLICKS))
def test_lesson_widget_answers_a_click_and_reflows(page, open_notebook, name):
    open_notebook(page, name, selector=".uno-lesson-widget")
    lesson = page.locator(".uno-lesson-widget").first
    assert lesson.is_visible()
    assert lesson.locator(".uno-lesson-title").first.is_visible()
    before = reflow_at_every_width(page)
    assert not before, "\n".join(before)
    target, expected = CLICKS[name]
    lesson.locator(target).first.click()
    lesson.get_by_text(expected).first.wait_for(state="visible", timeout=15_000)
    assert page.evaluate(WIDE_JS) <= 0, "the page is wider than the 1280 px window"
    after = reflow_at_every_width(page)
    assert not after, "after the click:\n" + "\n".join(after)
