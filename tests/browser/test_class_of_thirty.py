"""A class of 30 at one class code, in headless Chromium: the store opens three tables of ten;
four learners arrive as real pages (``?class=CODE``, a name, Sit down: the server seats
them), 26 as light clients through the store's own API (as another kernel would), and every
learner of every table makes a move. The teacher's page of the class shows every table and
hands a seat to a bot and back by clicks; the projector shows the class code, the QR code
and every table at 1280×800, and no card; a learner's join form fits a finger on a phone.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from uno_lessons.table.classroom import load_class, open_class, seat_learner

from .a11y import assert_no_axe_violations
from .helpers import STATUS, TIMEOUT, play_one_human_turn, status

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CLASS = 30
REAL = 4  # learners on real pages; the others are light clients
PHONE = {"width": 390, "height": 844}
TARGET = 44
#: Seconds the whole class may take to have made a move each (two cores, four real pages).
PLAY_LIMIT = 600


def sit_down(pages, code: str, name: str, **size):
    """A learner opens the class's link, types ``name`` and sits down where the server says."""
    page = pages(f"class={code}", ".uno-class-join .uno-join-sit", **size)
    page.fill(".uno-join-name input", name)
    page.click(".uno-join-sit")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('token=')", timeout=TIMEOUT)
    return page


def test_thirty_learners_at_one_class_code_all_play(class_store, pages):
    code, key = open_class(class_store, CLASS)
    tables = load_class(class_store, code).tables
    assert len(tables) == 3
    # A learner on a phone: the class's join form fits a finger (44 px targets).
    phone = pages(f"class={code}", ".uno-class-join .uno-join-sit", **PHONE)
    for selector in (".uno-join-name input", ".uno-join-sit"):
        size = phone.locator(selector).bounding_box()
        assert size["height"] >= TARGET and size["width"] >= TARGET, (selector, size)
    phone.wait_for_timeout(250)  # the bridge applies its ARIA rules on the next frame
    assert_no_axe_violations(phone, "the class's join form on a phone")
    assert phone.title() == f"UNO class {code}: sit down"
    real = [sit_down(pages, code, f"Page{i}") for i in range(REAL)]
    places = []
    for page in real:
        query = parse_qs(urlparse(page.url).query)
        assert query["class"] == [code] and query["table"][0] in tables
        places.append(query["table"][0])
    assert set(places) == set(tables), "the first arrivals go to the emptiest tables"
    light = [seat_learner(class_store, code, f"Kid{i}") for i in range(CLASS - REAL)]
    sizes = [len(class_store.load(t).claimed) for t in tables]
    assert sizes == [10, 10, 10], sizes

    # Every learner plays: the light clients through their seat handles, the pages by clicks.
    moved: set[str] = set()
    names = {(h.code, h.seat): h.state.names[h.seat] for h in light}
    end = time.monotonic() + PLAY_LIMIT
    while len(moved) < CLASS and time.monotonic() < end:
        acted = False
        for handle in light:
            handle.sync()
            moves = handle.legal_moves()
            if moves:
                handle.apply(moves[0])
                moved.add(names[handle.code, handle.seat])
                acted = True
        for i, page in enumerate(real):
            st = status(page)
            if st.get("humanTurn") == "1" and st.get("winner") == "":
                play_one_human_turn(page, prefer_wild=False)
                moved.add(f"Page{i}")
                acted = True
        if not acted:
            time.sleep(0.2)  # a real page's move is on its way to the store
    assert len(moved) == CLASS, f"{CLASS - len(moved)} learners never moved: {sorted(set(names.values()) - moved)}"
    for table in tables:
        state = class_store.load(table)
        assert state.players == 10 and len(state.claimed) == 10

    # The teacher's page: every table, and a seat handed to a bot and back by clicks.
    teacher = pages(f"class={code}&teacher={key}", ".uno-class-view .uno-join-card")
    text = teacher.inner_text(".uno-class-view")
    for number, table in enumerate(tables, start=1):
        assert f"Table {number}: {table}" in text
    assert "Then type the class code:" in text and teacher.locator(".uno-class-view .uno-qr").count() == 1
    assert teacher.title() == f"UNO class {code}: teacher"
    assert_no_axe_violations(teacher, "the class's teacher page")
    kid = light[0]
    label = f"{names[kid.code, kid.seat]} (table {tables.index(kid.code) + 1}, seat {kid.seat})"
    teacher.locator(".uno-class-learner select").select_option(label=label)
    teacher.click(".uno-class-to-bot")
    deadline = time.monotonic() + 30
    while not class_store.load(kid.code).is_bot(kid.seat) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert class_store.load(kid.code).is_bot(kid.seat)
    teacher.click(".uno-class-back")
    deadline = time.monotonic() + 30
    while class_store.load(kid.code).is_bot(kid.seat) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not class_store.load(kid.code).is_bot(kid.seat)

    # The projector: the class code and its QR code large, every table, no card.
    projector = pages(f"class={code}&view=projector", ".uno-class-view .uno-join-card")
    qr = projector.locator(".uno-class-view .uno-qr").bounding_box()
    assert qr["width"] >= 200, qr
    spaced = f"{code[:3]} {code[3:]}"
    assert spaced in projector.inner_text(".uno-join-code")
    assert projector.locator(".uno-class-table").count() == 3
    assert projector.locator(".uno-card-svg, .uno-card-btn").count() == 0
    assert_no_axe_violations(projector, "the class's projector")
    for page in (phone, teacher, projector):
        assert page.locator("h1").count() == 1 and page.locator("[role=main], main").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    projector.screenshot(path=str(ARTIFACTS / "class-projector.png"))
    teacher.screenshot(path=str(ARTIFACTS / "class-teacher.png"), full_page=True)
    for page in (*real, teacher, projector, phone):
        assert not page.errors, page.errors


def test_teacher_moves_a_learner_by_clicks_and_their_page_follows(class_store, pages):
    """A class of 12 at two tables of six: the teacher moves a learner's real page to the
    other table by clicks; the learner's page says so and its link opens the new seat."""
    code, key = open_class(class_store, 12)
    tables = load_class(class_store, code).tables
    assert len(tables) == 2
    ana, ben = sit_down(pages, code, "Ana"), sit_down(pages, code, "Ben")
    here = parse_qs(urlparse(ana.url).query)["table"][0]
    there = next(t for t in tables if t != here)
    teacher = pages(f"class={code}&teacher={key}", ".uno-class-view .uno-join-card")
    state = class_store.load(here)
    ana_seat = next(s for s in state.claimed if state.names[s] == "Ana")
    number = tables.index(here) + 1
    teacher.locator(".uno-class-learner select").select_option(label=f"Ana (table {number}, seat {ana_seat})")
    target = class_store.load(there)
    free = sum(1 for s in range(target.players) if not target.is_bot(s) and s not in target.claimed)
    teacher.locator(".uno-class-to select").select_option(label=f"Table {tables.index(there) + 1} ({free} free seats)")
    teacher.click(".uno-class-move")
    teacher.wait_for_selector(f"text=Moved to table {there}", timeout=TIMEOUT)
    assert class_store.load(here).is_bot(ana_seat), "her old seat goes to a bot"
    # Her page notices the move and offers the new seat; the link opens it.
    ana.wait_for_selector(".uno-class-moved-note .uno-class-go", timeout=TIMEOUT)
    assert f"Your teacher moved you to table {there}." in ana.inner_text(".uno-class-moved-note")
    ana.click(".uno-class-moved-note .uno-class-go")
    ana.wait_for_function(f"() => location.search.includes('table={there}')", timeout=TIMEOUT)
    ana.wait_for_selector(STATUS, timeout=TIMEOUT)
    moved = class_store.load(there)
    assert "Ana" in [moved.names[s] for s in moved.claimed]
    assert "Ana" not in [state.names[s] for s in class_store.load(here).claimed if not class_store.load(here).is_bot(s)]
    for page in (ana, ben, teacher):
        assert not page.errors, page.errors
