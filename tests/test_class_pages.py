"""A class's pages through the dashboard, driven from Python as Voilà builds them (one page
per kernel, one shared store): learners sit down with one class code and are seated by the
server, the teacher's page shows every table, moves a learner (whose page follows) and hands
a seat to a bot, and the projector shows the class code and every table, and no card."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs

import ipywidgets as widgets
import pytest
from table_backends import memory_url

from uno_lessons.dashboard import dashboard_page
from uno_lessons.dashboard.class_board import ClassBoard
from uno_lessons.table import open_store
from uno_lessons.table.classroom import load_class, open_class, seat_learner
from uno_lessons.widgets.page import PageBridge

BASE = "http://192.168.1.20:8866/"


@pytest.fixture
def klass():
    store = open_store(memory_url())  # named: another kernel's store opens the same tables
    code, key = open_class(store, 5, per_table=3)  # two tables: 3 and 2 learners
    return store, code, key


def by_class(root, name):
    """The widgets under ``root`` that carry the CSS class ``name``."""
    found = []
    stack = [root]
    while stack:
        w = stack.pop()
        if name in getattr(w, "_dom_classes", ()):
            found.append(w)
        stack.extend(getattr(w, "children", ()))
    return found


def sit_down(store, query: str, name: str):
    """A learner's page at ``query``: type ``name`` and press Sit down."""
    page = dashboard_page(query, store=store)
    by_class(page, "uno-join-name")[0].value = name
    by_class(page, "uno-join-sit")[0].click()
    return page


def test_learners_sit_down_with_the_class_code_and_land_on_their_seat(klass):
    store, code, _key = klass
    tables = load_class(store, code).tables
    ana = sit_down(store, f"class={code}", "Ana")
    game = ana.game
    assert game.table.role == "seat" and game.table.code == tables[0]
    query = parse_qs(game.bridge.query)
    assert query["class"] == [code] and query["table"] == [tables[0]] and len(query["token"][0]) >= 20
    # The code typed in the short address's form (?table=CODE) opens the class too.
    ben = sit_down(store, f"table={code.lower()}", "Ben")
    assert ben.game.table.code == tables[0]  # a tie (2 and 2 free): the first table
    caro = sit_down(store, f"class={code}", "Caro")
    assert caro.game.table.code == tables[1]
    again = dashboard_page(game.bridge.query, store=store)  # a reload: the same seat, no new join
    assert again.game.table.my_seats == game.table.my_seats and len(store.load(tables[0]).claimed) == 2


def test_an_empty_name_is_refused_in_words_and_seats_nobody(klass):
    store, code, _key = klass
    page = sit_down(store, f"class={code}", "   ")
    assert getattr(page, "game", None) is None
    message = by_class(page, "uno-class-join")[0].children[-1]
    assert "type a name" in message.text and load_class(store, code).seq == 0


def test_the_teacher_sees_every_table_moves_a_learner_and_their_page_follows(klass):
    store, code, key = klass
    tables = load_class(store, code).tables
    ana_page = sit_down(store, f"class={code}&lang=en", "Ana")
    ana = ana_page.game
    sit_down(store, f"class={code}", "Ben")
    teacher_page = dashboard_page(f"class={code}&teacher={key}", store=store)
    board = by_class(teacher_page, "uno-class-page")[0]
    bridge = next(c for c in teacher_page.children if isinstance(c, PageBridge))
    bridge.base = BASE
    text = by_class(teacher_page, "uno-class-view")[0].value
    assert f"Table 1: {tables[0]}" in text and f"Table 2: {tables[1]}" in text
    assert "Ana" in text and "Ben" in text and f"?class={code}" in text  # the join card's link
    assert f"table={tables[1]}&amp;teacher={key}" in text  # each table opens as its teacher
    assert "Then type the class code:" in text
    learner = by_class(teacher_page, "uno-class-learner")[0]
    to = by_class(teacher_page, "uno-class-to")[0]
    assert [v for _l, v in learner.options] == [f"{tables[0]}:0", f"{tables[0]}:1"]
    assert [v for _l, v in to.options] == [tables[0], tables[1]]
    learner.value, to.value = f"{tables[0]}:0", tables[1]
    by_class(teacher_page, "uno-class-move")[0].click()
    message = board.children[-1]
    assert "Moved to table" in message.text, message.text
    assert store.load(tables[0]).is_bot(0)
    # Ana's open page hears her seat went to a bot and links her new seat.
    ana.table.tick()
    follow_part = by_class(ana_page, "uno-class-moved")[0]
    assert "Your teacher moved you" in follow_part.value and follow_part.layout.display is None
    assert f"table {tables[1]}" in follow_part.value
    link = re.search(r"href='\?([^']+)'", follow_part.value).group(1).replace("&amp;", "&")
    moved = dashboard_page(link, store=store).game
    assert moved.table.code == tables[1] and moved.table.state.names[moved.table.my_seats[0]] == "Ana"
    # Her old address takes her to the new seat as well.
    assert dashboard_page(ana.bridge.query, store=store).game.table.code == tables[1]
    # Give Ben's seat to a bot and back.
    learner.value = f"{tables[0]}:1"
    by_class(teacher_page, "uno-class-to-bot")[0].click()
    assert store.load(tables[0]).is_bot(1), board.children[-1].text
    by_class(teacher_page, "uno-class-back")[0].click()
    assert not store.load(tables[0]).is_bot(1)


def test_the_projector_shows_the_class_code_and_every_table_and_no_card(klass):
    store, code, key = klass
    for name in ("Ana", "Ben", "Caro"):
        sit_down(store, f"class={code}", name)
    registry = widgets.widget._instances
    before = set(registry)
    page = dashboard_page(f"class={code}&view=projector", store=store)
    bridge = next(c for c in page.children if isinstance(c, PageBridge))
    bridge.base = BASE
    state = json.dumps([w.get_state() for k, w in registry.items() if k not in before], ensure_ascii=False)
    assert "uno-projector" in page._dom_classes
    assert "uno-qr" in state and code[:3] in state and "Table 1" in state and "Table 2" in state
    assert key not in state and "uno-class-move" not in state  # no teacher link, no control
    for table in load_class(store, code).tables:
        hands = store.teacher(table, key).view().hands
        for hand in hands:
            for card in hand:
                assert f"uno-card-{card.code}" not in state and f"'{card.code}'" not in state
    assert "Show table 1 alone" in state


def test_a_wrong_teacher_key_or_class_code_opens_nothing(klass):
    store, code, key = klass
    page = dashboard_page(f"class={code}&teacher={key}x", store=store)
    assert not by_class(page, "uno-class-page")
    assert "does not open class" in json.dumps([getattr(c, "text", "") for c in page.children])
    page = dashboard_page("class=ZZZZZZ", store=store)
    assert not by_class(page, "uno-class-page") and not by_class(page, "uno-class-join")


def test_the_board_follows_the_tables(klass):
    store, code, key = klass
    bridge = PageBridge()
    board = ClassBoard(store, code, bridge, key=key)
    assert board.look() is False
    seat_learner(open_store(store.url), code, "Dan")  # another kernel's store, the same tables
    assert board.look() is True and [len(v.claimed) for v in board.views()] == [1, 0]


def test_the_new_game_form_opens_a_class_and_becomes_its_teachers_page(monkeypatch):
    from uno_lessons.dashboard import LiveGame

    store = open_store(memory_url())
    monkeypatch.setattr("uno_lessons.table.open_store", lambda *a, **k: store)
    live = LiveGame(players=3, seed=1)
    live.parts.bar.settings_toggle.value = True
    form = live.parts.setup
    assert [v for _l, v in form.where.options] == ["screen", "class", "classroom"]
    form.where.value = "classroom"
    settings = form.class_settings
    assert settings.widget.layout.display is None and form.seed.layout.display == "none"
    assert form.players.layout.display == "none"  # a class has players at each table instead
    assert "3 tables, of 10, 10, 10 players." in settings.plan.value
    settings.per_table.value, settings.bots.value = 4, 4  # no seat left for a learner
    assert "fewer than 4 bots" in settings.plan.value
    form.start.click()
    assert "fewer than 4 bots" in form.start_note.value and live.table.role == "local"
    settings.bots.value, settings.fill.value, settings.learners.value = 0, True, 7
    form.house["stacking"].value = True
    assert "2 tables, of 4, 4 players." in settings.plan.value
    form.start.click()
    query = parse_qs(live.bridge.query)
    code, key = query["class"][0], query["teacher"][0]
    tables = load_class(store, code).tables
    assert [store.load(t).kinds.count("sensible") for t in tables] == [0, 1]
    assert all(store.load(t).config.rules.stacking for t in tables)
    assert by_class(live.widget, "uno-class-page") and not by_class(live.widget, "uno-settings")
    teacher = dashboard_page(live.bridge.query, store=store)  # the address reopens the same page
    assert by_class(teacher, "uno-class-moves") and len(key) >= 20


def test_the_front_door_is_for_other_devices_only():
    """The short address shows the code box first on a learner's device, never on this
    machine's own names, and not before the browser has said the page's address."""
    from uno_lessons.dashboard.front_door import is_front_door

    assert is_front_door("http://192.168.1.20:8866/")
    assert is_front_door("https://uno.school.example/")
    for own in ("http://127.0.0.1:8866/", "http://localhost:8866/", "http://[::1]:8866/", ""):
        assert not is_front_door(own), own
