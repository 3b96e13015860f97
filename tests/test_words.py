"""What a Voilà page says before its kernel runs (``uno_lessons.voila.words``): its language,
title and loading notice, in every language, from the notebook and the server's setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from uno_lessons.i18n import LANGUAGES, _, pgettext, use_language
from uno_lessons.voila.words import page_words, server_language

REPO = Path(__file__).resolve().parents[1]


def notebook(path: str) -> dict:
    return json.loads((REPO / path).read_text(encoding="utf-8"))


def test_the_dashboard_has_its_title_and_notice_in_every_language(monkeypatch):
    monkeypatch.delenv("UNO_LESSONS_LANG", raising=False)
    page = page_words(notebook("notebooks/dashboard.ipynb"))
    assert page["lang"] == "en" and page["fixed"] is False
    assert set(page["words"]) == set(LANGUAGES)
    assert page["words"]["en"]["title"] == "UNO live table"
    assert page["words"]["en"]["loading"] == "Loading the page…"
    assert page["words"]["nl"]["title"] == "UNO-tafel (live)"
    assert page["words"]["nl"]["loading"] == "De pagina wordt geladen…"
    assert page["words"]["sr"]["missing_widget"].count("{name}") == 1  # filled in by the page
    for code, words in page["words"].items():
        with use_language(code):  # the same sentence the kernel's bridge will show
            assert words["title"] == _("UNO live table")


def test_a_page_without_lang_is_in_the_servers_language(monkeypatch):
    monkeypatch.setenv("UNO_LESSONS_LANG", "sr_RS")
    assert server_language() == "sr"
    assert page_words(notebook("notebooks/dashboard.ipynb"))["lang"] == "sr"
    monkeypatch.setenv("UNO_LESSONS_LANG", "xx")  # as the kernels do: English, no failure
    assert page_words(notebook("notebooks/dashboard.ipynb"))["lang"] == "en"


def test_a_translated_lesson_keeps_its_own_language_and_translated_title(monkeypatch):
    monkeypatch.setenv("UNO_LESSONS_LANG", "ms")
    page = page_words(notebook("notebooks/nl/02_matching.ipynb"))
    assert page["lang"] == "nl" and page["fixed"] is True
    assert page["words"]["nl"]["title"] == "Les 2: Welke kaarten mag je spelen?"
    assert page["words"]["sr"]["loading"] == "Страница се учитава…"


@pytest.mark.parametrize("lang", ["nl", "sr", "ms"])
def test_every_translated_lesson_is_titled_by_its_own_heading(lang):
    for english in sorted((REPO / "notebooks").glob("0*.ipynb")):
        translated = notebook(f"notebooks/{lang}/{english.name}")
        heading = next(line[2:] for cell in translated["cells"] if cell["cell_type"] == "markdown"
                       for line in "".join(cell["source"]).splitlines() if line.startswith("# "))
        assert translated["metadata"]["title"] == heading.strip()
        assert translated["metadata"]["title"] != notebook(f"notebooks/{english.name}")["metadata"]["title"]


def test_an_english_lesson_is_english_whatever_the_server_speaks(monkeypatch):
    monkeypatch.setenv("UNO_LESSONS_LANG", "nl")
    page = page_words(notebook("notebooks/05_uno_and_dont_talk.ipynb"))
    assert page["lang"] == "en" and page["fixed"] is True
    assert page["words"]["nl"]["title"] == "Lesson 5: “UNO!” and the Wild Don't Talk"
    assert page["words"]["nl"]["loading"] == "De pagina wordt geladen…"  # the notice follows ?lang=


def test_a_notebook_without_a_title_has_none():
    page = page_words({"metadata": {}, "cells": []})
    assert all(words["title"] == "" for words in page["words"].values())
    assert page["words"]["ms"]["loading"] == "Halaman sedang dimuatkan…"


#: The connection notice of the page's front end (uno_lessons/voila/frontend/src/connection.js).
CONNECTION = {
    "connection_lost": "The connection to the server was lost. Trying to reconnect…",
    "connection_back": "Connected again.",
    "connection_gone": "This page has lost its game on the server. Reload the page to go on.",
}


@pytest.mark.parametrize("path", ["notebooks/dashboard.ipynb", "notebooks/nl/02_matching.ipynb",
                                  "notebooks/05_uno_and_dont_talk.ipynb"])
def test_every_page_has_its_connection_notice_in_every_language(path):
    page = page_words(notebook(path))
    english = page["words"]["en"]
    assert {key: english[key] for key in CONNECTION} == CONNECTION
    assert english["reload"] == "Reload"
    for code, words in page["words"].items():
        with use_language(code):  # whole sentences from the package catalog, nothing to fill in
            for key, sentence in CONNECTION.items():
                assert words[key] == _(sentence) and "{" not in words[key]
            assert words["reload"] == pgettext("a button that loads the page again", "Reload")


def test_the_front_ends_english_fallback_is_the_same_words():
    """Without the template's words (no voila.json) the front end says the same in English."""
    source = (REPO / "uno_lessons" / "voila" / "frontend" / "src" / "connection.js").read_text(encoding="utf-8")
    for key, sentence in {**CONNECTION, "reload": "Reload"}.items():
        assert f"{key}: '{sentence}'" in source
