"""The browser checks can fail, and the card faces measure up in a real browser.

* The reflow and focus-ring checks of ``a11y.py`` find what they are meant to find on small
  hand-made pages (and nothing on a good one), so a green lesson test means something.
* Colour words in other languages (real gettext catalogs, made here with Babel) fit on the
  card faces as Chromium draws them with the fonts of this machine.
"""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from uno_lessons import i18n
from uno_lessons.render import STYLE, card_svg

from .a11y import focus_ring_problems, reflow_problems

pytestmark = pytest.mark.browser

GOOD = """<div id="root" style="width:300px"><p>Short words wrap in a box as they should.</p>
<button>One</button> <button>Two</button></div>"""

BAD = """<div id="root" style="width:300px">
<div style="width:120px;overflow:hidden;white-space:nowrap">This sentence is cut off by its box</div>
<div style="position:relative;height:30px"><span style="position:absolute;left:0">first</span>
<span style="position:absolute;left:8px">second</span></div>
<div style="margin-left:350px;white-space:nowrap">this runs beyond the right edge</div>
<div style="width:100px;overflow-x:auto"><div style="width:400px">a box that scrolls sideways</div></div>
</div>"""


def test_reflow_check_finds_cut_overlapping_and_wide_content(page):
    page.set_viewport_size({"width": 400, "height": 600})
    page.set_content(GOOD)
    assert reflow_problems(page.locator("#root")) == []
    page.set_content(BAD)
    problems = "\n".join(reflow_problems(page.locator("#root")))
    assert "is cut off by DIV" in problems
    assert '"first" overlaps "second"' in problems
    assert "runs off the page" in problems and "the page scrolls sideways" in problems
    assert "scrolls sideways (400 > 100)" in problems


def test_reflow_check_ignores_what_a_scrolled_box_or_visually_hidden_text_hides(page):
    # A log scrolled to its newest line: its older lines lie above its box, under the heading
    # above it, but hidden by the box; and a visually hidden heading is clipped on purpose.
    page.set_viewport_size({"width": 400, "height": 600})
    page.set_content('<div id="root" style="width:300px"><h2 style="margin:0">What happened</h2>'
                     '<div style="height:40px;overflow-y:auto;display:flex;flex-direction:column-reverse">'
                     '<div>' + "".join(f"<p style='margin:0'>line {i}</p>" for i in range(8)) + '</div></div>'
                     '<h2 class="uno-sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden">'
                     'A heading for screen readers</h2></div>')
    assert reflow_problems(page.locator("#root")) == []


def test_focus_ring_check_finds_a_missing_or_faint_ring(page):
    page.set_content('<div class="uno-lesson"><button id="a">A</button> <button id="b" '
                     'style="outline:none">B</button> <button id="c">C</button></div>'
                     "<style>#a:focus-visible{outline:3px solid #0b57d0}"
                     "#c:focus-visible{outline:3px solid #dddddd}</style>")
    seen, problems = focus_ring_problems(page)
    assert seen == 3
    assert len(problems) == 2
    assert "'B': outline none" in problems[0] and "'C'" in problems[1] and "contrast 1.3" in problems[1]


WORDS = {
    "nl": {"RED": "ROOD", "YELLOW": "GEEL", "GREEN": "GROEN", "BLUE": "BLAUW", "WILD": "KEUZE"},
    "sr": {"RED": "ЦРВЕНА", "YELLOW": "ЖУТА", "GREEN": "ЗЕЛЕНА", "BLUE": "ПЛАВА", "WILD": "ЏОКЕР"},
    "ms": {"RED": "MERAH", "YELLOW": "KUNING", "GREEN": "HIJAU", "BLUE": "BIRU", "WILD": "BEBAS"},
}


@pytest.fixture
def catalogs(tmp_path, monkeypatch):
    """Real compiled catalogs (.mo) for the card words of three languages, plus 'ms' words
    made absurdly long to prove that scaling, not luck, makes them fit."""
    for lang, words in WORDS.items():
        cat = Catalog(locale=lang, domain=i18n.DOMAIN)
        for en, word in words.items():
            ctx = "printed on a wild card" if en == "WILD" else "printed on a card"
            cat.add(en, word, context=ctx)
        out = tmp_path / lang / "LC_MESSAGES"
        out.mkdir(parents=True)
        with open(out / f"{i18n.DOMAIN}.mo", "wb") as fh:
            write_mo(fh, cat)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._catalog.cache_clear()
    yield
    i18n._catalog.cache_clear()


FIT_JS = """() => [...document.querySelectorAll('svg')].map(svg => {
  const t = svg.querySelector('text.uno-color-word, text.uno-chosen-word');
  const pill = t.previousElementSibling;
  return { word: t.textContent, text: t.getBBox().width, room: pill.getBBox().width,
           size: parseFloat(t.getAttribute('font-size')) };
})"""


@pytest.mark.parametrize("lang", list(WORDS))
def test_translated_colour_words_fit_on_the_cards_in_chromium(page, catalogs, lang):
    cards = ["R5", "Y5", "G5", "B5", "W"]
    with i18n.use_language(lang):
        svgs = [card_svg(c, width=100) for c in cards] + [card_svg("W", width=100, chosen_color="Y")]
    page.set_content(STYLE + "".join(svgs))
    found = page.evaluate(FIT_JS)
    expected = [WORDS[lang][w] for w in ("RED", "YELLOW", "GREEN", "BLUE", "WILD", "YELLOW")]
    assert [f["word"] for f in found] == expected
    for f in found:
        assert f["text"] <= f["room"] - 2, f"{f['word']} ({f['text']:.1f}) does not fit its pill ({f['room']:.1f})"
        assert f["size"] >= 6, f"{f['word']} was made too small to read"


def test_a_word_too_long_for_the_pill_is_scaled_down_to_fit(page):
    from uno_lessons.render.faces import _word_pill

    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" width="300">{}</svg>'
    page.set_content(svg.format(_word_pill("DONKERGROENACHTIG", x=11, width=57))
                     + svg.format(_word_pill("ЖУТА", x=11, width=57)))
    sizes = page.evaluate("""() => [...document.querySelectorAll('text')].map(t => ({
        w: t.getBBox().width, size: parseFloat(t.getAttribute('font-size')) }))""")
    long, short = sizes
    assert long["size"] < short["size"] == 9.5  # the long word was measured and made smaller ...
    assert long["w"] <= 57 - 2  # ... so that it fits
