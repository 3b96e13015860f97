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
