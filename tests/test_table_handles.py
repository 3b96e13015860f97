"""Seat, spectator and teacher handles: named scenarios from positions, then seeded random
classes (learners, bots, a teacher) checking the invariants after every record."""

from __future__ import annotations

import pytest
from table_play import Classroom, expected_view, play

from uno_lessons import Game, IllegalMove, Rules
from uno_lessons.engine.moves import Move
from uno_lessons.table import TableError, open_store
from uno_lessons.table.records import encode, from_fields

PILE = "R2 R3 R4 R6 R7 R8 R9 Y1 Y2 Y6"


@pytest.fixture
def mem():
    """A private memory store: the scenarios do not depend on the backend (the store suite
    runs every backend)."""
    return open_store("memory://")


def position_table(store, hands, top, *, kinds=None, names=("Ana", "Ben", "Caro"), current=0,
                   rules=None, color=None):
    """A table that starts from a position, every learner seat taken; returns
    (code, key, {seat: handle})."""
    names = list(names)[:len(hands)]
    kinds = kinds or ["human"] * len(hands)
    rules = rules or Rules.encanto()
    start = Game.from_position(hands, top, PILE, current=current, rules=rules, names=names,
                               color=color).to_json()
    code, key = store.create(names, kinds, rules=rules, seed=1, start=start)
    seats = {s: store.join(code, seat=s) for s, k in enumerate(kinds) if k == "human"}
    return code, key, seats


def play_card(seat, code: str, **kw) -> None:
    """Play the card ``code`` from ``seat``'s legal moves (the first one that matches kw)."""
    moves = [m for m in seat.legal_moves() if m.card is not None and m.card.code == code
             and all(getattr(m, k) == v for k, v in kw.items())]
    assert moves, f"{code} is not playable now: {seat.legal_moves()}"
    seat.apply(moves[0])


# ---------------------------------------------------------------------- who may act
def test_acting_out_of_turn_raises_and_stores_nothing(mem):
    code, _key, seats = position_table(mem, ["R5 G2", "R7 Y3", "B1 B2"], "R1")
    ana, ben = seats[0], seats[1]
    ben.sync()
    before, view = mem.seq(code), ben.view()
    assert ben.legal_moves() == [] and ana.legal_moves()
    red7 = next(c for c in ben.state.game.hands[1] if c.code == "R7")
    with pytest.raises(IllegalMove, match="^It is Ana's turn, not Ben's\\.$"):
        ben.apply(Move("play", red7))
    assert mem.seq(code) == before and ben.view() == view


def test_an_illegal_move_raises_the_engines_reason_and_stores_nothing(mem):
    code, _key, seats = position_table(mem, ["R5 G2", "R7 Y3", "B1 B2"], "R1")
    engine = Game.from_position(["R5 G2", "R7 Y3", "B1 B2"], "R1", PILE, names=["Ana", "Ben", "Caro"])
    with pytest.raises(IllegalMove) as reason:
        engine.play("G2")
    green2 = next(c for c in seats[0].state.game.hands[0] if c.code == "G2")
    before = mem.seq(code)
    with pytest.raises(IllegalMove) as told:
        seats[0].apply(Move("play", green2))
    assert str(told.value) == str(reason.value) and "does not match" in str(told.value)
    assert mem.seq(code) == before
    assert seats[0].view() == expected_view(mem.load(code), seats[0])


def test_a_spectator_and_the_teacher_cannot_play_a_card(mem):
    code, key, _seats = position_table(mem, ["R5 G2", "R7 Y3"], "R1")
    for page in (mem.watch(code), mem.teacher(code, key)):
        for action in ("apply", "legal_moves", "say_uno", "catch", "talk"):
            assert not hasattr(page, action), f"a {page.role} page must not {action}"


def test_a_bot_seat_cannot_be_played_by_its_learner(mem):
    code, key, seats = position_table(mem, ["R5 G2 G3", "R7 Y3", "B1 B2"], "R1")
    ana, teacher, watcher = seats[0], mem.teacher(code, key), mem.watch(code)
    teacher.set_seat(0, "sensible")  # Ana left; a bot plays for her
    ana.sync()
    before = mem.seq(code)
    assert ana.legal_moves() == []
    for act in (lambda: ana.apply(Move("draw")), ana.say_uno, ana.talk, lambda: ana.catch(1)):
        with pytest.raises(IllegalMove, match="A bot plays your seat now"):
            act()
    assert mem.seq(code) == before
    assert watcher.step_bots()  # the bot moves for seat 0
    assert mem.load(code).game.current_player == 1
    assert any(r.startswith('["move",0,') for r in mem.records(code, before))
    teacher.set_seat(0, "human")  # Ana is back
    with pytest.raises(TableError, match="already taken"):
        mem.join(code, seat=0)  # her seat is still hers: nobody else can take it
    ana.sync()
    assert ana.view().kinds[0] == "human"


def test_the_teacher_hands_an_absent_learners_seat_to_a_bot_and_bots_move(mem):
    code, key = mem.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=12)
    ana = mem.join(code)  # Ben never comes
    teacher, watcher = mem.teacher(code, key), mem.watch(code)
    with pytest.raises(TableError, match="learner \\(human\\) or a bot"):
        teacher.set_seat(1, "robot")
    with pytest.raises(TableError, match="no seat 9"):
        teacher.set_seat(9, "random")
    teacher.set_seat(1, "random")
    for _turn in range(300):  # Ana plays her first legal move; the bots play the rest
        ana.sync()
        if ana.state.game.winner is not None:
            break
        if ana.legal_moves():
            ana.apply(ana.legal_moves()[0])
        else:
            assert watcher.step_bots(), "a bot is to move, so the bots' turn must be stored"
    stored = mem.load(code)
    assert stored.game.winner is not None
    movers = {r.split(",")[1] for r in mem.records(code) if r.startswith('["move"')}
    assert movers == {"0", "1", "2"}
    assert mem.load(code).free_seats() == []  # Ben's seat is a bot's now: nobody can join it
    with pytest.raises(TableError, match="played by a bot"):
        mem.join(code, seat=1)


# ---------------------------------------------------------------------- the teacher's table actions
def test_the_teacher_deals_only_after_the_hand(mem):
    code, key, seats = position_table(mem, ["R5", "R7 Y3", "B1 B2"], "R1")
    teacher = mem.teacher(code, key)
    with pytest.raises(IllegalMove, match="once this hand is over"):
        teacher.deal()
    play_card(seats[0], "R5")  # Ana's last card: she wins the hand
    teacher.sync()
    view = teacher.view()
    assert view.play.winner == 0 and view.results == ((1, 0, view.totals[0]),) and view.totals[0] > 0
    teacher.deal()
    dealt = teacher.view()
    assert dealt.hand_number == 2 and dealt.play.winner is None
    assert [len(h) for h in dealt.hands] == [7, 7, 7] and dealt.totals == view.totals
    with pytest.raises(IllegalMove, match="once this hand is over"):
        teacher.deal()


def test_no_hand_is_dealt_after_the_match(mem):
    rules = Rules.encanto().replace(target_score=10)
    code, key, seats = position_table(mem, ["R5", "R7 Y3", "B1 B2"], "R1", rules=rules)
    play_card(seats[0], "R5")
    teacher = mem.teacher(code, key)
    assert teacher.view().match_winner == 0
    with pytest.raises(IllegalMove, match="The match is over: Ana reached 10 points"):
        teacher.deal()


def test_the_speed_is_a_record_every_page_sees(mem):
    code, key, seats = position_table(mem, ["R5 G2", "R7 Y3"], "R1")
    teacher = mem.teacher(code, key)
    assert teacher.view().speed == "normal"
    teacher.set_speed("fast")
    assert mem.records(code)[-1] == encode(from_fields(["speed", "fast"]))
    seq = mem.seq(code)
    teacher.set_speed("fast")  # no change, no record
    with pytest.raises(TableError, match="The speed is one of"):
        teacher.set_speed("warp")
    assert mem.seq(code) == seq
    seats[1].sync()
    assert seats[1].view().speed == "fast"


def test_join_renames_the_seat_everywhere(mem):
    code, key = mem.create(3, ["human", "human", "random"], seed=4)
    teacher = mem.teacher(code, key)
    assert teacher.view().play.log[0].startswith("Ana shuffles and deals")
    zoe = mem.join(code, seat=0, name="  Zoë\x07 the   Great ")
    assert mem.records(code)[-1] == encode(from_fields(["join", 0, "Zoë the Great"]))
    teacher.sync()
    for view in (zoe.view(), teacher.view(), mem.watch(code).view()):
        assert view.names == ("Zoë the Great", "Ben", "Caro")
        assert view.play.log[0].startswith("Zoë the Great shuffles and deals")
        assert not any("Ana" in line for line in view.play.log)
    assert teacher.state.match.players[0] == "Zoë the Great"


def test_say_uno_catch_and_talk_say_what_they_did(mem):
    code, _key, seats = position_table(mem, ["R5 G2", "R7 Y3 WDT", "B1 B2"], "R1")
    ana, ben, caro = seats[0], seats[1], seats[2]
    assert ana.say_uno() is True  # two cards and her turn: it counts (E-UNO-1)
    play_card(ana, "R5")
    ben.sync()
    assert ben.catch(0) is False  # she said it: nothing to catch, but the call is stored
    assert caro.talk() is False  # nobody is silenced
    ben.sync()
    play_card(ben, "WDT", target=2)  # Ben silences Caro
    caro.sync()
    assert caro.talk() is True  # silenced: three cards
    assert len(caro.state.game.hands[2]) == 5
    records = [r for r in mem.records(code) if not r.startswith('["join"')]
    assert records[:3] == [encode(from_fields(["uno", 0])), encode(from_fields(["move", 0, "play", "R5", None, None])),
                           encode(from_fields(["catch", 1, 0]))]


def test_a_learner_catches_a_player_who_forgot_uno(mem):
    code, _key, seats = position_table(mem, ["R5 G2", "R7 Y3", "B1 B2"], "R1")
    play_card(seats[0], "R5")  # Ana forgets to say UNO
    seats[2].sync()
    assert seats[2].catch(0) is True
    assert len(mem.load(code).game.hands[0]) == 3
    with pytest.raises(IllegalMove, match="cannot call out themselves"):
        seats[1].catch(1)


# ---------------------------------------------------------------------- seeded random classes
def check_every_page(room: Classroom, stored) -> None:
    """After every record: each page's replica is the store's, the deck is whole, and a
    learner has legal moves exactly on its own turn."""
    g = stored.game
    for page in room.pages:
        assert page.view() == expected_view(stored, page)
    assert sum(map(len, g.hands)) + len(g.discard_pile) + g.draw_pile_size == g.rules.deck_size
    assert stored.history[-1] == tuple(len(h) for h in g.hands)
    for seat, handle in room.seats.items():
        to_move = g.winner is None and g.current_player == seat and not stored.is_bot(seat)
        assert bool(handle.legal_moves()) == to_move
        assert handle.view().play.hand == tuple(g.hands[seat])


CLASSES = [  # (seed, rules, seat kinds)
    (1, "encanto", ["human", "random", "human", "sensible"]),
    (2, "classic", ["human", "human", "sensible"]),
    (3, "encanto", ["sensible", "human"]),
    (4, "classic", ["random", "human", "random", "human", "sensible"]),
]


@pytest.mark.parametrize(("seed", "rules", "kinds"), CLASSES, ids=[f"seed{c[0]}" for c in CLASSES])
def test_random_classes_keep_every_page_in_step(seed, rules, kinds):
    store = open_store("memory://")
    names = ["Ana", "Ben", "Caro", "Dev", "Eli"][:len(kinds)]
    room = Classroom.open(store, names, kinds, seed=seed, rules=rules)
    counts = play(room, seed, 200, check_every_page)
    assert counts["stored"] > 100 and counts["refused"] > 0, counts


def test_a_random_class_on_every_backend(store):
    room = Classroom.open(store, ["Ana", "Ben", "Caro"], ["human", "sensible", "human"], seed=5)
    counts = play(room, 5, 100, check_every_page, reload_every=5)
    assert counts["stored"] > 50, counts
