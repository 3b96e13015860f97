"""What the package needs at run time, and what only its extras need (pyproject.toml):
``babel`` for the maintainers' tools (``tools``), ``redis`` for the Redis store (``redis``),
``pettingzoo`` and ``gymnasium`` for the agents' environment (``agents``).

Each test runs a fresh Python in which importing those libraries fails, as on a school's
machine that installed the wheel without extras, and records every attempt to import them.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Put in front of each script: a meta path finder that refuses the extras' libraries and
#: remembers that something asked (an import caught by ``except ImportError`` counts too).
BLOCK = """
import sys

ASKED = []


class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("babel", "redis", "pettingzoo", "gymnasium"):
            ASKED.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Missing())
"""


def run(script: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``script`` after :data:`BLOCK`, in a fresh Python with its own data folder."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "UNO_LESSONS_DATA": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-c", BLOCK + textwrap.dedent(script)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_lessons_dashboard_command_and_sqlite_tables_need_neither_babel_nor_redis(tmp_path):
    done = run("""
        import uno_lessons
        import uno_lessons.checks
        import uno_lessons.cli
        import uno_lessons.cli.course
        import uno_lessons.cli.serve as serve
        from uno_lessons.table.address import store_problem
        import uno_lessons.dashboard
        import uno_lessons.lessons
        import uno_lessons.simulation
        import uno_lessons.voila.forkserver
        import uno_lessons.widgets.progress
        from uno_lessons.dashboard import dashboard_page
        from uno_lessons.table import Table, open_store

        # A class table in SQLite, as `uno-lessons serve` keeps them by default.
        store = open_store()
        code, key = store.create(["Ana", "Ben"], ["human", "sensible"], rules="encanto")
        table = Table.connect(store, code, teacher=key)
        assert table.state.game is not None
        assert dashboard_page(f"table={code}&teacher={key}", store=store).game is not None  # the teacher page
        opts = serve.ServeOptions()
        assert store_problem(opts.store) is None and serve.banner(opts, serve.store_place(opts))
        print("asked:", ASKED)
    """, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("asked: []"), done.stdout


def test_a_redis_store_without_redis_says_what_to_install(tmp_path):
    done = run("""
        from uno_lessons.table import TableError, open_store

        try:
            open_store("redis://127.0.0.1:6379/0")
        except TableError as exc:
            print(exc)
        from uno_lessons.i18n import use_language
        from uno_lessons.table.redis import client_library

        with use_language("nl"):
            try:
                client_library()
            except TableError as exc:
                print(exc)
    """, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    english, dutch = done.stdout.strip().splitlines()
    assert english == ("This server stores its class tables in Redis, but the redis package is not "
                       'installed: install it with pip install "uno_lessons[redis]".')
    assert 'pip install "uno_lessons[redis]"' in dutch  # the command stays as it is typed
    assert "Traceback" not in done.stderr


def test_serve_with_a_redis_store_but_no_redis_says_so_and_starts_nothing(tmp_path):
    done = run("""
        import subprocess

        from uno_lessons.cli import main

        def no_server(*args, **kwargs):
            raise AssertionError("a server was started")

        subprocess.Popen = no_server
        code = main(["serve", "--store", "redis://127.0.0.1:6379/0"])
        print("exit", code)
    """, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    said, code = done.stdout.strip().splitlines()
    assert said.endswith('install it with pip install "uno_lessons[redis]".') and code == "exit 1"


def test_the_agents_environment_without_pettingzoo_says_which_extra_to_install(tmp_path):
    done = run("""
        import uno_lessons
        import uno_lessons.engine
        import uno_lessons.simulation

        try:
            import uno_lessons.agents
        except ImportError as exc:
            print(exc)
        print("asked:", sorted({name.split(".")[0] for name in ASKED}))
    """, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    said, asked = done.stdout.strip().splitlines()
    assert said == ("uno_lessons.agents needs PettingZoo and Gymnasium, which are not installed: install "
                    'them with pip install "uno_lessons[agents]".')
    assert asked == "asked: ['gymnasium']"  # only uno_lessons.agents asked, and stopped at the first
    assert "Traceback" not in done.stderr
