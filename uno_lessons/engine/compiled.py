"""Which engine runs: ``game.py`` compiled with mypyc, when a build of this very source is
there, else the engine's Python. Both are the same source; the compiled one is faster.

``python -m uno_lessons.tools.compile_engine`` compiles the modules named in
:data:`COMPILED` with mypyc (from the same type-checked source, nothing rewritten) into the
folder ``_mypyc/`` beside them, with a manifest that holds a digest of the source they were
compiled from. When ``uno_lessons.engine`` is imported, :func:`use_compiled` puts that folder
first on the package's ``__path__``, so ``import uno_lessons.engine.game`` finds the compiled
module, but only when the build is current: the digest of today's source (every module of the
engine, and ``i18n.py``, which it imports) must be the manifest's, and the build must be for
this Python. Otherwise, and wherever nothing was compiled (the wheel ships none: it is pure
Python), the Python modules run, exactly as before. So editing ``game.py`` never runs a stale
build: the engine's Python runs until it is compiled again.

``UNO_LESSONS_ENGINE=python`` in the environment runs the Python engine even when a current
build is there (the test suite runs the engine's tests once each way). :data:`ENGINE` says
which one runs, and why (the benchmarks print it).

This module is never compiled itself: it decides before anything compiled is imported.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = ["COMPILED", "FOLDER", "MANIFEST", "GROUP", "ENV", "ENGINE", "source_digest", "use_compiled", "choose", "build_status"]

#: The engine modules compiled with mypyc: the game, where every move is made. (The rest
#: is called once a game or less, or is a value type that users make, copy and pickle.)
COMPILED = ("game",)
#: The folder, inside the engine package, that holds a build and its manifest.
FOLDER = "_mypyc"
MANIFEST = "manifest.json"
#: mypyc's name for the build's shared library: ``uno_lessons.engine.native__mypyc``, found
#: in the build's folder like the compiled modules themselves.
GROUP = "uno_lessons.engine.native"
#: The environment variable that asks for the Python engine ("python").
ENV = "UNO_LESSONS_ENGINE"

#: Which engine runs in this process, set when ``uno_lessons.engine`` is imported:
#: "compiled" or "python (<why>)".
ENGINE = "python (uno_lessons.engine not imported yet)"


def source_digest(engine: Path) -> str:
    """The sha256 of the source a build is compiled from: every ``.py`` file of the engine
    package ``engine`` and the package's ``i18n.py``, by name and content, in a fixed order."""
    digest = hashlib.sha256()
    for path in [*sorted(engine.glob("*.py")), engine.parent / "i18n.py"]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def use_compiled(path: list[str]) -> str:
    """Put the build's folder first on the engine package's ``path`` (its ``__path__``) when
    the build is current and wanted (:func:`choose`) and loads, and say which engine will
    run: "compiled", or "python (<why>)". Sets :data:`ENGINE` to the same."""
    global ENGINE
    engine = Path(__file__).parent  # this module is the engine package's own, never compiled
    folder = str(engine / FOLDER)
    ENGINE = choose(engine)
    if ENGINE == "compiled":
        if folder not in path:
            path.insert(0, folder)
        try:
            import_module(GROUP + "__mypyc")  # the shared library: loads, or the build is unusable here
        except ImportError as exc:
            path.remove(folder)
            ENGINE = f"python (the build in {folder} does not load: {exc})"
    return ENGINE


def choose(engine: Path) -> str:
    """Which engine the package in the folder ``engine`` runs: "compiled" when its build is
    current (:func:`build_status`) and the environment does not ask for Python, else
    "python (<why>)"."""
    if os.environ.get(ENV, "").lower() == "python":
        return f"python ({ENV}=python)"
    status = build_status(engine)
    return "compiled" if status == "current" else f"python ({status})"


def build_status(engine: Path) -> str:
    """The state of the build of the package in the folder ``engine``: "current" when it was
    compiled from today's source for this Python, else why not, in a few words."""
    folder = engine / FOLDER
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "not compiled: python -m uno_lessons.tools.compile_engine compiles it"
    if manifest.get("suffix") != EXTENSION_SUFFIXES[0]:
        return f"the build in {folder} is for another Python: {manifest.get('suffix')}"
    if manifest.get("modules") != list(COMPILED) or manifest.get("digest") != source_digest(engine):
        return (f"the build in {folder} is older than the engine's source: "
                "python -m uno_lessons.tools.compile_engine compiles it again")
    return "current"
