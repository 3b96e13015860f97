"""A store address with a password, kept off the command line (uno_lessons.table.address).

Every user of the machine can read a process's command line (``/proc/PID/cmdline``, which
``ps`` shows): the tests read it as such a user would, before and after the password is
hidden, and check that a store file others can read is refused like the command line.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_lessons.i18n import use_language
from uno_lessons.table import TableError
from uno_lessons.table.address import StoreAddressError, hidden, hide_from_ps, store_from

PASSWORD = "hunter2-secret"
URL = f"redis://:{PASSWORD}@127.0.0.1:6379/0"


def store_file(path: Path, text: str, mode: int) -> Path:
    path.write_text(text)
    os.chmod(path, mode)
    return path


# ---------------------------------------------------------------------- where the address comes from
def test_a_password_on_the_command_line_is_used_with_a_warning_naming_the_safe_ways():
    url, warnings = store_from(URL, None, env={})
    assert url == URL and len(warnings) == 1
    assert "command line" in warnings[0] and "other users of this computer" in warnings[0]
    assert "--store-file FILE" in warnings[0] and "chmod 600" in warnings[0] and "UNO_LESSONS_STORE" in warnings[0]
    assert PASSWORD not in warnings[0]
    assert store_from("redis://127.0.0.1:6379/0", None, env={}) == ("redis://127.0.0.1:6379/0", [])
    assert store_from("sqlite:////srv/uno/tables.db", None, env={})[1] == []


def test_a_store_file_only_its_owner_can_read_gives_the_address_silently(tmp_path):
    path = store_file(tmp_path / "store", f"{URL}\n# the school's Redis\n", 0o600)
    assert store_from(None, str(path), env={"UNO_LESSONS_STORE": "memory://"}) == (URL, [])
    os.chmod(path, 0o400)
    assert store_from(None, str(path), env={}) == (URL, [])


@pytest.mark.parametrize("loose", [0o644, 0o640, 0o604, 0o660])
def test_a_store_file_others_can_read_is_refused_with_how_to_fix_it(tmp_path, loose):
    path = store_file(tmp_path / "store", URL + "\n", loose)
    with pytest.raises(StoreAddressError) as refused:
        store_from(None, str(path), env={})
    text = str(refused.value)
    assert isinstance(refused.value, TableError)
    assert f"chmod 600 {path}" in text and PASSWORD not in text
    assert os.stat(path).st_mode & 0o777 == loose, "a refused file is left as it was"
    assert path.read_text() == URL + "\n"


def test_a_missing_or_empty_store_file_and_two_addresses_are_refused(tmp_path):
    with pytest.raises(StoreAddressError, match="must exist"):
        store_from(None, str(tmp_path / "nowhere"), env={})
    empty = store_file(tmp_path / "empty", "\n" + URL + "\n", 0o600)  # the address must be the first line
    with pytest.raises(StoreAddressError, match="first line"):
        store_from(None, str(empty), env={})
    good = store_file(tmp_path / "good", URL, 0o600)
    with pytest.raises(StoreAddressError, match="either with --store or with --store-file"):
        store_from("memory://", str(good), env={})


def test_without_an_option_the_environment_names_the_store():
    assert store_from(None, None, env={"UNO_LESSONS_STORE": URL}) == (URL, [])
    assert store_from(None, None, env={}) == (None, [])
    assert store_from(None, None, env={"UNO_LESSONS_STORE": ""}) == (None, [])


def test_the_sentences_are_translated():
    english = store_from(URL, None, env={})[1][0]
    for lang in ("nl", "sr", "ms"):
        with use_language(lang):
            warning = store_from(URL, None, env={})[1][0]
            with pytest.raises(StoreAddressError) as refused:
                store_from(None, "/nowhere/store", env={})
        assert warning != english and "--store-file FILE" in warning and "UNO_LESSONS_STORE" in warning, lang
        assert "chmod 600 /nowhere/store" in str(refused.value) and "must exist" not in str(refused.value), lang


# ---------------------------------------------------------------------- ps
def test_hidden_takes_out_each_password_and_only_that():
    assert hidden(URL) == "redis://:…@127.0.0.1:6379/0"
    assert hidden(f"--store={URL}") == "--store=redis://:…@127.0.0.1:6379/0"
    assert hidden("rediss://teacher:p@ss:w@redis.school:6380/1?x=1") == "rediss://teacher:…@redis.school:6380/1?x=1"
    for plain in ("redis://127.0.0.1:6379/0", "sqlite:////srv/tables.db", "--port", "memory://", "redis://:@h/0"):
        assert hidden(plain) == plain


def _cmdline(pid: int) -> str:
    """The process's command line, as any user of the machine reads it (ps does the same)."""
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


CHILD = ("import sys\n"
         "from uno_lessons.table.address import hide_from_ps\n"
         "print('started', flush=True)\n"
         "sys.stdin.readline()\n"
         "hide_from_ps(sys.argv)\n"
         "print('hidden', flush=True)\n"
         "sys.stdin.readline()\n")


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs Linux's /proc to read a command line")
def test_hide_from_ps_takes_the_password_out_of_the_command_line_others_read():
    child = subprocess.Popen([sys.executable, "-c", CHILD, "--store", URL, "--port", "8866"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "started"
        before = _cmdline(child.pid)
        assert PASSWORD in before, "the attack: the password is there to read before it is hidden"
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.stdout.readline().strip() == "hidden"
        after = _cmdline(child.pid)
        assert PASSWORD not in after
        assert "--store redis://:…@127.0.0.1:6379/0 --port 8866" in after
    finally:
        child.stdin.close()
        child.wait(10)


def test_hide_from_ps_with_nothing_to_hide_leaves_the_title(monkeypatch):
    import setproctitle

    calls: list[str] = []
    monkeypatch.setattr(setproctitle, "setproctitle", calls.append)
    hide_from_ps(["uno-lessons", "serve", "--store", "redis://127.0.0.1:6379/0"])
    assert calls == []


# ---------------------------------------------------------------------- the hub's configuration
def _hub_config(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    # Run as the hub's admin would, and read its own command line at the end, as ps would.
    code = ("import sys\n"
            "from uno_lessons.hub import config\n"
            "code = config.main()\n"
            "sys.stderr.write('CMDLINE ' + open('/proc/self/cmdline', 'rb').read().decode() + '\\n')\n"
            "sys.exit(code)\n")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


def test_hub_config_reads_the_store_from_a_private_file_and_writes_a_private_part(tmp_path):
    secret = store_file(tmp_path / "store", URL + "\n", 0o600)
    out = tmp_path / "uno_config.py"
    done = _hub_config(str(out), "--store-file", str(secret), "--teacher", "ms-lopez")
    assert done.returncode == 0, done.stderr
    assert "command line" not in done.stderr
    text = out.read_text()
    assert URL in text and "ms-lopez" in text
    assert os.stat(out).st_mode & 0o777 == 0o600, "the part holds the password: its owner's alone"


def test_hub_config_refuses_a_store_file_others_can_read_and_writes_nothing(tmp_path):
    secret = store_file(tmp_path / "store", URL + "\n", 0o644)
    out = tmp_path / "uno_config.py"
    done = _hub_config(str(out), "--store-file", str(secret))
    assert done.returncode == 2
    assert f"chmod 600 {secret}" in done.stderr and PASSWORD not in done.stderr
    assert not out.exists()
    assert os.stat(secret).st_mode & 0o777 == 0o644


def test_hub_config_warns_about_a_password_on_its_command_line_and_hides_it(tmp_path):
    out = tmp_path / "uno_config.py"
    done = _hub_config(str(out), "--store", URL)
    assert done.returncode == 0, done.stderr
    assert "other users of this computer can read" in done.stderr and "--store-file" in done.stderr
    cmdline = done.stderr.split("CMDLINE ", 1)[1]
    assert PASSWORD not in cmdline and "redis://:…@127.0.0.1:6379/0" in cmdline
    assert URL in out.read_text()  # the part itself needs the address


def test_hub_config_takes_the_store_from_the_environment(tmp_path):
    done = _hub_config(env={"UNO_LESSONS_STORE": URL})
    assert done.returncode == 0, done.stderr
    assert f"'UNO_LESSONS_STORE': '{URL}'" in done.stdout and "command line" not in done.stderr
