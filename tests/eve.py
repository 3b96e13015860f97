"""What a curious learner tries from her own terminal on the school's machine (issue 35).

Run as that learner's unix user (tests/unix_users.run_as), with a JSON brief on standard
input, it reports in one JSON line what worked:

* ``ps``: command lines that name a kernel, a secret, a socket or an internal port of the
  server (each named in the brief);
* ``http``: every listening TCP port that answers HTTP, with each kernel's model it gave
  (``GET …api/kernels/<id>``);
* ``channels``: kernels whose channels gave the widgets' states (what held the hands), with
  any marker found in them;
* ``query``: messages heard on a kernel's query websocket (where the next page's address and
  signed identity pass), with any marker in them;
* ``zmq``: every other listening port subscribed to as a ZMQ SUB socket, and the messages
  with a marker that arrived;
* ``files``: what reading each file gave;
* ``redis``: what a Redis without the password answered.

The brief: ``{"kernels": [...], "prefixes": ["/services/uno/", "/"], "markers": [...],
"secrets": [...], "ports": [...], "files": [...], "redis": [port, ...], "listen": seconds,
"cookie": "...", "query_kernels": [...], "query_wait": seconds, "ready": folder}``.
Nothing here changes a page: it only reads (a shutdown or a click would prove no more).
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time


def signal_ready(brief: dict, stage: str) -> None:
    """Tell the test she is listening (a file in the folder the brief names), so that it
    makes the traffic she waits for only then."""
    folder = brief.get("ready")
    if folder:
        open(os.path.join(folder, stage), "w").close()


def listening_ports() -> list[int]:
    """Every TCP port listening on this machine (what ``ss -ltn`` shows any user)."""
    ports: set[int] = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(name).read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A":  # LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return sorted(ports)


def command_lines(brief: dict) -> list[str]:
    """Command lines that give something of the server away: a kernel's id, a secret, one of
    its sockets or folders, or one of its internal ports (``--port=N``) (the brief names them;
    other programs on the machine, other tests' servers among them, are none of her
    business here)."""
    words = [*brief.get("kernels", []), *brief.get("secrets", []), *(f"--port={p}" for p in brief.get("ports", []))]
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            line = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if "eve.py" in line:  # her own
            continue
        if any(w and w in line for w in words):
            found.append(line.strip()[:300])
    return found


def speaks_http(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
            conn.settimeout(1.5)
            conn.sendall(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            return conn.recv(8).startswith(b"HTTP/")
    except OSError:
        return False


def request_states(ws, markers: list[str], seconds: float = 6.0) -> tuple[bool, list[str]]:
    """Ask a kernel's channels for every widget's state, as a page's widget manager does."""
    for n, (kind, content) in enumerate([
            ("comm_open", {"comm_id": "c-1", "target_name": "jupyter.widget.control", "data": {}}),
            ("comm_msg", {"comm_id": "c-1", "data": {"method": "request_states"}})]):
        header = {"msg_id": f"req-{n}", "msg_type": kind, "username": "", "session": "s", "version": "5.3",
                  "date": ""}
        ws.send(json.dumps({"header": header, "parent_header": {}, "metadata": {"version": "1.0.0"},
                            "channel": "shell", "content": content}))
    text, end = "", time.monotonic() + seconds
    while time.monotonic() < end and "update_states" not in text:
        try:
            got = ws.recv()
        except Exception:  # noqa: BLE001 - timed out or closed: what came is what she got
            break
        text += got if isinstance(got, str) else got.decode("utf-8", "replace")
    return "update_states" in text, [m for m in markers if m in text]


def try_kernels(brief: dict, ports: list[int]) -> dict:
    import urllib.request

    import websocket

    found: dict = {"http": [], "channels": []}
    headers = [f"Cookie: {brief['cookie']}"] if brief.get("cookie") else []
    for port in ports:
        for prefix in brief.get("prefixes", ["/"]):
            for kernel in brief.get("kernels", []):
                base = f"127.0.0.1:{port}{prefix}"
                try:
                    req = urllib.request.Request(f"http://{base}api/kernels/{kernel}",
                                                 headers=dict(h.split(": ", 1) for h in headers))
                    with urllib.request.urlopen(req, timeout=3) as r:
                        if kernel in r.read().decode("utf-8", "replace"):
                            found["http"].append([port, prefix, kernel])
                except Exception:  # noqa: BLE001 - refused, redirected, not HTTP: nothing for her
                    pass
                try:
                    ws = websocket.create_connection(f"ws://{base}api/kernels/{kernel}/channels", timeout=4,
                                                     header=headers)
                except Exception:  # noqa: BLE001
                    ws = None
                if ws is not None:  # a socket that opened (another server may open one and close it)
                    states, seen = request_states(ws, brief.get("markers", []))
                    if states or seen:
                        found["channels"].append([port, prefix, kernel, states, seen])
                    ws.close()
    return found


def try_queries(brief: dict, ports: list[int]) -> list:
    """Listen on the query websocket of every kernel named (a preheated kernel's: where Voilà
    sends the next page's request, with its address and signed identity) at every HTTP port,
    for ``query_wait`` seconds: what arrived, with the markers in it. A socket that opens and
    stays silent (another server's, for a kernel it does not have) gives nothing away."""
    import websocket

    headers = [f"Cookie: {brief['cookie']}"] if brief.get("cookie") else []
    open_ones = []
    for port in ports:
        for prefix in brief.get("prefixes", ["/"]):
            for kernel in brief.get("query_kernels", brief.get("kernels", [])):
                try:
                    ws = websocket.create_connection(f"ws://127.0.0.1:{port}{prefix}voila/query/{kernel}",
                                                     timeout=4, header=headers)
                except Exception:  # noqa: BLE001 - refused: nothing for her
                    continue
                ws.settimeout(0.05)
                open_ones.append([port, prefix, kernel, ws])
    signal_ready(brief, "query")
    got, end = [], time.monotonic() + float(brief.get("query_wait", 1))
    while open_ones and time.monotonic() < end:
        for item in list(open_ones):
            try:
                message = item[3].recv()
            except websocket.WebSocketTimeoutException:
                continue
            except Exception:  # noqa: BLE001 - closed by the server
                open_ones.remove(item)
                continue
            text = message if isinstance(message, str) else message.decode("utf-8", "replace")
            got.append([*item[:3], [m for m in brief.get("markers", []) if m in text] or [text[:120]]])
            open_ones.remove(item)
    for item in open_ones:
        item[3].close()
    return got


def subscribe(brief: dict, ports: list[int], markers: list[str], seconds: float) -> list:
    """ZMQ SUB on every port at once, for ``seconds``: the messages that carry a marker."""
    import zmq

    ctx = zmq.Context.instance()
    subs = {}
    for port in ports:
        s = ctx.socket(zmq.SUB)
        s.setsockopt(zmq.LINGER, 0)
        s.setsockopt(zmq.SUBSCRIBE, b"")
        s.connect(f"tcp://127.0.0.1:{port}")
        subs[s] = port
    poller = zmq.Poller()
    for s in subs:
        poller.register(s, zmq.POLLIN)
    signal_ready(brief, "zmq")
    got, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        for s, _event in poller.poll(200):
            parts = s.recv_multipart()
            text = b" ".join(parts).decode("utf-8", "replace")
            hits = [m for m in markers if m in text]
            if hits:
                got.append([subs[s], hits])
    for s in subs:
        s.close()
    return got


def read_files(paths: list[str]) -> dict:
    out = {}
    for path in paths:
        try:
            with open(path, "rb") as fh:
                out[path] = f"read {len(fh.read())} bytes"
        except OSError as exc:
            out[path] = type(exc).__name__
    return out


def try_redis(ports: list[int]) -> dict:
    import redis

    out = {}
    for port in ports:
        try:
            redis.Redis(port=port, socket_timeout=3).keys("uno:*")
            out[str(port)] = "read keys"
        except Exception as exc:  # noqa: BLE001
            out[str(port)] = type(exc).__name__
    return out


def main() -> None:
    brief = json.loads(sys.stdin.read())
    report: dict = {"user": os.getuid(), "ps": command_lines(brief)}
    ports = [p for p in listening_ports() if p not in brief.get("skip_ports", [])]
    http = [p for p in ports if speaks_http(p)]
    report["http_ports"] = http
    report.update(try_kernels(brief, http))
    report["query"] = try_queries(brief, http)
    report["zmq"] = subscribe(brief, [p for p in ports if p not in http and p not in brief.get("redis", [])],
                              brief.get("markers", []), float(brief.get("listen", 0)))
    report["files"] = read_files(brief.get("files", []))
    report["redis"] = try_redis(brief.get("redis", []))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
