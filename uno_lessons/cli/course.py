"""``uno-lessons lessons DIR`` and ``uno-lessons lab``: the notebooks for a course.

``lessons DIR`` copies the lessons, the exercises and their solutions in every language
into ``DIR`` (``DIR/notebooks``, ``DIR/exercises``, ``DIR/solutions``, each with ``nl/``,
``sr/``, ``ms/``), plus the Voilà configuration, so a teacher can hand them out, grade them
with nbgrader or serve them. Files already there are left alone unless ``--force``.
``lab`` opens the lessons in JupyterLab: a checkout's own folder, or for an installed wheel
a copy in a folder of the user's (an installed package is not a place to edit notebooks).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..i18n import _
from ..voila import shipped

#: Where ``uno-lessons lab`` keeps the lessons of an installed wheel.
LAB_FOLDER = Path.home() / "uno_lessons"


def copy_course(target: Path, *, force: bool = False) -> list[Path]:
    """Copy every notebook folder into ``target``; returns the files written."""
    written: list[Path] = []
    for name in shipped.FOLDERS:
        source = shipped.folder(name)
        for path in sorted(source.rglob("*.ipynb")):
            if ".ipynb_checkpoints" in path.parts:
                continue
            dest = target / name / path.relative_to(source)
            if dest.exists() and not force:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
            written.append(dest)
    config = shipped.voila_config_dir() / "voila.json"
    dest = target / "notebooks" / "voila.json"
    if force or not dest.exists():
        shutil.copyfile(config, dest)
        written.append(dest)
    return written


def lessons(target: str, force: bool = False) -> int:
    """The ``lessons DIR`` command."""
    folder = Path(target).expanduser().resolve()
    written = copy_course(folder, force=force)
    print(_("Copied {n} files into {folder}.", n=len(written), folder=folder))
    return 0


def lab(folder: str | None = None) -> int:
    """The ``lab`` command: JupyterLab on the lessons."""
    notebooks = shipped.folder("notebooks")
    if folder is not None or shipped.PACKAGE in notebooks.parents:  # a wheel's copy: not for editing
        where = Path(folder).expanduser().resolve() if folder else LAB_FOLDER
        copy_course(where)
        notebooks = where / "notebooks"
        print(_("The lessons are in {folder}.", folder=where))
    return subprocess.call([sys.executable, "-m", "jupyterlab", str(notebooks)], env=dict(os.environ))
