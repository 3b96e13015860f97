"""``uno-lessons nbgrader DIR``: an nbgrader course folder of the exercises, for a class on a
JupyterHub that hands work out and collects it through nbgrader's exchange.

The teacher runs it (in a terminal of their own server) to get ``DIR/nbgrader_config.py``
(``CourseDirectory.root``, ``CourseDirectory.course_id``, ``Exchange.root``) and the solution
notebooks as nbgrader's source in ``DIR/source/<assignment>/``. ``--formgrader`` also writes
the same settings to ``~/.jupyter/nbgrader_config.py``, where the Formgrader of the teacher's
server reads them. The hub's administrator runs it once with ``--learners-config FILE`` to
write the settings every learner's server needs (the course and the exchange), for example
``/opt/tljh/user/etc/jupyter/nbgrader_config.py`` on The Littlest JupyterHub.
See docs/nbgrader_hub.md.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from pathlib import Path

from ..i18n import _
from ..voila import shipped
from ..voila.maths import CONFIG_LINES as FEEDBACK_MATHS

#: nbgrader's own default exchange folder; a school usually picks /srv/nbgrader/exchange.
DEFAULT_EXCHANGE = "/srv/nbgrader/exchange"
#: Course and assignment names: what nbgrader accepts in a folder name and a URL.
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class CourseError(ValueError):
    """A course that cannot be written as asked (the message is a sentence for the teacher)."""


def check_name(kind: str, name: str) -> str:
    """``name`` if it is a usable course (``kind="course"``) or assignment name, else
    :class:`CourseError`."""
    if not _NAME.fullmatch(name):
        if kind == "course":
            raise CourseError(_("The course name \"{name}\" may hold only letters, digits, '_', '.' and '-' "
                                "(up to 64, starting with a letter or a digit).", name=name))
        raise CourseError(_("The assignment name \"{name}\" may hold only letters, digits, '_', '.' and '-' "
                            "(up to 64, starting with a letter or a digit).", name=name))
    return name


def exercise_names() -> list[str]:
    """The exercises that can be handed out (the stems of the solution notebooks)."""
    return sorted(p.stem for p in shipped.folder("solutions").glob("*.ipynb"))


#: nbgrader's plugin that asks the hub which courses a user is in (groups ``nbgrader-<course>``
#: for learners, ``formgrade-<course>`` for graders).
HUB_GROUPS_PLUGIN = "nbgrader.auth.JupyterHubAuthPlugin"


def config_text(course_id: str, exchange: str, course_root: Path | None = None, *, hub_groups: bool = False) -> str:
    """The text of an ``nbgrader_config.py``: the course and the exchange, and for a teacher
    (``course_root`` given) where the course folder is, and how its feedback files show maths
    without a CDN. ``hub_groups``: only members of the hub's group ``nbgrader-<course>`` may
    fetch and submit (nbgrader's JupyterHubAuthPlugin)."""
    lines = ["# Written by uno-lessons nbgrader (docs/nbgrader_hub.md).", "c = get_config()  # noqa: F821"]
    if course_root is not None:
        lines.append(f"c.CourseDirectory.root = {str(course_root)!r}")
        lines += FEEDBACK_MATHS
    lines += [f"c.CourseDirectory.course_id = {course_id!r}", f"c.Exchange.root = {exchange!r}"]
    if hub_groups:
        lines.append(f"c.Authenticator.plugin_class = {HUB_GROUPS_PLUGIN!r}")
    return "\n".join(lines) + "\n"


def write_course(folder: Path, course_id: str, *, assignment: str = "uno",
                 notebooks: Sequence[str] = (), exchange: str = DEFAULT_EXCHANGE) -> list[Path]:
    """Write ``folder/nbgrader_config.py`` and ``folder/source/<assignment>/`` (the named
    exercises' solution notebooks, every one when ``notebooks`` is empty); returns the files
    written. Nothing is written when a name is wrong."""
    check_name("course", course_id)
    check_name("assignment", assignment)
    known = exercise_names()
    wanted = list(notebooks) or known
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise CourseError(_("There is no exercise {names}; the exercises are {known}.",
                            names=", ".join(unknown), known=", ".join(known)))
    folder = folder.expanduser().resolve()
    source = folder / "source" / assignment
    source.mkdir(parents=True, exist_ok=True)
    written = []
    for name in wanted:
        dest = source / f"{name}.ipynb"
        shutil.copyfile(shipped.folder("solutions") / f"{name}.ipynb", dest)
        written.append(dest)
    config = folder / "nbgrader_config.py"
    config.write_text(config_text(course_id, exchange, folder), encoding="utf-8")
    return [config, *written]


def nbgrader_course(folder: str | None, course_id: str, *, assignment: str = "uno", notebooks: Sequence[str] = (),
                    exchange: str = DEFAULT_EXCHANGE, formgrader: bool = False,
                    learners_config: str | None = None, hub_groups: bool = False) -> int:
    """The ``nbgrader DIR`` command."""
    try:
        if learners_config is not None:
            check_name("course", course_id)
            target = Path(learners_config).expanduser()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(config_text(course_id, exchange, hub_groups=hub_groups), encoding="utf-8")
            print(_("Wrote the learners' nbgrader settings to {file}.", file=target))
            if folder is None:
                return 0
        if folder is None:
            raise CourseError(_("Name the course folder to write, or --learners-config FILE."))
        written = write_course(Path(folder), course_id, assignment=assignment, notebooks=notebooks,
                               exchange=exchange)
    except CourseError as exc:
        print(exc)
        return 2
    root = written[0].parent
    if formgrader:
        mine = Path.home() / ".jupyter" / "nbgrader_config.py"
        mine.parent.mkdir(parents=True, exist_ok=True)
        mine.write_text(config_text(course_id, exchange, root), encoding="utf-8")
        written.append(mine)
    print(_("Wrote the course {course} in {folder}: {n} files. Next: cd {folder} && nbgrader "
            "generate_assignment {assignment} && nbgrader release_assignment {assignment}.",
            course=course_id, folder=root, n=len(written), assignment=assignment))
    return 0
