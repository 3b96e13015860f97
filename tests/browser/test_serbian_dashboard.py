"""The dashboard in Serbian in headless Chromium shows no English word of its own (issue 10,
item 6): the one-screen game (with its New game… form, a wild's colour picker and a few
moves in the log), and a class table's join form, learner, projector and teacher pages.

What is read is what a person meets: the page's visible text (``body.innerText``), its
title, and the names and tips of the dashboard's elements (``aria-label``, ``title``,
``placeholder``, the options of its lists). Player names, language names (each written in
its own language in the picker), card codes, rule ids, the table code and links are taken
out first. Then no word of the English messages the dashboard shows may be left (the words
come from ``uno_lessons.pot``: every message of the modules the dashboard draws from), and
no Latin-script word at all, since Serbian is written in Cyrillic here as in the box text.
The same reading of the English page finds those words, so the check can fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from uno_lessons.engine import events as ev
from uno_lessons.i18n import LANGUAGES

from .helpers import STATUS, TIMEOUT, play_one_human_turn, set_speed, status, wait_for_human_or_end

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
POT = REPO / "uno_lessons" / "locale" / "uno_lessons.pot"
#: The modules whose messages the dashboard shows: its own panels, the shared widgets and
#: pictures, the class tables, and the engine's card names, events, reasons and scores.
DASHBOARD_SOURCES = ("uno_lessons/dashboard/", "uno_lessons/widgets/", "uno_lessons/render/",
                     "uno_lessons/table/", "uno_lessons/engine/", "uno_lessons/page")
#: Not words: links (and the short addresses a join card shows, host:port/path), card codes (G3, W+4, WDT), rule ids (E-UNO-5), template placeholders,
#: the example table code of the code field (K7QM3X; a page's own table code is one of the
#: reader's names), "QR" (a QR code is called that in every language), the package's names
#: in code (save_policy: what a learner types), file suffixes (.json, .npz) and a link's query
#: string (?table=…&view=projector: before the page knows its own address a link is only that),
#: and the command a join card names when devices cannot reach the server (uno-lessons serve --network).
CODES = re.compile(r"https?://\S+|\?\w+=[\w=&%.-]*|\b[\w.-]+:\d+(?:/\S*)?|\{[^{}]*\}|\b[EC](?:-[A-Z0-9]+)+\b"
                   r"|(?<![\w+])(?:[RYGB](?:\d|S|R|\+2)|W\+4|WDT|W)(?![\w+])"
                   r"|\bK7QM3X\b|\buno-lessons serve --network\b|\bQR\b|\b[a-z]+(?:_[a-z]+)+\b|\.(?:json|npz)\b")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
LATIN = re.compile(r"[A-Za-z]")

#: Everything a person can read or hear on the page: the visible text, the title, and the
#: names, tips and list options of the dashboard's own elements.
READ_PAGE = """() => {
  const parts = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll('.uno-dash, .uno-dash *')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'aria-description', 'aria-valuetext', 'alt']) {
      const v = el.getAttribute(a);
      // ipywidgets 8 writes an unset tooltip as title="null" on its description labels:
      // the library's, in no language; any other attribute and text is read.
      if (v && !(v === 'null' && a === 'title' && el.matches('.widget-label'))) parts.push(v);
    }
    if (el.tagName === 'OPTION') parts.push(el.textContent);
  }
  return parts.join('\\n');
}"""


def english_words() -> set[str]:
    """The words of every English message of the modules the dashboard draws from."""
    with open(POT, "rb") as fh:
        catalog = read_po(fh)
    words: set[str] = set()
    for message in catalog:
        if not message.id or not any(path.startswith(DASHBOARD_SOURCES) for path, _line in message.locations):
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            words |= {w.lower() for w in WORD.findall(CODES.sub(" ", text)) if len(w) > 1}
    return words


ENGLISH = english_words()


def leftover(text: str, names: list[str]) -> list[str]:
    """The words of ``text`` that are not links, codes, names or language names."""
    text = CODES.sub(" ", text.replace("\xa0", " "))  # links first: a table code in one must not split it
    for name in sorted([*names, *LANGUAGES.values()], key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return WORD.findall(text)


def english_in(text: str, names: list[str]) -> list[str]:
    """The dashboard's English words found in ``text``."""
    return sorted({w for w in leftover(text, names) if w.lower() in ENGLISH})


def latin_in(text: str, names: list[str]) -> list[str]:
    """Words in Latin letters in ``text``."""
    return sorted({w for w in leftover(text, names) if LATIN.search(w)})


def context(text: str, word: str) -> str:
    at = text.find(word)
    return text[max(at - 50, 0):at + 50].replace("\n", " | ")


class Reader:
    """Reads pages as they change and collects every piece of text that is not Serbian."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.found: dict[str, str] = {}  # word -> where it was met
        self.texts: list[str] = []

    def read(self, page, where: str) -> str:
        page.wait_for_timeout(300)  # let the last widget messages land
        text = page.evaluate(READ_PAGE)
        self.texts.append(text)
        for word in english_in(text, self.names) + latin_in(text, self.names):
            self.found.setdefault(word, f"{where}: …{context(text, word)}…")
        return text

    def assert_serbian(self) -> None:
        english = sorted(w for w in self.found if w.lower() in ENGLISH)
        assert not english, "English words on the Serbian dashboard:\n" + "\n".join(
            f"  {w!r} ({self.found[w]})" for w in english)
        assert not self.found, "Latin-script words on the Serbian dashboard:\n" + "\n".join(
            f"  {w!r} ({where})" for w, where in sorted(self.found.items()))


def play_a_wild_or_a_move(page, reader: Reader, where: str) -> None:
    """One move for this page's seat; a playable wild is played through the picker, whose
    questions are read on the way."""
    st = status(page)
    wilds = page.locator(".uno-hand-btns .uno-card-btn.uno-legal:is(.uno-card-W,.uno-card-Wp4,.uno-card-WDT)")
    if st["phase"] == "challenge" or not wilds.count() or page.locator(".uno-act-uno:not([disabled])").count():
        play_one_human_turn(page, prefer_wild=False)
        return
    events = st["events"]
    wilds.first.click()
    page.wait_for_selector(".uno-picker .uno-color-blue", state="visible", timeout=TIMEOUT)
    reader.read(page, f"{where}, choosing a colour")
    page.click(".uno-picker .uno-color-blue")
    page.wait_for_function(
        "n => document.querySelector('.uno-status').dataset.events !== n"
        " || document.querySelectorAll('.uno-picker .uno-target-btn').length > 0",
        arg=events, timeout=TIMEOUT)
    if status(page)["events"] == events:
        reader.read(page, f"{where}, choosing who may not talk")
        page.locator(".uno-picker .uno-target-btn").first.click()
    page.wait_for_function("n => document.querySelector('.uno-status').dataset.events !== n",
                           arg=events, timeout=TIMEOUT)


def test_the_check_finds_the_english_of_the_english_dashboard(pages):
    names = list(ev.default_names(4))
    page = pages("lang=en", ".uno-card-btn")
    text = Reader(names).read(page, "English")
    found = english_in(text, names)
    # The move buttons, the status, the top bar: the check reads them and knows their words.
    assert {"Draw", "Language", "Projector"} <= set(found), found
    assert len(found) >= 30, found
    assert set(latin_in(text, names)) >= set(found)


def test_the_one_screen_game_speaks_serbian_only(pages):
    names = list(ev.default_names(4))
    reader = Reader(names)
    page = pages("lang=sr", ".uno-card-btn")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    first = reader.read(page, "the one-screen game")
    assert "Извуци" in first and "Језик" in first, first  # the Serbian page, not an empty one
    page.click(".uno-settings-toggle")
    page.wait_for_selector(".uno-start", state="visible", timeout=TIMEOUT)
    reader.read(page, "the New game… form")
    page.click(".uno-settings-toggle")
    set_speed(page, "турбо")
    for move in range(6):
        st = wait_for_human_or_end(page)
        if st["winner"]:
            break
        play_a_wild_or_a_move(page, reader, f"the one-screen game, move {move + 1}")
        reader.read(page, f"the one-screen game after move {move + 1}")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dashboard-sr.png"))
    assert page.locator(".uno-log-line").count() >= 4  # the bots' moves were read in the log
    reader.assert_serbian()
    assert not page.errors, page.errors


def test_a_class_table_speaks_serbian_to_learner_projector_and_teacher(class_store, pages):
    # A learner may type a name in either script: names are taken out, whatever they are.
    names = ["Мила", "Luka", "Сара"]
    code, key = class_store.create(names, ["human", "human", "sensible"], seed=7)
    reader = Reader(names + [code, code[:3], code[3:]])  # the join card spaces it: "K7Q M3X"
    learner = pages(f"table={code}&lang=sr", ".uno-join-sit")
    reader.read(learner, "the join form")
    learner.locator(".uno-join-seat select").select_option(index=0)
    learner.fill(".uno-join-name input", "Мила")
    learner.click(".uno-join-sit")
    learner.wait_for_selector(STATUS, timeout=TIMEOUT)
    learner.wait_for_selector(".uno-hand-btns .uno-card-btn", timeout=TIMEOUT)
    reader.read(learner, "the learner's page")
    projector = pages(f"table={code}&watch=1&view=projector&lang=sr", STATUS)
    reader.read(projector, "the projector page")
    teacher = pages(f"table={code}&teacher={key}&lang=sr", ".uno-teacher-panel")
    text = reader.read(teacher, "the teacher's page")
    assert f"{code}" in text and "наставник" in text.lower(), text
    # Luka is not there: the teacher gives his seat to a bot, and the hand goes on.
    teacher.click(".uno-seat-switch-1")
    teacher.wait_for_function("() => document.querySelector('.uno-seat-switch-1').textContent.includes('ученику')",
                              timeout=TIMEOUT)
    reader.read(teacher, "the teacher's page, a seat given to a bot")
    for move in range(3):
        if wait_for_human_or_end(learner)["winner"]:
            break
        play_a_wild_or_a_move(learner, reader, f"the learner's move {move + 1}")
        reader.read(learner, f"the learner's page after move {move + 1}")
    reader.read(projector, "the projector page, later")
    reader.read(teacher, "the teacher's page, later")
    ARTIFACTS.mkdir(exist_ok=True)
    learner.screenshot(path=str(ARTIFACTS / "class-learner-sr.png"))
    teacher.screenshot(path=str(ARTIFACTS / "class-teacher-sr.png"), full_page=True)
    reader.assert_serbian()
    for page in (learner, projector, teacher):
        assert not page.errors, page.errors
