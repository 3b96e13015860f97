"""The kernel fork server: Voilà's kernels forked from a process that has done the imports."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import KernelProvisionerFactory

from uno_lessons.voila import forkserver
from uno_lessons.voila.forkserver import TITLE, ForkedKernel, ForkProvisioner, Zygote

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the fork server forks only on Linux")


def use_zygote(monkeypatch, z: Zygote) -> Zygote:
    """Make ``z`` the zygote, and the fork provisioner the default, for this test."""
    monkeypatch.setattr(forkserver, "ZYGOTE", z)
    monkeypatch.setattr(KernelProvisionerFactory.instance(), "default_provisioner_name", "uno-fork-provisioner")
    return z


@pytest.fixture
def zygote(monkeypatch, tmp_path):
    """A zygote of this test's own (preloading a module of the test's own too), ready."""
    (tmp_path / "fork_probe.py").write_text("LOADED = True\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    z = use_zygote(monkeypatch, Zygote())
    monkeypatch.setattr(ForkProvisioner, "preload", [*forkserver.PRELOAD, "fork_probe"])
    z.start([*forkserver.PRELOAD, "fork_probe"])
    deadline = time.monotonic() + 60
    while not z.ready():
        assert time.monotonic() < deadline, "the zygote did not get ready"
        time.sleep(0.05)
    yield z
    z.stop()


async def run(kc, code: str) -> str:
    """The text a cell printed (its stream output), failing on an error."""
    out: list[str] = []

    def hook(msg):
        if msg["msg_type"] == "stream":
            out.append(msg["content"]["text"])

    reply = await kc.execute_interactive(code, output_hook=hook, timeout=60)
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(out)


class Kernel:
    """A kernel started by the server's way (AsyncKernelManager), with a client."""

    def __init__(self, cwd: Path, env: dict | None = None) -> None:
        self.cwd, self.env = cwd, env
        self.km = AsyncKernelManager(kernel_name="python3")

    async def __aenter__(self):
        await self.km.start_kernel(cwd=str(self.cwd), env={**os.environ, **(self.env or {})})
        self.kc = self.km.client()
        self.kc.start_channels()
        await self.kc.wait_for_ready(timeout=60)
        return self

    async def __aexit__(self, *exc) -> None:
        self.kc.stop_channels()
        await self.km.shutdown_kernel(now=True)


def test_a_kernel_is_forked_and_runs_where_and_with_what_the_server_asked(zygote, tmp_path):
    async def scenario():
        async with Kernel(tmp_path, {"UNO_FORK_PROBE": "asked"}) as k:
            assert isinstance(k.km.provisioner.process, ForkedKernel)
            text = await run(k.kc, "import os, sys, fork_probe\n"
                                   "print(os.getcwd(), os.environ['UNO_FORK_PROBE'], fork_probe.LOADED, '' in sys.path)")
            assert text.split() == [str(tmp_path), "asked", "True", "True"]
            # Its command line names no connection file (the path holds the kernel's id, and every
            # user of the machine may read every command line).
            cmdline = Path(f"/proc/{k.km.provisioner.pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            assert cmdline.split() == TITLE.split() and k.km.connection_file not in cmdline
            assert Path(k.km.connection_file).stem.removeprefix("kernel-") not in cmdline
            # ipywidgets was imported before there was a kernel: its comm target is registered now.
            assert (await run(k.kc, "import comm\nprint('jupyter.widget.control' in comm.get_comm_manager().targets)")
                    ).strip() == "True"
            # Subprocesses report their exit status (the zygote's SIGCHLD handling is not inherited).
            assert (await run(k.kc, "import subprocess\nprint(subprocess.run(['false']).returncode)")).strip() == "1"

    asyncio.run(scenario())


def test_two_forked_kernels_do_not_share_numpy_global_random_state(zygote, tmp_path):
    async def scenario():
        draws = []
        for _ in range(2):
            async with Kernel(tmp_path) as k:
                assert isinstance(k.km.provisioner.process, ForkedKernel)
                draws.append(await run(k.kc, "import numpy, random\nprint(numpy.random.rand(), random.random())"))
        assert draws[0].split()[0] != draws[1].split()[0]
        assert draws[0].split()[1] != draws[1].split()[1]

    asyncio.run(scenario())


def test_a_stray_connection_to_the_zygote_forks_nothing_and_stops_nothing(zygote, tmp_path):
    import socket

    for message in (b"", b"not a request", b'{"argv": []}'):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(zygote.path)
            conn.sendall(message)
    time.sleep(0.2)
    assert zygote.ready()

    async def scenario():
        async with Kernel(tmp_path) as k:
            assert isinstance(k.km.provisioner.process, ForkedKernel)

    asyncio.run(scenario())


def test_a_forked_kernel_is_interrupted_and_shut_down_like_a_launched_one(zygote, tmp_path):
    async def scenario():
        async with Kernel(tmp_path) as k:
            pid = k.km.provisioner.pid
            msg_id = k.kc.execute("import time; time.sleep(60)")
            await asyncio.sleep(0.5)
            t0 = time.monotonic()
            await k.km.interrupt_kernel()
            while True:
                reply = await k.kc.get_shell_msg(timeout=30)
                if reply["parent_header"].get("msg_id") == msg_id:
                    break
            assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "KeyboardInterrupt"
            assert time.monotonic() - t0 < 10
            assert await k.km.is_alive()
        # After the shutdown the process is gone, and the provisioner says so.
        assert not Path(f"/proc/{pid}").exists()

    asyncio.run(scenario())


def test_the_first_kernel_waits_for_the_zygote_and_is_forked(monkeypatch, tmp_path):
    z = use_zygote(monkeypatch, Zygote())

    async def scenario():
        async with Kernel(tmp_path) as k:
            assert isinstance(k.km.provisioner.process, ForkedKernel)
            assert (await run(k.kc, "print(6 * 7)")).strip() == "42"

    try:
        asyncio.run(scenario())
    finally:
        z.stop()


def test_a_zygote_that_cannot_start_leaves_kernels_to_start_the_usual_way(monkeypatch, tmp_path):
    z = use_zygote(monkeypatch, Zygote(python="/bin/false"))

    async def scenario():
        for _ in range(2):
            async with Kernel(tmp_path) as k:
                assert isinstance(k.km.provisioner.process, subprocess.Popen)
                assert (await run(k.kc, "print(6 * 7)")).strip() == "42"
                # Launched the usual way, its command line names no connection file either.
                cmdline = Path(f"/proc/{k.km.provisioner.process.pid}/cmdline").read_bytes().decode()
                assert k.km.connection_file not in cmdline and "kernel-" not in cmdline
            assert z.failed
        return z.process

    first = asyncio.run(scenario())
    assert first is z.process  # not started again for the second kernel


def test_only_this_pythons_ipykernel_is_forked():
    p = ForkProvisioner()
    assert p._forkable([sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"])
    assert not p._forkable(["/usr/bin/env", "python3", "-m", "ipykernel_launcher"])
    assert not p._forkable([sys.executable, "-m", "other_kernel", "-f", "k.json"])
    assert not p._forkable(["/opt/another/python", "-m", "ipykernel_launcher", "-f", "k.json"])


def test_after_a_source_edit_kernels_come_from_a_fresh_zygote_and_old_kernels_live_on(zygote, tmp_path):
    async def scenario():
        async with Kernel(tmp_path) as old:
            assert isinstance(old.km.provisioner.process, ForkedKernel)
            first = zygote.process
            probe = tmp_path / "fork_probe.py"
            probe.write_text("LOADED = 'edited'\n")
            later = time.time() + 5
            os.utime(probe, (later, later))
            async with Kernel(tmp_path) as new:  # the stale zygote refuses; a fresh one forks it
                assert isinstance(new.km.provisioner.process, ForkedKernel)
                assert zygote.process is not first
                assert (await run(new.kc, "import fork_probe\nprint(fork_probe.LOADED)")).strip() == "edited"
            assert first.poll() is None  # the old zygote waits for its kernel
            assert (await run(old.kc, "import fork_probe\nprint(fork_probe.LOADED)")).strip() == "True"
        first.wait(30)  # its last kernel gone, the old zygote leaves

    asyncio.run(scenario())


def test_a_forked_kernel_binds_ports_of_its_own_when_another_process_took_the_picked_ones(
        zygote, tmp_path, monkeypatch):
    """jupyter_client picks the ports in the server and the kernel binds them a moment later;
    another process that takes one in between (a second Voilà server starting a kernel) made the
    kernel die with "Address already in use", and its restarts die on the same cached ports
    (CI: a page that never loaded). Here every port jupyter_client picks is one a socket of
    this test already holds: the forked kernel binds free ports of its own, the manager and the
    connection file say which, and the kernel runs."""
    import json
    import socket

    from jupyter_client.localinterfaces import localhost
    from jupyter_client.provisioning.local_provisioner import LocalPortCache

    held = socket.socket()
    held.bind((localhost(), 0))
    held.listen()
    taken = held.getsockname()[1]
    monkeypatch.setattr(LocalPortCache.instance(), "find_available_port", lambda ip: taken)

    async def scenario():
        async with Kernel(tmp_path) as k:
            assert isinstance(k.km.provisioner.process, ForkedKernel)
            ports = [getattr(k.km, name) for name in forkserver.PORT_NAMES]
            assert taken not in ports and all(ports), ports
            written = json.loads(Path(k.km.connection_file).read_text())
            assert [written[name] for name in forkserver.PORT_NAMES] == ports
            assert (await run(k.kc, "print(6 * 7)")).strip() == "42"

    try:
        asyncio.run(scenario())
    finally:
        held.close()
