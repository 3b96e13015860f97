"""Each dashboard page holds the widgets of its own role only, read the way a browser could
reach them: every widget model the kernel has open after the page was built (its state goes
to the browser, and its comm takes messages from it, shown or not).

Also: the join form is closed for good once a learner sits down, a one-screen game that opens
a class table becomes a teacher page with nothing of the one-screen controls left, the class
table's deal comes from a secret seed unless the teacher ticks the box, the score sheet's
headers never break inside a word, and the teacher can close a table in two steps.
"""

from __future__ import annotations

import json
import re

import ipywidgets as widgets
import pytest

from uno_lessons import Game
from uno_lessons.dashboard import LiveGame, dashboard_page
from uno_lessons.dashboard.closing import widget_tree
from uno_lessons.dashboard.scores import headers_turned, scores_html
from uno_lessons.engine.cards import Card
from uno_lessons.engine.moves import Move
from uno_lessons.i18n import use_language
from uno_lessons.table import TableClosed, open_store

START = Game.from_position(["G3 G4 R9", "B7 B8 Y5", "Y1 Y2 R2"], "G5", "R1 R3 R4 R5 R6 R7 R8",
                           current=0, names=["Ana", "Ben", "Caro"])

#: The classes of controls that belong to one role or another (see dashboard/roles.py).
SETUP = {"uno-settings", "uno-settings-toggle", "uno-start", "uno-where", "uno-seed", "uno-class-seed"}
BOTS = {"uno-step", "uno-auto"}
TEACHER = {"uno-speed", "uno-next-hand", "uno-teacher-panel", "uno-seat-switch", "uno-close-table",
           "uno-close-yes", "uno-close-keep"}
SEAT_VIEW = {"uno-view-seat"}
JOIN = {"uno-join", "uno-join-sit", "uno-join-watch", "uno-join-seat", "uno-join-name"}
PLAY = {"uno-hand-btns", "uno-act-draw", "uno-act-uno", "uno-act-catch", "uno-picker"}


def open_models() -> dict[str, widgets.Widget]:
    """Every widget model the kernel holds open now (what a browser could click or update)."""
    return dict(widgets.widget._instances)


def classes_of(models) -> set[str]:
    return {c for w in models for c in (getattr(w, "_dom_classes", None) or ())}


def built(build):
    """Build a page; the widgets it opened and the CSS classes among them."""
    before = set(open_models())
    page = build()
    made = [w for k, w in open_models().items() if k not in before]
    return page, made, classes_of(made)


@pytest.fixture
def table():
    store = open_store("memory://")
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=3,
                             start=START.to_json())
    return store, code, key


def sit(store, code, seat: int, name: str):
    page = dashboard_page(f"table={code}", store=store)
    form = next(c for c in page.children if "uno-join" in c._dom_classes)
    form.children[1].value = seat
    form.children[2].value = name
    form.children[3].children[0].click()  # Sit down
    return page, form


def test_a_learners_page_holds_no_control_of_another_role(table):
    store, code, _key = table
    (page, form), made, classes = built(lambda: sit(store, code, 0, "Ana"))
    alive = classes_of(w for w in made if w.comm is not None)
    assert not alive & (SETUP | BOTS | TEACHER | SEAT_VIEW | JOIN), alive & (SETUP | BOTS | TEACHER | SEAT_VIEW | JOIN)
    assert PLAY <= alive  # the check can fail: the learner's own controls are there
    assert page.game.parts.bar.view is None  # one view only: no toggle


def test_after_sitting_down_every_model_of_the_join_form_is_closed(table):
    store, code, _key = table
    page, form = sit(store, code, 0, "Ana")
    join_models = [form, *form.children, form.children[3].children[0], form.children[3].children[1]]
    join_models += [w.layout for w in join_models] + [w.style for w in join_models if hasattr(w, "style")]
    assert all(w.comm is None for w in join_models)
    assert not {w.model_id for w in join_models if w.comm} & set(open_models())
    assert store.load(code).claimed == {0}
    # Just watch closes the form the same way.
    page = dashboard_page(f"table={code}", store=store)
    form = next(c for c in page.children if "uno-join" in c._dom_classes)
    watch = form.children[3].children[1]
    watch.click()
    assert page.game.table.role == "spectator" and watch.comm is None and form.comm is None
    assert not [c for c in page.children if "uno-join" in c._dom_classes]


@pytest.mark.parametrize("query", ["watch=1", "watch=1&view=projector"])
def test_spectator_and_projector_pages_hold_no_control_of_another_role(table, query):
    store, code, _key = table
    page, made, classes = built(lambda: dashboard_page(f"table={code}&{query}", store=store))
    assert not classes & (SETUP | BOTS | TEACHER | SEAT_VIEW | JOIN | PLAY), classes & (SETUP | BOTS | TEACHER | PLAY)
    assert "uno-status-view" in classes and "uno-view-toggle" in classes  # Table / Projector stays
    assert page.game.mode == ("projector" if "projector" in query else "player")


@pytest.mark.parametrize("query", ["", "&view=projector"])
def test_the_teacher_page_has_its_controls_and_no_one_screen_ones(table, query):
    store, code, key = table
    page, made, classes = built(lambda: dashboard_page(f"table={code}&teacher={key}{query}", store=store))
    assert {"uno-speed", "uno-next-hand", "uno-teacher-panel", "uno-close-table", "uno-view-toggle"} <= classes
    assert not classes & (SETUP | BOTS | SEAT_VIEW | JOIN | PLAY), classes & (SETUP | BOTS | PLAY)


def test_the_one_screen_game_keeps_every_control():
    live, made, classes = built(lambda: LiveGame(players=3, seed=1))
    assert {"uno-settings-toggle", "uno-step", "uno-auto", "uno-speed", "uno-next-hand", "uno-view-seat",
            "uno-view-toggle"} | PLAY <= classes
    assert not classes & (TEACHER - {"uno-speed", "uno-next-hand"}) and not classes & JOIN


def test_a_one_screen_game_that_opens_a_class_table_keeps_nothing_of_its_old_role(monkeypatch):
    store = open_store("memory://")
    monkeypatch.setattr("uno_lessons.table.open_store", lambda *a, **k: store)
    before = set(open_models())
    live = LiveGame(players=3, seed=1)
    live.parts.bar.settings_toggle.value = True
    live.parts.setup.where.value = "class"
    mine = [w for k, w in open_models().items() if k not in before]  # the one-screen page, form open
    assert classes_of(mine) >= SETUP | BOTS | PLAY
    live.parts.setup.start.click()
    assert live.table.role == "teacher" and live.parts.setup is None and live.parts.hand is None
    assert "uno-teacher-panel" in classes_of(live.widget.children)
    # Of the one-screen page, only what every page keeps is still open: the bridge, the outer
    # box, and the pair that tells the kernel a browser shows the page.
    kept = {id(w) for part in (live.bridge, live.widget, live.frontend.one, live.frontend.seen)
            for w in (part, part.layout, getattr(part, "style", None))} | {id(live.frontend.link)}
    still_open = [w for w in mine if w.comm is not None and id(w) not in kept]
    assert not still_open, [(type(w).__name__, getattr(w, "_dom_classes", ())) for w in still_open]


def test_a_class_table_from_the_form_is_dealt_from_a_secret_seed_unless_the_teacher_says(monkeypatch):
    store = open_store("memory://")
    monkeypatch.setattr("uno_lessons.table.open_store", lambda *a, **k: store)
    for tick, expect_form_seed in ((False, False), (True, True)):
        live = LiveGame(players=3, seed=1)
        live.parts.bar.settings_toggle.value = True
        form = live.parts.setup
        form.where.value = "class"
        form.seed.value = 2061843947  # long: a page's ids and pictures cannot hold it by chance
        form.class_seed.value = tick
        assert form.seed.layout.display == (None if tick else "none")
        assert "anyone who knows the seed can work out every hand" in form.class_seed.description
        form.start.click()
        seed = store.load(live.table.code).config.seed
        assert (seed == 2061843947) is expect_form_seed
        if not tick:
            assert seed.bit_length() > 64  # the store's secret seed, not the form's
        # No page of the table shows its seed: the teacher's, a learner's, a spectator's.
        code, key = live.table.code, dict(p.split("=") for p in live.bridge.query.split("&"))["teacher"]
        pages = [live, dashboard_page(f"table={code}&teacher={key}", store=store).game,
                 dashboard_page(f"table={code}&watch=1", store=store).game]
        for page in pages:
            state = json.dumps([w.get_state() for w in widget_tree(page.widget)], default=str)
            for text in (state, repr(page), repr(page.table), page.parts.log.value, page.parts.status.value):
                # Not inside a longer run of hex digits (a model id) either way.
                assert not re.search(rf"(?<![0-9a-f]){seed}(?![0-9a-f])", text), f"the seed {seed} is shown"


def test_the_one_screen_game_keeps_its_visible_seed():
    live = LiveGame(players=3, seed=77)
    live.parts.bar.settings_toggle.value = True
    assert live.parts.setup.seed.value == 77 and live.parts.setup.seed.layout.display is None
    assert live.parts.setup.class_seed.layout.display == "none"


# ---------------------------------------------------------------------------- closing a table
def test_the_teacher_closes_the_table_in_two_steps_and_every_page_says_so(table):
    store, code, key = table
    teacher = dashboard_page(f"table={code}&teacher={key}", store=store).game
    ana = sit(store, code, 0, "Ana")[0].game
    close = teacher.parts.teacher_panel.close
    close.button.click()
    assert close.asking and not teacher.table.closed  # one click only asks
    assert close.yes.description == f"Yes, close table {code}" and close.keep.description == "Keep playing"
    assert teacher.bridge.last("focus")["selector"] == ".uno-dash .uno-close-keep"
    close.keep.click()
    assert not close.asking and not teacher.table.closed
    assert teacher.bridge.last("focus")["selector"] == ".uno-dash .uno-close-table"
    close.button.click()
    close.yes.click()
    assert teacher.table.closed and store.load(code).closed
    assert "closed" in teacher.parts.message.text and "data-closed='1'" in teacher.parts.status.value
    assert "uno-new-table" in teacher.parts.teacher_panel.info.value  # how to start a new one
    assert "?table=" not in teacher.parts.teacher_panel.info.value  # no link to a closed table
    assert teacher.bridge.last("focus")["selector"] == ".uno-dash .uno-new-table a"
    assert teacher.parts.bar.next_hand.disabled and teacher.parts.bar.speed.disabled
    assert all(b.disabled for b in teacher.parts.teacher_panel._buttons)
    # The learner's page, at its next tick: said plainly, every play control off.
    ana.table.tick()
    assert ana.parts.message.text == "This table is closed: the teacher ended the game."
    assert "This table is closed" in ana.parts.status.value and "data-closed='1'" in ana.parts.status.value
    assert all(b.disabled for b in ana.parts.hand.box.children)
    assert all(b.disabled for b in (ana.parts.actions.draw, ana.parts.actions.uno, ana.parts.actions.catch))
    ana.click_card(0)
    assert ana.parts.message.kind == "error" and "closed" in ana.parts.message.text
    with pytest.raises(TableClosed):
        ana.table.apply(Move("play", Card.parse("G3")))
    # A new page of the closed table, and its join page, say so too.
    watcher = dashboard_page(f"table={code}&watch=1", store=store).game
    assert "This table is closed" in watcher.parts.status.value and "closed" in watcher.parts.message.text
    join = dashboard_page(f"table={code}", store=store)
    form = next(c for c in join.children if "uno-join" in c._dom_classes)
    assert form.children[3].children[0].disabled and "closed" in form.children[4].text


# ---------------------------------------------------------------------------- the score sheet
LONG = ["Maximilianofernandez", "Ana Maria Fernandezz", "Aleksandra Jovanović", "Konstantinopoljanin",
        "Љубомир Петровићзав", "Nurul Izzati Binti A", "Bartholomeus Verhoef", "Wilhelmina van Dijks",
        "Siti Nurhaliza Tarud", "Abdurrahman Wahidzzz"]


@pytest.mark.parametrize("lang", ["en", "nl", "sr", "ms"])
def test_long_names_at_ten_seats_turn_the_headers_and_short_ones_do_not(lang):
    store = open_store("memory://")
    with use_language(lang):
        code, key = store.create(LONG, ["sensible"] * 10, seed=2)
        page = dashboard_page(f"table={code}&teacher={key}", store=store).game
        page.run_bots()
        view = page.table.view(teacher=True)
        assert headers_turned(view)
        html = scores_html(view)
        assert html.count("<th scope='col' class='uno-turned'><span>") == 10
        short = dashboard_page(f"table={store.create(['Ana', 'Ben', 'Caro'], ['sensible'] * 3, seed=2)[0]}&watch=1",
                               store=store).game
        assert not headers_turned(short.table.view())
