"""The dashboard and a lesson in each language, in headless Chromium (issue 10, item 6):
screenshots for a translator to look at, and the checks a person would make on them.

For Dutch, Serbian and Malay: the dashboard opened with ``?lang=xx`` and the built lesson
``notebooks/xx/02_matching.ipynb`` are screenshot whole at 1280 px into
``test-artifacts/lang-xx-{dashboard,lesson}.png``; nothing may stick out to the right
(translations are often longer than English), and each page must say, on screen, a sentence
of its own in that language and not the English one (so a page that silently stayed English
fails).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from screenshot_lessons import whole_page

from uno_lessons.i18n import _, use_language

from .conftest import PAGE_TIMEOUT_MS, leave

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LANGS = ("nl", "sr", "ms")
#: Per page: how to open it, what must be on screen before the picture, and an English
#: message the page shows whose translation must be there instead.
PAGES = {
    "dashboard": ("voila/render/dashboard.ipynb?lang={lang}", ".uno-card-btn", "What happened"),
    "lesson": ("voila/render/{lang}/02_matching.ipynb", ".uno-lesson-widget", "Check"),
}



@pytest.mark.parametrize("what", sorted(PAGES))
@pytest.mark.parametrize("lang", LANGS)
def test_a_page_in_each_language_fits_and_speaks_it(browser, voila_base_url, lang, what):
    address, selector, english = PAGES[what]
    with use_language(lang):
        translated = _(english)
    assert translated != english, f"{english!r} has no {lang} translation"
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = ctx.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.goto(voila_base_url + address.format(lang=lang), wait_until="domcontentloaded")
        page.wait_for_selector(selector, state="visible")
        page.wait_for_function("t => document.body.innerText.includes(t)", arg=translated)
        report = whole_page(page, ARTIFACTS / f"lang-{lang}-{what}.png", settle_ms=500)
        text = page.evaluate("() => document.body.innerText")
    finally:
        leave(ctx)
    assert report["wide"] == [], f"sticks out of 1280 px in {lang}: {report}"
    assert translated in text
    assert english not in text.replace(translated, ""), f"the English {english!r} is still shown"
