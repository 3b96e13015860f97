"""nbgrader's exchange on a real JupyterHub, as three hub users (issue 22, item 3).

A real JupyterHub (dummy authenticator, ``LocalProcessSpawner``: each user's server runs as
that user's unix account, made here with ``useradd``) with configurable-http-proxy, and the
real nbgrader 0.9.6 in every user's server. Every step goes through the hub, with that
user's own API token, to that user's own server (``/user/<name>/…``):

* the teacher types ``uno-lessons nbgrader …`` in a terminal of their server (the Jupyter
  terminal's websocket), then clicks through the Formgrader: its REST API
  (``/formgrader/api/assignment/A/assign``, ``…/release``, ``…/collect``,
  ``/formgrader/api/submission/A/STUDENT/autograde``, ``…/generate_feedback``,
  ``…/release_feedback``), which the Formgrader page calls;
* each learner uses the Assignments tab's API (``/assignments/fetch``, ``/assignments/submit``,
  ``/assignments/fetch_feedback``, the calls the Assignments tab makes) and edits the fetched
  notebook through the server's contents API, as JupyterLab saves it;
* one learner's terminal tries to read the other's work.

The learners' settings use nbgrader's JupyterHubAuthPlugin (``uno-lessons nbgrader
--hub-groups``): one learner is outside the hub group ``nbgrader-<course>`` at first and sees
and fetches nothing until the hub adds him. What does not go through the hub is what a
hub's administrator does once as root (the unix users, the exchange folder, the learners'
settings file) and the test's own look at file owners and modes afterwards.

The exchange folder is made as nbgrader documents it (``chmod 777``), in a temporary folder.
Users, servers, the hub and the proxy are removed at the end. Needs root (``useradd``), the
``jupyterhub`` package and ``configurable-http-proxy`` on the PATH (npm).

When the project's Python lives where the new users may not go (``/root/.pyenv`` here and in
CI), their servers run a small virtual environment made from the system's Python of the same
version that reads the project's own site-packages: the same packages, a Python they may run.
"""

from __future__ import annotations

import html
import json
import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
import requests
import websocket

from tests.unix_users import useradd, userdel, users_python
from uno_lessons.tools import exercises as ex

ROOT = Path(__file__).resolve().parents[1]
COURSE = "uno_hub"
ASSIGNMENT = "matching"
NOTEBOOK = "02_matching"
#: Learner B's one mistake (as in test_nbgrader.py): can_play forgets the wild cards.
SLIP_CELL = "can_play"
SLIP_SOURCE = '''def can_play(card, top, color):
    """True when `card` may be played on `top` while `color` is in force (E-MATCH)."""
    return card.color is color or card.rank is top.rank'''
TIMEOUT = 240  # seconds for any one wait: generous, for a busy two-core machine


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _commands(bin_dir: Path, python: Path) -> None:
    """``nbgrader``, ``alembic`` (nbgrader calls it) and ``uno-lessons`` for the users' PATH."""
    scripts = {"nbgrader": "from nbgrader.apps.nbgraderapp import main",
               "alembic": "from alembic.config import main",
               "uno-lessons": "from uno_lessons.cli import main"}
    for name, line in scripts.items():
        path = bin_dir / name
        path.write_text(f"#!{python}\nimport sys\n{line}\nsys.exit(main())\n", encoding="utf-8")
        path.chmod(0o755)


class Hub:
    """A JupyterHub with configurable-http-proxy on free ports, driven over its REST API by a
    service token (admin of users and servers, and of their tokens)."""

    def __init__(self, base: Path, users: list[str], python: Path, env: dict[str, str], groups: dict[str, list[str]]):
        self.base, self.port = base, _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(32)
        config = base / "jupyterhub_config.py"
        config.write_text(f"""
c = get_config()
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {self.port}
c.JupyterHub.hub_port = {_free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_free_port()}"
c.ConfigurableHTTPProxy.pid_file = {str(base / 'proxy.pid')!r}
c.JupyterHub.db_url = "sqlite:///{base / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(base / 'cookie_secret')!r}
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allowed_users = {set(users)!r}
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [{str(python)!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.environment = {env!r}
c.Spawner.start_timeout = {TIMEOUT}
c.Spawner.http_timeout = {TIMEOUT}
# what nbgrader's JupyterHubAuthPlugin needs: each server may read its own user's groups
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", "read:users:name!user",
                                 "read:users:groups!user"]
c.JupyterHub.load_groups = {{name: {{"users": members}} for name, members in {groups!r}.items()}}
c.JupyterHub.services = [{{"name": "nbx-test", "api_token": {self.token!r}}}]
c.JupyterHub.load_roles = [{{"name": "nbx-test", "services": ["nbx-test"],
    "scopes": ["admin:users", "admin:servers", "admin:groups", "tokens", "access:servers"]}}]
""", encoding="utf-8")
        self.log = open(base / "jupyterhub.log", "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=base,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_ready(self) -> None:
        """Wait for the hub's API (the first calls can fail before the proxy has its routes)."""
        self._wait(lambda: self.api("GET", "/").status_code == 200, "the hub's API")

    def _wait(self, ready, what: str) -> None:
        end = time.monotonic() + TIMEOUT
        while time.monotonic() < end:
            assert self.proc.poll() is None, f"the hub stopped:\n{self.tail()}"
            try:
                if ready():
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"{what} did not answer in {TIMEOUT} s:\n{self.tail()}")

    def tail(self) -> str:
        self.log.flush()
        return (self.base / "jupyterhub.log").read_text(encoding="utf-8", errors="replace")[-4000:]

    def api(self, method: str, path: str, **kw) -> requests.Response:
        return requests.request(method, f"{self.url}/hub/api{path}", timeout=TIMEOUT,
                                headers={"Authorization": f"token {self.token}"}, **kw)

    def start_servers(self, names: list[str]) -> None:
        for name in names:
            r = self.api("POST", f"/users/{name}/server")
            assert r.status_code in (201, 202), (name, r.status_code, r.text)
        for name in names:
            self._wait(lambda n=name: self.api("GET", f"/users/{n}").json()["servers"].get("", {}).get("ready"),
                       f"{name}'s server")

    def user_token(self, name: str) -> str:
        r = self.api("POST", f"/users/{name}/tokens", json={"note": "nbgrader exchange test", "expires_in": 900})
        assert r.status_code == 201, r.text
        return r.json()["token"]

    def stop(self) -> None:
        """Stop every user's server, then the hub (which stops its proxy), then anything left."""
        if self.proc.poll() is None:
            try:
                users = self.api("GET", "/users").json()
            except (requests.RequestException, ValueError):
                users = []  # the hub never answered: its users' processes go with their accounts
            for user in users:
                if user["servers"]:
                    self.api("DELETE", f"/users/{user['name']}/server")
            end = time.monotonic() + 30
            while users and time.monotonic() < end and any(u["servers"] for u in self.api("GET", "/users").json()):
                time.sleep(0.3)
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        pid_file = self.base / "proxy.pid"
        if pid_file.exists():  # the hub stops the proxy it started; make sure (that pid, if still the proxy)
            try:
                pid = int(pid_file.read_text())
                if b"configurable-http-proxy" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    os.kill(pid, 9)
            except (ValueError, OSError):
                pass
        self.log.close()


class HubUser:
    """One hub user, talking to their own server through the hub's proxy with their own token."""

    def __init__(self, hub: Hub, name: str):
        self.hub, self.name, self.token = hub, name, hub.user_token(name)
        self.home = Path(pwd.getpwnam(name).pw_dir)

    def request(self, method: str, path: str, *, user: str | None = None, **kw) -> requests.Response:
        """A request to ``/user/<user>/<path>`` (the user's own server unless ``user``)."""
        return requests.request(method, f"{self.hub.url}/user/{user or self.name}/{path}", timeout=TIMEOUT,
                                headers={"Authorization": f"token {self.token}"}, **kw)

    def json(self, method: str, path: str, **kw):
        r = self.request(method, path, **kw)
        assert r.status_code == 200, (self.name, path, r.status_code, r.text[:2000])
        return r.json()

    def terminal(self, command: str) -> tuple[int, str]:
        """Type ``command`` in a new terminal of the user's server; its exit code and output."""
        name = self.json("POST", "api/terminals")["name"]
        ws = websocket.create_connection(f"ws://127.0.0.1:{self.hub.port}/user/{self.name}/terminals/websocket/{name}",
                                         header=[f"Authorization: token {self.token}"], timeout=TIMEOUT)
        try:
            ws.send(json.dumps(["stdin", f"{command}; echo __DONE_$?__\r"]))
            out, end = "", time.monotonic() + TIMEOUT
            while not (done := re.search(r"__DONE_(\d+)__", out)) and time.monotonic() < end:
                kind, *data = json.loads(ws.recv())
                if kind == "stdout":
                    out += data[0]
            assert done, f"{self.name}'s terminal gave no answer to {command!r}:\n{out}"
            return int(done.group(1)), out
        finally:
            ws.close()
            self.request("DELETE", f"api/terminals/{name}")

    def formgrader(self, path: str) -> dict:
        """One Formgrader action (POST /formgrader/api/…): nbgrader's own answer, checked."""
        answer = self.json("POST", f"formgrader/api/{path}")
        assert answer["success"], (path, answer.get("error"), answer.get("log"))
        return answer

    def assignments(self, action: str | None = None) -> list[dict]:
        """The Assignments tab: its list, or one of its buttons (fetch, submit, fetch_feedback)."""
        if action is None:
            answer = self.json("GET", "assignments", params={"course_id": COURSE})
        else:
            answer = self.json("POST", f"assignments/{action}", data={"course_id": COURSE, "assignment_id": ASSIGNMENT})
        assert answer["success"], answer
        return answer["value"]


def _answers() -> dict[str, str]:
    """grade_id -> the teacher's answer, markers taken out (what a learner types)."""
    found = {}
    for cell in nbformat.read(ROOT / "solutions" / f"{NOTEBOOK}.ipynb", as_version=4).cells:
        flags = cell.metadata.get("nbgrader", {})
        if flags.get("solution"):
            found[flags["grade_id"]] = "\n".join(line for line in cell.source.split("\n")
                                                 if line.strip() not in (ex.BEGIN_SOLUTION, ex.END_SOLUTION))
    return found


def _work(learner: HubUser, answers: dict[str, str]) -> None:
    """Open the fetched notebook, type the answers, save it (the contents API, as JupyterLab)."""
    path = f"api/contents/{ASSIGNMENT}/{NOTEBOOK}.ipynb"
    model = learner.json("GET", path)
    for cell in model["content"]["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell["source"] = answers[grade_id]
    r = learner.request("PUT", path, json={"type": "notebook", "format": "json", "content": model["content"]})
    assert r.status_code == 200, r.text


@pytest.fixture(scope="module")
def round_trip() -> Iterator[dict]:
    """The whole round trip on one hub; each test below reads what it left."""
    assert os.geteuid() == 0, "the exchange test makes unix users: run it as root (CI does)"
    proxy = shutil.which("configurable-http-proxy")
    assert proxy, "configurable-http-proxy is not on the PATH: npm install -g configurable-http-proxy"
    started = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="uno-nbx-"))
    base.chmod(0o755)
    tag = secrets.token_hex(3)
    teacher, ana, ben = (f"nbx{role}{tag}" for role in ("t", "a", "b"))
    made: list[str] = []
    hub = None
    try:
        python, python_env = users_python(base)
        bin_dir = base / "bin"
        bin_dir.mkdir()
        _commands(bin_dir, python)
        (base / "home").mkdir(mode=0o755)
        for name in (teacher, ana, ben):
            useradd(name, base / "home" / name)
            made.append(name)
        exchange = base / "exchange"
        exchange.mkdir()
        exchange.chmod(0o777)  # nbgrader's docs: the exchange is writable by everyone
        system_config = base / "etc" / "jupyter"
        from uno_lessons.cli.grading import nbgrader_course
        assert nbgrader_course(None, COURSE, exchange=str(exchange), hub_groups=True,
                               learners_config=str(system_config / "nbgrader_config.py")) == 0
        # the hub's terminals: a plain bash that keeps the PATH the spawner gives (a login
        # shell would reset it from /etc/profile)
        (system_config / "jupyter_server_config.json").write_text(
            json.dumps({"ServerApp": {"terminado_settings": {"shell_command": ["/bin/bash"]}}}), encoding="utf-8")
        for folder in (base / "etc", system_config):
            folder.chmod(0o755)
        env = {**python_env, "PATH": f"{bin_dir}:{Path(proxy).parent}:/usr/bin:/bin",
               "JUPYTER_CONFIG_PATH": os.pathsep.join([str(system_config), f"{sys.prefix}/etc/jupyter"]),
               "JUPYTER_PATH": f"{sys.prefix}/share/jupyter"}
        # the class: ana is in the course's hub group from the start, ben is added later
        hub = Hub(base, [teacher, ana, ben], python, env,
                  {f"nbgrader-{COURSE}": [ana], f"formgrade-{COURSE}": [teacher]})
        hub.wait_ready()
        hub.start_servers([teacher, ana, ben])
        t, a, b = (HubUser(hub, n) for n in (teacher, ana, ben))
        timings = {"hub and three servers": time.monotonic() - started}

        # The teacher: the course from a terminal, then the Formgrader's buttons.
        code, typed = t.terminal(f"uno-lessons nbgrader ~/course --course {COURSE} --assignment {ASSIGNMENT} "
                                 f"--exercise {NOTEBOOK} --exchange {exchange} --formgrader")
        assert code == 0, typed
        t.formgrader(f"assignment/{ASSIGNMENT}/assign")
        t.formgrader(f"assignment/{ASSIGNMENT}/release")

        # Ben is not in the course yet: he sees nothing and cannot fetch it.
        outside = {"listed": b.assignments(), "fetched": b.assignments("fetch"),
                   "home": sorted(p.name for p in b.home.iterdir() if not p.name.startswith("."))}
        r = hub.api("POST", f"/groups/nbgrader-{COURSE}/users", json={"users": [ben]})
        assert r.status_code == 200, r.text

        # The learners: fetch, work, submit (ana answers everything, ben makes one slip).
        right = _answers()
        listed = {}
        for learner, answers in ((a, right), (b, {**right, SLIP_CELL: SLIP_SOURCE})):
            listed[learner.name] = learner.assignments()
            learner.assignments("fetch")
            _work(learner, answers)
            learner.assignments("submit")

        # The teacher: collect, autograde each, feedback for all, release it.
        t.formgrader(f"assignment/{ASSIGNMENT}/collect")
        graded = {n: t.formgrader(f"submission/{ASSIGNMENT}/{n}/autograde") for n in (ana, ben)}
        t.formgrader(f"assignment/{ASSIGNMENT}/generate_feedback")
        t.formgrader(f"assignment/{ASSIGNMENT}/release_feedback")

        # The learners fetch their feedback.
        after = {learner.name: learner.assignments("fetch_feedback") for learner in (a, b)}
        timings["round trip"] = time.monotonic() - started - timings["hub and three servers"]
        print(f"exchange round trip: {timings}")
        yield {"base": base, "exchange": exchange, "hub": hub, "teacher": t, "ana": a, "ben": b,
               "listed": listed, "outside": outside, "after": after, "graded": graded, "timings": timings}
    finally:
        if hub is not None:
            hub.stop()
        for name in made:
            userdel(name)
        shutil.rmtree(base, ignore_errors=True)


def _owner(path: Path) -> str:
    return pwd.getpwuid(path.stat().st_uid).pw_name


def test_each_step_ran_as_that_hub_user(round_trip):
    t, a, b = round_trip["teacher"], round_trip["ana"], round_trip["ben"]
    course = round_trip["exchange"] / COURSE
    assert _owner(course / "outbound" / ASSIGNMENT) == t.name  # released by the teacher's server
    for learner in (a, b):  # fetched into each learner's own home, by that learner
        assert _owner(learner.home / ASSIGNMENT / f"{NOTEBOOK}.ipynb") == learner.name
    inbound = sorted((course / "inbound").iterdir())
    assert sorted(_owner(p) for p in inbound) == sorted([a.name, b.name])
    assert all(p.name.startswith(f"{_owner(p)}+{ASSIGNMENT}+") for p in inbound)  # named by who submitted
    collected = t.home / "course" / "submitted"
    assert sorted(p.name for p in collected.iterdir()) == sorted([a.name, b.name])
    assert {_owner(p) for p in collected.rglob("*")} == {t.name}
    # a learner's token opens only their own server
    assert a.request("GET", "api/contents", user=b.name, allow_redirects=False).status_code in (302, 403)
    assert a.request("GET", "api/contents").status_code == 200


def _scores(rt: dict) -> dict[str, tuple[float, float]]:
    """Each learner's (score, max score), as the teacher's Formgrader reports them."""
    t = rt["teacher"]
    return {n: (s["score"], s["max_score"]) for n in (rt["ana"].name, rt["ben"].name)
            for s in [t.json("GET", f"formgrader/api/submission/{ASSIGNMENT}/{n}")]}


def test_only_members_of_the_courses_hub_group_see_and_fetch_it(round_trip):
    outside = round_trip["outside"]
    assert outside == {"listed": [], "fetched": [], "home": []}


def test_the_learners_saw_the_release_then_the_teacher_graded_both(round_trip):
    t, a, b = round_trip["teacher"], round_trip["ana"], round_trip["ben"]
    for learner in (a, b):
        seen = round_trip["listed"][learner.name]
        assert [(x["course_id"], x["assignment_id"], x["status"]) for x in seen] == [(COURSE, ASSIGNMENT, "released")]
    scores = _scores(round_trip)
    total = scores[a.name][1]
    assert total > 1 and scores == {a.name: (total, total), b.name: (total - 1, total)}
    notebooks = {nb["student"]: nb["id"] for nb in t.json("GET", f"formgrader/api/submitted_notebooks/{ASSIGNMENT}/{NOTEBOOK}")}
    for name, lost in ((a.name, []), (b.name, ["check_can_play"])):
        grades = t.json("GET", "formgrader/api/grades", params={"submission_id": notebooks[name]})
        assert sorted(g["name"] for g in grades if g["auto_score"] < g["max_score"]) == lost, name


def _fetched_feedback(learner: HubUser) -> list[str]:
    """Each feedback page the learner's server holds (read through the contents API)."""
    folder = learner.json("GET", f"api/contents/{ASSIGNMENT}/feedback")
    pages = []
    for stamp in folder["content"]:
        for page in learner.json("GET", f"api/contents/{stamp['path']}")["content"]:
            pages.append(learner.json("GET", f"api/contents/{page['path']}", params={"format": "text"})["content"])
    return pages


def test_each_learner_fetched_their_own_feedback_only(round_trip):
    a, b = round_trip["ana"], round_trip["ben"]
    total = _scores(round_trip)[a.name][1]
    pages = {learner.name: _fetched_feedback(learner) for learner in (a, b)}
    assert [len(p) for p in pages.values()] == [1, 1]
    mine, theirs = (html.unescape(re.sub(r"<[^>]+>", "", pages[n][0])) for n in (a.name, b.name))
    score = re.compile(r"Score:\s*([\d.]+)\s*/\s*([\d.]+)")
    assert score.search(mine).groups() == (f"{total:.1f}", f"{total:.1f}")
    assert score.search(theirs).groups() == (f"{total - 1:.1f}", f"{total:.1f}")
    slip = "return card.color is color or card.rank is top.rank"
    assert slip in theirs and "✗ can_play" in theirs  # ben's own slip and its check, in ben's page only
    assert slip not in mine and "✗ can_play" not in mine
    assert b.name not in mine and a.name not in theirs
    after = {n: [s for x in v for s in x.get("submissions", [])] for n, v in round_trip["after"].items()}
    for learner in (a, b):
        assert [s["has_local_feedback"] for s in after[learner.name]] == [True]


def test_a_learner_cannot_read_another_learners_work(round_trip):
    t, a, b = round_trip["teacher"], round_trip["ana"], round_trip["ben"]
    course = round_trip["exchange"] / COURSE
    for command in (f"ls {course / 'inbound'}",                      # the submissions: not listable
                    f"ls {course / 'feedback'}",                     # feedback pages: not listable
                    f"cat {a.home / ASSIGNMENT / f'{NOTEBOOK}.ipynb'}",  # ana's own copy
                    f"ls {t.home / 'course' / 'submitted'}"):         # the teacher's collected copies
        code, out = b.terminal(command)
        assert code != 0 and "Permission denied" in out, (command, out)
    code, out = b.terminal(f"ls {course / 'outbound' / ASSIGNMENT}")  # the release itself: readable
    assert code == 0 and f"{NOTEBOOK}.ipynb" in out, out


def test_the_exchange_has_the_modes_nbgrader_documents(round_trip):
    course = round_trip["exchange"] / COURSE
    modes = {p: (course / p).stat().st_mode & 0o7777 for p in ("", "outbound", "inbound", "feedback")}
    assert modes == {"": 0o755, "outbound": 0o755, "inbound": 0o2733, "feedback": 0o711}
    assert round_trip["exchange"].stat().st_mode & 0o777 == 0o777
    for submission in (course / "inbound").iterdir():  # who, what, when, and a random part no one can guess
        who, what, when, random_part = submission.name.split("+")
        assert what == ASSIGNMENT and len(random_part) == 12


# ------------------------------------------------------------------ the command (no hub needed)
def _read_config(path: Path):
    from traitlets.config import Config

    c = Config()
    exec(path.read_text(encoding="utf-8"), {"get_config": lambda: c})
    return c


def test_the_nbgrader_command_writes_a_course_nbgrader_reads(tmp_path, monkeypatch, capsys):
    from uno_lessons.cli import main

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    assert main(["nbgrader", str(tmp_path / "course"), "--course", "uno7b", "--assignment", "week1",
                 "--exercise", "01_setup", "--exercise", NOTEBOOK, "--exchange", "/srv/x", "--formgrader"]) == 0
    for config in (tmp_path / "course" / "nbgrader_config.py", tmp_path / ".jupyter" / "nbgrader_config.py"):
        c = _read_config(config)
        assert (c.CourseDirectory.root, c.CourseDirectory.course_id, c.Exchange.root) == (
            str(tmp_path / "course"), "uno7b", "/srv/x")
        assert c.GenerateFeedback.preprocessors[-1].__name__ == "FeedbackMaths"  # maths without a CDN
    source = tmp_path / "course" / "source" / "week1"
    assert sorted(p.name for p in source.iterdir()) == ["01_setup.ipynb", f"{NOTEBOOK}.ipynb"]
    # the exercise, its stubs marked as nbgrader's solution regions: no answer leaves the repository
    written = json.loads((source / f"{NOTEBOOK}.ipynb").read_text(encoding="utf-8"))
    exercise = json.loads((ROOT / "exercises" / f"{NOTEBOOK}.ipynb").read_text(encoding="utf-8"))
    assert [c["id"] for c in written["cells"]] == [c["id"] for c in exercise["cells"]]
    stub = "    ### BEGIN SOLUTION\n    # YOUR CODE HERE\n    raise NotImplementedError()\n    ### END SOLUTION"
    assert sum(stub in c["source"] for c in written["cells"]) == 3  # 02_matching's three answer cells
    assert _read_config(tmp_path / "course" / "nbgrader_config.py").KernelManager.transport == "ipc"
    assert "plugin_class" not in _read_config(tmp_path / ".jupyter" / "nbgrader_config.py").Authenticator
    for groups, plugin in (([], None), (["--hub-groups"], "nbgrader.auth.JupyterHubAuthPlugin")):
        assert main(["nbgrader", "--course", "uno7b", "--learners-config", str(tmp_path / "etc" / "nbgrader_config.py"),
                     *groups]) == 0
        learners = _read_config(tmp_path / "etc" / "nbgrader_config.py")
        assert (learners.CourseDirectory.course_id, learners.Exchange.root) == ("uno7b", "/srv/nbgrader/exchange")
        assert "root" not in learners.CourseDirectory
        assert learners.Authenticator.get("plugin_class") == plugin


@pytest.mark.parametrize("args, says", [
    (["--course", "two words"], 'The course name "two words" may hold only'),
    (["--course", "ok", "--assignment", "../up"], 'The assignment name "../up" may hold only'),
    (["--course", "ok", "--exercise", "99_none"], "There is no exercise 99_none; the exercises are 01_setup"),
])
def test_the_nbgrader_command_refuses_bad_names_and_writes_nothing(tmp_path, capsys, args, says):
    from uno_lessons.cli import main

    assert main(["nbgrader", str(tmp_path / "course"), *args]) == 2
    assert capsys.readouterr().out.startswith(says)
    assert not (tmp_path / "course").exists()


def test_the_nbgrader_command_needs_a_folder_or_the_learners_file(capsys):
    from uno_lessons.cli import main

    assert main(["nbgrader", "--course", "ok"]) == 2
    assert capsys.readouterr().out.strip() == "Name the course folder to write, or --learners-config FILE."
