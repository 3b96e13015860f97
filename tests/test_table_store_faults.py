"""A store that fails changes nothing and says so (issue 20, items 2 and 5).

The faults are real: another process holds SQLite's write lock past the store's busy
timeout; ``redis-server`` is stopped in the middle of a hand and started again (with the
append-only persistence the README asks a class to use). Each test checks the replica (as
the store holds it), the error (a sentence a learner understands, no detail), the recovery
(the same click works afterwards, every page converges without a reload) and that nothing
was lost or duplicated (the store's records replay, each exactly once).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager

import pytest
from table_backends import RedisServer

from uno_lessons.engine.moves import Move
from uno_lessons.table import Store, StoreError, Table, TableClosed, TableError, open_store
from uno_lessons.table.memory import MemoryBackend
from uno_lessons.table.state import TableState

SAVE_FAILED = "The table could not save your move; try again in a moment."
READ_FAILED = "The table cannot be reached just now; it will try again in a moment."

LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("begin immediate")
print("locked", flush=True)
sys.stdin.readline()
db.execute("rollback")
"""


@contextmanager
def sqlite_locked(path: str):
    """Another process (as another kernel, or a person with the file open) holds the write
    lock of ``path`` until the block ends."""
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, path], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        yield
    finally:
        proc.stdin.write("\n")
        proc.stdin.flush()
        proc.wait(timeout=10)


def class_table(store):
    """Two learners and a sensible bot, a few moves in, with a learner to move; returns
    (code, key, {seat: handle}, watcher)."""
    code, key = store.create(["Ana", "Ben", "Caro"], ["human", "human", "sensible"], seed=21)
    seats = {0: store.join(code), 1: store.join(code)}
    watcher = store.watch(code)
    for _turn in range(40):
        watcher.sync()
        g = watcher.state.game
        if watcher.state.seq >= 8 and g.current_player in seats:
            break
        if g.current_player == 2:
            watcher.step_bots()
        else:
            mover = seats[g.current_player]
            mover.sync()
            mover.apply(mover.legal_moves()[-1])
    watcher.sync()
    assert watcher.state.game.current_player in seats
    return code, key, seats, watcher


def assert_converged(store, code: str, *handles) -> None:
    """Every handle holds exactly the store's records, and they replay."""
    stored = store.records(code)
    TableState.replay(store.load(code).config, stored, code)  # TableError if anything broke
    for handle in handles:
        handle.sync()
        assert handle.state.log == stored
        assert handle.view() == type(handle).view(handle)  # a view can still be drawn


def a_draw(handle) -> Move:
    """The learner's draw (or, if drawing is not on offer, their last legal move)."""
    moves = handle.legal_moves()
    return next((m for m in moves if m.kind == "draw"), moves[-1])


def test_a_move_the_locked_sqlite_store_cannot_take_changes_nothing_and_works_afterwards(tmp_path):
    path = str(tmp_path / "tables.db")
    store = open_store(f"sqlite:///{path}?busy=0.3")
    other_kernel = open_store(f"sqlite:///{path}?busy=0.3")
    code, key, seats, watcher = class_table(store)
    teacher = other_kernel.teacher(code, key)
    mover = seats[watcher.state.game.current_player]
    before_log, before_view = list(mover.state.log), mover.view()
    move = a_draw(mover)
    with sqlite_locked(path):
        with pytest.raises(StoreError) as told:
            mover.apply(move)
        assert str(told.value) == SAVE_FAILED
        assert mover.state.log == before_log and mover.view() == before_view
        assert mover.legal_moves() and move in mover.legal_moves()  # still usable: the same click
        with pytest.raises(StoreError):
            teacher.set_speed("fast")  # a teacher's action too
        assert teacher.state.speed == "normal"
        assert watcher.sync() == 0  # WAL: other pages keep reading while the file is locked
    mover.apply(move)  # the lock is gone: the same action succeeds
    assert_converged(store, code, *seats.values(), watcher, teacher)
    assert len(store.records(code)) == len(before_log) + 1  # once, not twice


def test_a_bot_turn_the_locked_store_cannot_take_is_tried_again_by_the_clock(tmp_path):
    path = str(tmp_path / "tables.db")
    store = open_store(f"sqlite:///{path}?busy=0.2")
    code, key = store.create(["Ana", "Ben"], ["sensible", "sensible"], seed=4)
    table = Table.connect(store, code, teacher=key)
    before = list(table.state.log)
    with sqlite_locked(path):
        with pytest.raises(StoreError) as told:
            table.step()
        # Every page's clock tries the bots' turn: a watcher is not told "your move".
        assert str(told.value) == "The table cannot save the bots' move just now; it will try again in a moment."
        assert table.state.log == before
        with pytest.raises(StoreError):  # the clock's beat catches this and says so
            table.tick(now=time.monotonic() + 60)
        assert table.state.log == before
    assert table.step()  # the store is back: the bots play on
    assert_converged(store, code, table.handle)


def test_redis_stopped_in_the_middle_of_a_hand_loses_nothing(tmp_path):
    server = RedisServer(tmp_path, persist=True)
    try:
        store, other_kernel = open_store(server.url), open_store(server.url)
        code, key, seats, watcher = class_table(store)
        learner_page = other_kernel.rejoin(code, seats[1].token)
        mover = seats[watcher.state.game.current_player]
        before_log, before_view = list(mover.state.log), mover.view()
        move = a_draw(mover)
        server.stop()
        with pytest.raises(StoreError) as told:
            mover.apply(move)
        assert str(told.value) == SAVE_FAILED
        assert mover.state.log == before_log and mover.view() == before_view
        with pytest.raises(StoreError) as read:
            learner_page.sync()
        assert str(read.value) == READ_FAILED
        with pytest.raises(StoreError):
            store.join(code)  # a new learner arriving now is told the same way
        server.start()  # restarted: its append-only file brings every record back
        assert store.records(code) == before_log
        mover.apply(move)
        assert_converged(store, code, *seats.values(), watcher, learner_page)
        assert len(store.records(code)) == len(before_log) + 1
    finally:
        server.stop()


def test_a_write_that_landed_before_its_answer_was_lost_counts_once():
    """Redis can run the append and lose the connection before it answers: the handle looks
    and finds its record there, so the click is neither lost nor stored twice."""

    class LostAnswer(MemoryBackend):
        lose = False

        def append(self, code, expected, records, claim=None):
            done = super().append(code, expected, records, claim)
            if self.lose:
                raise ConnectionError("connection reset after the write")
            return done

    backend = LostAnswer()
    store = Store(backend)
    code, _key, seats, watcher = class_table(store)
    mover = seats[watcher.state.game.current_player]
    count = len(store.records(code))
    backend.lose = True
    mover.apply(a_draw(mover))
    backend.lose = False
    assert len(store.records(code)) == count + 1
    assert_converged(store, code, mover, watcher)


def test_a_replica_compares_content_not_only_the_count(tmp_path):
    """The store lost a page's last record and another page wrote a different one at the
    same number: the first page notices (same count, other content) and takes the store's."""
    path = tmp_path / "tables.db"
    store = open_store(f"sqlite:///{path}")
    code, key, seats, watcher = class_table(store)
    teacher = store.teacher(code, key)
    teacher.set_speed("fast")
    seq = teacher.state.seq
    watcher.sync()
    assert watcher.state.speed == "fast"
    with sqlite3.connect(path) as db:
        db.execute("update records set record = ? where code = ? and seq = ?", ('["speed","slow"]', code, seq))
    assert watcher.sync() >= 1
    assert watcher.state.speed == "slow" and watcher.state.seq == seq
    assert watcher.state.log == store.records(code)


def test_a_seat_row_edited_by_hand_is_a_sentence_not_a_crash(tmp_path):
    path = tmp_path / "tables.db"
    store = open_store(f"sqlite:///{path}")
    code, _key, seats, _watcher = class_table(store)
    with sqlite3.connect(path) as db:
        db.execute("update seats set seat = 'x' where code = ? and seat = 1", (code,))
    with pytest.raises(TableError) as told:
        store.rejoin(code, seats[0].token)
    assert f"Table {code} cannot be opened" in str(told.value) and "edited by hand" in str(told.value)


def test_a_corrupt_store_file_names_no_server_path(tmp_path):
    path = tmp_path / "secret-folder" / "tables.db"
    path.parent.mkdir()
    path.write_bytes(b"this is not a database " * 200)
    with pytest.raises(TableError) as told:
        store = open_store(f"sqlite:///{path}")
        store.load("ABCDEF")
    text = str(told.value)
    assert "secret-folder" not in text and "tables.db" not in text and "/" not in text, text
    assert "cannot be opened" in text


def test_an_unreachable_redis_names_no_address_or_password():
    with pytest.raises(TableError) as told:
        open_store("redis://:hunter2@127.0.0.1:1/0")
    text = str(told.value)
    assert "hunter2" not in text and "127.0.0.1" not in text and "cannot be reached" in text


# ---------------------------------------------------------------------- tables end
def test_a_closed_table_refuses_everything_and_every_page_says_so(store):
    code, key, seats, watcher = class_table(store)
    table = Table.connect(store, code, teacher=key)
    learner = Table(seats[0])
    with pytest.raises(Exception, match="Only the teacher"):
        learner.close()
    table.close()
    assert table.closed and table.view(teacher=True).closed
    learner.sync()
    watcher.sync()
    assert learner.view().closed and watcher.view().closed
    mover = seats[watcher.state.game.current_player]
    mover.sync()
    for act in (lambda: mover.apply(Move("draw")), lambda: mover.say_uno(), lambda: store.join(code),
                lambda: table.deal(), lambda: table.set_seat(0, "random"), lambda: table.set_speed("slow")):
        with pytest.raises(TableClosed, match="This table is closed"):
            act()
    assert not table.bots_due() and table.step() is False
    table.close()  # closing twice changes nothing
    assert store.records(code)[-1] == '["close"]' and store.records(code).count('["close"]') == 1
    assert store.load(code).closed  # and a page opened later sees it too


def test_tables_idle_for_the_keep_time_are_removed(store_url, tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_LESSONS_KEEP_DAYS", "30")
    store = open_store(store_url)
    assert store.keep == 30 * 86400
    old, _ = store.create(2, ["sensible", "sensible"], seed=1)
    fresh, _ = store.create(2, ["sensible", "sensible"], seed=2)
    kind = type(store.backend).__name__
    if kind == "RedisBackend":
        import redis

        client = redis.Redis.from_url(store_url, decode_responses=True)
        for part in ("config", "teacher"):
            assert 29 * 86400 < client.ttl(f"uno:{fresh}:{part}") <= 30 * 86400
        Table.connect(store, fresh, watch=True).step()
        for part in ("config", "teacher", "log"):
            assert 29 * 86400 < client.ttl(f"uno:{fresh}:{part}") <= 30 * 86400  # renewed by a record
        client.expire(f"uno:{old}:config", 1)
        client.expire(f"uno:{old}:teacher", 1)
        time.sleep(1.2)  # Redis itself removes what outlived its time
        client.close()
    elif kind == "SQLiteBackend":
        with sqlite3.connect(store.backend.path) as db:
            db.execute("update tables set touched = ? where code = ?", (time.time() - 31 * 86400, old))
        assert store.expire() == 1
    else:
        store.backend.tables[old]["touched"] -= 31 * 86400
        assert store.expire() == 1
    with pytest.raises(TableError, match="There is no table"):
        store.load(old)
    assert store.load(fresh).seq >= 0
    store.close()


def test_a_store_file_from_before_expiry_opens_and_keeps_its_tables(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:
        db.executescript("""
            create table tables (code text primary key, config text not null, teacher text not null);
            create table records (code text not null, seq integer not null, record text not null,
                                  primary key (code, seq));
            create table seats (code text not null, seat integer not null, token text not null,
                                primary key (code, seat));""")
    first = open_store(f"sqlite:///{tmp_path / 'new.db'}")
    code, key = first.create(2, ["sensible", "sensible"], seed=3)
    config = first.backend.table(code)
    with sqlite3.connect(path) as db:
        db.execute("insert into tables values (?, ?, ?)", (code, *config))
    store = open_store(f"sqlite:///{path}")
    assert store.expire() == 0 and store.teacher(code, key).state.seq == 0
