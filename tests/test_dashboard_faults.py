"""The dashboard when the table's store fails (a SQLite file another process has locked):
every click path (a card, Draw, Say UNO, Catch, Sit down, Just watch, Next hand, a seat
change, the speed, Close the table) says the store's sentence, as an error announced
assertively once, redraws the page from its replica (nothing changed), leaves nothing
disabled that was enabled, and works once the store is back.

No exception may escape a callback: ipywidgets' own handler is made to re-raise here (it
would show a traceback in a kernel), so an escape fails the test.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import pytest

from uno_lessons import Game
from uno_lessons.dashboard import dashboard_page
from uno_lessons.engine.cards import Card
from uno_lessons.engine.moves import Move
from uno_lessons.table import StoreError, open_store


class _Reraise:
    """Stands in for the kernel's shell: a callback's exception goes up, to the test."""

    def showtraceback(self, *args, **kwargs):
        raise  # noqa: PLE0704 - re-raises the exception ipywidgets is handling


@pytest.fixture(autouse=True)
def callbacks_raise(monkeypatch):
    monkeypatch.setattr("ipywidgets.widgets.widget.get_ipython", lambda: _Reraise())


@pytest.fixture
def store(tmp_path):
    s = open_store(f"sqlite:///{tmp_path / 'tables.db'}?busy=0.1")
    yield s
    s.close()


@contextmanager
def locked(store):
    """Another process holds the store's write lock (as a stuck kernel or a backup would)."""
    other = sqlite3.connect(store.backend.path, timeout=0, isolation_level=None)
    other.execute("begin exclusive")
    try:
        yield
    finally:
        other.execute("rollback")
        other.close()


def said(page) -> list[tuple[str, bool]]:
    return [(m["text"], m["assertive"]) for m in page.bridge.sent if m["cmd"] == "announce"]


def assert_store_failure_shown(page, before_seq: int, store, code: str, said_before: int) -> None:
    message = page.parts.message
    assert message.kind == "error", message.text
    assert message.text in ("The table could not save your move; try again in a moment.",
                            "The table cannot be reached just now; it will try again in a moment.",
                            "The table could not save your seat; try again in a moment."), message.text
    assert store.seq(code) == before_seq
    new = said(page)[said_before:]
    assert new.count((page.parts.message.text, True)) == 1, new  # assertively, once


# Ana (seat 0) is to move with two cards: G3 can be played, Draw is possible, UNO counts.
START = Game.from_position(["G3 G4", "B7 G1 B2", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                           current=0, names=["Ana", "Ben", "Caro"])


def learner(store, code, seat, name):
    page = dashboard_page(f"table={code}", store=store)
    form = next(c for c in page.children if "uno-join" in c._dom_classes)
    form.children[1].value = seat
    form.children[2].value = name
    form.children[3].children[0].click()
    return page.game


@pytest.mark.parametrize("click", ["card", "draw", "uno"])
def test_a_learners_move_the_store_cannot_save_is_said_and_can_be_tried_again(store, click):
    code, _key = store.create(["Ana", "Ben", "Caro"], ["human"] * 3, seed=1, start=START.to_json())
    ana = learner(store, code, 0, "Ana")
    seq, hand = store.seq(code), list(ana.parts.hand.cards)
    do = {"card": lambda: ana.parts.hand.box.children[0].click(), "draw": ana.parts.actions.draw.click,
          "uno": ana.parts.actions.uno.click}[click]
    assert not ana.parts.actions.draw.disabled and not ana.parts.actions.uno.disabled
    n = len(said(ana))
    with locked(store):
        do()
    assert_store_failure_shown(ana, seq, store, code, n)
    # Redrawn from the replica: the same hand, the same moves on offer, Ana still to move.
    assert list(ana.parts.hand.cards) == hand and ana.table.state.game.current_player == 0
    assert not ana.parts.actions.draw.disabled and not ana.parts.actions.uno.disabled
    assert "uno-legal" in ana.parts.hand.box.children[0]._dom_classes
    do()  # the store is back: the same click works
    assert store.seq(code) == seq + 1 and ana.parts.message.kind != "error"


def test_a_catch_the_store_cannot_save(store):
    # Ben (seat 1, another computer) plays down to one card and forgets UNO: Ana may catch him.
    start = Game.from_position(["G3 G4 R9", "B7 G1", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                               current=1, names=["Ana", "Ben", "Caro"])
    code, _key = store.create(["Ana", "Ben", "Caro"], ["human"] * 3, seed=1, start=start.to_json())
    ana = learner(store, code, 0, "Ana")
    store.join(code, seat=1, name="Ben").apply(Move("play", Card.parse("G1")))
    ana.table.sync()
    assert ana.parts.actions.catch_target.value == 1 and not ana.parts.actions.catch.disabled
    seq, n = store.seq(code), len(said(ana))
    with locked(store):
        ana.parts.actions.catch.click()
    assert_store_failure_shown(ana, seq, store, code, n)
    assert not ana.parts.actions.catch.disabled and len(ana.table.state.game.hands[1]) == 1
    ana.parts.actions.catch.click()
    assert len(ana.table.state.game.hands[1]) == 3 and ana.parts.message.kind == "ok"


def test_sit_down_and_just_watch_when_the_store_fails(store, monkeypatch):
    code, _key = store.create(["Ana", "Ben"], ["human"] * 2, seed=1)
    page = dashboard_page(f"table={code}", store=store)
    form = next(c for c in page.children if "uno-join" in c._dom_classes)
    heading, seat, name, buttons, message = form.children
    sit, watch = buttons.children
    name.value = "Ana"
    with locked(store):
        sit.click()
    assert message.kind == "error" and "could not save your seat" in message.text
    assert not sit.disabled and sit.comm is not None and store.load(code).claimed == set()
    # Reading fails too (the store's server is away): Just watch says so, the form stays.
    real = type(store)._table
    monkeypatch.setattr(type(store), "_table", lambda self, code: (_ for _ in ()).throw(
        StoreError("The table cannot be reached just now; it will try again in a moment.")))
    watch.click()
    assert message.kind == "error" and "cannot be reached" in message.text and watch.comm is not None
    monkeypatch.setattr(type(store), "_table", real)
    sit.click()  # back: the seat is taken and the form is gone
    assert store.load(code).claimed == {0} and sit.comm is None and page.game.table.role == "seat"


def test_the_teachers_clicks_when_the_store_fails(store):
    start = Game.from_position(["G3", "B7 G1 B2"], "G5", "R1 R3 R4 R5 R6 R7 R8", current=0,
                               names=["Ana", "Ben"])
    code, key = store.create(["Ana", "Ben"], ["human"] * 2, seed=1, start=start.to_json())
    teacher = dashboard_page(f"table={code}&teacher={key}", store=store).game
    store.join(code, seat=0, name="Ana").apply(Move("play", Card.parse("G3")))  # Ana wins the hand
    teacher.table.sync()
    assert not teacher.parts.bar.next_hand.disabled
    panel = teacher.parts.teacher_panel
    clicks = {
        "next hand": teacher.parts.bar.next_hand.click,
        "seat to a bot": panel._buttons[1].click,
        "speed": lambda: setattr(teacher.parts.bar.speed, "value", "slow"),
        "close": lambda: (panel.close.button.click(), panel.close.yes.click()),
    }
    for what, click in clicks.items():
        seq, n = store.seq(code), len(said(teacher))
        with locked(store):
            click()
        assert_store_failure_shown(teacher, seq, store, code, n)
        # Nothing changed, and the controls are as they were (not left disabled or half-way).
        assert teacher.table.state.kinds == ["human", "human"], what
        assert teacher.parts.bar.speed.value == "normal", what  # the toggle went back with the table
        assert not teacher.parts.bar.next_hand.disabled and not teacher.table.closed, what
        assert panel.close.button.layout.display is None and not panel.close.asking, what
        assert not any(b.disabled for b in panel._buttons), what
    focus = [m["selector"] for m in teacher.bridge.sent if m["cmd"] == "focus"]
    assert focus[-1] == ".uno-dash .uno-close-table"  # back on the button, to try again
    for click in clicks.values():  # the store is back: every click works
        click()
    assert teacher.table.closed and teacher.table.state.speed == "slow"
