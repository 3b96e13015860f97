"""The engine's two builds from one source (``uno_lessons.engine.compiled``): a mypyc build
runs only while it is current, and both builds play every seeded game the same.

`bash dev.sh test` compiles the engine where it can (``python -m uno_lessons.tools.compile_engine``),
so the suite runs on the compiled build there, and runs the engine's tests a second time on
its Python (``UNO_LESSONS_ENGINE=python``). The report's header names the engine under test.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import numpy as np
from wheel_build import installed_env

from uno_lessons import Game, Rules
from uno_lessons import simulation as sim
from uno_lessons.engine import compiled
from uno_lessons.engine.bots import play_game

ROOT = Path(__file__).resolve().parents[1]
ENGINE = Path(compiled.__file__).parent


def _engine_copy(tmp_path: Path) -> Path:
    """The engine's source, and the i18n.py it imports, as a package folder of its own."""
    engine = tmp_path / "uno_lessons" / "engine"
    engine.mkdir(parents=True)
    shutil.copy2(ENGINE.parent / "i18n.py", engine.parent / "i18n.py")
    for source in ENGINE.glob("*.py"):
        shutil.copy2(source, engine / source.name)
    return engine


def test_a_build_runs_only_while_it_is_current_and_not_when_python_is_asked_for(tmp_path, monkeypatch):
    engine = _engine_copy(tmp_path)
    monkeypatch.delenv(compiled.ENV, raising=False)
    assert compiled.choose(engine).startswith("python (not compiled")
    folder = engine / compiled.FOLDER
    folder.mkdir()
    manifest = {"modules": list(compiled.COMPILED), "digest": compiled.source_digest(engine),
                "suffix": EXTENSION_SUFFIXES[0]}
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest))
    assert compiled.choose(engine) == "compiled"
    monkeypatch.setenv(compiled.ENV, "python")
    assert compiled.choose(engine) == f"python ({compiled.ENV}=python)"
    monkeypatch.delenv(compiled.ENV)
    for edited in (engine / "game.py", engine / "cards.py", engine.parent / "i18n.py"):  # any source it was built from
        text = edited.read_text()
        edited.write_text(text + "\n# edited\n")
        assert "older than the engine's source" in compiled.choose(engine), edited.name
        edited.write_text(text)
    assert compiled.choose(engine) == "compiled"
    (folder / compiled.MANIFEST).write_text(json.dumps({**manifest, "suffix": ".cpython-399-other.so"}))
    assert "for another Python" in compiled.choose(engine)
    (folder / compiled.MANIFEST).write_text("{not json")
    assert compiled.choose(engine).startswith("python (not compiled")


def playouts() -> str:
    """A digest of many seeded games played to their end: every event and the saved game.
    The benchmark's random policy through ``legal_moves``/``apply`` at 2, 4 and 10 players;
    bots under both rule sets and every house rule (``play_game``), with a copy and a pickle
    played on from the middle; and ``simulate_games``' figures."""
    import pickle

    out = hashlib.sha256()

    def note(game: Game) -> None:
        out.update(game.to_json().encode())
        out.update(repr(game.event_tuples()).encode())

    rules = Rules.encanto()
    for players in (2, 4, 10):
        rng, pick = np.random.default_rng(players), random.Random(players)
        for _ in range(25):
            game = Game.new(players, rules=rules, rng=rng)
            while game.winner is None:
                legal = game.legal_moves()
                plays = [m for m in legal if m.kind == "play"]
                game.apply(plays[int(pick.random() * len(plays))] if plays else legal[0])
            note(game)
    house = Rules.classic().replace(stacking=True, jump_in=True, seven_zero=True, draw_until_playable=True,
                                    force_play=True)
    for seed, (setting, seats) in enumerate([(Rules.encanto(), ["sensible"] * 4), (Rules.classic(), ["random"] * 3),
                                             (house, ["sensible", "random", "sensible", "random", "sensible"]),
                                             (Rules.encanto().replace(stacking=True, hand_size=10), ["random"] * 10)]):
        for game_seed in range(seed * 10, seed * 10 + 6):
            note(play_game(seats, rules=setting, seed=game_seed))
        middle = Game.new(len(seats), rules=setting, seed=seed)
        for _ in range(20):
            middle.apply(middle.legal_moves()[-1])
        for twin in (middle.copy(), pickle.loads(pickle.dumps(middle))):
            while not twin.is_over and len(twin.events) < 400:
                twin.apply(twin.legal_moves()[0])
            note(twin)
    stats = sim.simulate_games(60, 4, rules=Rules.encanto(), seed=5)
    for name in ("winner", "points", "moves", "drawn", "challenges", "caught"):
        out.update(getattr(stats, name).tobytes())
    return out.hexdigest()


def test_both_engines_play_every_seeded_game_the_same():
    """The playouts in this process and in a new one running the other engine: the compiled
    build against its Python when a current build is there (dev.sh's test run), else the
    Python engine again, in a process of its own."""
    here = compiled.ENGINE
    built = compiled.build_status(ENGINE) == "current"
    other = "python" if here == "compiled" or not built else ""
    env = {**os.environ, compiled.ENV: other,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import test_engine_builds as t, "
            "uno_lessons.engine.compiled as c; print(c.ENGINE); print(t.playouts())")
    run = subprocess.run([sys.executable, "-c", code, str(ROOT / "tests")], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    there, digest = run.stdout.split("\n")[:2]
    if built:  # one of the two is the build
        assert {here, there} == {"compiled", f"python ({compiled.ENV}=python)"}, (here, there)
    assert digest == playouts()


def test_the_wheel_holds_no_build_and_runs_the_python_engine(wheel_site):
    """``_mypyc/`` is in .gitignore, so the wheel (hatchling reads it) is pure Python, even
    when built from a checkout that compiled its engine; installed, its engine is Python."""
    assert not list(wheel_site.rglob("*.so")) and not list(wheel_site.rglob(compiled.FOLDER))
    wheel = next(wheel_site.glob("uno_lessons-*.dist-info/WHEEL")).read_text(encoding="utf-8")
    assert "Tag: py3-none-any" in wheel and "Root-Is-Purelib: true" in wheel
    code = "import uno_lessons.engine.compiled as c, uno_lessons.engine.game as g; print(c.ENGINE); print(g.__file__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env=installed_env(wheel_site), cwd=wheel_site)
    assert run.returncode == 0, run.stderr
    engine, module = run.stdout.splitlines()
    assert engine.startswith("python (not compiled") and module == str(wheel_site / "uno_lessons" / "engine" / "game.py")
