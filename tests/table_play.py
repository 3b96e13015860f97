"""A seeded random class at one table, for the invariant and security tests.

Learners click at random through their seat handles (moves on their turn, but also moves
out of turn, UNO, catches, talk), a spectator's page lets the bots move, and the teacher
deals, hands learners' seats to bots and back, and sets the speed. After every action each
page takes in the news and ``check`` looks at every page.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from uno_lessons import Card, IllegalMove
from uno_lessons.engine import events as ev
from uno_lessons.engine.moves import Move
from uno_lessons.table import SPEEDS, TableError
from uno_lessons.table.handles import SeatHandle, Spectator, TableHandle, TeacherHandle
from uno_lessons.table.records import decode
from uno_lessons.table.state import TableState
from uno_lessons.table.views import TableView, table_view


@dataclass
class Classroom:
    """One table with a page for the teacher, one for a spectator and one per learner seat."""

    store: object
    code: str
    teacher: TeacherHandle
    watcher: Spectator
    seats: dict[int, SeatHandle]

    @classmethod
    def open(cls, store, names, kinds, *, seed: int, rules: str = "encanto", start: str | None = None
             ) -> Classroom:
        """Create the table and seat a learner at every learner seat."""
        code, key = store.create(names, kinds, rules=rules, seed=seed, start=start)
        seats = {}
        for _ in range(kinds.count("human")):
            seat = store.join(code)
            seats[seat.seat] = seat
        return cls(store, code, store.teacher(code, key), store.watch(code), seats)

    @property
    def pages(self) -> list[TableHandle]:
        """Every page at the table."""
        return [self.teacher, self.watcher, *self.seats.values()]


def expected_view(state: TableState, page: TableHandle) -> TableView:
    """The view ``page`` must show when the table is at ``state``."""
    if isinstance(page, SeatHandle):
        return table_view(state, page.code, "seat", page.seat)
    return table_view(state, page.code, page.role)


def _random_move(rng: np.random.Generator, seat: SeatHandle) -> Move:
    moves = seat.legal_moves()
    if moves:
        return moves[int(rng.integers(len(moves)))]
    # Not this seat's turn (or a bot plays it): try one of its cards anyway.
    hand = seat.state.game.hands[seat.seat]
    return Move("play", hand[int(rng.integers(len(hand)))]) if hand else Move("draw")


def random_action(room: Classroom, rng: np.random.Generator) -> tuple[str, Callable[[], object]]:
    """One thing someone at the table does now, chosen at random (it may be refused)."""
    st = room.teacher.state
    g = st.game
    if g.winner is not None and rng.random() < 0.5:
        return "deal", room.teacher.deal
    learner = room.seats.get(g.current_player)
    if learner is not None and learner.legal_moves() and rng.random() < 0.7:
        return "move", lambda: learner.apply(_random_move(rng, learner))
    if st.is_bot(g.current_player) and rng.random() < 0.6:
        return "bots", room.watcher.step_bots
    roll = rng.random()
    if room.seats and roll < 0.5:
        seat = list(room.seats.values())[int(rng.integers(len(room.seats)))]
        what = int(rng.integers(5))
        if what == 0:
            return "move", lambda: seat.apply(_random_move(rng, seat))
        if what == 1:
            return "uno", seat.say_uno
        if what == 2:
            return "talk", seat.talk
        target = int(rng.integers(st.players))
        return "catch", lambda: seat.catch(target)
    if roll < 0.55:
        speed = list(SPEEDS)[int(rng.integers(len(SPEEDS)))]
        return "speed", lambda: room.teacher.set_speed(speed)
    if roll < 0.6 and room.seats:
        seat = list(room.seats)[int(rng.integers(len(room.seats)))]
        kind = ["human", "random", "sensible"][int(rng.integers(3))]
        return "seat", lambda: room.teacher.set_seat(seat, kind)
    if roll < 0.63:
        return "deal", room.teacher.deal
    return "bots", room.watcher.step_bots


def play(room: Classroom, seed: int, steps: int, check: Callable[[Classroom, TableState], None],
         *, reload_every: int = 40) -> dict:
    """``steps`` random actions; after each, every page syncs and ``check(room, stored)``
    runs with the table as the store's records replay it (applied one by one to a replica
    no page touches, and every ``reload_every`` steps and at the end compared with a full
    ``store.load``). Refused actions must store nothing. Returns counts of what happened."""
    rng = np.random.default_rng(seed)
    counts = {"stored": 0, "refused": 0, "hands": 0}
    seqs = {id(p): p.seq for p in room.pages}
    stored = room.store.load(room.code)
    for step in range(1, steps + 1):
        if stored.match.is_over:
            break
        before = room.store.seq(room.code)
        _what, act = random_action(room, rng)
        try:
            act()
        except (IllegalMove, TableError):
            assert room.store.seq(room.code) == before, "a refused action stored something"
            counts["refused"] += 1
        after = room.store.seq(room.code)
        assert after >= before
        counts["stored"] += after > before
        for page in room.pages:
            page.sync()
            assert page.seq == after and page.seq >= seqs[id(page)], "a page went back in time"
            seqs[id(page)] = page.seq
        for text in room.store.records(room.code, stored.seq):
            stored.apply(decode(text))
        if step % reload_every == 0 or step == steps or stored.match.is_over:
            full = room.store.load(room.code)
            assert table_view(full, room.code, "teacher") == table_view(stored, room.code, "teacher")
        counts["hands"] = stored.hand_number
        check(room, stored)
    return counts


# ---------------------------------------------------------------------- what a view holds
def walk(value: object) -> Iterator[object]:
    """Every value inside a view: dataclass fields, tuples, sets, dicts, all the way down."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from walk(getattr(value, f.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from walk(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from walk(k)
            yield from walk(v)


CARD_CODE = re.compile(r"(?<![\w+])(?:[RYGB](?:\d|\+2|S|R)|W\+4|WDT|W)(?![\w+])")


def codes_in(text: str) -> set[str]:
    """The card codes written in ``text`` (as whole words: "R5", "G+2", "W+4", "WDT")."""
    return set(CARD_CODE.findall(text))


def hidden_draws(state: TableState, viewer: int | None) -> list[tuple[int, ev.Drew]]:
    """The draws (event number, event) whose cards ``viewer`` must not see: every draw of
    another seat (a spectator, ``viewer`` None, sees no draw)."""
    return [(i, e) for i, e in enumerate(state.game.events)
            if isinstance(e, ev.Drew) and e.cards and e.seat != viewer]


def public_codes(state: TableState) -> set[str]:
    """Codes of cards everyone has seen this hand: turned, played, shown in a challenge,
    taken back, on top."""
    out = {state.game.top_card.code}
    for e in state.game.events:
        if isinstance(e, (ev.Turned, ev.StartEffect, ev.Played)):
            out.add(e.card.code)
        elif isinstance(e, ev.Challenged):
            out |= {c.code for c in e.hand}
        elif isinstance(e, ev.TookBack):
            out.add(e.top.code)
    return out


def assert_no_hidden_card(view: TableView, state: TableState) -> None:
    """A learner's or spectator's view holds no card of another seat's hand: no Card object
    but its own hand and the discard pile (face up: the view holds it), no drawn card of another seat in that draw's log
    line, and no card code in any text but public ones and its own."""
    seat = view.seat
    assert view.role in ("seat", "spectator") and view.hands is None
    own = list(state.game.hands[seat]) if seat is not None else []
    own_codes = {c.code for c in own}
    for value in walk(view):
        if isinstance(value, Card):
            assert value in own or value in state.game.discard_pile, f"{value.code} is not the viewer's"
    log = view.play.log
    assert len(log) == len(state.game.events)
    for i, drew in hidden_draws(state, seat):
        line = log[i]
        assert not codes_in(line) & {c.code for c in drew.cards}, f"draw shown to {seat}: {line}"
        # By name too ("red 5"); a wild's name ("Wild Draw Four") is also a penalty's reason.
        assert not any(c.name in line for c in drew.cards if not c.is_wild), f"draw named to {seat}: {line}"
    mine = {c.code for i, e in enumerate(state.game.events)
            if isinstance(e, ev.Drew) and e.seat == seat for c in e.cards}
    seen = set().union(*(codes_in(s) for s in walk(view) if isinstance(s, str)))
    assert seen <= public_codes(state) | own_codes | mine, seen - public_codes(state) - own_codes - mine
