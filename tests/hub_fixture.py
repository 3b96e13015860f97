"""A real JupyterHub for the tests, as a school runs one: the dummy authenticator (one
password for everyone), ``LocalProcessSpawner`` with real unix users (each learner's server
runs as their own account, with a terminal: tests/unix_users.py), configurable-http-proxy,
and the UNO dashboard as its service ``uno`` (uno_lessons.hub) on a Redis store with a
password. It installs nothing: ``bash dev.sh test`` installs jupyterhub (the ``hub`` extra)
and configurable-http-proxy (npm). Everything lives in temporary folders, on free ports, and
is stopped (and the users removed) at the end. Needs root (CI runs as root).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.table_backends import RedisServer, free_port
from tests.unix_users import useradd, userdel, users_python
from uno_lessons.hub.config import service, user_role

REPO = Path(__file__).resolve().parents[1]
PASSWORD = "uno-class-password"
TEACHER, LEARNERS = "tess", ("ana", "ben")
#: The third learner: the one who tries what she should not (tests/eve.py).
EVE = "eve"


@dataclass
class Hub:
    """A running hub: its public address, its service token, the store and its folder."""

    url: str
    token: str
    store: str
    folder: Path
    log: Path
    users: Path  # the folder of the users' homes and of their Python
    python: Path  # a Python every user may run, with the project's packages
    python_env: dict[str, str]

    def api(self, method: str, path: str, body: dict | None = None) -> dict:
        """A call to the hub's REST API with the tests' service token."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"{self.url}hub/api/{path}", data=data, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read()
        return json.loads(text) if text else {}


def _config(folder: Path, port: int, store: str, token: str, template: Path, python: Path,
            python_env: dict[str, str]) -> str:
    bindir = Path(sys.executable).parent
    env = {"PATH": f"{bindir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
           "PYTHONPATH": str(REPO), "JUPYTER_PATH": str(template), "HOME": str(folder / "service-home"),
           "UNO_LESSONS_DATA": str(folder / "service-data")}
    uno = service(store, port=free_port(), environment=env)
    lines = [
        "c = get_config()  # noqa: F821",
        f"c.JupyterHub.bind_url = 'http://127.0.0.1:{port}/'",
        "c.JupyterHub.hub_ip = '127.0.0.1'",
        f"c.JupyterHub.hub_port = {free_port()}",
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'",
        f"c.ConfigurableHTTPProxy.pid_file = {str(folder / 'proxy.pid')!r}",
        f"c.JupyterHub.db_url = 'sqlite:///{folder / 'hub.sqlite'}'",
        f"c.JupyterHub.cookie_secret_file = {str(folder / 'cookie_secret')!r}",
        "c.JupyterHub.authenticator_class = 'dummy'",
        f"c.DummyAuthenticator.password = {PASSWORD!r}",
        "c.Authenticator.allow_all = True",
        "c.JupyterHub.spawner_class = 'localprocess'",
        f"c.Spawner.cmd = [{str(python)!r}, '-m', 'jupyterhub.singleuser']",
        f"c.Spawner.environment = {python_env!r}",
        "c.Spawner.env_keep = ['PATH', 'LANG']",
        "c.Spawner.start_timeout = 120",
        "c.Spawner.http_timeout = 120",
        f"c.JupyterHub.services = [{uno!r}, {{'name': 'tests', 'api_token': {token!r}}}]",
        f"c.JupyterHub.load_roles = [{user_role()!r}, {{'name': 'tests', 'services': ['tests'], "
        "'scopes': ['admin:users', 'admin:servers', 'admin:server_state', 'access:servers']}]",
        f"c.JupyterHub.load_groups = {{'uno-teachers': {{'users': [{TEACHER!r}]}}}}",
    ]
    return "\n".join(lines) + "\n"


def _wait(hub: Hub, proc: subprocess.Popen, timeout: float = 120) -> None:
    """Until the hub's API and the service both answer through the proxy (the first calls can
    404 before the proxy's routes exist)."""
    end = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyterhub exited (code {proc.returncode}):\n{hub.log.read_text()[-4000:]}")
        try:
            hub.api("GET", "")
            request = urllib.request.Request(f"{hub.url}services/uno/")
            with urllib.request.urlopen(request, timeout=10):  # redirected to the hub's sign-in
                return
        except (urllib.error.URLError, OSError, ValueError) as exc:
            last = exc
            time.sleep(0.5)
    raise TimeoutError(f"the hub did not answer within {timeout:.0f} s ({last}):\n{hub.log.read_text()[-4000:]}")


@contextmanager
def running_hub(folder: Path, template: Path) -> Iterator[Hub]:
    """A hub with the service, in ``folder``; ``template`` is the Jupyter data folder of the
    page template (the repository's). Stopped (hub, proxy, service, servers, Redis) at the end."""
    for tool in ("jupyterhub", "configurable-http-proxy"):
        if shutil.which(tool, path=f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}") is None:
            raise RuntimeError(f"{tool} is not installed: run `bash dev.sh test` (it installs jupyterhub "
                               "and configurable-http-proxy), or pip install jupyterhub and "
                               "npm install -g configurable-http-proxy.")
    assert os.geteuid() == 0, "the hub's users are real unix users: run the hub tests as root (CI does)"
    users = Path(tempfile.mkdtemp(prefix="uno-test-users-"))
    users.chmod(0o755)  # their Python and homes must be reachable by them
    made: list[str] = []
    python, python_env = users_python(users)
    (users / "home").mkdir(mode=0o755)
    for name in (TEACHER, *LEARNERS, EVE):
        useradd(name, users / "home" / name, mode=0o755)  # Debian's default homes
        made.append(name)
    redis = RedisServer(folder)
    password = secrets.token_hex(12)
    import redis as redis_lib

    redis_lib.Redis.from_url(redis.url).config_set("requirepass", password)
    store = redis.url.replace("redis://", f"redis://:{password}@")
    port, token = free_port(), secrets.token_hex(16)
    (folder / "home").mkdir()
    config = folder / "jupyterhub_config.py"
    config.write_text(_config(folder, port, store, token, template, python, python_env))
    hub = Hub(f"http://127.0.0.1:{port}/", token, store, folder, folder / "hub.log", users, python, python_env)
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}:{env.get('PATH', '')}"
    env.pop("UNO_LESSONS_STORE", None)
    with open(hub.log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)], cwd=folder, env=env,
                                stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait(hub, proc)
        yield hub
    finally:
        proc.terminate()  # the hub stops its service, its proxy and the servers it spawned
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        redis.stop()
        for name in made:
            userdel(name)
        shutil.rmtree(users, ignore_errors=True)
