"""The ``uno-lessons`` command (installed with the package)::

    uno-lessons serve [--class N] [--lang L] [--store URL | --store-file FILE] [--port P]
                      [--network | --host ADDR] [--public-url URL] [--lessons-port P]
                      [--pages-per-user N] [--max-pages N]
    uno-lessons lab [DIR] [--allow-root]
    uno-lessons lessons DIR [--force]
    uno-lessons nbgrader [DIR] --course ID [--assignment A] [--exercise NAME ...]
                         [--exchange PATH] [--formgrader] [--learners-config FILE [--hub-groups]]
    uno-lessons hub-config [FILE] --store URL [--teacher USER ...] [--teachers GROUP] [--port P]
    uno-lessons hub-service [--teachers GROUP] ...

``serve`` (:mod:`.serve`) runs the dashboard and the lessons with the project's own Voilà
configuration from any folder; ``lab`` and ``lessons`` (:mod:`.course`) open or copy the
lessons and the exercises (never the answers); ``nbgrader`` (:mod:`.grading`) writes an
nbgrader course of the exercises (docs/teachers.md, and for a class on a JupyterHub
docs/nbgrader_hub.md); ``hub-config`` and ``hub-service`` are
:mod:`uno_lessons.hub`'s (docs/hub.md): the hub's configuration, and the service the hub
starts. ``bash dev.sh serve`` runs the same ``serve``. Where the notebooks are is
:mod:`.shipped`'s business; which address learners get is :mod:`.network`'s.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..i18n import LANGUAGES


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(prog="uno-lessons", description="UNO: Encanto lessons and the class table.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="serve the dashboard (class tables) and the lessons")
    s.add_argument("--class", dest="class_size", type=int, metavar="N",
                   help="preheat N page kernels, so a class of N opens its pages at once")
    s.add_argument("--lang", choices=sorted(LANGUAGES), help="the pages' language (default: English)")
    store = s.add_mutually_exclusive_group()
    store.add_argument("--store", metavar="URL", help="where class tables live: sqlite:///file.db or redis://host:port/0 "
                       "(an address with a password belongs in --store-file or UNO_LESSONS_STORE instead)")
    store.add_argument("--store-file", metavar="FILE",
                       help="a file (chmod 600) holding the store's address: a password stays off the command line")
    s.add_argument("--port", type=int, default=8866, help="the dashboard's port (default 8866)")
    s.add_argument("--lessons-port", type=int, metavar="P",
                   help="the lessons' port (default: the next one; 0: do not serve the lessons)")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--network", action="store_true",
                       help="listen on this machine's network addresses, so learners' devices can join")
    where.add_argument("--host", metavar="ADDR", help="listen on this address only")
    s.add_argument("--public-url", metavar="URL",
                   help="the address learners use, when it is not this machine's (a reverse proxy, a name)")
    s.add_argument("--pages-per-user", type=int, default=8, metavar="N",
                   help="pages one browser may have open at once (default 8; its oldest idle page makes room)")
    s.add_argument("--max-pages", type=int, metavar="N",
                   help="pages open at once in all (default: from this machine's memory, 66 for 8 GB)")
    s.add_argument("voila_args", nargs=argparse.REMAINDER,
                   help="after --: more options for Voilà (e.g. -- --MappingKernelManager.cull_idle_timeout=300)")
    lab = sub.add_parser("lab", help="open the lessons in JupyterLab")
    lab.add_argument("folder", nargs="?", help="work in this folder (a copy of the lessons is made there)")
    lab.add_argument("--allow-root", action="store_true",
                     help="run JupyterLab even as root (it refuses otherwise; better: an ordinary user)")
    les = sub.add_parser("lessons", help="copy the lesson and exercise notebooks (every language; not the answers)")
    les.add_argument("folder", help="the folder to copy them into")
    les.add_argument("--force", action="store_true", help="overwrite notebooks that are already there")
    nb = sub.add_parser("nbgrader", help="write an nbgrader course of the exercises (for a class on a JupyterHub)")
    nb.add_argument("folder", nargs="?", help="the course folder to write (its nbgrader_config.py and source/)")
    nb.add_argument("--course", required=True, metavar="ID", help="the course id learners and teacher share")
    nb.add_argument("--assignment", default="uno", metavar="A", help="the assignment's name (default: uno)")
    nb.add_argument("--exercise", action="append", default=[], metavar="NAME",
                    help="an exercise to hand out, e.g. 02_matching (repeat it; default: every exercise)")
    nb.add_argument("--exchange", default="/srv/nbgrader/exchange", metavar="PATH",
                    help="nbgrader's exchange folder, shared by the hub's users (default: /srv/nbgrader/exchange)")
    nb.add_argument("--formgrader", action="store_true",
                    help="also write the settings to ~/.jupyter/nbgrader_config.py for the Formgrader")
    nb.add_argument("--learners-config", metavar="FILE",
                    help="write the learners' settings (course and exchange) to FILE, e.g. "
                         "/opt/tljh/user/etc/jupyter/nbgrader_config.py")
    nb.add_argument("--hub-groups", action="store_true",
                    help="in the learners' settings: only members of the hub group nbgrader-ID may fetch and submit")
    for name, text in (("hub-config", "write the JupyterHub configuration of the class tables' service"),
                       ("hub-service", "run the class tables as a JupyterHub service (the hub starts it)")):
        sub.add_parser(name, help=text, add_help=False)  # its options are its module's (main passes them on)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns its exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["hub-config"]:
        from ..hub import config

        return config.main(words[1:])
    if words[:1] == ["hub-service"]:
        from ..hub import service

        return service.main(words[1:])
    args = parser().parse_args(words)
    if args.command == "serve":
        from ..table.address import StoreAddressError, hide_from_ps, store_from
        from .serve import ServeOptions, serve

        hide_from_ps(sys.argv)  # a password given with --store leaves ps at once (the warning says more)
        try:
            store, warnings = store_from(args.store, args.store_file)
        except StoreAddressError as exc:
            print(exc, file=sys.stderr)
            return 2
        for warning in warnings:
            print(warning, file=sys.stderr)
        extra = [a for a in args.voila_args if a != "--"]
        return serve(ServeOptions(port=args.port, lessons_port=args.lessons_port, class_size=args.class_size,
                                  lang=args.lang, store=store, host=args.host, network=args.network,
                                  public_url=args.public_url, extra=extra, pages_per_user=args.pages_per_user,
                                  max_pages=args.max_pages))
    if args.command == "nbgrader":
        from .grading import nbgrader_course

        return nbgrader_course(args.folder, args.course, assignment=args.assignment, notebooks=args.exercise,
                               exchange=args.exchange, formgrader=args.formgrader,
                               learners_config=args.learners_config, hub_groups=args.hub_groups)
    from . import course

    if args.command == "lab":
        return course.lab(args.folder, allow_root=args.allow_root)
    return course.lessons(args.folder, force=args.force)
