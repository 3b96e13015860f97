"""A class table through the dashboard pages, driven from Python: the teacher's page, two
learners' pages and a spectator's, each a page built by ``dashboard_page(query)`` on one
shared store, as Voilà builds them in separate kernels.

The security checks read what would reach each browser: the state of every widget the page
created (every widget's state is sent to its front end, shown or not).
"""

from __future__ import annotations

import base64
import json
import re
from urllib.parse import parse_qs

import ipywidgets as widgets
import pytest

from uno_lessons import Game
from uno_lessons.dashboard import LiveGame, dashboard_page
from uno_lessons.engine.moves import IllegalMove, Move
from uno_lessons.table import TableError, open_store

# Seat 1 and seat 2 hold cards that appear nowhere else on the table: if "B7" or "blue 7"
# reaches seat 0's page (or a spectator's), a hidden hand leaked.
START = Game.from_position(["G3 G4 R9", "B7 B8 Y5", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                           current=0, names=["Ana", "Ben", "Caro"])
SECRETS = ("B7", "B8", "blue 7", "blue 8", "Y5", "yellow 5", "Y1", "yellow 1", "Y2", "yellow 2",
           "R2", "red 2")


def new_widget_state(build):
    """Build a page and return it with the text of every widget it created (every widget's
    state goes to the browser), base64 pictures decoded so their labels are searched too."""
    registry = widgets.widget._instances
    before = set(registry)
    page = build()
    made = [w for k, w in registry.items() if k not in before]
    text = json.dumps([w.get_state() for w in made], ensure_ascii=False)
    return page, re.sub(r"base64,([A-Za-z0-9+/=]+)",
                        lambda m: base64.b64decode(m.group(1)).decode("utf-8", "replace"), text)


def holds(state: str, secret: str) -> bool:
    """Whether a card code or name appears as a word (so "R2" does not match "R21")."""
    return re.search(rf"(?<![\w+]){re.escape(secret)}(?![\w+])", state) is not None


@pytest.fixture
def table():
    store = open_store("memory://")
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=3,
                             start=START.to_json())
    return store, code, key


def join_form(page):
    """The join form's box on a table's first page."""
    return next(c for c in page.children if "uno-join" in getattr(c, "_dom_classes", ()))


def learner_page(store, code, seat, name):
    page = dashboard_page(f"table={code}", store=store)
    form = join_form(page)
    seat_dd, name_box = form.children[1], form.children[2]
    seat_dd.value = seat
    name_box.value = name
    form.children[3].children[0].click()  # Sit down
    return page


def test_a_learner_joins_from_the_link_and_keeps_the_seat_in_the_address(table):
    store, code, _key = table
    page = learner_page(store, code, 0, "Ana")
    game: LiveGame = page.game
    assert game.table.role == "seat" and game.table.my_seats == [0]
    query = parse_qs(game.bridge.query)
    assert query["table"] == [code] and len(query["token"][0]) >= 20
    # The typed name goes to the kernel once, when the field is left, not key by key: a
    # front end holds back a field's later updates while one is in flight but sends a click
    # at once, so on a busy server a fast "Sit down" joined "Ana" as "A".
    form = join_form(dashboard_page(f"table={code}", store=store))
    assert form.children[2].continuous_update is False
    # A reload opens the same address: the same seat, no new join.
    again = dashboard_page(game.bridge.query, store=store)
    assert again.game.table.my_seats == [0]
    assert store.load(code).claimed == {0}


def test_learner_and_spectator_pages_never_hold_another_hand(table):
    store, code, _key = table
    seat_page, state = new_widget_state(lambda: learner_page(store, code, 0, "Ana"))
    for secret in SECRETS:
        assert not holds(state, secret), f"{secret} of a hidden hand is in the learner's widget state"
    assert holds(state, "green 3") and holds(state, "red 9")  # the learner's own hand is there
    watch_page, state = new_widget_state(lambda: dashboard_page(f"table={code}&watch=1", store=store))
    assert watch_page.game.table.role == "spectator"
    for secret in SECRETS + ("G3", "green 3", "R9", "red 9"):
        assert not holds(state, secret), f"{secret} of a hand is in the spectator's widget state"
    # The check can fail: the teacher's page does hold every hand.
    _teacher, state = new_widget_state(lambda: dashboard_page(f"table={code}&teacher={_key}", store=store))
    assert holds(state, "blue 7") and holds(state, "yellow 2")


def test_two_learners_and_the_teacher_play_together(table):
    store, code, key = table
    ana = learner_page(store, code, 0, "Ana").game
    ben = learner_page(store, code, 1, "Ben").game
    teacher = dashboard_page(f"table={code}&teacher={key}", store=store).game
    assert teacher.table.role == "teacher" and "uno-teacher-panel" in teacher.parts.teacher_panel.widget._dom_classes
    # Ben cannot play out of turn: the table refuses, and nothing is stored.
    seq = store.seq(code)
    ben.click_card(0)
    assert ben.parts.message.kind == "error" and "turn" in ben.parts.message.text and store.seq(code) == seq
    # Ana plays G3 from her page; Ben's and the teacher's pages see it at their next tick.
    ana.click_card(ana.parts.hand.cards.index(START.hands[0][0]))
    assert store.seq(code) == seq + 1
    for page in (ben, teacher):
        page.table.tick()
        assert page.table.state.game.top_card.code == "G3"
        assert "Ana plays green 3" in page.parts.log.value


def test_a_guessed_table_code_without_a_token_cannot_act(table):
    store, code, _key = table
    watch = dashboard_page(f"table={code}&watch=1", store=store).game
    with pytest.raises(IllegalMove):
        watch.table.apply(Move("draw"))
    # A spectator's page has no move buttons at all (not hidden ones: none were built).
    assert watch.acting_seat is None and watch.parts.actions is None and watch.parts.hand is None
    bad = dashboard_page(f"table={code}&token=guessed", store=store)
    assert any("does not hold a seat" in getattr(c, "text", "") for c in bad.children)
    with pytest.raises(TableError):
        store.teacher(code, "guessed")


def test_the_teacher_hands_an_absent_learners_seat_to_a_bot(table):
    store, code, key = table
    teacher = dashboard_page(f"table={code}&teacher={key}", store=store).game
    switch = teacher.parts.teacher_panel._buttons[0]
    assert "bot" in switch.description
    switch.click()
    assert teacher.table.state.kinds[0] == "sensible"
    teacher.table.run_bots(1)
    assert teacher.table.state.game.current_player != 0  # the bot moved for the absent learner


def test_an_unknown_table_code_says_so():
    page = dashboard_page("table=ZZZZZZ", store=open_store("memory://"))
    assert any("There is no table ZZZZZZ" in getattr(c, "text", "") for c in page.children)


def test_language_from_the_address():
    from uno_lessons.i18n import get_language, use_language

    with use_language("en"):
        page = dashboard_page("lang=nl")
        assert get_language() == "nl"
        assert isinstance(page, LiveGame)


def test_a_preheated_kernel_builds_the_one_screen_game_while_it_waits_and_leaves_nothing_else(
        table, monkeypatch):
    """In Voilà's preheated pool ``dashboard_page()`` builds the page without a query before
    its request arrives (then that page is ready at once). When the request asks for a class
    table or another language, that game's widgets are closed: the page holds exactly the
    widgets a kernel started for that request would, so no widget state of the spare game
    reaches the browser. The request comes over a real websocket standing in for Voilà's."""
    from voila_query import preheated_env, serve_queries

    from uno_lessons.i18n import get_language, set_language

    store, code, _key = table
    asked = {"query": ""}
    preheated_env(monkeypatch, serve_queries(lambda _kernel: asked["query"]))
    language = get_language()
    try:
        for query in ("", f"table={code}&watch=1", "lang=nl"):
            asked["query"] = query
            set_language(language)
            preheated, state = new_widget_state(lambda: dashboard_page(store=store, players=4, seed=1))
            set_language(language)
            cold, cold_state = new_widget_state(lambda q=query: dashboard_page(q, store=store, players=4, seed=1))
            assert type(preheated) is type(cold)
            assert len(state) == len(cold_state) and state.count('"_model_name"') == cold_state.count('"_model_name"')
            if query == "":
                assert codes_of(preheated) == codes_of(cold)
            if query == "lang=nl":
                assert get_language() == "nl" and "Nieuw spel" in state
    finally:
        set_language(language)


def test_a_class_servers_preheated_kernel_builds_no_spare_game(table, monkeypatch):
    """``dev.sh serve --class`` sets UNO_LESSONS_SPARE=0: every page names a table, so a
    preheated kernel does not build (and then close) a one-screen game before its request."""
    from voila_query import preheated_env, serve_queries

    from uno_lessons.dashboard import entry

    store, code, _key = table
    preheated_env(monkeypatch, serve_queries(lambda _kernel: f"table={code}&watch=1"))
    built = []
    real = entry._spare_game
    monkeypatch.setattr(entry, "_spare_game", lambda local: built.append(local) or real(local))
    for spare, expected in (("0", 0), ("1", 1)):
        monkeypatch.setenv(entry.SPARE_ENV, spare)
        page, state = new_widget_state(lambda: dashboard_page(store=store, players=4, seed=1))
        assert not isinstance(page, LiveGame) and code in state
        assert len(built) == expected


def codes_of(live: LiveGame) -> list[str]:
    return [c.code for c in live.table.state.game.hands[0]]
