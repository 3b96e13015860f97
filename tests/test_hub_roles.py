"""Roles on the hub (the security review's item 7): only the class's teachers open class
tables, and the teacher's panel names the hub user who sat down at each seat.

A hub page is one whose kernel knows its signed-in hub user (:func:`uno_lessons.dashboard.hub_page.signed_in`);
these tests note that user the way :mod:`uno_lessons.dashboard.entry` does once the service's
signature checks out, and forget it afterwards. The widgets are driven from here, and a
crafted page is one whose browser sends widget messages for choices the page never showed.
"""

from __future__ import annotations

import asyncio
import sqlite3
from html import escape

import pytest

from uno_lessons.dashboard import LiveGame, dashboard_page
from uno_lessons.dashboard.hub_page import (
    class_table_teacher_only_text,
    open_table,
    reset_signed_in,
    signed_in,
)
from uno_lessons.dashboard.join import JoinForm
from uno_lessons.dashboard.seat_book import SeatBook
from uno_lessons.dashboard.teacher import TeacherPanel
from uno_lessons.i18n import use_language
from uno_lessons.table import open_store
from uno_lessons.voila.identity import HubUser

LEARNER = HubUser("eve", teacher=False)
TEACHER = HubUser("tess", teacher=True)


@pytest.fixture(autouse=True)
def no_hub_user():
    """Every test starts and ends as a standalone server's page (the user is a module global)."""
    reset_signed_in()
    yield
    reset_signed_in()


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A real SQLite store in tmp_path, the server's store for the pages made here; its file."""
    path = tmp_path / "tables.db"
    store = open_store(f"sqlite:///{path}")
    monkeypatch.setattr("uno_lessons.table.open_store", lambda *a, **k: store)
    yield store, path
    store.close()


def tables_in(path) -> int:
    """How many tables the store's file holds."""
    with sqlite3.connect(path) as con:
        return con.execute("select count(*) from tables").fetchone()[0]


def update(widget, **state) -> None:
    """What a browser's websocket message that sets ``state`` on ``widget`` does in the kernel."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def click(button) -> None:
    """What a browser's click message on ``button`` does in the kernel."""
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


def new_game_form(live: LiveGame):
    """The page's New game form, opened as its toggle opens it."""
    live.parts.bar.settings_toggle.value = True
    return live.parts.setup


def test_a_learners_new_game_form_on_the_hub_offers_no_class_table():
    signed_in(LEARNER)
    form = new_game_form(LiveGame(players=3, seed=1))
    assert form.where.layout.display == "none"
    assert form.class_seed.layout.display == "none"
    assert form.seed.layout.display is None  # her one-screen game still shows its seed


@pytest.mark.parametrize("user", [TEACHER, None], ids=["hub teacher", "standalone"])
def test_a_teachers_form_and_a_standalone_servers_still_offer_it(user):
    if user is not None:
        signed_in(user)
    form = new_game_form(LiveGame(players=3, seed=1))
    assert form.where.layout.display is None
    update(form.where, index=1)  # "as a class, each on their own browser"
    assert form.where.value == "class" and form.class_seed.layout.display is None


def test_a_crafted_class_table_from_a_learners_page_makes_nothing_and_says_why(db):
    store, path = db
    signed_in(LEARNER)
    live = LiveGame(players=3, seed=1)
    form = new_game_form(live)
    before = tables_in(path)
    # What her browser could send though the form shows none of it: the class choice, the
    # box that deals from the form's seed, a seed she picked, then Start.
    update(form.where, index=1)
    update(form.class_seed, value=True)
    update(form.seed, value=42)
    assert form.where.value == "class" and form.class_seed.value and form.seed.value == 42
    click(form.start)
    assert tables_in(path) == before
    assert live.table.role == "local"  # still her one-screen game, not a teacher's page
    assert live.parts.teacher_panel is None
    assert escape(class_table_teacher_only_text()) in live.parts.message.value
    with use_language("nl"):  # a sentence of the catalog, said in the page's language
        assert class_table_teacher_only_text() != "Only the class's teachers open class tables."


def test_the_one_screen_game_stays_a_learners_on_the_hub(db):
    _store, path = db
    signed_in(LEARNER)
    live = LiveGame(players=3, seed=1)
    form = new_game_form(live)
    update(form.players, value=4)
    click(form.start)
    assert live.table.role == "local" and live.table.state.players == 4
    assert tables_in(path) == 0


def test_a_hub_teacher_still_opens_a_class_table(db):
    store, path = db
    signed_in(TEACHER)
    live = LiveGame(players=3, seed=1)
    form = new_game_form(live)
    before = tables_in(path)
    update(form.where, index=1)
    click(form.start)
    assert tables_in(path) == before + 1
    assert live.table.role == "teacher" and live.parts.teacher_panel is not None
    code = live.table.code
    assert live.bridge.query == f"table={code}"  # on the hub the key stays out of the address
    book = SeatBook(store)
    assert store.teacher(code, book.teacher_key(code)).code == code
    book.close()


def sit_as(user: HubUser, store, code: str, seat: int, name: str):
    """``user`` opens table ``code`` on the hub and sits down at ``seat`` under ``name`` (the
    join form comes with their hub name; they type another)."""
    signed_in(user)
    shown, forms = [], []

    def join_form(on_done):
        forms.append(JoinForm(store, code, on_done))
        return forms[0]

    open_table(store, code, {}, user, lambda handle, _address: shown.append(handle), join_form)
    form = forms[0]
    assert form.name.value == user.name
    update(form.seat, index=form.seat.options.index(next(o for o in form.seat.options if o[1] == seat)))
    update(form.name, value=name)
    click(form.sit)
    assert shown and shown[0].seat == seat
    reset_signed_in()
    return shown[0]


def seat_rows(page) -> list[str]:
    panel = page.game.parts.teacher_panel
    return [label.value for label in panel._labels[:page.game.table.state.players]]


def test_the_teachers_panel_names_the_hub_user_beside_the_seats_name(db):
    store, _path = db
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=3)
    book = SeatBook(store)
    book.new_table(code, key)
    book.close()
    sit_as(LEARNER, store, code, 0, "ana")  # eve, as "ana"
    sit_as(HubUser("ben", teacher=False), store, code, 1, "Ben & Co")
    signed_in(TEACHER)
    page = dashboard_page(f"table={code}&teacher={key}", store=store)
    rows = seat_rows(page)
    assert escape("ana (seat 0, signed in as eve)") in rows[0]
    assert escape("Ben & Co (seat 1, signed in as ben)") in rows[1]  # escaped: "&amp;"
    assert "Ben & Co" not in rows[1]
    assert "signed in" not in rows[2]  # the bot's seat: nobody sat down there


def test_a_seat_taken_after_the_teachers_page_opened_gets_its_hub_user(db):
    store, _path = db
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    signed_in(TEACHER)
    page = dashboard_page(f"table={code}&teacher={key}", store=store)
    assert "signed in" not in seat_rows(page)[0]
    sit_as(LEARNER, store, code, 0, "ana")
    signed_in(TEACHER)
    page.game.table.sync()
    page.game.refresh()
    assert escape("ana (seat 0, signed in as eve)") in seat_rows(page)[0]


def test_the_panel_looks_again_for_a_seat_drawn_before_its_hub_user_was_noted(db, monkeypatch):
    # The learner's page notes her hub user just after her seat reached the table; the
    # teacher's page may draw the seat in between, and nothing else may happen for a while.
    store, _path = db
    monkeypatch.setattr(TeacherPanel, "LOOK_AGAIN_AFTER", 0.05)
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    signed_in(TEACHER)

    async def on_the_kernels_loop():
        page = dashboard_page(f"table={code}&teacher={key}", store=store)
        eve = store.join(code, seat=0, name="ana")
        page.game.table.sync()
        page.game.refresh()  # the seat is drawn before the book knows whose it is
        assert "signed in" not in seat_rows(page)[0]
        book = SeatBook(store)
        book.keep_seat(code, "eve", eve.token, eve.seat)
        book.close()
        for _wait in range(40):
            await asyncio.sleep(0.05)
            if "signed in" in seat_rows(page)[0]:
                break
        return seat_rows(page)[0]

    assert escape("ana (seat 0, signed in as eve)") in asyncio.run(on_the_kernels_loop())


def test_a_standalone_teachers_panel_names_no_hub_user(db):
    store, _path = db
    code, key = store.create(["Ana", "Ben"], ["human", "human"], seed=3)
    book = SeatBook(store)
    book.keep_seat(code, "eve", store.join(code, seat=0, name="ana").token, 0)
    book.close()
    page = dashboard_page(f"table={code}&teacher={key}", store=store)  # no hub user: standalone
    assert "signed in" not in seat_rows(page)[0] and "ana (seat 0)" in seat_rows(page)[0]


def test_the_book_keeps_who_took_each_seat_in_every_store(store):
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "human"], seed=3)
    book = SeatBook(store)
    book.new_table(code, key)
    eve = store.join(code, seat=2, name="ana")
    book.keep_seat(code, "eve", eve.token, eve.seat)
    again = SeatBook(store)  # another page of the same server
    assert again.seat_users(code) == {2: "eve"}
    assert again.seat_token(code, "eve") == eve.token
    again.keep_seat(code, "eve", None)  # her token forgotten: the seat stays the one she took
    assert book.seat_users(code) == {2: "eve"}
    book.new_table(code, key)  # a new table of a code used before starts with nobody seated
    assert again.seat_users(code) == {} and again.teacher_key(code) == key
    book.close()
    again.close()
