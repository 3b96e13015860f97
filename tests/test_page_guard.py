"""The page kernel's traceback guard (uno_lessons.widgets.page.install_traceback_guard), in a real
ipykernel: a widget callback that raises, or a state update a widget refuses, sends no
traceback (no iopub ``error``, no traceback text in any message) to the front end; the
traceback reaches the kernel's own stderr (the server's terminal) instead, and the page's
hook hears of it. A cell someone runs (an ``execute_request``, JupyterLab) still shows its
traceback as usual.

Without the guard the same messages do send a traceback: the first test checks that, so the
others can fail.
"""

from __future__ import annotations

import json
import queue
import sys
import tempfile
import time

import pytest
from jupyter_client.manager import KernelManager

SETUP = r'''
import ipywidgets as W
heard = []
if GUARD:
    from uno_lessons.widgets.page import PageBridge, on_callback_error
    PageBridge()
    on_callback_error(lambda exc: heard.append(type(exc).__name__))
button = W.Button()
def boom(_b):
    raise RuntimeError("boom in a callback at /secret/server/path.py")
button.on_click(boom)
choice = W.Dropdown(options=["a", "b"])
print("IDS", button.model_id, choice.model_id)
'''


class Kernel:
    """A kernel of this Python, its stderr kept, spoken to like a page's websocket would."""

    def __init__(self) -> None:
        self.km = KernelManager(kernel_name="python3")
        self.stderr = tempfile.TemporaryFile()  # the kernel's own stderr: the server's terminal
        self.km.start_kernel(stderr=self.stderr)
        self.kc = self.km.client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=60)

    def run(self, code: str) -> list[dict]:
        msg_id = self.kc.execute(code)
        return self.collect(until_idle_of=msg_id)

    def comm(self, comm_id: str, data: dict) -> None:
        self.kc.shell_channel.send(self.kc.session.msg("comm_msg", {"comm_id": comm_id, "data": data}))

    def collect(self, until_idle_of: str | None = None, seconds: float = 3.0) -> list[dict]:
        got, end = [], time.monotonic() + (30 if until_idle_of else seconds)
        while time.monotonic() < end:
            try:
                m = self.kc.get_iopub_msg(timeout=0.5)
            except queue.Empty:
                continue
            got.append(m)
            if (until_idle_of and m["msg_type"] == "status" and m["content"]["execution_state"] == "idle"
                    and m["parent_header"].get("msg_id") == until_idle_of):
                break
        return got

    def stop(self) -> str:
        """Shut the kernel down; what it wrote to its stderr."""
        if self.km.is_alive():
            self.kc.stop_channels()
            self.km.shutdown_kernel(now=True)
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")


@pytest.fixture
def kernel():
    k = Kernel()
    yield k
    k.stop()


def ids_from(msgs: list[dict]) -> tuple[str, str]:
    text = "".join(m["content"].get("text", "") for m in msgs if m["msg_type"] == "stream")
    button, choice = text.split("IDS", 1)[1].split()[:2]
    return button, choice


def leaks(msgs: list[dict]) -> list[str]:
    """Every message that carries a traceback or an error to the front end."""
    bad = []
    for m in msgs:
        text = json.dumps(m["content"])
        if m["msg_type"] == "error" or "Traceback" in text or "/secret/server" in text or "TraitError" in text:
            bad.append(f"{m['msg_type']}: {text[:200]}")
    return bad


def attack(kernel: Kernel, guard: bool) -> list[dict]:
    button, choice = ids_from(kernel.run(f"GUARD = {guard}\n{SETUP}"))
    kernel.comm(button, {"method": "custom", "content": {"event": "click"}})
    kernel.comm(choice, {"method": "update", "state": {"index": 99}, "buffer_paths": []})
    kernel.comm("0" * 32, {"method": "custom", "content": {"event": "click"}})  # a closed or made-up id
    return kernel.collect()


def test_without_the_guard_a_failing_callback_sends_its_traceback(kernel):
    assert leaks(attack(kernel, guard=False))


def test_with_the_guard_no_traceback_reaches_the_front_end(kernel):
    msgs = attack(kernel, guard=True)
    assert not leaks(msgs), leaks(msgs)
    # Nothing of the server's at all on stderr (the "No such comm" warning included).
    assert not [m for m in msgs if m["msg_type"] == "stream" and m["content"]["name"] == "stderr"]
    heard = kernel.run("print('HEARD', heard)")
    assert "HEARD ['RuntimeError', 'TraitError']" in "".join(m["content"].get("text", "") for m in heard)
    # A cell someone runs still shows its own traceback (JupyterLab; Voilà viewers send none).
    ran = kernel.run("1/0")
    assert any(m["msg_type"] == "error" and m["content"]["ename"] == "ZeroDivisionError" for m in ran)
    terminal = kernel.stop()
    assert "boom in a callback at /secret/server/path.py" in terminal
    assert "TraitError" in terminal and "No such comm" in terminal


def test_the_guard_is_installed_once_and_not_outside_a_kernel():
    from uno_lessons.widgets.page import install_traceback_guard

    assert install_traceback_guard() is False  # plain Python (pytest): nothing to guard
    assert sys.stderr is not None
