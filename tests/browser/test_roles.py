"""Attacking the class-table pages from the wire, in a real Voilà server with Chromium pages
beside: a script on the page's own kernel websocket (``wire.Wire``) reads every widget model
the kernel holds, and sends crafted clicks and state updates, as a curious learner could.

* every model a learner's, spectator's and projector page holds is of that role (no New game
  form, no Step, no speed, no Next hand, no teacher panel, no join form once seated), and the
  teacher's page has its controls;
* crafted messages do nothing: a click on the join form's old Sit down (a second seat), on
  Draw while it is not the learner's turn, even after setting its ``disabled`` to false;
* a callback that raises (a state update a widget refuses, a click while the store is
  locked) sends no traceback: no iopub ``error``, no stderr, no traceback text;
* ten names of 20 characters, in every language: no header of the score sheet is wider than
  its box or broken inside a word.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import contextmanager

import pytest

from uno_lessons import Game
from uno_lessons.table import Table

from .a11y import assert_no_axe_violations
from .conftest import TABLES_DIR
from .helpers import STATUS, TIMEOUT, status
from .wire import Wire, kernel_of

pytestmark = pytest.mark.browser

#: The classes of the controls of one role or another (see uno_lessons/dashboard/roles.py).
SETUP = {"uno-settings", "uno-settings-toggle", "uno-start", "uno-where", "uno-seed", "uno-class-seed"}
BOTS = {"uno-step", "uno-auto"}
TEACHER = {"uno-speed", "uno-next-hand", "uno-teacher-panel", "uno-seat-switch", "uno-close-table",
           "uno-close-yes", "uno-close-keep"}
SEAT_VIEW = {"uno-view-seat"}
JOIN = {"uno-join", "uno-join-sit", "uno-join-watch", "uno-join-seat", "uno-join-name"}
PLAY = {"uno-hand-btns", "uno-act-draw", "uno-act-uno", "uno-act-catch", "uno-picker"}

# Ben (seat 1) is to move: on Ana's page (seat 0) Draw is disabled and every card waits.
BENS_TURN = Game.from_position(["G3 G4 R9", "B7 G1 B2", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                               current=1, names=["Ana", "Ben", "Caro"])
ANAS_TURN = Game.from_position(["G3 G4 R9", "B7 G1 B2", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                               current=0, names=["Ana", "Ben", "Caro"])


@pytest.fixture
def wire_to(voila_base_url):
    """``wire_to(page)``: a websocket client on that page's kernel; closed at the end."""
    wires = []

    def connect(page) -> Wire:
        w = Wire(voila_base_url, kernel_of(page))
        wires.append(w)
        return w

    yield connect
    for w in wires:
        w.close()


def sit_down(page, seat: int, name: str) -> None:
    """On a join page: choose ``seat``, type ``name``, Sit down; wait for the seat's page."""
    options = page.locator(".uno-join-seat select option").evaluate_all("os => os.map(o => o.textContent)")
    label = next(o for o in options if re.match(rf"\D*{seat}\D", o))
    page.locator(".uno-join-seat select").select_option(label=label)
    page.fill(".uno-join-name input", name)
    page.click(".uno-join-sit")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('token=')", timeout=TIMEOUT)


def held(wire: Wire) -> set[str]:
    wire.request_states()
    return wire.classes()


def test_every_model_a_page_holds_is_of_its_own_role(class_store, pages, wire_to):
    code, key = class_store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=5,
                                   start=BENS_TURN.to_json())
    learner = pages(f"table={code}", ".uno-join-sit")
    wire = wire_to(learner)
    assert JOIN <= held(wire)  # before sitting down: the form (the check can fail)
    join_ids = {m for cls in JOIN for m in wire.find(cls)}
    sit_down(learner, 0, "Ana")
    classes = held(wire)
    assert PLAY <= classes
    assert not classes & (SETUP | BOTS | TEACHER | SEAT_VIEW | JOIN), classes & (SETUP | BOTS | TEACHER | JOIN)
    assert not join_ids & set(wire.models), "a model of the join form is still open after sitting down"
    for query in ("watch=1", "watch=1&view=projector"):
        page = pages(f"table={code}&{query}", STATUS)
        classes = held(wire_to(page))
        assert "uno-status-view" in classes
        assert not classes & (SETUP | BOTS | TEACHER | SEAT_VIEW | JOIN | PLAY), (query, classes & (SETUP | TEACHER))
    teacher = pages(f"table={code}&teacher={key}", ".uno-teacher-panel")
    classes = held(wire_to(teacher))
    assert {"uno-speed", "uno-next-hand", "uno-teacher-panel", "uno-close-table", "uno-seat-switch"} <= classes
    assert not classes & (SETUP | BOTS | SEAT_VIEW | JOIN | PLAY), classes & (SETUP | BOTS | PLAY)
    for page in (learner, teacher):
        assert not page.errors, page.errors


def test_crafted_messages_from_a_seated_learner_do_nothing(class_store, pages, wire_to):
    code, _key = class_store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=5,
                                    start=BENS_TURN.to_json())
    page = pages(f"table={code}", ".uno-join-sit")
    wire = wire_to(page)
    wire.request_states()
    sit, watch = wire.find("uno-join-sit")[0], wire.find("uno-join-watch")[0]
    name, seat = wire.find("uno-join-name")[0], wire.find("uno-join-seat")[0]
    sit_down(page, 0, "Ana")
    wire.request_states()
    draw = wire.find("uno-act-draw")[0]
    assert wire.models[draw]["disabled"] is True  # Ben's turn
    seq, since = class_store.seq(code), len(wire.frames)
    # The old join form: a second seat under another name, or a spectator's page.
    wire.update(name, {"value": "Mallory"})
    wire.update(seat, {"index": 0})
    wire.click(sit)
    wire.click(watch)
    # Draw out of turn, with the button switched on by a crafted update first.
    wire.update(draw, {"disabled": False})
    wire.click(draw)
    for card in wire.find("uno-card-btn"):
        wire.click(card)
    wire.settle()
    assert len(wire.frames) > since  # the kernel answered (the echo of the updates): it was heard
    state = class_store.load(code)
    assert state.seq == seq and state.claimed == {0} and state.names[1] == "Ben"
    assert state.game.current_player == 1 and len(state.game.hands[0]) == 3
    assert not wire.leaks(since), wire.leaks(since)
    # The page says why (the table's own reason), and nothing else happened.
    message = page.wait_for_selector(".uno-message-view .uno-msg-error", timeout=TIMEOUT)
    assert "Ben" in message.inner_text()
    assert "Traceback" not in page.inner_text("body") and status(page)["seq"] == str(seq)
    assert not page.errors, page.errors


@contextmanager
def store_locked():
    """Another process holds the session's SQLite store's write lock (past the busy timeout)."""
    db = sqlite3.connect(TABLES_DIR / "tables.db", timeout=0, isolation_level=None)
    db.execute("begin exclusive")
    try:
        yield
    finally:
        db.execute("rollback")
        db.close()


def test_a_callback_that_raises_sends_no_traceback(class_store, pages, wire_to):
    code, _key = class_store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=5,
                                    start=ANAS_TURN.to_json())
    seat = class_store.join(code, seat=0, name="Ana")
    page = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn")
    wire = wire_to(page)
    wire.request_states()
    since = len(wire.frames)
    # A state the widget refuses (TraitError inside ipywidgets' message handler).
    wire.update(wire.find("uno-language")[0], {"index": 999})
    wire.update(wire.find("uno-catch-target")[0], {"index": -5})
    wire.settle()
    assert len(wire.frames) > since  # the kernel answered (the page's message line): it was heard
    assert not wire.leaks(since), wire.leaks(since)
    message = page.wait_for_selector(".uno-message-view .uno-msg-error", timeout=TIMEOUT)
    assert "Something went wrong on the server" in message.inner_text()
    # A click while the store is locked: the store's sentence, nothing stored, Draw still on.
    seq, since = class_store.seq(code), len(wire.frames)
    with store_locked():
        page.click(".uno-act-draw")
        page.wait_for_function(
            "() => (document.querySelector('.uno-message-view') || {}).textContent.includes('could not save')",
            timeout=TIMEOUT)
    wire.settle()
    assert not wire.leaks(since), wire.leaks(since)
    assert class_store.seq(code) == seq
    assert page.locator(".uno-act-draw:not([disabled])").count() == 1
    assert "could not save your move" in page.eval_on_selector("#uno-live-assertive", "e => e.textContent")
    page.click(".uno-act-draw")  # the store is back: the same click works
    page.wait_for_function("n => +document.querySelector('.uno-status').dataset.seq > n", arg=seq,
                           timeout=TIMEOUT)
    assert "Traceback" not in page.inner_text("body") and not page.errors, page.errors


# ---------------------------------------------------------------------------- the score sheet
LONG = ["Maximilianofernandez", "Ana Maria Fernandezz", "Aleksandra Jovanović", "Konstantinopoljanin1",
        "Љубомир Петровићзава", "Nurul Izzati Binti A", "Bartholomeusverhoeff", "Wilhelmina van Dijks",
        "Siti Nurhaliza Tarud", "Abdurrahmanwahidzzzz"]

HEADERS_JS = r"""() => {
  const box = document.querySelector('.uno-scores-box');
  const b = box.getBoundingClientRect();
  const problems = [];
  if (box.scrollWidth > box.clientWidth + 1) problems.push(`the sheet scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
  for (const th of box.querySelectorAll('th')) {
    const r = th.getBoundingClientRect();
    const text = th.textContent.trim();
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5) problems.push(`"${text}" is outside its box`);
    if (th.scrollWidth > th.clientWidth + 1 || th.scrollHeight > th.clientHeight + 1)
      problems.push(`"${text}" overflows its cell`);
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const words = /\S+/g;
      let m;
      while ((m = words.exec(n.data))) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const lines = [...range.getClientRects()].filter(x => x.width > 0 && x.height > 0);
        if (lines.length > 1) problems.push(`"${m[0]}" is broken over ${lines.length} lines`);
      }
    }
  }
  return {problems, headers: box.querySelectorAll('th').length};
}"""


@pytest.fixture(scope="module")
def long_names_table(class_store):
    """Ten seats of 20-character names, one hand played to its end (a row of results)."""
    code, key = class_store.create(LONG, ["sensible"] * 10, seed=8)
    Table(class_store.teacher(code, key)).run_bots()
    assert class_store.load(code).game.winner is not None
    return code


@pytest.mark.parametrize("lang", ["en", "nl", "sr", "ms"])
def test_long_names_at_ten_seats_never_break_in_the_score_sheet(long_names_table, pages, lang):
    page = pages(f"table={long_names_table}&watch=1&view=projector&lang={lang}", ".uno-scores-view .uno-total")
    page.wait_for_timeout(300)
    found = page.evaluate(HEADERS_JS)
    assert found["headers"] >= 12 and not found["problems"], (lang, found["problems"])
    assert page.locator(".uno-scores th.uno-turned").count() == 10  # turned to fit, not cut
    if lang == "sr":
        assert_no_axe_violations(page, "a projector page with ten long names in Serbian")


# ---------------------------------------------------------------------------- closing a table
def test_the_teacher_closes_the_table_and_every_page_says_so(class_store, pages):
    code, key = class_store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=5,
                                   start=ANAS_TURN.to_json())
    seat = class_store.join(code, seat=0, name="Ana")
    ana = pages(f"table={code}&token={seat.token}", ".uno-hand-btns .uno-card-btn")
    teacher = pages(f"table={code}&teacher={key}", ".uno-close-table")
    teacher.click(".uno-close-table")
    teacher.wait_for_selector(f".uno-close-yes:has-text('Yes, close table {code}')", timeout=TIMEOUT)
    teacher.wait_for_function("() => document.activeElement.closest('.uno-close-keep')", timeout=TIMEOUT)
    assert_no_axe_violations(teacher, "the teacher page asking to close the table")
    assert not class_store.load(code).closed  # one click only asks
    teacher.keyboard.press("Tab")  # from Keep playing to Yes
    teacher.keyboard.press("Enter")
    teacher.wait_for_selector(".uno-status-closed", timeout=TIMEOUT)
    assert class_store.load(code).closed
    teacher.wait_for_function("() => document.activeElement.closest('.uno-new-table')", timeout=TIMEOUT)
    assert "Open a new game page" in teacher.inner_text(".uno-teacher-panel")
    for page in (ana, teacher):
        page.wait_for_selector(".uno-status-closed", timeout=TIMEOUT)
        assert "This table is closed: the teacher ended the game." in page.inner_text(STATUS)
        assert "This table is closed" in page.inner_text(".uno-message-view")
        assert_no_axe_violations(page, "a page of a closed table")
        assert not page.errors, page.errors
    assert ana.locator(".uno-hand-btns .uno-card-btn:not([disabled])").count() == 0
    assert ana.locator(".uno-actions button:not([disabled]):visible").count() == 0
    assert teacher.locator(".uno-next-hand:not([disabled])").count() == 0
    assert teacher.locator(".uno-close-table:visible").count() == 0


def test_the_teachers_every_hand_panel_shows_all_ten_hands_without_scrolling(class_store, pages):
    # A full table of ten: the teacher sees each hand in full (the panel once cut off the
    # fourth hand behind a scroll bar).
    names = [f"P{i}" for i in range(10)]
    code, key = class_store.create(names, ["sensible"] * 10, seed=4, start=Game.new(names, seed=4).to_json())
    page = pages(f"table={code}&teacher={key}", ".uno-others-all .uno-other-row")
    page.wait_for_timeout(500)
    rows = page.locator(".uno-others-all .uno-other-row")
    assert rows.count() == 10
    panel = page.locator(".uno-others-all").evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert panel[0] <= panel[1], panel  # nothing below a scroll
