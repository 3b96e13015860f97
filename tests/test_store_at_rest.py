"""The SQLite store at rest: another user of the machine cannot read it.

The store file holds every table's seed, so whoever reads it computes every hand. These
tests attack it as that other user (``nobody``, through ``runuser``), in a folder that user
can enter (0755, outside pytest's own 0700 tmp folder, or the attack would fail for the
wrong reason), and first show each attack succeeding against a file loosened by hand: a
test that could not fail would prove nothing. They need root (to be ``nobody``); CI runs as
root.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

from uno_lessons.dashboard.seat_book import SeatBook
from uno_lessons.table import open_store
from uno_lessons.table.sqlite import SQLiteBackend, secure_store_file

SEED = 987654321
#: How the seed stands in the stored config (TableConfig.to_json): what the attacker looks for.
SEED_TEXT = f'"seed":{SEED}'
#: Run as the other user: print each file's bytes, or DENIED for a file it cannot open.
STEAL = ("import sys\n"
         "for path in sys.argv[1:]:\n"
         "    try:\n"
         "        sys.stdout.write(open(path, encoding='latin-1').read())\n"
         "    except PermissionError:\n"
         "        sys.stdout.write('DENIED ' + path + '\\n')\n")


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def umask_022():
    """The usual umask, whatever an earlier test left: under 077 every file would be private
    anyway and nothing here would be tested."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


@pytest.fixture
def shared(umask_022):
    """A folder the other user can enter (0755) in /tmp, removed afterwards."""
    if os.geteuid() != 0:
        pytest.skip("attacking the store as another unix user needs root (runuser -u nobody); CI runs as root")
    if shutil.which("runuser") is None:
        pytest.fail("runuser is missing: the attack as another user cannot be run", pytrace=False)
    folder = Path(tempfile.mkdtemp(prefix="uno-at-rest-", dir="/tmp"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def steal(*paths: Path) -> str:
    """What the user ``nobody`` reads of ``paths`` (DENIED lines for those it may not)."""
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else shutil.which("python3")
    assert python, "a python3 that nobody may run is needed for the attack"
    done = subprocess.run(["runuser", "-u", "nobody", "--", python, "-c", STEAL, *map(str, paths)],
                          capture_output=True, text=True, encoding="latin-1", timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def can_list(folder: Path) -> bool:
    """Whether ``nobody`` can list ``folder``."""
    done = subprocess.run(["runuser", "-u", "nobody", "--", "ls", str(folder)], capture_output=True, timeout=60)
    return done.returncode == 0


def files_of(db: Path) -> list[Path]:
    return [db, *(Path(f"{db}{end}") for end in ("-wal", "-shm"))]


def test_a_store_in_a_folder_others_can_enter_is_theirs_to_list_but_not_to_read(shared, capfd):
    folder = shared / "open"  # a folder the user named and made for it, open to everyone
    folder.mkdir(mode=0o755)
    db = folder / "tables.db"
    store = open_store(f"sqlite:///{db}")
    try:
        code, _key = store.create(2, seed=SEED)
        # The store is open: the config is in the write-ahead log, which SQLite made.
        for path in files_of(db):
            assert path.exists() and mode(path) == 0o600, (path, oct(mode(path)))
        stolen = steal(*files_of(db))
        assert SEED_TEXT not in stolen
        assert stolen.count("DENIED") == 3, stolen
        assert can_list(folder), "the folder is the user's own: left as they made it"
        assert mode(folder) == 0o755
        told = capfd.readouterr().err
        assert f"chmod 700 {folder}" in told and "can list the folder" in told

        # The same attack on the files as an older version left them: it works.
        for path in files_of(db):
            os.chmod(path, 0o644)
        assert SEED_TEXT in steal(*files_of(db))

        said = secure_store_file(db)
        assert len(said) == 2, said
        assert f"could read {db}" in said[0] and "now only you can" in said[0]
        assert f"chmod 700 {folder}" in said[1]
        assert [mode(p) for p in files_of(db)] == [0o600] * 3
        stolen = steal(*files_of(db))
        assert SEED_TEXT not in stolen and stolen.count("DENIED") == 3
        assert store.load(code).seq == 0  # the store works on
    finally:
        store.close()


def test_the_package_folder_is_made_for_its_owner_alone_and_closed_again(shared, monkeypatch, capfd):
    monkeypatch.delenv("UNO_LESSONS_STORE", raising=False)
    monkeypatch.delenv("UNO_LESSONS_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(shared / "xdg"))
    own = shared / "xdg" / "uno_lessons"
    store = open_store()
    try:
        assert isinstance(store.backend, SQLiteBackend) and store.backend.path == str(own / "tables.db")
        store.create(3, seed=SEED)
    finally:
        store.close()  # the log is checkpointed into the file itself
    db = own / "tables.db"
    assert mode(shared / "xdg") == 0o700 and mode(own) == 0o700 and mode(db) == 0o600
    assert not can_list(own)
    assert SEED_TEXT not in steal(db)
    assert "Other users" not in capfd.readouterr().err  # nothing was open: nothing to say

    # Loosened by hand (as a store made before this fix was): the attack works...
    os.chmod(shared / "xdg", 0o755)
    os.chmod(own, 0o755)
    os.chmod(db, 0o644)
    assert can_list(own) and SEED_TEXT in steal(db)
    # ...until the store is opened again: its own folder and the file are closed, and it says so.
    again = open_store()
    try:
        told = capfd.readouterr().err
        assert f"could read {db}," in told and f"could read {own}," in told
        assert mode(own) == 0o700 and mode(db) == 0o600
        assert mode(shared / "xdg") == 0o755, "only the package's own folder is changed"
        assert not can_list(own)
        os.chmod(own, 0o755)  # let nobody in: the file alone must hold
        assert steal(db) == f"DENIED {db}\n"
    finally:
        again.close()


def test_sqlite_gives_its_log_files_the_database_mode_and_the_hub_book_keeps_them(umask_022, tmp_path):
    # Without the package, SQLite makes the file (and its log after it) 0644 under this umask:
    # what the store must not leave behind.
    bare = tmp_path / "bare.db"
    db = sqlite3.connect(bare, isolation_level=None)
    db.execute("pragma journal_mode=wal")
    db.execute("create table t (x)")
    db.execute("insert into t values (1)")
    assert [mode(p) for p in files_of(bare)] == [0o644] * 3
    db.close()

    path = tmp_path / "folder" / "deeper" / "tables.db"
    store = open_store(f"sqlite:///{path}")
    try:
        code, key = store.create(2, seed=SEED)
        assert mode(path.parent) == 0o700 and mode(path.parent.parent) == 0o700
        # The hub's book opens the same file on a connection of its own and writes to it.
        book = SeatBook(store)
        try:
            book.keep_teacher_key(code, key)
            assert book.teacher_key(code) == key
            assert [mode(p) for p in files_of(path)] == [0o600] * 3
        finally:
            book.close()
        # Another process's connection (a second kernel) makes its own log readers: still 0600.
        other = open_store(f"sqlite:///{path}")
        try:
            other.join(code, 0, "Ana")
        finally:
            other.close()
        assert [mode(p) for p in files_of(path)] == [0o600] * 3
    finally:
        store.close()


def test_an_in_memory_store_has_no_file_to_secure():
    assert secure_store_file(":memory:") == []
