"""What a school gets from the wheel (issue 21, items 2 and 3): the wheel is built, installed
into a fresh virtual environment outside the repository, and its ``uno-lessons`` command
serves a working dashboard and the lessons from an empty folder, and copies a course.

Nothing of the checkout is reachable from there: no PYTHONPATH, the venv's own Python, its
own ``share/jupyter`` (the page template), an empty working directory.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import PAGE_TIMEOUT_MS, REPO, free_port, leave

pytestmark = pytest.mark.browser


# A kernel's heartbeat thread can lose its port to another process between jupyter_client
# choosing it and ipykernel binding it (jupyter_client's port cache is per process; CI runs
# several Voilà servers at once). The kernel lives on and the page works; that traceback is
# jupyter_client's, not ours, so only it is taken out of the log before the log is checked.
PORT_RACE = re.compile(
    r"Exception in thread Heartbeat:\nTraceback \(most recent call last\):\n"
    r"(?:[ \t].*\n|\s*\^+\s*\n)*?zmq\.error\.ZMQError: Address already in use[^\n]*\n?")


def without_port_races(log: str) -> str:
    """The server's log without the kernel heartbeat's lost-port tracebacks (see PORT_RACE)."""
    return PORT_RACE.sub("", log)


def test_the_port_race_filter_takes_out_only_the_heartbeat_race():
    race = ('Exception in thread Heartbeat:\nTraceback (most recent call last):\n'
            '  File "/x/threading.py", line 1045, in _bootstrap_inner\n    self.run()\n'
            '    return self.socket.bind(addr)\n           ^^^^^^^^^^^^^^^\n'
            "zmq.error.ZMQError: Address already in use (addr='tcp://127.0.0.1:44915')\n")
    ours = 'Traceback (most recent call last):\n  File "/x/uno.py", line 3, in f\nValueError: no\n'
    assert "Traceback" not in without_port_races("started\n" + race + "served\n")
    assert "ValueError" in without_port_races(race + ours)
    other = race.replace("Address already in use", "Permission denied")
    assert "Traceback" in without_port_races(other)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv (outside the repository) with the built wheel installed; its bin folder."""
    root = tmp_path_factory.mktemp("school")
    dist = root / "dist"
    built = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
                           cwd=REPO, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    wheel = next(dist.glob("*.whl"))
    venv = root / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                         capture_output=True, text=True, timeout=600, env=clean_env())
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    return venv / "bin"


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a school's machine: nothing points into the checkout."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "JUPYTER", "UNO_LESSONS", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


def test_the_wheel_has_the_command_the_notebooks_and_the_template(installed):
    site = next((installed.parent / "lib").glob("python3*/site-packages"))
    package = site / "uno_lessons"
    course = package / "course"
    assert (installed / "uno-lessons").exists()
    assert (course / "notebooks" / "dashboard.ipynb").is_file()
    assert (course / "notebooks" / "voila.json").is_file()
    for lang in ("nl", "sr", "ms"):
        assert (course / "notebooks" / lang / "02_matching.ipynb").is_file()
        assert (course / "exercises" / lang).is_dir()
    assert not (course / "solutions").exists()  # the answers stay with the teacher (tests/test_answers.py)
    assert (installed.parent / "share" / "jupyter" / "voila" / "templates" / "uno" / "index.html.j2").is_file()
    assert not (package / "voila" / "frontend").exists()  # sources stay out; the built page ships


def test_lessons_copies_every_language_from_the_wheel(installed, tmp_path):
    done = subprocess.run([str(installed / "uno-lessons"), "lessons", str(tmp_path / "course")], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env=clean_env())
    assert done.returncode == 0, done.stderr
    copied = {p.relative_to(tmp_path / "course") for p in (tmp_path / "course").rglob("*.ipynb")}
    in_repo = {p.relative_to(REPO) for folder in ("notebooks", "exercises")
               for p in (REPO / folder).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    assert copied == in_repo


def test_serve_with_a_redis_store_but_not_the_redis_extra_says_what_to_install(installed, tmp_path):
    # The wheel alone brings no Redis client: it is the redis extra.
    found = subprocess.run([str(installed / "python"), "-c", "import importlib.util as u; print(u.find_spec('redis'))"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=60, env=clean_env())
    assert found.stdout.strip() == "None", found.stdout + found.stderr
    done = subprocess.run([str(installed / "uno-lessons"), "serve", "--store", "redis://127.0.0.1:6379/0"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120, env=clean_env())
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.strip() == ("This server stores its class tables in Redis, but the redis package is not "
                                   'installed: install it with pip install "uno_lessons[redis]".')
    assert "Traceback" not in done.stderr, done.stderr


def test_serve_from_an_empty_folder_gives_a_working_dashboard_and_the_lessons(installed, tmp_path, browser):
    empty = tmp_path / "empty"
    empty.mkdir()
    port, lessons = free_port(), free_port()
    log = tmp_path / "serve.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen([str(installed / "uno-lessons"), "serve", f"--port={port}",
                                 f"--lessons-port={lessons}"], cwd=empty, stdout=fh, stderr=subprocess.STDOUT,
                                env=clean_env(UNO_LESSONS_DATA=str(tmp_path / "data")))
    try:
        end = time.monotonic() + 120
        while "UNO lessons is running" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < end, log.read_text()[-3000:]
            time.sleep(0.5)
        said = log.read_text()
        assert f"http://127.0.0.1:{port}/" in said and f":{lessons}/" in said
        assert not re.search(r"not trusted|without encryption|frozen modules", said), said
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{lessons}/", timeout=PAGE_TIMEOUT_MS)  # the lessons' list
        page.wait_for_selector("text=01_setup.ipynb", timeout=PAGE_TIMEOUT_MS)
        page.wait_for_selector("text=nl", timeout=PAGE_TIMEOUT_MS)
        page.goto(f"http://127.0.0.1:{lessons}/voila/render/02_matching.ipynb", timeout=PAGE_TIMEOUT_MS)
        page.wait_for_selector(".jupyter-widgets", timeout=PAGE_TIMEOUT_MS)  # a lesson's widgets ran
        page.goto(f"http://127.0.0.1:{port}/", timeout=PAGE_TIMEOUT_MS)
        # The project's template (its still notice, its front end) and a game that plays.
        assert page.locator("script[src*='uno-page.js']").count() == 1
        page.wait_for_selector(".uno-hand-btns .uno-card-btn", timeout=PAGE_TIMEOUT_MS)
        page.wait_for_selector(".uno-status", timeout=PAGE_TIMEOUT_MS)
        assert page.title() == "UNO live table"
        leave(context)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "Traceback" not in without_port_races(log.read_text())
