"""Compile the engine's game with mypyc, from the same type-checked source.

``uno_lessons.engine.compiled`` says how a build is found and when it is used (only while it
is current). This tool makes one: it copies the engine's source (and ``i18n.py``, which it
imports) to a temporary folder, compiles the modules of ``compiled.COMPILED`` there with
mypyc (``mypyc.build.mypycify`` and setuptools' ``build_ext``: mypy checks the types, a C
compiler builds them), and puts the extension modules and a manifest into the engine's
``_mypyc/`` folder. Nothing is ever written beside the source itself, so no build can shadow
it. It then imports the engine in a new process and checks that the build is the one that
runs.

Compiling needs mypy (which ships mypyc), setuptools, a C compiler and Python's headers;
where one is missing nothing is compiled and the engine stays Python (``--if-possible``
says so and succeeds). The wheel never holds a build: it is pure Python, and the engine runs
as Python wherever nobody compiled it.

Usage::

    python -m uno_lessons.tools.compile_engine                # compile, unless the build is current
    python -m uno_lessons.tools.compile_engine --if-possible  # the same; exit 0 if nothing can compile here
    python -m uno_lessons.tools.compile_engine --force        # compile again
    python -m uno_lessons.tools.compile_engine --check        # say which engine runs; exit 1 unless compiled
    python -m uno_lessons.tools.compile_engine --clean        # remove the build: the engine runs as Python
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec
from pathlib import Path

from ..engine import compiled

#: The engine package's folder (the build goes into its ``_mypyc/``).
ENGINE = Path(compiled.__file__).parent

_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="uno_lessons_engine", py_modules=[],
      ext_modules=mypycify({paths!r}, group_name={group!r}, opt_level="3"))
"""

# The project's mypy settings (pyproject.toml's [tool.mypy]) for this Python: mypyc compiles
# what mypy checks, and a build only loads into the Python it was built for.
_MYPY_INI = """\
[mypy]
python_version = {version}
check_untyped_defs = True
ignore_missing_imports = True
"""


class CannotCompile(Exception):
    """Nothing can be compiled here; the message says what is missing."""


class CompileFailed(Exception):
    """mypyc or the C compiler failed; the message holds the end of their output."""


def missing() -> str | None:
    """What is missing to compile here (mypyc, setuptools, a C compiler, Python's headers), or None."""
    if find_spec("mypyc") is None:
        return "mypyc is missing (it comes with mypy: pip install mypy)"
    if find_spec("setuptools") is None:
        return "setuptools is missing (pip install setuptools)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on PATH"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"Python's headers are missing ({headers})"
    return None


def is_current() -> bool:
    """Whether the engine's build is there and was compiled from today's source (for this Python)."""
    return compiled.build_status(ENGINE) == "current"


def build() -> dict[str, object]:
    """Compile ``compiled.COMPILED`` into the engine's ``_mypyc/`` folder (replacing any build
    there) and return the manifest written. CannotCompile or CompileFailed, with the old
    build left as it was, when that does not work."""
    reason = missing()
    if reason is not None:
        raise CannotCompile(reason)
    import mypy.version

    with tempfile.TemporaryDirectory(prefix="uno-engine-") as tmp:
        root = Path(tmp)
        engine = root / "uno_lessons" / "engine"
        engine.mkdir(parents=True)
        # The package's own __init__ imports the layers above the engine; the engine needs none.
        (engine.parent / "__init__.py").write_text('"""uno_lessons, as far as the engine needs it."""\n')
        shutil.copy2(ENGINE.parent / "i18n.py", engine.parent / "i18n.py")
        for source in ENGINE.glob("*.py"):
            shutil.copy2(source, engine / source.name)
        digest = compiled.source_digest(engine)  # of what is compiled, even if the source changes meanwhile
        paths = [f"uno_lessons/engine/{name}.py" for name in compiled.COMPILED]
        (root / "setup.py").write_text(_SETUP.format(paths=paths, group=compiled.GROUP))
        (root / "mypy.ini").write_text(_MYPY_INI.format(version=f"{sys.version_info[0]}.{sys.version_info[1]}"))
        run = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=root,
                             capture_output=True, text=True, timeout=900)
        if run.returncode != 0:
            tail = "\n".join((run.stdout + run.stderr).splitlines()[-30:])
            raise CompileFailed(f"mypyc could not compile the engine:\n{tail}")
        suffix = EXTENSION_SUFFIXES[0]
        built = sorted(engine.glob("*" + suffix))
        manifest: dict[str, object] = {
            "modules": list(compiled.COMPILED), "digest": digest, "suffix": suffix,
            "python": sys.version.split()[0], "mypy": mypy.version.__version__,
            "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "files": [path.name for path in built],
        }
        staging = ENGINE / (compiled.FOLDER + ".new")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        for path in built:
            shutil.copy2(path, staging / path.name)
        (staging / compiled.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    clean()
    staging.rename(ENGINE / compiled.FOLDER)
    return manifest


def clean() -> bool:
    """Remove the engine's build (the engine then runs as Python); whether there was one."""
    folder = ENGINE / compiled.FOLDER
    there = folder.exists()
    shutil.rmtree(folder, ignore_errors=True)
    return there


def engine_in_new_process(**env: str) -> str:
    """Which engine a new Python process runs (``compiled.ENGINE`` after importing the engine)."""
    code = "import uno_lessons.engine.compiled as c, uno_lessons.engine; print(c.ENGINE)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, **env})
    if run.returncode != 0:
        raise CompileFailed(f"the engine does not import:\n{run.stderr[-2000:]}")
    return run.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """The command line (module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m uno_lessons.tools.compile_engine",
                                     description="Compile the engine's game with mypyc (uno_lessons.engine.compiled).")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--if-possible", action="store_true",
                      help="exit 0, saying why, when nothing can compile here (no mypyc, compiler or headers)")
    what.add_argument("--force", action="store_true", help="compile even if the build is current")
    what.add_argument("--check", action="store_true", help="say which engine runs; exit 1 unless the compiled one")
    what.add_argument("--clean", action="store_true", help="remove the build")
    args = parser.parse_args(argv)
    if args.clean:
        print("Removed the engine's build." if clean() else "There was no build to remove.")
        return 0
    if args.check:
        engine = engine_in_new_process(**{compiled.ENV: ""})
        print(f"engine: {engine}")
        return 0 if engine == "compiled" else 1
    if not args.force and is_current():
        print(f"The engine's build in {ENGINE / compiled.FOLDER} is current.")
        return 0
    started = time.perf_counter()
    try:
        manifest = build()
    except CannotCompile as exc:
        runs = "the build there is current and runs" if is_current() else "the engine runs as Python"
        print(f"Nothing compiled: {exc}; {runs}.", file=sys.stderr)
        return 0 if args.if_possible else 1
    except CompileFailed as exc:
        print(str(exc), file=sys.stderr)
        return 1
    engine = engine_in_new_process(**{compiled.ENV: ""})
    if engine != "compiled":
        print(f"Compiled, but the build does not run: {engine}", file=sys.stderr)
        return 1
    print(f"Compiled {', '.join(compiled.COMPILED)} with mypyc {manifest['mypy']} in "
          f"{time.perf_counter() - started:.0f} s into {ENGINE / compiled.FOLDER}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
