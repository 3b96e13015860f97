"""``uno-lessons serve`` on a machine other users share (issue 35, items 1-4), with real unix
users: the teacher's account runs the server (Debian's default home, 0755), a learner sits
at its table from a browser, and another learner's account (tests/eve.py) tries what a
curious learner tries from her own terminal: the command lines in ``ps``, every listening
port (HTTP, a kernel's channels and query websocket with the real kernel ids, ZMQ), the
store's file. Each attempt fails, and the pages go on working.

So that these tests can fail, the same attempts run against a deliberately weakened set-up,
the shape the package had before: a plain Voilà on a TCP port with kernels on TCP
(``--KernelManager.transport=tcp``), run by the same teacher, and the store file made
readable (0644 in 0755 folders). There eve reads the page's widgets (the hand), sees the
port in ``ps``, opens the query websocket, hears the kernel's traffic and reads the seed.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.unix_users import private_names, run_as, useradd, userdel, users_python

from .conftest import PAGE_TIMEOUT_MS, REPO, free_port
from .helpers import STATUS, TIMEOUT

pytestmark = pytest.mark.browser

EVE_SCRIPT = Path(__file__).resolve().parents[1] / "eve.py"


def _wait_log(log: Path, text: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while text not in log.read_text(errors="replace"):
        assert proc.poll() is None and time.monotonic() < end, log.read_text(errors="replace")[-3000:]
        time.sleep(0.3)


@pytest.fixture(scope="module")
def machine():
    """Two unix users (the teacher and eve), a Python they may run, the page template where
    they may read it."""
    assert os.geteuid() == 0, "these tests make unix users: run them as root (CI does)"
    base = Path(tempfile.mkdtemp(prefix="uno-shared-"))
    base.chmod(0o755)
    tag = secrets.token_hex(2)
    tess, eve = f"unot{tag}", f"unoe{tag}"
    made = []
    try:
        python, env = users_python(base)
        templates = base / "jupyter" / "voila" / "templates"
        templates.mkdir(parents=True)
        (templates / "uno").symlink_to(REPO / "uno_lessons" / "voila" / "templates" / "uno")
        for name in (tess, eve):
            useradd(name, base / "home" / name, mode=0o755)  # Debian's default: others may look in
            made.append(name)
        # The page template, then Voilà's own templates where the project's environment has them
        # (the users' Python is a venv of its own: its prefix has none).
        data = os.pathsep.join([str(base / "jupyter"), str(Path(sys.prefix) / "share" / "jupyter")])
        env = {**env, "JUPYTER_PATH": data, "PATH": f"{Path(python).parent}:/usr/bin:/bin"}
        yield {"base": base, "python": python, "env": env, "tess": tess, "eve": eve}
    finally:
        for name in made:
            userdel(name)
        shutil.rmtree(base, ignore_errors=True)


def _as_teacher(machine, args: list[str], log: Path, cwd: Path) -> subprocess.Popen:
    """A command of the teacher's account (their HOME, their Python), its output to ``log``."""
    tess = machine["tess"]
    home = machine["base"] / "home" / tess
    env = {**machine["env"], "HOME": str(home), "LANG": "C.UTF-8"}
    with open(log, "w") as fh:
        return subprocess.Popen(["runuser", "-u", tess, "--", "env", *(f"{k}={v}" for k, v in env.items()),
                                 str(machine["python"]), *args], cwd=cwd, stdout=fh, stderr=subprocess.STDOUT,
                                start_new_session=True)


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, 15)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait()


def _answers(port: int) -> bool:
    """Whether a server listens at ``port`` (a bare connection: no page, no kernel)."""
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def _wait_file(path: Path, thread: threading.Thread, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert thread.is_alive() and time.monotonic() < end, f"eve never got to {path.name}"
        time.sleep(0.1)


def _kernel_id(page) -> str:
    return page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def _open_class_table(browser, base: str):
    """The teacher opens a class table from the New game form; their page, code and key."""
    teacher = browser.new_context().new_page()
    teacher.goto(base, timeout=PAGE_TIMEOUT_MS)
    teacher.wait_for_selector(".uno-settings-toggle", timeout=PAGE_TIMEOUT_MS)
    teacher.click(".uno-settings-toggle")
    teacher.locator(".uno-where button", has_text="as a class").click()
    teacher.click(".uno-start")
    teacher.wait_for_selector(".uno-teacher-panel", state="visible", timeout=TIMEOUT)
    teacher.wait_for_function("() => location.search.includes('teacher=')", timeout=TIMEOUT)
    query = dict(re.findall(r"([a-z]+)=([^&]+)", teacher.url.split("?", 1)[1]))
    return teacher, query["table"], query["teacher"]


def _sit(browser, base: str, code: str, name: str):
    page = browser.new_context().new_page()
    page.goto(f"{base}?table={code}", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_selector(".uno-join-sit", timeout=PAGE_TIMEOUT_MS)
    page.fill(".uno-join-name input", name)
    page.click(".uno-join-sit")
    page.wait_for_selector(STATUS, timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('token=')", timeout=TIMEOUT)
    return page


def test_another_user_of_the_machine_reaches_nothing_of_the_served_pages(machine, browser):
    home = machine["base"] / "home" / machine["tess"]
    port = free_port()
    log = machine["base"] / "serve.log"
    server = _as_teacher(machine, ["-m", "uno_lessons", "serve", f"--port={port}", "--lessons-port=0"], log, home)
    try:
        _wait_log(log, "UNO lessons is running", server)
        base = f"http://127.0.0.1:{port}/"
        teacher, code, key = _open_class_table(browser, base)
        ana = _sit(browser, base, code, "Ana")
        token = re.search(r"token=([^&]+)", ana.url).group(1)
        kernels = [_kernel_id(teacher), _kernel_id(ana)]
        store = home / ".local" / "share" / "uno_lessons" / "tables.db"
        assert store.is_file()
        brief = {"kernels": kernels, "prefixes": ["/"], "markers": ["Every hand", code, "Ana"],
                 "secrets": [key, token, *private_names(server.pid)], "files": [str(store), f"{store}-wal"],
                 "listen": 2}
        report = run_as(machine["eve"], machine["python"], machine["env"], EVE_SCRIPT, brief)
        assert report["user"] != 0
        assert report["ps"] == [], report["ps"]
        assert port in report["http_ports"]  # she found the server, as any learner may
        assert report["channels"] == [] and report["http"] == [] and report["query"] == [], report
        assert not [z for z in report["zmq"] if code in z[1]], report["zmq"]
        assert set(report["files"].values()) == {"PermissionError"}, report["files"]
        # The pages still work: a draw or a card on ana's page goes through.
        assert ana.locator(".uno-hand-panel").count() == 1 and teacher.locator(".uno-teacher-panel").count() == 1
        ana.reload(timeout=PAGE_TIMEOUT_MS)
        ana.wait_for_selector(".uno-hand-panel", timeout=PAGE_TIMEOUT_MS)

        # Weakened: the same file made readable, as the package left it before (0644, 0755).
        for path in (store, store.parent, store.parent.parent, store.parent.parent.parent):
            path.chmod(0o755 if path.is_dir() else 0o644)
        weak = run_as(machine["eve"], machine["python"], machine["env"], EVE_SCRIPT,
                      {"files": [str(store)], "listen": 0})
        assert weak["files"][str(store)].startswith("read "), weak["files"]
        store.chmod(0o600)
        store.parent.chmod(0o700)
    finally:
        _stop(server)


def test_the_same_attempts_succeed_against_a_plain_voila_on_tcp(machine, browser):
    """The control: what the package ran before (Voilà at a TCP port, kernels on TCP)."""
    port = free_port()
    log = machine["base"] / "plain.log"
    server = _as_teacher(machine, ["-m", "voila", str(REPO / "notebooks" / "dashboard.ipynb"), "--no-browser",
                                   f"--port={port}", "--Voila.ip=127.0.0.1", "--KernelManager.transport=tcp"],
                         log, REPO)
    try:
        end = time.monotonic() + 120
        while not _answers(port):
            assert server.poll() is None and time.monotonic() < end, log.read_text()[-3000:]
            time.sleep(0.5)
        page = browser.new_context().new_page()
        page.goto(f"http://127.0.0.1:{port}/", timeout=PAGE_TIMEOUT_MS)
        page.wait_for_selector(".uno-card-btn", timeout=PAGE_TIMEOUT_MS)
        kernel = _kernel_id(page)
        hand = page.eval_on_selector_all(".uno-hand-btns .uno-card-btn", "bs => bs.map(b => b.textContent.trim())")
        assert hand
        # The kernels waiting in the pool, as root sees them in the server's connection folder
        # (ps showed them by id before: `-f …/kernel-<id>.json`).
        import pwd

        uid = pwd.getpwnam(machine["tess"]).pw_uid
        waiting = [f.stem.removeprefix("kernel-") for f in Path(tempfile.gettempdir()).glob("voila_*/kernel-*.json")
                   if f.stat().st_uid == uid and kernel not in f.name]
        assert waiting
        ready = Path(tempfile.mkdtemp(prefix="uno-eve-ready-"))
        ready.chmod(0o777)
        secret_key = "TEACHERKEY" + secrets.token_hex(4)
        brief = {"kernels": [kernel], "query_kernels": waiting, "prefixes": ["/"], "ports": [port],
                 "markers": [hand[0], "execution_state", secret_key], "listen": 6, "query_wait": 20,
                 "ready": str(ready)}
        result: dict = {}
        thread = threading.Thread(target=lambda: result.update(
            run_as(machine["eve"], machine["python"], machine["env"], EVE_SCRIPT, brief)))
        thread.start()
        _wait_file(ready / "query", thread)
        # The teacher opens another tab: Voilà sends its address to the waiting kernel's query
        # websocket, where eve now listens in its place.
        tab = browser.new_context().new_page()
        try:
            tab.goto(f"http://127.0.0.1:{port}/?table=ABCDEF&teacher={secret_key}", timeout=5000,
                     wait_until="commit")
        except Exception:  # noqa: BLE001 - that tab hangs (eve took its query): that is the attack
            pass
        _wait_file(ready / "zmq", thread)
        for _ in range(3):  # the page's own traffic while she listens on the kernels' ports
            page.locator(".uno-settings-toggle").click()
            time.sleep(0.5)
        thread.join(timeout=300)
        assert any(f"--port={port}" in line for line in result["ps"]), result["ps"]
        assert [c for c in result["channels"] if c[3] and hand[0] in c[4]], result["channels"]  # the hand, read
        assert [q for q in result["query"] if secret_key in q[3]], result["query"]  # the teacher's key, read
        assert result["zmq"], "nothing was heard on the kernel's ports"
    finally:
        _stop(server)
    print(json.dumps({k: result.get(k) for k in ("channels", "query", "zmq")})[:2000])
