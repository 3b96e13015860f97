"""``uno-lessons nbgrader DIR``: an nbgrader course folder of the exercises, for a class on a
JupyterHub that hands work out and collects it through nbgrader's exchange.

The teacher runs it (in a terminal of their own server) to get ``DIR/nbgrader_config.py``
(``CourseDirectory.root``, ``CourseDirectory.course_id``, ``Exchange.root``) and nbgrader's
source in ``DIR/source/<assignment>/``: the exercise notebooks with each answer stub between
nbgrader's solution markers, so ``generate_assignment`` releases them exactly as they are.
The answers are never needed to hand work out or to grade it (the check cells do that), so
they need not be anywhere a learner's environment can read: a teacher who wants them (to
read, or to see them in the Formgrader) copies the repository's ``solutions/`` notebooks over
the source (docs/teachers.md, "Where the answers are"). ``--formgrader`` also writes
the same settings to ``~/.jupyter/nbgrader_config.py``, where the Formgrader of the teacher's
server reads them. The hub's administrator runs it once with ``--learners-config FILE`` to
write the settings every learner's server needs (the course and the exchange), for example
``/opt/tljh/user/etc/jupyter/nbgrader_config.py`` on The Littlest JupyterHub.
See docs/nbgrader_hub.md.
"""

from __future__ import annotations

import json
import re
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
    """The exercises that can be handed out (the stems of the exercise notebooks)."""
    return sorted(p.stem for p in shipped.folder("exercises").glob("*.ipynb"))


#: The answer stub of an exercise's code cell (uno_lessons.tools.exercises writes it, as nbgrader does).
_STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")


def marked_stubs(source: str) -> str:
    """An answer cell's ``source`` with each stub between nbgrader's solution markers, at the
    stub's indentation: what ``generate_assignment`` turns back into that very stub."""
    lines, out, i = source.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        indent = line[: len(line) - len(line.lstrip())]
        if line.strip() == _STUB[0] and i + 1 < len(lines) and lines[i + 1] == indent + _STUB[1]:
            out += [indent + "### BEGIN SOLUTION", line, lines[i + 1], indent + "### END SOLUTION"]
            i += 2
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def source_notebook(exercise: Path) -> str:
    """nbgrader's source for one exercise notebook (its JSON): the exercise, with every answer
    cell's stub marked as the solution region."""
    nb = json.loads(exercise.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("solution"):
            text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            cell["source"] = marked_stubs(text)
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


#: nbgrader's plugin that asks the hub which courses a user is in (groups ``nbgrader-<course>``
#: for learners, ``formgrade-<course>`` for graders).
HUB_GROUPS_PLUGIN = "nbgrader.auth.JupyterHubAuthPlugin"


#: nbgrader's kernels (autograde, validate) talk over Unix sockets in the user's private Jupyter
#: runtime folder, as the project's page kernels do, not over TCP on 127.0.0.1: no port another
#: user of the machine could reach, and no "Kernel is running over TCP without encryption" line
#: per notebook in the teacher's terminal. One prefix per process: nbgrader runs its kernels one
#: after another, and two nbgrader commands at once get prefixes of their own.
KERNELS_OVER_IPC = (
    "import os",
    "from jupyter_core.paths import jupyter_runtime_dir",
    "if os.name == 'posix':  # kernels over private Unix sockets, not TCP (uno_lessons.cli.grading)",
    "    os.makedirs(jupyter_runtime_dir(), mode=0o700, exist_ok=True)",
    "    c.KernelManager.transport = 'ipc'  # noqa: F821",
    "    c.KernelManager.ip = os.path.join(jupyter_runtime_dir(), f'nbgrader-{os.getpid()}')  # noqa: F821",
)


def config_text(course_id: str, exchange: str, course_root: Path | None = None, *, hub_groups: bool = False) -> str:
    """The text of an ``nbgrader_config.py``: the course and the exchange, and for a teacher
    (``course_root`` given) where the course folder is, and how its feedback files show maths
    without a CDN. ``hub_groups``: only members of the hub's group ``nbgrader-<course>`` may
    fetch and submit (nbgrader's JupyterHubAuthPlugin)."""
    lines = ["# Written by uno-lessons nbgrader (docs/nbgrader_hub.md).", "c = get_config()  # noqa: F821",
             *KERNELS_OVER_IPC]
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
    exercises as nbgrader's source, every one when ``notebooks`` is empty: see
    :func:`source_notebook`); returns the files written. Nothing is written when a name is wrong."""
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
        dest.write_text(source_notebook(shipped.folder("exercises") / f"{name}.ipynb"), encoding="utf-8")
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
