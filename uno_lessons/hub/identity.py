"""A hub user, signed by the service for its page kernels.

The service (:mod:`.service`) knows who a browser is from the hub's OAuth cookie; the page
kernel learns it only from the request the service passes on: a ``uno_hub`` query
parameter that the service writes (replacing any a browser sent) and signs with a secret
that only the service and its Voilà server hold (``UNO_LESSONS_HUB_SECRET``). A kernel
that has the secret accepts no page without a fresh, correctly signed identity.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import time
from dataclasses import dataclass

#: The query parameter the service adds for the page kernel.
PARAM = "uno_hub"
#: The environment variable of the service's Voilà server (and so of its kernels).
SECRET_ENV = "UNO_LESSONS_HUB_SECRET"
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
    data = json.dumps({"u": user.name, "t": user.teacher, "x": stamp + MAX_AGE}, separators=(",", ":"))
    body = base64.urlsafe_b64encode(data.encode()).decode()
    return f"{body}.{_mac(secret, body)}"


def verify(text: str, secret: str, now: float | None = None) -> HubUser | None:
    """The user ``text`` was signed for, or None when it is missing, altered or stale."""
    body, _dot, mac = (text or "").partition(".")
    if not body or not hmac.compare_digest(mac, _mac(secret, body)):
        return None
    try:
        data = json.loads(base64.urlsafe_b64decode(body.encode()))
        name, teacher, expires = data["u"], data["t"], float(data["x"])
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(name, str) or not name or not isinstance(teacher, bool):
        return None
    if (time.time() if now is None else now) > expires:
        return None
    return HubUser(name, teacher)


def is_teacher(model: dict, group: str) -> bool:
    """Whether the hub's user model (from its OAuth) is a teacher's: an admin, or a member
    of ``group``."""
    return bool(model.get("admin")) or group in (model.get("groups") or ())
