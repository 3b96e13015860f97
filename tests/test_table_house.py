"""House rules at a table (issue 24): a config that switches them on, the "jump" record
(H-JUMP) and its race with the normal move, a seat's own jump-ins only, the stack in the
view (H-STACK), bots that jump in, and a stored table that replays with its house rules."""

from __future__ import annotations

import json
import threading

import pytest

from uno_lessons import Game, IllegalMove, Rules
from uno_lessons.engine import events as ev
from uno_lessons.engine.asides import JumpIn
from uno_lessons.engine.cards import Card
from uno_lessons.engine.moves import Move
from uno_lessons.table import Table, TableConfig, TableError, open_store
from uno_lessons.table.bots import bot_records
from uno_lessons.table.config import rules_named
from uno_lessons.table.records import decode, encode

PILE = "G3 G4 G5 G6 G7 G8 G9 B1 B2 B4 B6"
HOUSE = ("stacking", "jump_in")
PARTY = Rules.encanto().replace(stacking=True, jump_in=True)


def house_table(store, hands, top, *, kinds=None, current=0, rules=PARTY, names=("Ana", "Ben", "Caro")):
    """A table playing on from a position under ``rules``, every learner seat taken:
    (code, key, {seat: handle})."""
    names = list(names)[:len(hands)]
    kinds = kinds or ["human"] * len(hands)
    start = Game.from_position(hands, top, PILE, current=current, rules=rules, names=names).to_json()
    code, key = store.create(names, kinds, rules="encanto", house=HOUSE, seed=5, start=start)
    return code, key, {s: store.join(code, seat=s) for s, k in enumerate(kinds) if k == "human"}


@pytest.fixture
def mem():
    return open_store("memory://")


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.db'}"


# ---------------------------------------------------------------------- the config
def test_a_config_switches_house_rules_on_by_name():
    rules = rules_named("classic", house=("jump_in", "stacking"))
    assert rules.stacking and rules.jump_in and not rules.seven_zero
    assert rules.name == "classic" and not rules.wild_dont_talk
    config = TableConfig.make(3, rules="encanto", house=("seven_zero",), seed=1)
    assert config.rules.seven_zero and not config.rules.stacking
    assert TableConfig.from_json(config.to_json()) == config
    assert not rules_named("encanto").house


@pytest.mark.parametrize("house", [("stacking", "bluffing"), ("STACKING",), (3,), "double_uno"])
def test_an_unknown_house_switch_is_refused_with_a_sentence(mem, house):
    with pytest.raises(TableError, match="is not a house rule: the house rules are stacking, jump_in, "
                                         "seven_zero, draw_until_playable, force_play\\.$"):
        TableConfig.make(3, rules="encanto", house=house, seed=1)
    with pytest.raises(TableError, match="is not a house rule"):
        mem.create(3, rules="encanto", house=house, seed=1)


def test_house_rules_survive_the_store_and_a_replay(sqlite_url):
    store = open_store(sqlite_url)
    code, _key = store.create(["Ana", "Ben", "Caro"], ["human", "sensible", "random"], rules="encanto",
                              house=("stacking", "jump_in", "seven_zero", "draw_until_playable"), seed=11)
    table = Table.connect(store, code, token=store.join(code, seat=0).token)
    view = table.view()
    assert view.house == ("stacking", "jump_in", "seven_zero", "draw_until_playable")
    handle = table.handle
    for _ in range(60):  # play on: Ana draws or plays her first legal move, bots move
        if table.state.game.winner is not None:
            break
        if handle.legal_moves():
            handle.apply(handle.legal_moves()[0])
        table.run_bots(20)
    again = open_store(sqlite_url).load(code)
    assert again.config.rules == table.state.config.rules and again.game.rules.seven_zero
    assert again.log == table.state.log and again.game.to_json() == table.state.game.to_json()


# ---------------------------------------------------------------------- the jump record
def test_the_jump_record_has_a_checked_shape():
    assert encode(JumpIn(1, "R5")) == '["jump",1,"R5",null]'
    assert decode('["jump",2,"G7",0]') == JumpIn(2, Card.parse("G7"), 0)
    for bad in (["jump", 1, "R5"], ["jump", 1, "Q9", None], ["jump", 1, "R5", "Ana"], ["jump", -1, "R5", None]):
        with pytest.raises(TableError, match="A stored record cannot be read"):
            decode(json.dumps(bad))


def test_a_seat_jumps_in_out_of_turn_and_play_goes_on_from_it(mem):
    code, _key, seats = house_table(mem, ["R1 G2", "Y4 B3", "R5 Y8"], "R5", current=0)
    caro = seats[2]
    assert caro.jump_ins() == [Move("play", Card.parse("R5"))]
    events = caro.jump_in("R5")
    assert any(isinstance(e, ev.JumpedIn) and e.seat == 2 and e.instead_of == 0 for e in events)
    state = mem.load(code)
    assert state.log[-1] == '["jump",2,"R5",null]' and state.game.current_player == 0
    assert state.game.hands[2] == [Card.parse("Y8")]


def test_a_seat_cannot_jump_in_for_another_seat_or_with_a_card_it_lacks(mem):
    code, _key, seats = house_table(mem, ["R1 G2", "Y4 B3", "R5 Y8"], "R5", current=0)
    ben, before = seats[1], mem.seq(code)
    assert ben.jump_ins() == []
    with pytest.raises(IllegalMove, match="^Ben does not hold R5\\.$"):
        ben.jump_in("R5")  # Caro holds it; Ben's handle acts for Ben only
    with pytest.raises(IllegalMove, match="is not a card code"):
        ben.jump_in("nonsense")
    with pytest.raises(IllegalMove, match="It is Ana's turn: play R1"):
        seats[0].jump_in("R1")
    assert mem.seq(code) == before


def test_a_seats_view_lists_its_own_jump_ins_never_another_seats(mem):
    _code, _key, seats = house_table(mem, ["R1 G2", "Y4 B3", "R5 Y8"], "R5", current=0)
    for seat, handle in seats.items():
        handle.sync()
        view = handle.view()
        assert list(view.jump_ins) == handle.jump_ins()
        assert bool(view.jump_ins) == (seat == 2)  # only Caro holds the other red 5
    teacher = mem.teacher(_code, _key)
    assert teacher.view().jump_ins == () and mem.watch(_code).view().jump_ins == ()


def test_jump_ins_stay_off_without_the_house_rule(mem):
    code, _key, seats = house_table(mem, ["R1 G2", "Y4 B3", "R5 Y8"], "R5", rules=Rules.encanto())
    # The table's house rules are what its start position plays by: none here.
    assert seats[2].jump_ins() == [] and seats[2].view().house == ()
    with pytest.raises(IllegalMove, match="H-JUMP, and it is off"):
        seats[2].jump_in("R5")
    assert mem.seq(code) == 3  # the three joins only


# ---------------------------------------------------------------------- the race
def _race_table(url):
    store = open_store(url)
    code, _key, seats = house_table(store, ["R1 G2", "Y4 B3", "R5 Y8"], "R5", current=0)
    for handle in seats.values():
        handle.sync()
    return store, code, seats


def test_the_current_players_move_first_then_the_jump_in_is_too_late(sqlite_url):
    store, code, seats = _race_table(sqlite_url)
    other = open_store(sqlite_url)  # a second page: its own connection to the one file
    ana, caro = seats[0], other.rejoin(code, seats[2].token)
    ana.apply(Move("play", Card.parse("R1")))  # Caro's copy still shows the red 5 on top
    assert caro.jump_ins()
    with pytest.raises(IllegalMove, match="^Too late: Ana moved first, so your red 5 can no longer jump in; "
                                          "nothing was played\\.$"):
        caro.jump_in("R5")
    state = store.load(code)
    assert state.log[-1] == '["move",0,"play","R1",null,null]' and state.seq == 4
    assert len(state.game.hands[2]) == 2 and not any(isinstance(e, ev.JumpedIn) for e in state.game.events)


def test_the_jump_in_first_then_the_current_players_move_is_too_late(sqlite_url):
    store, code, seats = _race_table(sqlite_url)
    other = open_store(sqlite_url)
    caro, ana = seats[2], other.rejoin(code, seats[0].token)
    caro.jump_in("R5")  # Ana's copy still says it is her turn
    assert ana.legal_moves()
    with pytest.raises(IllegalMove, match="^Too late: Caro jumped in before your move, and play goes on "
                                          "from them; nothing was played\\.$"):
        ana.apply(Move("play", Card.parse("R1")))
    state = store.load(code)
    assert state.seq == 4 and state.log[-1] == '["jump",2,"R5",null]'
    assert state.game.current_player == 0 and len(state.game.hands[0]) == 2


def _race_from_threads(url):
    """Ana's move and Caro's jump-in, each from its own thread and store connection, let go
    at one moment: what each was told, and the table afterwards."""
    store, code, seats = _race_table(url)
    start = threading.Barrier(2)
    outcome: dict[str, str] = {}
    acts = {"ana": (seats[0].token, lambda h: h.apply(Move("play", Card.parse("R1")))),
            "caro": (seats[2].token, lambda h: h.jump_in("R5"))}

    def act(name):
        token, do = acts[name]
        handle = open_store(url).rejoin(code, token)
        start.wait(10)
        try:
            do(handle)
            outcome[name] = "stored"
        except IllegalMove as exc:
            outcome[name] = str(exc)

    threads = [threading.Thread(target=act, args=(name,)) for name in acts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return outcome, store.load(code)


def test_a_jump_in_racing_the_move_from_two_threads_exactly_one_wins(sqlite_url):
    for attempt in range(4):
        outcome, state = _race_from_threads(sqlite_url.replace("tables.db", f"race{attempt}.db"))
        assert sorted(outcome) == ["ana", "caro"], outcome
        assert list(outcome.values()).count("stored") == 1, outcome
        loser = next(v for v in outcome.values() if v != "stored")
        assert loser.startswith("Too late:"), outcome
        assert state.seq == 4, state.log  # three joins and exactly one play: nothing doubled
        assert sum(len(h) for h in state.game.hands) == 5


# ---------------------------------------------------------------------- the stack
def test_the_view_shows_the_stack_and_a_stacked_draw_two_adds_to_it(mem):
    code, _key, seats = house_table(mem, ["R+2 G1 G2", "Y+2 B3 B4", "G8 Y8"], "R5", current=0)
    ana, ben, caro = seats[0], seats[1], seats[2]
    ana.apply(Move("play", Card.parse("R+2")))
    ben.sync()
    assert ben.view().play.stack == 2 and Move("play", Card.parse("Y+2")) in ben.legal_moves()
    ben.apply(Move("play", Card.parse("Y+2")))
    caro.sync()
    assert caro.view().play.stack == 4 and [m.kind for m in caro.legal_moves()] == ["accept"]
    caro.apply(Move("accept"))
    assert mem.load(code).game.hands[2].__len__() == 6 and caro.view().play.stack == 0


# ---------------------------------------------------------------------- bots
def _bot_table(kind):
    store = open_store("memory://")
    code, _key, seats = house_table(store, ["R1 G2 G5", "Y4 B3", "R5 Y8 B9"], "R5", kinds=["human", "human", kind])
    return store, code, seats


def test_a_sensible_bot_jumps_in_on_the_bots_clock_and_bots_due_sees_it():
    store, code, seats = _bot_table("sensible")
    table = Table.connect(store, code, token=seats[0].token)
    assert table.bots_due()  # Ana is to move, but the bot at seat 2 can jump in
    assert table.bot_wait > table.pause  # the learner to move gets a chance first
    assert not table.tick(now=table._last_change + table.pause + 0.01)  # not yet
    assert table.tick(now=table._last_change + table.bot_wait + 0.01)
    state = store.load(code)
    assert state.log[-1] == '["jump",2,"R5",null]'
    assert not table.bots_due()  # the red 5 has gone: nothing more to jump in with


def _bots_hand(seed):
    store = open_store("memory://")
    code, key = store.create(4, ["random", "sensible", "random", "sensible"], house=("jump_in", "seven_zero"),
                             seed=seed)
    table = Table.connect(store, code, teacher=key)
    table.run_bots()
    return table.state


def test_bots_jump_in_deterministically():
    first, again = _bots_hand(8), _bots_hand(8)
    assert first.game.winner is not None
    assert first.log == again.log
    jumps = [decode(t) for t in first.log if t.startswith('["jump"')]
    assert jumps, "no bot jumped in during the whole hand"
    assert any(isinstance(e, ev.JumpedIn) for e in first.game.events)


def test_bots_jump_in_while_a_bot_is_to_move_too():
    store = open_store("memory://")
    start = Game.from_position(["G1 G2", "R5 Y4", "B3 B4"], "R5", PILE, current=0, rules=PARTY,
                               names=["Bot A", "Ben", "Bot C"])
    code, _key = store.create(["Bot A", "Ben", "Bot C"], ["sensible", "sensible", "sensible"], house=HOUSE,
                              seed=3, start=start.to_json())
    records = bot_records(store.load(code))
    assert records[-1] == JumpIn(1, "R5", None)  # Ben's bot jumps in before Bot A draws
