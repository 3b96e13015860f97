"""The lesson widgets with the keyboard alone, in Voilà and headless Chromium.

For every lesson: each Tab stop inside the lesson widgets shows a focus ring (solid, at
least 2 px, at least 3:1 against what is behind it); then a task done with Tab, Space and
Enter only, checking where focus goes after each action, what the page's polite live region
says, and what the accessibility tree holds (card buttons named as people say them, in a
list, with their pressed or unavailable state)."""

from __future__ import annotations

import pytest

from .a11y import focus_ring_problems, focused_ring, tab_to

pytestmark = pytest.mark.browser

TIMEOUT = 20_000


def active(page, js: str):
    """Evaluate ``js`` (a function of the focused element) on the focused element."""
    return page.evaluate(f"() => ({js})(document.activeElement)")


def polite(page) -> str:
    return page.evaluate("() => document.getElementById('uno-live-polite')?.textContent || ''")


def wait_polite(page, start: str) -> None:
    page.wait_for_function(
        "(s) => (document.getElementById('uno-live-polite')?.textContent || '').startsWith(s)",
        arg=start, timeout=TIMEOUT)


def wait_focus(page, js: str) -> None:
    page.wait_for_function(f"() => {{ const el = document.activeElement; return !!el && ({js})(el); }}",
                           timeout=TIMEOUT)


def card(code: str, scope: str = "") -> str:
    return f"(el) => el.matches('{scope} button.uno-card-btn[data-code=\"{code}\"]'.trim())"


BUTTON = "(el) => el.tagName === 'BUTTON' && el.textContent.trim() === {text!r}"


def button(text: str) -> str:
    return BUTTON.format(text=text)


def ring_ok(page) -> None:
    ring = focused_ring(page)
    assert ring["style"] not in ("none", "hidden") and ring["width"] >= 2 and ring["contrast"] >= 3, ring


# --------------------------------------------------------------------------- the tasks
def setup_task(page, lesson):
    tab_to(page, button("Next ▶"))
    for step in range(2, 7):
        page.keyboard.press("Enter")
        lesson.get_by_text(f"Step {step} of 6").wait_for(timeout=TIMEOUT)
    # Next is now disabled: focus went to Back, not to the page body.
    wait_focus(page, button("◀ Back"))
    ring_ok(page)
    wait_polite(page, "Step 6 of 6: 5. Who starts.")
    tab_to(page, "(el) => el.matches('.uno-choice') && el.textContent.includes('Classic')")
    page.keyboard.press("Space")
    wait_focus(page, "(el) => el.getAttribute('aria-pressed') === 'true'")
    lesson.get_by_text("108 cards").first.wait_for(timeout=TIMEOUT)
    wait_polite(page, "A new deal: 4 players, classic rules")


def matching_task(page, lesson):
    tree = lesson.locator(".uno-hand-view").aria_snapshot()
    assert '- list "Your hand, 7 cards"' in tree and '- button "green 2"\n' in tree, tree
    for code in ("G2", "Y3", "W", "W+4", "WDT"):
        tab_to(page, card(code))
        ring_ok(page)
        page.keyboard.press("Space")
        wait_focus(page, "(el) => el.getAttribute('aria-pressed') === 'true'")
    tab_to(page, button("Check"))
    page.keyboard.press("Enter")
    wait_polite(page, "All 7 right!")
    tree = lesson.locator(".uno-hand-view").aria_snapshot()
    assert '- button "green 2, playable" [pressed]' in tree, tree
    assert '- button "red 7, cannot be played now"\n' in tree, tree  # not pressed, still operable


def action_task(page, lesson):
    tree = lesson.locator(".uno-hand-view").aria_snapshot()
    assert '- button "blue 1, cannot be played now" [disabled]' in tree, tree
    tab_to(page, card("W"))
    page.keyboard.press("Enter")
    # The colour row opens and takes the focus ...
    wait_focus(page, "(el) => el.classList.contains('uno-color-red')")
    ring_ok(page)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    wait_focus(page, "(el) => el.classList.contains('uno-color-green')")
    page.keyboard.press("Enter")
    # ... and gives it back to the Wild when it closes.
    wait_focus(page, card("W"))
    wait_polite(page, "Ana plays a Wild and chooses green.")
    assert "green" in polite(page) and "Ben" in polite(page)


def challenge_task(page, lesson):
    tab_to(page, button("Challenge!"))
    page.keyboard.press("Enter")
    wait_focus(page, button("Start again"))
    ring_ok(page)
    wait_polite(page, "The challenge fails")
    tree = lesson.locator(".uno-hand").aria_snapshot()
    assert '- list "Ana\'s hand"' in tree and '- img "red 2"' in tree, tree


def uno_task(page, lesson):
    tab_to(page, card("G5"))
    page.keyboard.press("Enter")
    # Ben's hand is shown now; focus goes to its first playable card.
    wait_focus(page, card("WDT"))
    ring_ok(page)
    wait_polite(page, "Ana plays green 5")
    tree = lesson.locator(".uno-hand-view").aria_snapshot()
    assert '- list "Ben\'s hand, 4 cards"' in tree and "Wild Don't Talk, playable" in tree, tree


def scoring_task(page, lesson):
    tab_to(page, button("Clear"))
    page.keyboard.press("Enter")
    lesson.get_by_text("Pick cards to count.").wait_for(timeout=TIMEOUT)
    tab_to(page, card("R4"))
    page.keyboard.press("Enter")
    wait_polite(page, "Added red 4: 4 points. Total 4 points.")
    tab_to(page, "(el) => el.matches('button.uno-card-btn[data-code=\"R4\"]') && "
                 "el.closest('.uno-hand-view').querySelectorAll('button').length === 1")
    page.keyboard.press("Enter")
    wait_polite(page, "Took away red 4")
    # The card and its button are gone: focus goes back to the cards to add, not to the page.
    wait_focus(page, card("R0"))


TASKS = {
    "01_setup": setup_task,
    "02_matching": matching_task,
    "03_action_cards": action_task,
    "04_wild_draw_four": challenge_task,
    "05_uno_and_dont_talk": uno_task,
    "06_scoring": scoring_task,
}


@pytest.mark.parametrize("name", list(TASKS))
def test_lesson_by_keyboard_alone(page, open_notebook, name):
    open_notebook(page, name, selector=".uno-lesson-widget")
    page.wait_for_selector("#uno-live-polite", state="attached", timeout=TIMEOUT)
    stops, problems = focus_ring_problems(page)
    assert stops >= 5, f"only {stops} Tab stops in the lesson widgets"
    assert not problems, "focus not visible:\n" + "\n".join(problems)
    lesson = page.locator(".uno-lesson-widget").first
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    TASKS[name](page, lesson)
