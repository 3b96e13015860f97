"""What a dashboard page says and where it keeps keyboard focus, as pure functions of its
view: no widget is built here. Views come from real tables (``Table.local`` and a store's
handles), and the functions the page calls (``dashboard.sentences``, ``.narration``,
``.focus``, ``.page_view``, ``.tables``, ``.pacing``, ``.voice``, ``.roles``, the page's
classes in ``.layout``) are called on them directly.
"""

from __future__ import annotations

from dataclasses import replace

import ipywidgets as widgets
import pytest

from uno_lessons.dashboard.closing import built_by
from uno_lessons.dashboard.focus import (
    NEXT_HAND,
    PLAY_AREA,
    STATUS,
    TEACHER_LINK,
    PageParts,
    focus_move,
    focus_target,
    play_focus,
)
from uno_lessons.dashboard.layout import page_classes
from uno_lessons.dashboard.narration import Narrator, change_sentence, log_viewer
from uno_lessons.dashboard.pacing import pace, set_speed, step_refusal
from uno_lessons.dashboard.page_view import PageView, is_my_turn, page_view
from uno_lessons.dashboard.roles import PLANS, PageMode, Role, page_plan
from uno_lessons.dashboard.sentences import (
    hand_over_sentence,
    intro_sentence,
    page_title,
    something_went_wrong,
    table_closed_text,
    turn_sentence,
)
from uno_lessons.dashboard.tables import local_table, open_class_table
from uno_lessons.dashboard.voice import PageVoice, refusal_kind
from uno_lessons.dashboard.wild import PendingWild
from uno_lessons.engine.cards import Color
from uno_lessons.engine.events import EVERYONE, NOBODY
from uno_lessons.engine.game import Game
from uno_lessons.engine.moves import IllegalMove, Move
from uno_lessons.table import SPEEDS, Table, TableConfig, TableError, open_store

NAMES = ["Ana", "Ben", "Caro"]
PLAYS = PageParts(plays=True, teacher_panel=False, can_deal=False)
TEACHER = PageParts(plays=False, teacher_panel=True, can_deal=True)
WATCHER = PageParts(plays=False, teacher_panel=False, can_deal=False)


@pytest.fixture
def store_table():
    """A class table of two learners and a bot, Ana and Ben seated, and its teacher's table."""
    store = open_store("memory://")
    code, key = store.create(NAMES, ["human", "human", "sensible"], seed=3)
    ana, ben = store.join(code, name="Ana"), store.join(code, name="Ben")
    return store, code, key, ana, ben


def to_seat(table: Table, seat: int) -> None:
    """Let bots and the other seats move (any legal move) until ``seat`` is to move."""
    for _ in range(200):
        g = table.state.game
        if g.winner is None and g.current_player == seat:
            return
        if not table.step():
            view = table.view(seat=g.current_player)
            table.apply(view.play.legal_moves[0], g.current_player)
    raise AssertionError("the seat never came to move")


def finished() -> Table:
    table = Table.local(NAMES, ["sensible"] * 3, seed=2)
    table.run_bots()
    assert table.state.game.winner is not None
    return table


# ------------------------------------------------------------------ sentences
def test_the_turn_is_said_to_the_seats_the_page_plays(store_table):
    _store, _code, _key, ana, _ben = store_table
    view = ana.view()
    mover = view.play.current_player
    name = view.names[mover]
    if view.kinds[mover] == "human":
        assert turn_sentence(view, {mover}) == f"{name}, it is your turn."
        assert turn_sentence(view, set()) == f"{name} is to move."
    else:
        assert turn_sentence(view, {mover}) == f"{name} (sensible bot) is to move."
    bot = replace(view, kinds=tuple("sensible" for _ in view.kinds))
    assert turn_sentence(bot, {mover}) == f"{name} (sensible bot) is to move."
    done = finished().view()
    assert turn_sentence(done, {0, 1, 2}) == f"{done.names[done.play.winner]} won the hand."


def test_a_hand_is_introduced_with_its_dealer_and_a_closed_table_says_so():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    view = table.view(seat=0)
    dealer = view.dealer  # the view says who dealt (the page reads no replica)
    assert dealer == table.state.game.dealer is not None
    position = Game.from_position(["R7 Y9", "B1 B2", "Y1 Y2"], "G5", "G1 R1", current=0)
    assert Table.local(NAMES, start=position.to_json()).view().dealer is None  # played on: nobody dealt
    turn = turn_sentence(view, table.my_seats)
    assert intro_sentence(view, table.my_seats, dealer) == f"Hand 1: {NAMES[dealer]} dealt. {turn}"
    assert intro_sentence(view, table.my_seats, None) == f"Hand 1. {turn}"
    assert intro_sentence(replace(view, closed=True), table.my_seats, dealer) == table_closed_text()


def test_the_end_of_a_hand_says_who_deals_next():
    view = finished().view()
    won = view.play.winner
    start = f"{view.names[won]} wins the hand and scores {view.play.points} points."
    assert hand_over_sentence(view, deals=True) == start + " Deal the next hand when ready."
    assert hand_over_sentence(view, deals=False) == start + " The teacher deals the next hand."
    over = replace(view, match_winner=1, totals=(0, 512, 3))
    assert hand_over_sentence(over, deals=True) == start + " Ben reaches 512: the match is won!"


def test_the_page_title_names_the_page(store_table):
    store, code, key, ana, _ben = store_table
    assert page_title(None) == page_title("local", ana.view()) == "UNO live table"
    assert page_title("seat", ana.view()) == f"UNO class table {code}: Ana's seat"
    assert page_title("teacher", store.teacher(code, key).view()) == f"UNO class table {code}: teacher"
    assert page_title("spectator", store.watch(code).view()) == f"UNO class table {code}: watching"


# ------------------------------------------------------------------ narration
def test_the_log_is_told_to_everyone_only_on_a_teachers_view():
    assert log_viewer("teacher", True, 0) == EVERYONE
    assert log_viewer("teacher", False, None) == NOBODY
    assert log_viewer("player", True, 2) == 2
    assert log_viewer("projector", False, None) == NOBODY


def test_a_change_says_what_happened_then_whose_turn_it_is():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    to_seat(table, 0)
    view = table.view(seat=0)
    assert change_sentence(view, [], viewer=0, mine=[0], deals=True) is None
    events = table.state.game.events[-2:]
    kind, text = change_sentence(view, events, viewer=0, mine=[0], deals=True)
    said = " ".join(e.describe(view.names, 0) for e in events)
    assert (kind, text) == ("info", f"{said} Ana, it is your turn.")
    # The winning move: the hand's end, not the events one by one.
    done = finished()
    view = done.view()
    assert change_sentence(view, done.state.game.events[-3:], viewer=NOBODY, mine=[], deals=False) == (
        "ok", hand_over_sentence(view, deals=False))


def test_the_narrator_says_a_problem_and_the_closing_once_each():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    view = table.view(seat=0)
    narrator = Narrator()
    kw = {"viewer": 0, "mine": [0], "deals": True}
    assert narrator.news(view, [], "Record 7 does not replay.", **kw) == [("error", "Record 7 does not replay.")]
    assert narrator.news(view, [], "Record 7 does not replay.", **kw) == []
    closed = replace(view, closed=True)
    assert narrator.news(closed, [], None, **kw) == [("info", table_closed_text())]
    assert narrator.news(closed, [], None, **kw) == []
    assert Narrator(closed=True).news(closed, [], None, **kw) == []


# ------------------------------------------------------------------ whose turn, once
def test_my_turn_needs_the_seats_own_open_view_and_no_bot_at_it():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    to_seat(table, 0)
    view = table.view(seat=0)
    assert is_my_turn(view, 0)
    assert not is_my_turn(view, None) and not is_my_turn(view, 1)
    assert not is_my_turn(replace(view, closed=True), 0)
    assert not is_my_turn(replace(view, kinds=("sensible",) * 3), 0)
    look = PageView.of(view, "player", 0)
    assert look.my_turn and look.legal == view.play.legal_moves
    assert PageView.of(view, "player", 1).legal == ()


def test_a_page_looks_through_the_view_its_mode_allows():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    player = page_view(table, "player", True, None)
    assert player.seat == 0 and player.view.seat == 0 and player.view.play.hand
    teacher = page_view(table, "teacher", True, None)
    assert teacher.view.role == "teacher" and teacher.view.hands is not None and not teacher.my_turn
    projector = page_view(table, "projector", True, None)
    assert projector.seat is None and projector.view.play.hand == ()


def test_a_page_is_built_for_its_role_and_shows_one_of_its_modes():
    assert page_plan("teacher") is PLANS[Role.TEACHER] and page_plan(Role.SEAT).views == (PageMode.PLAYER,)
    assert page_plan("local").views == tuple(PageMode) == ("player", "teacher", "projector")
    assert all(plan.role == role for role, plan in PLANS.items()) and set(PLANS) == set(Role)
    with pytest.raises(ValueError, match="no dashboard page for the role 'owner'"):
        page_plan("owner")
    table = Table.local(7, seed=4)
    assert page_classes(table.view(), "projector") == {"uno-projector": True, "uno-dash-many": True}
    assert page_classes(Table.local(NAMES).view(), PageMode.PLAYER) == {"uno-projector": False,
                                                                       "uno-dash-many": False}


# ------------------------------------------------------------------ what a page says, and how
class Heard:
    """A message line and a bridge that keep what they were told (no widgets)."""

    def __init__(self) -> None:
        self.shown, self.announced, self.comm = [], [], object()

    def show(self, kind: str, text: str) -> None:
        self.shown.append((kind, text))

    def announce(self, text: str, *, assertive: bool) -> None:
        self.announced.append((text, assertive))


def test_a_page_says_each_sentence_on_its_line_and_announces_it_once():
    heard = Heard()
    voice = PageVoice(heard, heard)
    voice.say("info", "Ana plays red 7.")
    voice.say("error", "Not your turn.")
    voice.say("ok", "Ana says UNO!", announce=False)  # the table's news said it already
    assert heard.shown == [("info", "Ana plays red 7."), ("error", "Not your turn."), ("ok", "Ana says UNO!")]
    assert heard.announced == [("Ana plays red 7.", False), ("Not your turn.", True)] and voice.announced == 2
    assert voice.shown
    heard.comm = None
    assert not voice.shown
    assert refusal_kind(TableError("no")) == "error" and refusal_kind(IllegalMove("not yet")) == "info"


# ------------------------------------------------------------------ bots' pace
def test_step_says_why_no_bot_moves_when_none_is_to_move():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    to_seat(table, 0)
    assert step_refusal(table.view()) == "It is Ana's turn: a learner moves by clicking."
    to_seat(table, 1)
    assert step_refusal(table.view()) is None
    assert step_refusal(finished().view()) == "The hand is over: deal the next hand."


def test_a_one_screen_game_paces_its_own_bots_and_a_class_table_its_teachers(store_table):
    local = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    pace(local, auto=False, seconds=0.25)
    assert not local.auto and local.pause == 0.25
    set_speed(local, "slow")
    assert local.pause == SPEEDS["slow"] and local.view().speed == "normal"  # nothing stored
    store, code, key, ana, _ben = store_table
    teacher, seat = Table.connect(store, code, teacher=key), Table(ana)
    pace(teacher, auto=True, seconds=0.25)
    assert teacher.auto and teacher.speed_override is None  # the class table's speed
    set_speed(teacher, "fast")
    assert teacher.view().speed == "fast" and teacher.pause == SPEEDS["fast"]
    set_speed(seat, "turbo")  # a learner has no say (nor a speed control)
    seat.sync()
    assert seat.view().speed == "fast"


# ------------------------------------------------------------------ focus
def test_focus_goes_to_the_picker_then_the_first_playable_card_then_a_move():
    wild = PendingWild(0, None)
    assert play_focus(wild, True, [], []) == ".uno-dash .uno-picker .uno-color-btn"
    assert play_focus(replace(wild, color=Color.RED), True, [], []) == ".uno-dash .uno-picker .uno-target-btn"
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    to_seat(table, 0)
    look = page_view(table, "player", True, None)
    target = focus_target(look.view, PLAYS, mode="player", seat=0, my_turn=True, legal=look.legal)
    plays = [m.card for m in look.legal if m.kind == "play"]
    if plays:
        first = next(i for i, c in enumerate(look.view.play.hand) if c in plays)
        assert target == f".uno-dash .uno-hand-btns .uno-slot-{first}"
    else:
        assert target == ".uno-dash .uno-act-draw"
    assert play_focus(None, True, [Move("pass"), Move("draw")], []) == ".uno-dash .uno-act-draw"
    assert play_focus(None, False, look.legal, look.view.play.hand) is None


def test_off_turn_focus_follows_the_pages_role():
    table = Table.local(NAMES, ["human", "sensible", "sensible"], seed=4)
    to_seat(table, 1)
    view = table.view(seat=0)
    assert focus_target(view, PLAYS, mode="player", seat=0, my_turn=False, legal=()) == \
        ".uno-dash .uno-hand-btns .uno-slot-0"
    assert focus_target(replace(view, play=replace(view.play, hand=())), PLAYS, mode="player", seat=0,
                        my_turn=False, legal=()) == STATUS
    assert focus_target(view, TEACHER, mode="teacher", seat=None, my_turn=False, legal=()) == NEXT_HAND
    assert focus_target(view, replace(TEACHER, can_deal=False), mode="projector", seat=None, my_turn=False,
                        legal=()) == TEACHER_LINK
    assert focus_target(view, WATCHER, mode="player", seat=None, my_turn=False, legal=()) == STATUS
    closed = replace(view, closed=True)
    assert focus_target(closed, TEACHER, mode="teacher", seat=None, my_turn=False, legal=()) == TEACHER_LINK
    assert focus_target(closed, PLAYS, mode="player", seat=0, my_turn=False, legal=()) == STATUS


def test_focus_is_taken_from_the_play_area_only_when_the_turn_comes():
    assert focus_move(None, turn_came=True, pending=None) is None
    assert focus_move(STATUS, turn_came=True, pending=None) == (STATUS, PLAY_AREA)
    assert focus_move(STATUS, turn_came=False, pending=None) == (STATUS, "")
    assert focus_move(STATUS, turn_came=True, pending=PendingWild(0, None)) == (STATUS, "")


# ------------------------------------------------------------------ making tables
def test_a_class_table_from_the_form_is_made_in_the_store_and_opened_as_its_teacher():
    store = open_store("memory://")
    config = TableConfig.make(NAMES, ["human", "human", "sensible"], rules="encanto")
    table, key = open_class_table(config, store)
    assert table.is_teacher and not table.is_local
    assert list(store.load(table.code).names) == NAMES and store.teacher(table.code, key).role == "teacher"
    local = local_table(TableConfig.make(3, ["human", "sensible", "sensible"], rules="encanto", seed=5))
    assert local.is_local and local.my_seats == [0]


def test_a_store_that_cannot_be_opened_is_a_plain_sentence():
    class Broken:
        def create_table(self, *a, **k):
            raise OSError("/srv/secret/path: permission denied")

    config = TableConfig.make(NAMES, ["human"] * 3, rules="encanto")
    with pytest.raises(TableError) as caught:
        open_class_table(config, Broken())
    assert str(caught.value) == something_went_wrong() and "/srv" not in str(caught.value)


def test_built_by_records_the_widgets_a_build_makes_and_no_more():
    (box, made) = built_by(lambda: widgets.VBox([widgets.Button()]))
    assert box in made and box.children[0] in made and box.layout in made
    later = widgets.Button()
    assert later not in made
    for w in made:
        w.close()
    later.close()
