"""The hub's configuration for the service: ``python -m uno_lessons.hub.config FILE``
writes a ``jupyterhub_config.py`` part (or prints it) that a school adds to its hub's.

It names the service ``uno`` at ``/services/uno/`` (started by the hub with
``python -m uno_lessons.hub``), gives it the store's address in its own environment only,
lets every signed-in user reach it (the ``user`` role's ``access:services!service=uno``)
and creates the teachers' group. :func:`service` is the same entry as a dict, for a
configuration written in Python (the tests' hub uses it).

The store's address may hold its password: give it with ``--store-file FILE`` (a file only
you can read) or ``UNO_LESSONS_STORE`` rather than ``--store``, which every user of the
machine can read in ``ps`` (:mod:`uno_lessons.table.address`). The part written holds
the address, so a new file is made readable by its owner only.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pprint import pformat

from .service import TEACHERS_GROUP

#: The service's name: its pages are at /services/uno/.
NAME = "uno"


def service(store: str, *, port: int = 10101, teachers: str = TEACHERS_GROUP, python: str | None = None,
            environment: dict[str, str] | None = None, args: Sequence[str] = ()) -> dict:
    """The ``c.JupyterHub.services`` entry of the dashboard; ``store`` goes into its
    environment only (``UNO_LESSONS_STORE``)."""
    env = {"UNO_LESSONS_STORE": store, "UNO_LESSONS_TEACHERS": teachers, **(environment or {})}
    return {"name": NAME, "url": f"http://127.0.0.1:{port}", "display": True, "oauth_no_confirm": True,
            "command": [python or sys.executable, "-m", "uno_lessons.hub", *args], "environment": env}


def user_role() -> dict:
    """The hub's ``user`` role with access to the service (JupyterHub's default scopes plus
    ``access:services!service=uno``)."""
    return {"name": "user", "scopes": ["self", f"access:services!service={NAME}"]}


def config_text(store: str, *, port: int = 10101, teachers: str = TEACHERS_GROUP, python: str | None = None,
                teacher_users: Sequence[str] = ()) -> str:
    """A ``jupyterhub_config.py`` part for the service."""
    entry = service(store, port=port, teachers=teachers, python=python)
    lines = [
        "# The UNO class tables as a JupyterHub service at /services/uno/ (uno_lessons.hub).",
        "# The store's address (and its password) is in the service's environment only:",
        "# learners' own servers never get it.",
        "c = get_config()  # noqa: F821 - JupyterHub's configuration object",
        f"c.JupyterHub.services.append({pformat(entry, width=100, sort_dicts=False)})",
        "# Every signed-in user may open the service's pages (teachers are checked by the service).",
        f"c.JupyterHub.load_roles.append({user_role()!r})",
        "# The teachers' group (hub admins are teachers too); add its members here or on the hub's admin page.",
        f"c.JupyterHub.load_groups.update({{{teachers!r}: {{'users': {list(teacher_users)!r}}}}})",
    ]
    return "\n".join(lines) + "\n"


#: The store when no option and no ``UNO_LESSONS_STORE`` gives one.
DEFAULT_STORE = "redis://127.0.0.1:6379/0"


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or print) the configuration part; returns the exit code."""
    from ..table.address import hide_from_ps, store_from
    from ..table.config import TableError

    hide_from_ps(sys.argv)  # first: a password in --store shows in ps until then
    p = argparse.ArgumentParser(prog="python -m uno_lessons.hub.config",
                                description="Write the hub's configuration for the UNO class tables service.")
    p.add_argument("file", nargs="?", help="the file to write (default: print it)")
    p.add_argument("--store", help="the table store's address, e.g. redis://127.0.0.1:6379/0 (default: "
                                   f"$UNO_LESSONS_STORE, else {DEFAULT_STORE}); one with a password "
                                   "belongs in --store-file, since other users can read a command line")
    p.add_argument("--store-file", metavar="FILE",
                   help="a file only you can read (chmod 600) holding the store's address on its first line, "
                        "e.g. redis://:PASSWORD@127.0.0.1:6379/0")
    p.add_argument("--teachers", default=TEACHERS_GROUP, help="the teachers' hub group (default: uno-teachers)")
    p.add_argument("--teacher", action="append", default=[], metavar="USER", help="a member of that group")
    p.add_argument("--port", type=int, default=10101, help="the service's own port on this machine")
    args = p.parse_args(argv)
    try:
        store, warnings = store_from(args.store, args.store_file)
    except TableError as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    for warning in warnings:
        sys.stderr.write(f"{warning}\n")
    text = config_text(store or DEFAULT_STORE, port=args.port, teachers=args.teachers,
                       teacher_users=args.teacher)
    if args.file:
        # The part holds the store's address and so its password: a new file is its owner's
        # alone from the start (an existing one keeps the mode its owner gave it).
        fd = os.open(args.file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
