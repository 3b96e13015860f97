"""The front (uno_lessons.voila.front) before a private Voilà (uno_lessons.voila.private):
what it passes on, for whom, and how many pages. The pure parts first (the address rules, the
owners and the limits), then a real ``uno-lessons serve`` driven by two browsers' worth of
HTTP and websocket clients: the second cannot reach the first one's kernel, whatever it asks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import requests
import websocket

from tests.serve_fixture import running_serve
from tests.table_backends import free_port
from uno_lessons.voila.front import GRACE, Limits, Pages, classify, kernel_of_page, total_for

KID = "3a365193-32f6-4b7b-9f39-de36355a8c50"


def test_the_address_rules_fail_closed():
    assert classify("", "GET") == ("page", None)
    assert classify("voila/render/02_matching.ipynb", "GET") == ("page", None)
    assert classify("voila/static/main.js", "GET") == ("file", None)
    assert classify(f"api/kernels/{KID}", "GET") == ("kernel", KID)
    assert classify(f"api/kernels/{KID}/channels", "GET") == ("channels", KID)
    assert classify(f"voila/api/shutdown/{KID}", "POST") == ("shutdown", KID)
    for path, method in [(f"api/kernels/{KID}", "DELETE"), (f"api/kernels/{KID}", "POST"), ("api/kernels", "GET"),
                         (f"voila/query/{KID}", "GET"), (f"voila/execution/{KID}", "GET"),
                         ("api/sessions", "GET"), ("api/kernelspecs", "GET"), ("", "POST"), ("", "PUT"),
                         (f"voila/static/{KID}", "GET"), (f"voila/api/shutdown/{KID}", "GET")]:
        assert classify(path, method) == ("refused", None), (path, method)


def test_a_kernel_is_its_openers_and_each_owner_has_so_many_pages():
    now = [1000.0]
    pages = Pages(Limits(per_user=2, total=3), clock=lambda: now[0])
    for n in range(2):
        assert pages.admit("ana") == (None, [])
        pages.served("ana", f"k{n}")
    assert pages.owns("ana", "k0") and not pages.owns("ben", "k0") and not pages.owns(None, "k0")
    pages.connected("k0", +1)
    pages.connected("k1", +1)
    assert pages.admit("ana") == ("user", [])  # both pages connected: refused
    pages.connected("k0", -1)  # a tab closed or reloaded: that page is idle
    assert pages.admit("ana") == ("user", [])  # ... but only after the grace a page gets to connect
    now[0] += GRACE + 1
    assert pages.admit("ana") == (None, ["k0"])  # her oldest idle page makes room
    pages.served("ana", "k2")
    assert not pages.owns("ana", "k0")
    assert pages.admit("ben") == (None, [])
    pages.connected("k2", +1)
    assert pages.admit("eve") == ("total", [])  # 2 of ana's and ben's pending one fill the machine
    pages.served("ben", None)  # a page without a kernel (an error page) holds nothing
    assert pages.admit("eve") == (None, [])
    pages.served("eve", "e0")  # eve's page, never connected (a client that drops its cookie)
    assert pages.admit("cara") == ("total", [])  # full, and nothing idle long enough
    now[0] += GRACE + 1
    assert pages.admit("cara") == (None, ["e0"])  # the page nobody opened makes room
    assert pages.owns("ana", "k1") and pages.owns("ana", "k2")  # pages in use are never closed for another


def test_a_page_is_owned_by_the_kernel_its_configuration_names_not_by_what_it_quotes():
    other = "0" * 8 + KID[8:]
    page = (b'<html><head><script id="jupyter-config-data" type="application/json">{"baseUrl": "/", '
            b'"kernelId": "' + KID.encode() + b'"}</script></head><body>'
            b'<p>"kernelId": "' + other.encode() + b'"</p></body></html>')
    assert kernel_of_page(page) == KID
    assert kernel_of_page(b'<p>"kernelId": "' + other.encode() + b'"</p>') is None  # no configuration: none


def test_without_the_limits_one_browser_opens_sixty_pages():
    """The control for the limits: sixty pages of one owner all go through when the limits
    are (deliberately) as large as the attempt, and stop at the owner's limit otherwise."""
    loose, kept = Pages(Limits(per_user=100, total=1000)), Pages(Limits(per_user=8, total=66))
    for pages in (loose, kept):
        for n in range(60):
            refused, _close = pages.admit("eve")
            if refused is None:
                pages.served("eve", f"k{n}")
                pages.connected(f"k{n}", +1)
    assert len(loose.owned("eve")) == 60 and len(kept.owned("eve")) == 8


def test_the_total_follows_the_machines_memory():
    assert total_for(8192) == 66 and total_for(2048) == 10 and total_for(24 * 1024) > 200


# ------------------------------------------------------------------ a real server
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``uno-lessons serve`` (the dashboard only), at most 3 pages per browser."""
    with running_serve(tmp_path_factory.mktemp("front"), "--pages-per-user=3") as (base, proc, _log):
        yield base, proc


def open_page(base: str, session: requests.Session) -> str:
    """Open the dashboard as a browser would; its kernel's id."""
    r = session.get(f"{base}/?table=ABCDEF", timeout=120)
    while "uno-place" in r.text:  # it waited for a kernel (uno_lessons.voila.waiting): the page is ready now
        r = session.get(f"{base}/?table=ABCDEF", timeout=120)
    assert r.status_code == 200, r.text[:500]
    return re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', r.text).group(1)


def channels(base: str, kernel: str, session: requests.Session | None):
    cookie = "; ".join(f"{k}={v}" for k, v in (session.cookies.items() if session else []))
    return websocket.create_connection(f"{base.replace('http', 'ws')}/api/kernels/{kernel}/channels",
                                       header=[f"Cookie: {cookie}"] if cookie else [], timeout=30)


def widget_states(ws) -> bool:
    """Whether a page's websocket gives every widget's state (the comm_open and
    request_states a widget manager sends: what held the hands), as tests/eve.py asks."""
    from tests.eve import request_states

    return request_states(ws, [], seconds=20)[0]


def test_only_the_browser_that_opened_a_page_reaches_its_kernel(server):
    base, _proc = server
    ana, eve = requests.Session(), requests.Session()
    kernel = open_page(base, ana)
    assert ana.cookies.get("uno-session")
    ws = channels(base, kernel, ana)  # the page's own browser: its widgets
    ws.settimeout(5)
    assert widget_states(ws)
    ws.close()
    open_page(base, eve)  # eve is a visitor like any other, with her own page
    for who in (eve, None):
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            channels(base, kernel, who)
        assert refused.value.status_code == 403
        jar = who or requests.Session()
        assert jar.get(f"{base}/api/kernels/{kernel}", timeout=30).status_code == 403
        assert jar.delete(f"{base}/api/kernels/{kernel}", timeout=30).status_code in (403, 405)
        assert jar.post(f"{base}/voila/api/shutdown/{kernel}", timeout=30).status_code == 403
        assert jar.get(f"{base}/api/kernels", timeout=30).status_code == 404
        with pytest.raises(websocket.WebSocketBadStatusException):
            websocket.create_connection(f"{base.replace('http', 'ws')}/voila/query/{kernel}", timeout=30)
    # Her own page's shutdown, asked by another site's page with her cookie: refused.
    assert ana.post(f"{base}/voila/api/shutdown/{kernel}", headers={"Origin": "http://evil.example"},
                    timeout=30).status_code == 403
    assert ana.get(f"{base}/api/kernels/{kernel}", timeout=30).json()["id"] == kernel  # still alive, still hers


def test_a_browser_gets_so_many_pages_and_is_told_why_not_more(server):
    base, _proc = server
    visitor = requests.Session()
    kernels = [open_page(base, visitor) for _ in range(3)]
    held = [channels(base, k, visitor) for k in kernels]  # all three pages connected
    try:
        r = visitor.get(f"{base}/?table=ABCDEF&lang=nl", timeout=60)
        assert r.status_code == 429
        assert "Sluit er een" in r.text and 'role=\'alert\'' in r.text, r.text
        assert "Traceback" not in r.text and "/tmp" not in r.text
        other = requests.Session()
        assert open_page(base, other)  # another browser is not held up
    finally:
        for ws in held:
            ws.close()


def test_no_kernel_or_server_listens_where_another_user_could_connect(server):
    import psutil

    _base, proc = server
    family = {p.pid for p in psutil.Process(proc.pid).children(recursive=True)} | {proc.pid}
    listening = [c for c in psutil.net_connections(kind="inet") if c.status == "LISTEN" and c.pid in family]
    assert {c.pid for c in listening} == {proc.pid}  # the front's own port, nothing else
    titles = [" ".join(psutil.Process(pid).cmdline()) for pid in family if psutil.pid_exists(pid)]
    assert not [t for t in titles if re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", t) or "kernel-" in t], titles
    inner = [" ".join(psutil.Process(pid).cmdline()) for pid in family - {proc.pid} if psutil.pid_exists(pid)]
    assert inner and not [t for t in inner if "--port" in t or ".sock" in t], inner  # the front's port only
    sockets = [c.laddr for c in psutil.net_connections(kind="unix") if c.pid in family and c.laddr]
    assert len(sockets) >= 6  # the Voilà server's, the fork server's, five per kernel
    for path in sockets:  # each behind a folder other users may not enter
        assert any(folder.stat().st_mode & 0o011 == 0 for folder in Path(path).parents), path


def test_with_the_owner_check_switched_off_another_browser_reads_the_page(server):
    """The control for the test above: a front over the same Voilà server whose owner check
    is switched off lets eve's browser read ana's page: that check is what stops her."""
    import asyncio
    import threading

    import psutil

    from uno_lessons.voila.front import Front, application
    from uno_lessons.voila.private import route, use_unix_sockets

    base, proc = server
    family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
    pids = {p.pid for p in family}
    sock = next(c.laddr for c in psutil.net_connections(kind="unix")
                if c.pid in pids and isinstance(c.laddr, str) and c.laddr.endswith("dashboard.sock"))
    ana = requests.Session()
    kernel = open_page(base, ana)
    port = free_port()
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        use_unix_sockets()
        weak = Front(route(sock))
        weak.pages.owns = lambda who, kernel: True  # the deliberate weakening
        application(weak).listen(port, "127.0.0.1")
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(10)
    try:
        ws = channels(f"http://127.0.0.1:{port}", kernel, None)  # eve: no cookie at all
        ws.settimeout(5)
        assert widget_states(ws)
        ws.close()
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
