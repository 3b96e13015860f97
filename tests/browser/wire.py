"""Speaking a page's kernel websocket directly, as an attacker's script would: no browser,
just Jupyter's messages (the way benchmarks/class_load.py's light client does, copied here so
the tests do not import benchmarks/).

``Wire(base, kernel_id)`` joins the kernel's channels (a second connection beside the page's:
the server sends it every iopub message the page gets), asks for every widget model's state
(``request_states`` on ipywidgets' control comm), and can send a widget a state update or a
custom message (a click). ``frames`` keeps every message received, for the tests to look for
tracebacks and errors in.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from datetime import UTC, datetime

import websocket  # websocket-client: a dependency of jupyter_server

#: What must never reach a browser: an error message, or a traceback in any message.
LEAK_MARKS = ("Traceback (most recent call last)", "Traceback", "File \"/", "site-packages", "uno_lessons/")


class Wire:
    """A client on one kernel's websocket; its models and every frame it received."""

    def __init__(self, base: str, kernel_id: str, timeout: float = 30.0) -> None:
        url = base.replace("http", "ws", 1) + f"api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}"
        self.session = uuid.uuid4().hex
        self.ws = websocket.create_connection(url, timeout=timeout)
        self.frames: list[dict] = []
        self.models: dict[str, dict] = {}
        self._lock = threading.Lock()
        self._states = threading.Event()
        self._stop = False
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ sending
    def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        self.ws.send(json.dumps({
            "header": {"msg_id": uuid.uuid4().hex, "username": "attacker", "session": self.session,
                       "msg_type": msg_type, "version": "5.3", "date": datetime.now(UTC).isoformat()},
            "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
            "buffers": []}))

    def request_states(self, timeout: float = 30.0) -> dict[str, dict]:
        """Every widget model the kernel holds open now: {model id: state}."""
        self._states.clear()
        with self._lock:
            self.models = {}  # only what the answer holds: what is open now
        comm = uuid.uuid4().hex
        self._send("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}},
                   {"version": "1.0.0"})
        self._send("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})
        if not self._states.wait(timeout):
            raise TimeoutError("the kernel sent no widget states")
        with self._lock:
            return dict(self.models)

    def update(self, model_id: str, state: dict) -> None:
        """A state update for ``model_id``, as a front end sends when a control changes."""
        self._send("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state,
                                                              "buffer_paths": []}})

    def click(self, model_id: str) -> None:
        """What a browser sends when a button is clicked."""
        self._send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})

    def settle(self, seconds: float = 1.5) -> None:
        """Wait until the kernel has been idle for a moment (its answers have arrived)."""
        end = time.monotonic() + 30
        quiet_since = time.monotonic()
        seen = len(self.frames)
        while time.monotonic() < end:
            time.sleep(0.1)
            if len(self.frames) != seen:
                seen, quiet_since = len(self.frames), time.monotonic()
            elif time.monotonic() - quiet_since >= seconds:
                return

    # ------------------------------------------------------------------ receiving
    def _listen(self) -> None:
        while not self._stop:
            try:
                raw = self.ws.recv()
            except Exception:  # noqa: BLE001 - closed
                return
            if not raw:
                return  # the server closed the connection
            if not isinstance(raw, str):
                continue  # binary frames (buffers) carry no text for these tests
            try:
                m = json.loads(raw)
            except ValueError:
                continue
            with self._lock:
                self.frames.append(m)
                content = m.get("content", {})
                data = content.get("data") or {}
                if m.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                    for mid, st in data["states"].items():
                        self.models[mid] = dict(st.get("state", st))
                    self._states.set()
                elif m.get("msg_type") == "comm_msg" and data.get("method") in ("update", "echo_update"):
                    self.models.setdefault(content.get("comm_id"), {}).update(data.get("state", {}))
                elif m.get("msg_type") == "comm_open" and content.get("target_name") == "jupyter.widget":
                    self.models[content["comm_id"]] = dict(data.get("state", {}))
                elif m.get("msg_type") == "comm_close":
                    self.models.pop(content.get("comm_id"), None)

    def leaks(self, since: int = 0) -> list[str]:
        """Frames since the ``since``-th that carry an error or a traceback, or the server's
        stderr, to the front end."""
        bad = []
        with self._lock:
            frames = self.frames[since:]
        for m in frames:
            kind = m.get("msg_type")
            text = json.dumps(m.get("content", {}), ensure_ascii=False)
            stderr = kind == "stream" and m["content"].get("name") == "stderr"
            if kind == "error" or stderr or any(mark in text for mark in LEAK_MARKS[:3]):
                bad.append(f"{kind}: {text[:300]}")
        return bad

    def find(self, cls: str) -> list[str]:
        """Model ids whose DOM classes include ``cls``."""
        with self._lock:
            return [m for m, s in self.models.items() if cls in (s.get("_dom_classes") or ())]

    def classes(self) -> set[str]:
        """Every DOM class of every model held now."""
        with self._lock:
            return {c for s in self.models.values() for c in (s.get("_dom_classes") or ())}

    def close(self) -> None:
        self._stop = True
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001 - already closed
            pass


def kernel_of(page) -> str:
    """The kernel id of a Voilà page open in Chromium."""
    return json.loads(page.inner_text("#jupyter-config-data"))["kernelId"]
