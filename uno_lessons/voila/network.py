"""The addresses learners can reach this machine at, and the one a page hands out.

A teacher opens the dashboard on their own machine (``http://127.0.0.1:8866/``); a learner's
laptop cannot use that address (it is the learner's own machine). When the server listens
on the network, ``uno-lessons serve`` tells every page its learners' address
(``UNO_LESSONS_NETWORK_URL``); ``--public-url`` (``UNO_LESSONS_PUBLIC_URL``) wins over it,
for a server behind a school's reverse proxy or on a name. No packet is sent to find them:
they are read from the machine's own interfaces.
"""

from __future__ import annotations

import ipaddress
import os
from urllib.parse import urlsplit, urlunsplit

PUBLIC_ENV = "UNO_LESSONS_PUBLIC_URL"
NETWORK_ENV = "UNO_LESSONS_NETWORK_URL"
#: What a browser calls this machine itself: not an address to hand to someone else.
SELF_NAMES = ("127.0.0.1", "localhost", "::1", "0.0.0.0")


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses on interfaces that are up, private ones first (loopback
    and link-local left out)."""
    import psutil

    stats = psutil.net_if_stats()
    found: list[ipaddress.IPv4Address] = []
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for a in addresses:
            if a.family.name != "AF_INET":
                continue
            ip = ipaddress.IPv4Address(a.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                found.append(ip)
    found.sort(key=lambda ip: (not ip.is_private, ip.packed))
    return [str(ip) for ip in found]


def listen_address(host: str | None, network: bool) -> str:
    """Where the server listens: ``host`` when given, all addresses with ``network``, else
    loopback only (the default: nothing is reachable from other machines by accident)."""
    if host:
        return host
    return "0.0.0.0" if network else "127.0.0.1"


def learners_host(listen: str) -> str | None:
    """The address learners type for a server listening on ``listen``: that address when it is
    a real one, this machine's network address when it listens everywhere, None when it
    listens on loopback only (only this machine can reach it)."""
    if listen in ("0.0.0.0", "::", ""):
        found = network_addresses()
        return found[0] if found else None
    if listen in SELF_NAMES:
        return None
    return listen


def learners_base(page_base: str, environ: dict[str, str] | None = None) -> str:
    """The address to hand learners for a page opened at ``page_base``: ``--public-url``
    when the server has one; else, when the page was opened at the machine's own name
    (127.0.0.1, localhost), the same path on the server's network address if it listens on
    the network; else the page's own address (what the teacher typed is what learners can
    type too)."""
    env = os.environ if environ is None else environ
    public = env.get(PUBLIC_ENV, "").strip()
    if public:
        return public if public.endswith("/") else public + "/"
    parts = urlsplit(page_base)
    network = env.get(NETWORK_ENV, "").strip()
    if network and (parts.hostname or "") in SELF_NAMES:
        net = urlsplit(network)
        return urlunsplit((net.scheme or parts.scheme, net.netloc, parts.path, "", ""))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def this_machine_only(url: str) -> bool:
    """Whether ``url`` names this machine only (127.0.0.1, localhost, ::1 and the rest of the
    loopback range): an address other devices cannot open."""
    host = urlsplit(url).hostname or ""
    if host in SELF_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.endswith(".localhost")


def short_address(url: str) -> str:
    """What a person types: ``192.168.1.20:8866`` for ``http://192.168.1.20:8866/`` (the
    scheme only when it is not plain http, the path only when there is one)."""
    parts = urlsplit(url)
    text = parts.netloc + (parts.path.rstrip("/") if parts.path not in ("", "/") else "")
    return text if parts.scheme in ("http", "") else f"{parts.scheme}://{text}"
