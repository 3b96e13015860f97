"""Real unix users for the tests of a shared machine (a school's hub, where every learner has
a terminal): making and removing them, a Python they may run with the project's packages, and
running a script as one of them.

Needs root (``useradd``, ``runuser``); CI runs as root.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path


def runs_as(user: str, python: str, env: dict[str, str]) -> bool:
    """Whether ``user`` can run ``python`` and import what the hub's users need."""
    return subprocess.run(["runuser", "-u", user, "--", "env", *(f"{k}={v}" for k, v in env.items()), python, "-c",
                           "import nbgrader, jupyterhub, uno_lessons"], capture_output=True).returncode == 0


def link_tree(source: Path, dest: Path, skip: set[Path]) -> None:
    """``dest`` as a copy of ``source`` made of hard links (no space, no time), without ``skip``."""
    for folder, dirs, files in os.walk(source):
        here = Path(folder)
        dirs[:] = [d for d in dirs if here / d not in skip]
        target = dest / here.relative_to(source)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            path = here / name
            if path.is_symlink():
                (target / name).symlink_to(os.readlink(path))
            else:
                try:
                    os.link(path, target / name)
                except OSError:  # another file system
                    shutil.copy2(path, target / name)


def users_python(base: Path) -> tuple[Path, dict[str, str]]:
    """A Python the hub's users may run, with the project's packages, and the environment it
    needs: the project's own; or, where its interpreter lives in a folder the users may not
    enter (/root/.pyenv), the same interpreter linked into ``base`` and a venv of it that
    reads the project's site-packages."""
    if runs_as("nobody", sys.executable, {}):
        return Path(sys.executable), {}
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    source, linked = Path(sys.base_prefix), base / "python"
    stdlib = source / "lib" / version
    for part in ("bin", "lib"):
        link_tree(source / part, linked / part, {stdlib / "site-packages", stdlib / "test"})
    env = {"LD_LIBRARY_PATH": str(linked / "lib")}  # its RUNPATH names the folder under /root
    venv = base / "venv"
    subprocess.run([str(linked / "bin" / version), "-m", "venv", "--without-pip", str(venv)], check=True,
                   env={**os.environ, **env})
    ours = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (venv / "lib" / version / "site-packages" / "_uno_lessons_project.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({p!r})" for p in ours) + "\n", encoding="utf-8")
    python = venv / "bin" / "python"
    assert runs_as("nobody", str(python), env), "the users' Python cannot import nbgrader"
    return python, env


def useradd(name: str, home: Path, mode: int = 0o700) -> None:
    """Make the unix user ``name`` with its home at ``home`` (``mode``: 0700 as docs/nbgrader_hub.md
    asks of a hub; Debian makes homes 0755)."""
    try:
        pwd.getpwnam(name)
        userdel(name)  # left over from a run that was killed: start afresh
    except KeyError:
        pass
    subprocess.run(["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/bash", name],
                   check=True, capture_output=True)
    home.chmod(mode)


def userdel(name: str) -> None:
    """Remove a user this test made, ending first any process still running as them (by pid)."""
    uid = pwd.getpwnam(name).pw_uid
    for pid in (int(p) for p in os.listdir("/proc") if p.isdigit()):
        try:
            if os.stat(f"/proc/{pid}").st_uid == uid:
                os.kill(pid, 9)
        except (FileNotFoundError, ProcessLookupError):
            pass
    subprocess.run(["userdel", "--remove", name], capture_output=True)


def run_as(user: str, python: Path | str, env: dict[str, str], script: Path | str, data: dict,
           timeout: float = 600) -> dict:
    """Run ``script`` as ``user`` with ``data`` as JSON on its standard input; what it printed
    last, as JSON (the script's report)."""
    done = subprocess.run(["runuser", "-u", user, "--", "env", *(f"{k}={v}" for k, v in env.items()), str(python),
                           str(script)], input=json.dumps(data), capture_output=True, text=True, timeout=timeout,
                          cwd="/")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert done.returncode == 0 and lines, f"{script} as {user} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return json.loads(lines[-1])


def private_names(pid: int) -> list[str]:
    """What of a server (process ``pid`` and its children) another user must not learn from a
    command line: its Unix sockets' paths and their folders; with root's view of them
    (``/proc``, psutil). The server's own command line must name none of them either."""
    import psutil

    family = {pid} | {p.pid for p in psutil.Process(pid).children(recursive=True)}
    paths = {c.laddr for c in psutil.net_connections(kind="unix") if c.pid in family and isinstance(c.laddr, str)
             and c.laddr}
    # A socket's own folder, where it is private to the server (a shared one, /tmp, names
    # nothing of it: every other program's command line could hold it).
    folders = set()
    for path in paths:
        try:
            if Path(path).parent.stat().st_mode & 0o077 == 0:
                folders.add(str(Path(path).parent))
        except OSError:  # an abstract socket (no folder), or one just removed
            pass
    return sorted(paths | folders)

