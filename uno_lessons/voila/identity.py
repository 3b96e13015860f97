"""A hub user, signed by the service for its page kernels.

The service (:mod:`.service`) knows who a browser is from the hub's OAuth cookie; the page
kernel learns it only from the request the service passes on: a ``uno_hub`` query
parameter that the service writes (replacing any a browser sent) and signs with a secret
that only the service and its Voilà server hold (``UNO_LESSONS_HUB_SECRET``). A kernel
that has the secret accepts no page without a fresh, correctly signed identity.

A signed identity is good once: it carries a random nonce, and the page kernel that reads
it takes the nonce (:func:`use_once`: a file made with ``O_EXCL`` in a folder only the
service's user may enter, ``UNO_LESSONS_HUB_NONCES``), so the same text opens no second
page, in this kernel or another.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

#: The query parameter the service adds for the page kernel.
PARAM = "uno_hub"
#: The environment variable of the service's Voilà server (and so of its kernels).
SECRET_ENV = "UNO_LESSONS_HUB_SECRET"
#: The environment variable naming the folder of used nonces (the service's, mode 0700).
NONCES_ENV = "UNO_LESSONS_HUB_NONCES"
#: Seconds a signed identity is good for: from the service's request to the kernel's look.
MAX_AGE = 300.0


@dataclass(frozen=True)
class HubUser:
    """A signed-in hub user as the page kernel knows them."""

    name: str
    teacher: bool


def new_secret() -> str:
    """A fresh signing secret (the service makes one each time it starts)."""
    return secrets.token_urlsafe(32)


def hub_secret() -> str | None:
    """The signing secret of this process (None outside the hub service)."""
    return os.environ.get(SECRET_ENV) or None


def _mac(secret: str, body: str) -> str:
    return hmac.new(secret.encode(), body.encode(), hashlib.sha256).hexdigest()


def sign(user: HubUser, secret: str, now: float | None = None) -> str:
    """``user`` as the text of the ``uno_hub`` parameter."""
    stamp = time.time() if now is None else now
    data = json.dumps({"u": user.name, "t": user.teacher, "x": stamp + MAX_AGE, "n": secrets.token_urlsafe(18)},
                      separators=(",", ":"))
    body = base64.urlsafe_b64encode(data.encode()).decode()
    return f"{body}.{_mac(secret, body)}"


def verify(text: str, secret: str, now: float | None = None,
           once: Callable[[str], bool] | None = None) -> HubUser | None:
    """The user ``text`` was signed for, or None when it is missing, altered or stale; with
    ``once`` (:func:`use_once`), also None when its nonce was used before."""
    body, _dot, mac = (text or "").partition(".")
    if not body or not hmac.compare_digest(mac, _mac(secret, body)):
        return None
    try:
        data = json.loads(base64.urlsafe_b64decode(body.encode()))
        name, teacher, expires, nonce = data["u"], data["t"], float(data["x"]), data["n"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(name, str) or not name or not isinstance(teacher, bool) or not isinstance(nonce, str):
        return None
    if (time.time() if now is None else now) > expires:
        return None
    if once is not None and not once(nonce):
        return None
    return HubUser(name, teacher)


def use_once(nonce: str, folder: str | None = None) -> bool:
    """Take ``nonce``: True the first time, False ever after (and False without the folder of
    used nonces, ``$UNO_LESSONS_HUB_NONCES``: fail closed)."""
    folder = folder or os.environ.get(NONCES_ENV)
    if not folder or not re.fullmatch(r"[A-Za-z0-9_-]{16,64}", nonce):
        return False
    try:
        os.close(os.open(os.path.join(folder, nonce), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError:  # taken before (FileExistsError), or the folder is gone
        return False
    return True


def forget_used(folder: str, now: float | None = None) -> int:
    """Remove the used nonces older than :data:`MAX_AGE` (their identities are stale anyway);
    how many were removed."""
    limit = (time.time() if now is None else now) - MAX_AGE - 60
    removed = 0
    for entry in os.scandir(folder):
        try:
            if entry.stat().st_mtime < limit:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def is_teacher(model: dict, group: str) -> bool:
    """Whether the hub's user model (from its OAuth) is a teacher's: an admin, or a member
    of ``group``."""
    return bool(model.get("admin")) or group in (model.get("groups") or ())
