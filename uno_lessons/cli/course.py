"""``uno-lessons lessons DIR`` and ``uno-lessons lab``: the notebooks for a course.

``lessons DIR`` copies the lessons and the exercises in every language into ``DIR``
(``DIR/notebooks`` and ``DIR/exercises``, each with ``nl/``, ``sr/``, ``ms/``), plus the Voilà
configuration, so a teacher can hand them out or serve them. It never copies the answers
(``solutions/``, which only a checkout of the repository has): whatever a learner can open
must not hold them (docs/teachers.md, "Where the answers are"). Files already there are left
alone unless ``--force``; the command says how many it left, and why.
``lab`` opens the lessons in JupyterLab: a checkout's own folder, or for an installed wheel
a copy in a folder of the user's (an installed package is not a place to edit notebooks).
JupyterLab refuses to run as root unless asked: ``lab --allow-root`` asks, and says so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _, ngettext
from ..voila import shipped

#: Where ``uno-lessons lab`` keeps the lessons of an installed wheel.
LAB_FOLDER = Path.home() / "uno_lessons"


@dataclass
class Copied:
    """What :func:`copy_course` did: the files it wrote, and those it left as they were."""

    written: list[Path] = field(default_factory=list)
    kept: list[Path] = field(default_factory=list)

    def add(self, source: Path, dest: Path, force: bool) -> None:
        """Copy ``source`` to ``dest`` unless ``dest`` is there already (and not ``force``)."""
        if dest.exists() and not force:
            self.kept.append(dest)
            return
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest)
        self.written.append(dest)


def copy_course(target: Path, *, force: bool = False) -> Copied:
    """Copy the lessons and the exercises (:data:`shipped.FOLDERS`) into ``target``."""
    done = Copied()
    for name in shipped.FOLDERS:
        source = shipped.folder(name)
        for path in sorted(source.rglob("*.ipynb")):
            if ".ipynb_checkpoints" not in path.parts:
                done.add(path, target / name / path.relative_to(source), force)
    done.add(shipped.voila_config_dir() / "voila.json", target / "notebooks" / "voila.json", force)
    return done


def lessons(target: str, force: bool = False) -> int:
    """The ``lessons DIR`` command."""
    folder = Path(target).expanduser().resolve()
    done = copy_course(folder, force=force)
    print(_("Copied {n} files into {folder}.", n=len(done.written), folder=folder))
    if done.kept:
        print(ngettext("Left {n} file as it was: it is already there (--force overwrites it).",
                       "Left {n} files as they were: they are already there (--force overwrites them).",
                       len(done.kept)))
    print(_("The answers (solutions/) are not copied: anyone who can open this folder could read them. "
            "Teachers find them in the repository (docs/teachers.md, \"Where the answers are\")."))
    return 0


def lab_command(notebooks: Path, allow_root: bool = False) -> list[str]:
    """The command line of JupyterLab on ``notebooks``."""
    return [sys.executable, "-m", "jupyterlab", str(notebooks), *(["--allow-root"] if allow_root else [])]


def is_root() -> bool:
    """True when this process runs as root (never on Windows, which has no such user)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab(folder: str | None = None, allow_root: bool = False) -> int:
    """The ``lab`` command: JupyterLab on the lessons."""
    if is_root() and not allow_root:
        print(_("You are root: JupyterLab runs as root only when asked, with uno-lessons lab --allow-root. "
                "Better: run it as an ordinary user."), file=sys.stderr)
        return 2
    notebooks = shipped.folder("notebooks")
    if folder is not None or shipped.PACKAGE in notebooks.parents:  # a wheel's copy: not for editing
        where = Path(folder).expanduser().resolve() if folder else LAB_FOLDER
        copy_course(where)
        notebooks = where / "notebooks"
        print(_("The lessons are in {folder}.", folder=where), flush=True)
    if is_root():
        print(_("JupyterLab runs as root (--allow-root): its notebooks and terminals can change anything "
                "on this machine."), flush=True)  # before JupyterLab's own lines, on the same terminal
    return subprocess.call(lab_command(notebooks, allow_root), env=dict(os.environ))
