"""Every lesson page in Voilà, in headless Chromium, against axe-core's WCAG 2.2 A/AA rules:
as it opens and after the actions that show more (a step, marks and a verdict, the colour
row of a wild, a challenge, a penalty, a match, a wrong self-check answer). Also the page's
title, its main landmark, its headings and its one pair of live regions."""

from __future__ import annotations

import json

import pytest

from uno_lessons.lessons import QUIZZES

from .a11y import assert_no_axe_violations, live_regions
from .conftest import NOTEBOOKS

pytestmark = pytest.mark.browser

#: Page -> its title (from the notebook's metadata; Voilà puts it in <title>).
TITLES = {
    "00_index": "UNO lessons: start here",
    "01_setup": "Lesson 1: Setting up a game",
    "02_matching": "Lesson 2: Which cards may be played?",
    "03_action_cards": "Lesson 3: Action cards and drawing",
    "04_wild_draw_four": "Lesson 4: The Wild Draw Four and its challenge",
    "05_uno_and_dont_talk": "Lesson 5: “UNO!” and the Wild Don't Talk",
    "06_scoring": "Lesson 6: Winning a hand and scoring",
    "07_simulation": "Lesson 7: Measuring with simulation",
    "08_challenge_or_accept": "Lesson 8: Challenge or accept? Deciding under uncertainty",
    "09_good_move": "Lesson 9: Was that a good move?",
    "10_learning": "Lesson 10: Teach a computer to play",
    "11_house_rules": "Lesson 11: Change a rule, measure the game",
}
#: Pages whose widgets are a lesson's own figures, tables and self-checks, not a lesson widget.
NO_LESSON_WIDGET = ("00_index", "10_learning", "11_house_rules")
#: Pages with more than one lesson widget (lesson 7: single games and their average; two bots
#: on the same deals).
LESSON_WIDGETS = {"07_simulation": 2}


def _click(selector: str, expect: str):
    def act(page, lesson):
        lesson.locator(selector).first.click()
        lesson.get_by_text(expect).first.wait_for(state="visible", timeout=20_000)
    return act


#: Page -> actions that bring out the states worth checking, each waits for its result.
STATES = {
    "01_setup": [_click("button:has-text('Next ▶')", "Step 2 of 6")]
                + [_click("button:has-text('Next ▶')", f"Step {i} of 6") for i in range(3, 7)],
    "02_matching": [_click(".uno-card-btn.uno-card-G2", "1 card marked"),
                    _click(".uno-card-btn.uno-card-R7", "2 cards marked"),
                    _click("button:has-text('Check')", "Card by card")],
    "03_action_cards": [_click(".uno-card-btn.uno-card-W", "Choose the colour for the Wild"),
                        _click(".uno-color-btn.uno-color-green", "Now it is Ben's turn")],
    "04_wild_draw_four": [_click("button:has-text('Challenge!')", "The challenge fails")],
    "05_uno_and_dont_talk": [_click(".uno-card-btn.uno-card-G5", "no UNO said!"),
                             lambda page, lesson: lesson.get_by_label("Who", exact=True).select_option(label="Ben"),
                             _click("button:has-text('calls them out')", "Penalty!")],
    "06_scoring": [_click("button:has-text('Play to 500')", "the match is won")],
    "07_simulation": [lambda page, lesson: lesson.get_by_label("Games", exact=True).select_option(label="400"),
                      lambda page, lesson: lesson.get_by_text("400 games, moves per game").first.wait_for(
                          state="visible", timeout=20_000)],
    "08_challenge_or_accept": [_click("button:has-text('Challenge!')", "The challenge fails")],
    "09_good_move": [_click("button:has-text('Next ▶')", "Decision 2 of")],
    "10_learning": [],  # its self-checks, answered wrong below
    "11_house_rules": [],
}


def _answer_first_quiz_wrong(page, name: str) -> None:
    """Pick a wrong answer of the page's first self-check (known from the quiz bank)."""
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())
    first = next(line for c in nb["cells"] if c["cell_type"] == "code"
                 for line in "".join(c["source"]).splitlines() if line.startswith("quiz("))
    item = QUIZZES[first.split('"')[1]]
    wrong = next(o for i, o in enumerate(item.options) if i != item.answer)
    quiz = page.locator(".uno-lesson-quiz").first
    quiz.get_by_label(wrong, exact=True).check()
    quiz.locator("button:has-text('Check my answer')").click()
    quiz.get_by_text("Not quite.").wait_for(timeout=20_000)


@pytest.mark.parametrize("name", list(TITLES))
def test_lesson_page_has_no_axe_violations(page, open_notebook, name):
    # The index has no visible widget: only the (invisible) page bridge that sets the landmark.
    open_notebook(page, name, selector={"00_index": "#rendered_cells", "07_simulation": ".jupyter-widgets",
                                        "10_learning": ".uno-lesson-quiz",
                                        "11_house_rules": ".uno-lesson-quiz"}.get(name, ".uno-lesson"))
    page.wait_for_function("() => document.querySelector('[role=main], main')", timeout=60_000)

    assert page.title() == TITLES[name]
    assert page.locator("[role=main] h1, main h1").count() == 1, "one h1: the lesson's title"
    assert page.locator("[role=main] h2, main h2").count() >= 1
    if name not in NO_LESSON_WIDGET:
        assert page.locator(".uno-lesson-widget h3").count() == LESSON_WIDGETS.get(name, 1)
    assert_no_axe_violations(page, f"{name} as it opens")

    if name in STATES:
        lesson = page.locator(".uno-lesson-widget").first
        for act in STATES[name]:
            act(page, lesson)
        _answer_first_quiz_wrong(page, name)
        assert_no_axe_violations(page, f"{name} after its actions and a wrong self-check answer")
        # One polite and one assertive region for the page, kept (not replaced) and updated.
        page.wait_for_function("() => (document.getElementById('uno-live-polite')?.textContent || '')"
                               ".startsWith('Not quite.')", timeout=20_000)
        regions = {r["id"]: r for r in live_regions(page)}
        assert set(regions) == {"uno-live-polite", "uno-live-assertive"}, regions
        assert regions["uno-live-polite"]["text"].startswith("Not quite.")
