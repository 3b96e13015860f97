"""Where the notebooks and the Voilà configuration are: in the wheel, or in a checkout.

A wheel carries them inside the package, in ``uno_lessons/course/`` (``notebooks``,
``exercises`` and ``notebooks/voila.json``: see ``pyproject.toml``'s ``force-include``; a
folder of its own, so that ``exercises/`` does not sit beside the module ``exercises.py``);
an editable install of a checkout finds them beside the package, where they are written.
Everything that serves or copies them asks here, so both work the same. The answers
(``solutions/``) are not among them: an installed package is readable by every learner who
uses it (on a hub, the shared environment), so they stay in the repository with the teacher.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
#: Where a wheel keeps the notebook folders.
COURSE = PACKAGE / "course"
CHECKOUT = PACKAGE.parent

#: The notebook folders a course gets, in the order ``uno-lessons lessons`` copies them (never
#: ``solutions``: learners could read them).
FOLDERS = ("notebooks", "exercises")


def folder(name: str) -> Path:
    """The folder ``name`` (one of :data:`FOLDERS`): the wheel's copy, else the checkout's."""
    if name not in FOLDERS:
        raise ValueError(f"unknown folder {name!r}; one of {FOLDERS}")
    for candidate in (COURSE / name, CHECKOUT / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name} folder is neither in the package ({COURSE / name}) nor beside "
                            f"it ({CHECKOUT / name}): reinstall uno_lessons from its wheel")


def voila_config_dir() -> Path:
    """The folder whose ``voila.json`` Voilà must read (it reads the working directory's)."""
    for candidate in (COURSE / "notebooks", CHECKOUT):
        if (candidate / "voila.json").is_file():
            return candidate
    raise FileNotFoundError("voila.json is neither in the package nor in the checkout: reinstall uno_lessons")
