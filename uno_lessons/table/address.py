"""The table store's address, kept off the command line when it holds a password.

Every user of the machine can read every process's command line (``ps``,
``/proc/PID/cmdline``), so ``--store redis://:PASSWORD@host/0`` shows the password to all of
them. Two places are private: a file only its owner can read (``--store-file FILE``, after
``chmod 600 FILE``), and the process's environment (``UNO_LESSONS_STORE``: ``/proc/PID/environ``
is readable by its owner alone). :func:`store_from` takes the address from any of the three
and warns about the first; :func:`hide_from_ps` takes the password out of the process's title
once Python runs, which narrows the window but does not close it (the command line was
readable from the moment the process started).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

from ..i18n import _
from .backend import STORE_ENV
from .config import TableError


class StoreAddressError(TableError):
    """The store's address could not be taken as given (both ``--store`` and
    ``--store-file``, or a store file that is missing, empty or readable by others); the
    message is a sentence for the person starting the server. Nothing was changed."""


#: What stands for a password in the process's title.
HIDDEN = "…"

#: Where a URL starts inside an argument ("--store=redis://…" as well as "redis://…").
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")


def has_password(url: str) -> bool:
    """Whether the address ``url`` holds a password (``redis://:PASSWORD@host/0``)."""
    try:
        return bool(urlsplit(url).password)
    except ValueError:  # not a URL at all (a bad port): nothing urlsplit can call a password
        return False


def password_warning() -> str:
    """The sentence for a store password given on the command line."""
    return _("The store's password is on the command line, which other users of this computer can "
             "read: put the address in a file only you can read (--store-file FILE, after chmod 600 "
             "FILE) or in the environment variable UNO_LESSONS_STORE instead.")


def store_from(arg: str | None, file: str | None,
               env: Mapping[str, str] = os.environ) -> tuple[str | None, list[str]]:
    """The table store's address and the warnings to print: from ``arg`` (``--store URL``),
    else from ``file`` (``--store-file FILE``: the address on its first line), else from
    ``UNO_LESSONS_STORE`` in ``env``; ``(None, [])`` when none gives one (the caller's
    default applies).

    An ``arg`` with a password is used, with :func:`password_warning`. StoreAddressError (a
    TableError; its message a sentence)
    for both ``arg`` and ``file``, and for a ``file`` that is missing, unreadable, empty, or
    that its group or others may read (it must be 0600 or stricter: a file others can read
    is no better than the command line). Nothing is changed either way."""
    if arg and file:
        raise StoreAddressError(_("Give the store's address either with --store or with --store-file, not both."))
    if arg:
        return arg, [password_warning()] if has_password(arg) else []
    if file:
        return _read_store_file(file), []
    return env.get(STORE_ENV) or None, []


def _read_store_file(file: str) -> str:
    refused = StoreAddressError(_("The store file {path} must exist, be readable by you only (chmod 600 {path}) "
                           "and hold the store's address on its first line.", path=file))
    try:
        # The mode is read from the open file (fstat), so the file checked is the file read.
        fd = os.open(file, os.O_RDONLY | os.O_CLOEXEC)
    except OSError as exc:
        raise refused from exc
    with os.fdopen(fd, encoding="utf-8") as stream:
        if stat.S_IMODE(os.fstat(fd).st_mode) & 0o077:
            raise refused
        try:
            first = stream.readline().strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise refused from exc
    if not first:
        raise refused
    return first


def hidden(arg: str) -> str:
    """``arg`` with the password of each URL in it replaced by :data:`HIDDEN`
    (``redis://:…@127.0.0.1:6379/0``); ``arg`` itself when it holds none."""
    out, done = [], 0
    for match in _SCHEME.finditer(arg):
        if match.start() < done:
            continue  # inside a URL already rewritten
        rest = arg[match.start():]
        try:
            parts = urlsplit(rest)
            password = parts.password
        except ValueError:
            continue
        if not password:
            continue
        # The netloc follows the "scheme://" as urlsplit read it; its user part ends at the
        # last "@" (urlsplit's rule), so a password holding "@" or ":" is hidden whole.
        netloc_at = match.end()
        user, _sep, host = parts.netloc.rpartition("@")
        name = user.split(":", 1)[0]
        out.append(arg[done:netloc_at] + f"{name}:{HIDDEN}@{host}")
        done = netloc_at + len(parts.netloc)
    return "".join(out) + arg[done:] if out else arg


def hide_from_ps(argv: Sequence[str]) -> None:
    """Rewrite this process's title (what ``ps`` and ``/proc/PID/cmdline`` show) so that each
    argument of ``argv`` (``sys.argv``) holding a URL password shows :func:`hidden` instead;
    nothing happens when no argument holds one. Call it first thing: until then the password
    was readable, so the warning of :func:`store_from` still applies."""
    changes = [(arg, hidden(arg)) for arg in argv]
    changes = [(arg, new) for arg, new in changes if new != arg]
    if not changes:
        return
    import setproctitle

    title = setproctitle.getproctitle()
    new_title = title
    for arg, new in changes:
        new_title = new_title.replace(arg, new)
    if new_title != title:
        setproctitle.setproctitle(new_title)


def store_problem(url: str | None = None) -> str | None:
    """Why the store at ``url`` (default: the one named by the environment, which the pages
    open) cannot work here, as a sentence for the terminal; None when nothing stands in the
    way that is known before a page opens it. A Redis store needs the ``redis`` extra:
    without it every class page would fail, so the servers do not start."""
    url = url or os.environ.get(STORE_ENV, "")
    if not url.startswith(("redis://", "rediss://", "unix://")):  # open_store's Redis addresses
        return None
    from .redis import client_library  # the redis extra may be missing: only then asked

    try:
        client_library()
    except TableError as exc:
        return str(exc)
    return None
