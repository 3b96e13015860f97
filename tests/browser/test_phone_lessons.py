"""Every lesson on a phone (390 px wide): no word is broken across two lines (the number
tables of lesson 10 used to wrap mid-word: "card_po / ints=1.00")."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

LESSONS = ("00_index", "01_setup", "02_matching", "03_action_cards", "04_wild_draw_four",
           "05_uno_and_dont_talk", "06_scoring", "07_simulation", "08_challenge_or_accept", "09_good_move",
           "10_learning",
           "11_house_rules")

#: Each word whose text lands on more than one line (a line may end after a hyphen, as in
#: "second-|last": that is where a reader expects a break).
BROKEN_WORDS_JS = """(root) => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const el = t.parentElement;
    if (!el || el.closest('svg, .uno-sr-only, select, script, style, .jp-InputArea, .MathJax, .katex')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    for (const m of t.textContent.matchAll(/[^\\s-]{2,}/g)) {
      const range = document.createRange();
      range.setStart(t, m.index); range.setEnd(t, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0].slice(0, 50));
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("name", LESSONS)
def test_no_word_of_a_lesson_breaks_across_lines_on_a_phone(page, open_notebook, name):
    page.set_viewport_size({"width": 390, "height": 844})
    open_notebook(page, name, selector="#rendered_cells", timeout=240_000)
    page.wait_for_load_state("networkidle", timeout=240_000)
    page.wait_for_timeout(1500)
    broken = page.locator("#rendered_cells").evaluate(BROKEN_WORDS_JS)
    assert not broken, broken
