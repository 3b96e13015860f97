"""The Voilà pages ask nothing of the internet: voila.json serves them with the package's
``uno`` template (Voilà's lab template with the package's own front end, without Voilà's Font
Awesome CDN stylesheets, which hold up the first paint until the CDN answers, and without the
Mermaid loader)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

import pytest

from .conftest import PAGE_TIMEOUT_MS, REPO, leave, notebook_url

pytestmark = pytest.mark.browser


def test_voila_json_picks_the_uno_template():
    config = json.loads((REPO / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "uno"
    here = Path(REPO / "uno_lessons" / "voila" / "templates" / "uno")
    assert json.loads((here / "conf.json").read_text())["base_template"] == "lab"


@pytest.mark.parametrize(("notebook", "selector"), [("dashboard", ".uno-card-btn"),
                                                    ("04_wild_draw_four", ".uno-page-bridge")])
def test_a_page_requests_nothing_from_another_host(browser, voila_base_url, notebook, selector):
    host = urlparse(voila_base_url).netloc
    ctx = browser.new_context()
    page = ctx.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(notebook_url(voila_base_url, notebook), wait_until="domcontentloaded")
    page.wait_for_selector(selector, state="attached", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_load_state("load")
    html = page.content()
    leave(ctx)
    assert asked, "the page made no request at all"
    elsewhere = [u for u in asked if urlparse(u).scheme in ("http", "https", "ws", "wss")
                 and urlparse(u).netloc != host]
    assert elsewhere == [], f"{notebook} asks other hosts: {elsewhere}"
    assert "/voila/templates/uno/static/" in html  # served by the package's template
    assert "cdn.jsdelivr.net" not in html and "cdnjs.cloudflare.com" not in html


#: Records what the loading notice said and how far its bar went, until the page removes it.
NOTICE_JS = """(() => {
  window.__notice = { texts: [], steps: [] };
  new MutationObserver(() => {
    const text = document.getElementById("loading_text");
    const bar = document.querySelector("#loading progress");
    const n = window.__notice;
    if (text && n.texts.at(-1) !== text.textContent) n.texts.push(text.textContent);
    if (bar && bar.max > 1) n.steps.push([bar.value, bar.max]);
    n.lang = document.documentElement.lang;
  }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})()"""


@pytest.mark.parametrize(("address", "lang", "notice", "title"), [
    ("dashboard.ipynb?lang=sr", "sr", "Страница се учитава…", "УНО сто уживо"),
    ("nl/02_matching.ipynb", "nl", "De pagina wordt geladen…", "Les 2: Welke kaarten mag je spelen?"),
    ("05_uno_and_dont_talk.ipynb", "en", "Loading the page…", "Lesson 5: “UNO!” and the Wild Don't Talk"),
])
def test_a_loading_page_speaks_its_own_language(browser, voila_base_url, address, lang, notice, title):
    """Before the kernel has run, the page is marked with its language and says so in it:
    no "Running dashboard..." or "Executing 2 of 3" in English, and no spinner."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.add_init_script(NOTICE_JS)
    page.goto(f"{voila_base_url}voila/render/{address}", wait_until="domcontentloaded")
    page.wait_for_selector(".uno-page-bridge", state="attached", timeout=PAGE_TIMEOUT_MS)
    seen = page.evaluate("window.__notice")
    state = page.evaluate("""() => ({lang: document.documentElement.lang, title: document.title,
        notice: document.getElementById("loading"), spinners: document.querySelectorAll(".spinner").length})""")
    leave(ctx)
    assert seen["texts"] and seen["texts"][-1] == notice, seen
    assert not any("Running" in t or "Executing" in t for t in seen["texts"])
    assert seen["lang"] == lang and state["lang"] == lang
    assert state["title"] == title
    assert state["notice"] is None and state["spinners"] == 0  # gone once the cells are shown
    assert seen["steps"] and max(v for v, _m in seen["steps"]) == seen["steps"][-1][1], seen["steps"]
