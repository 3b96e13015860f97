"""The project's wheel, built as a school builds it (hatchling, the build backend), and
unpacked as pip installs a pure-Python wheel: its files under one folder that goes first on a
subprocess's ``PYTHONPATH``, so the package, the notebooks and the course it ships are the
wheel's and nothing of the checkout (``installed_env``). A fresh virtual environment with the
wheel's dependencies is ``tests/browser/test_wheel.py``'s (minutes, not seconds).
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(dist: Path) -> Path:
    """Build the wheel into ``dist`` (about a second); its path."""
    built = subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    return next(dist.glob("uno_lessons-*.whl"))


def unpack(wheel: Path, site: Path) -> Path:
    """The wheel's files in ``site`` (its purelib, as pip lays it out); ``site``."""
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    return site


def installed_env(site: Path, **extra: str) -> dict[str, str]:
    """This environment with only the unpacked wheel on ``PYTHONPATH`` (never the checkout) and
    this Python's scripts first on ``PATH`` (nbgrader runs ``alembic`` from there)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHONPATH", "UNO_LESSONS"))}
    env.update(PYTHONPATH=str(site), PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]))
    env.update(extra)
    return env
