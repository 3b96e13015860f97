"""Start the Voilà server's kernels by forking a process that has already imported them.

A page without a preheated kernel waits while Python starts a kernel and imports ipykernel,
numpy, ipywidgets and this package: about a CPU-second before the notebook's first cell runs.
Three learners arriving a second apart queue behind each other's imports on a small machine.
The fork server (a "zygote", as Android starts its apps) does those imports once; each kernel
is then a ``fork`` of it that runs ipykernel's own ``launch_new_instance`` with the command
line, environment and folder the server asked for. What runs in the kernel is unchanged: the
same ipykernel, the same messages, the same checks on the server.

``ForkProvisioner`` is a ``jupyter_client`` kernel provisioner (registered as
``uno-fork-provisioner``). The package's ``voila.json`` makes it Voilà's default:
``{"KernelProvisionerFactory": {"default_provisioner_name": "uno-fork-provisioner"}}``.
The first kernel waits for the zygote's imports (on a small machine that is sooner than a
launch beside them). It forks only on Linux and only for this Python's ``-m ipykernel_launcher``;
anything else, or a zygote that could not start, launches the usual way.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from jupyter_client.connect import KernelConnectionInfo, port_names
from jupyter_client.provisioning import LocalProvisioner
from traitlets import List, Unicode

#: The command line every page kernel shows (``ps``): the same for all, so it tells no one
#: which kernel is which.
TITLE = "uno-lessons page kernel"
#: The environment variable that gives the zygote its socket's path.
ZYGOTE_ENV = "UNO_LESSONS_ZYGOTE"
#: The environment variable that gives a kernel launched without the zygote its connection
#: file (:mod:`.kernel`), instead of ``-f PATH`` on its command line.
CONNECTION_ENV = "UNO_LESSONS_KERNEL_FILE"

#: What the zygote imports before it forks: what every kernel of this package needs.
PRELOAD = ["ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.comm", "ipykernel.debugger", "IPython",
           "sqlite3", "pdb", "psutil", "numpy",
           "ipywidgets", "anywidget", "uno_lessons", "uno_lessons.widgets.page", "uno_lessons.dashboard",
           "uno_lessons.lessons", "uno_lessons.widgets.progress", "uno_lessons.checks"]


# ---------------------------------------------------------------------------- the zygote
def _stat(path: Path) -> list[str]:
    """The fields of a /proc/<pid>/stat after the command name (state, ppid, …); [] if gone."""
    try:
        return path.read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def _proc_start(pid: int) -> str | None:
    """The start time of ``pid`` (tells a reused pid from the kernel's own); None once it has
    exited (gone, or a zombie not yet collected)."""
    fields = _stat(Path(f"/proc/{pid}/stat"))
    return fields[19] if fields and fields[0] not in ("Z", "X") else None


def _newest_source() -> float:
    """The newest modification time of any imported module's file."""
    newest = 0.0
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path:
            try:
                newest = max(newest, os.stat(path).st_mtime)
            except OSError:
                pass
    return newest


def _reap(*_args: Any) -> None:
    """Collect finished kernels so they do not linger as zombies."""
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _kernel_started() -> None:
    """Run the import-time steps of preloaded modules that only act inside a running kernel
    (in the zygote there was none): ipywidgets registers its comm target, without which a
    page cannot ask for every widget's state at once."""
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets._handle_ipython()


def _become_kernel(request: dict, fds: list[int], listener: socket.socket) -> None:
    """In the forked child: take the kernel's session, folder, streams and environment, then
    run ipykernel as ``python -m ipykernel_launcher`` would. Never returns."""
    code = 1
    try:
        listener.close()
        os.setsid()  # its own process group, as jupyter_client's launcher gives a kernel
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the kernel's own subprocesses need it
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(fds[0], 1)
        os.dup2(fds[1], 2)
        for fd in {null, *fds} - {0, 1, 2}:
            os.close(fd)
        try:
            import setproctitle

            # A plain name, without the connection file: its path holds the kernel's id, and
            # every local user may read every command line (ps). find_kernel finds a kernel
            # by its sockets instead. Before the environment changes: it moves the environment.
            setproctitle.setproctitle(TITLE)
        except ImportError:
            pass
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        if "numpy" in sys.modules:  # numpy's legacy global generator would be the same in every kernel
            sys.modules["numpy"].random.seed()
        # ipykernel_launcher leaves the folder out of sys.path; IPython puts '' back.
        sys.path[:] = [p for p in sys.path if p not in ("", request["zygote_cwd"])]
        sys.argv = [request["argv"][0], *request["argv"][3:], f"--IPKernelApp.parent_handle={os.getppid()}"]
        from ipykernel.kernelapp import IPKernelApp

        from .kernel import no_tcp_pipe

        no_tcp_pipe()
        app = IPKernelApp.instance()  # what launch_new_instance does, with the hooks between
        app.initialize()
        _kernel_started()
        app.start()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _children_alive() -> bool:
    """Whether any kernel forked by this process still runs."""
    me = str(os.getpid())
    return any(_stat(stat)[1:2] == [me] for stat in Path("/proc").glob("[0-9]*/stat"))


def _request(message: bytes) -> dict | None:
    """The server's fork request in ``message``; None for anything else."""
    try:
        request = json.loads(message)
    except ValueError:
        return None
    return request if isinstance(request, dict) else None


def _close(fds: list[int]) -> None:
    """Close the descriptors a request brought (the kernel has its own copies)."""
    for fd in fds:
        os.close(fd)


def serve(path: str, preload: list[str]) -> None:
    """The zygote: import ``preload``, listen on the Unix socket ``path``, fork a kernel for
    each request. Stops when the server that started it is gone; when a source file changed,
    it stops taking requests and waits for its kernels (each polls that its parent lives)."""
    parent = os.getppid()
    for name in preload:
        try:
            __import__(name)
        except Exception as exc:  # a missing optional module only costs its import later
            print(f"uno fork server: cannot preload {name}: {exc}", file=sys.stderr)
    loaded = _newest_source()
    signal.signal(signal.SIGCHLD, _reap)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # so that the finally below runs
    try:
        _listen(path, parent, loaded)
    finally:
        Path(path).unlink(missing_ok=True)
        try:
            Path(path).parent.rmdir()
        except OSError:
            pass


def _listen(path: str, parent: int, loaded: float) -> None:
    """The zygote's loop: one fork per request on the socket ``path``."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path + ".tmp")
    os.rename(path + ".tmp", path)  # the socket appears only once the imports are done
    listener.listen(16)
    listener.settimeout(1.0)
    while os.getppid() == parent:
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            continue
        with conn:
            conn.settimeout(10)
            try:
                message, fds, _flags, _addr = socket.recv_fds(conn, 1 << 20, 2)
            except OSError:
                continue
            request = _request(message) if len(fds) == 2 else None
            if request is None:  # not a request from the server: nothing to fork
                _close(fds)
                continue
            if _newest_source() > loaded:  # edited since: the server starts a fresh zygote
                _close(fds)
                conn.sendall(b'{"stale": true}')
                break
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _become_kernel(request, fds, listener)
            _close(fds)
            conn.sendall(json.dumps({"pid": pid, "start": _proc_start(pid)}).encode())
    listener.close()
    while os.getppid() == parent and _children_alive():
        time.sleep(1.0)


# ---------------------------------------------------------------------------- the server side
class ForkedKernel:
    """A forked kernel seen through the parts of ``subprocess.Popen`` that
    ``LocalProvisioner`` uses (it is the zygote's child, not the server's)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, start: str | None) -> None:
        self.pid, self._start = pid, start
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """None while the kernel runs, else its exit status (0: the zygote collected it)."""
        if self.returncode is None and _proc_start(self.pid) != self._start:
            self.returncode = 0
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Block until the kernel has exited."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired("kernel", timeout or 0)
            time.sleep(0.02)
        return self.returncode or 0

    def send_signal(self, signum: int) -> None:
        """Signal the kernel, unless it has already gone."""
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        """SIGTERM, as Popen.terminate."""
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL, as Popen.kill."""
        self.send_signal(signal.SIGKILL)


class Zygote:
    """The server's one fork server: started with the first kernel, restarted when it has gone."""

    #: Seconds a kernel start waits for the zygote's imports before it launches the usual way.
    WAIT = 60.0

    def __init__(self, python: str = sys.executable) -> None:
        self.python = python
        self.process: subprocess.Popen | None = None
        self.path = ""
        self.failed = False  # it exited before it was ready: kernels start the usual way from then on

    def start(self, preload: list[str]) -> None:
        """Start the zygote (its imports take about a second)."""
        folder = tempfile.mkdtemp(prefix="uno-fork-")  # mode 0700: only this user may ask for a kernel
        self.path = os.path.join(folder, "zygote.sock")
        # The socket's path goes through the environment: a command line is every user's to read.
        code = "import os, sys; from uno_lessons.voila.forkserver import serve; serve(os.environ.pop(%r), sys.argv[1:])"
        self.process = subprocess.Popen([self.python, "-c", code % ZYGOTE_ENV, *preload],
                                        stdin=subprocess.DEVNULL, cwd=os.getcwd(),
                                        env={**os.environ, ZYGOTE_ENV: self.path})

    def ready(self) -> bool:
        """Whether the zygote has done its imports and takes requests."""
        return self.process is not None and self.process.poll() is None and os.path.exists(self.path)

    def stop(self) -> None:
        """Stop the zygote (its kernels stop with it, as a launched kernel stops with its server)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None

    async def fork(self, request: dict, preload: list[str]) -> ForkedKernel | None:
        """A forked kernel for ``request``; None if the zygote cannot give one (the caller then
        launches the kernel the usual way). Starts the zygote if it is not running and waits
        for its imports: on two cores that is sooner than a launch beside them."""
        if self.failed:
            return None
        if self.process is None or self.process.poll() is not None:
            self.start(preload)
        deadline = time.monotonic() + self.WAIT
        while not self.ready():
            if self.process is None or self.process.poll() is not None or time.monotonic() > deadline:
                self.failed = self.process is not None and self.process.poll() is not None
                return None
            await asyncio.sleep(0.02)
        answer = self._ask({**request, "zygote_cwd": os.getcwd()})
        if "pid" not in answer:  # stale: it lives on for its kernels; a fresh zygote takes over
            self.start(preload)
            return await self.fork(request, preload)
        return ForkedKernel(answer["pid"], answer["start"])

    def _ask(self, request: dict) -> dict:
        """Send one fork request; the zygote's answer (the kernel's pid, or that it is stale)."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(10)
            conn.connect(self.path)
            # The kernel writes to the server's own stdout and stderr, as a launched kernel does.
            socket.send_fds(conn, [json.dumps(request).encode()], [1, 2])
            return json.loads(conn.recv(4096) or b"{}")


#: The server's zygote (one per server process).
ZYGOTE = Zygote()

#: The connection file's ports, which a forked kernel chooses itself (``_ports_left_to_the_kernel``):
#: jupyter_client's own list of them.
PORT_NAMES = tuple(port_names)
#: Seconds a forked kernel has to bind its ports and say which (a fork is ready in well under one).
PORTS_TIMEOUT = 60.0


class ForkProvisioner(LocalProvisioner):
    """``LocalProvisioner`` whose ipykernel kernels are forked from the zygote."""

    preload = List(Unicode(), default_value=PRELOAD, config=True,
                   help="Modules the zygote imports before it forks kernels.")

    def _forkable(self, cmd: list[str]) -> bool:
        """Whether ``cmd`` is this Python's ``-m ipykernel_launcher`` (what a fork can stand for)."""
        return (sys.platform == "linux" and len(cmd) >= 3 and cmd[1:3] == ["-m", "ipykernel_launcher"]
                and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable))

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        """Fork the kernel from the zygote when it can, else launch it as LocalProvisioner does."""
        forked = None
        if self._forkable(cmd):
            env = kwargs.get("env") or dict(os.environ)
            env.setdefault("JPY_PARENT_PID", str(os.getpid()))
            request = {"argv": cmd, "env": env, "cwd": str(kwargs.get("cwd") or os.getcwd())}
            written = self._ports_left_to_the_kernel()
            try:
                forked = await ZYGOTE.fork(request, list(self.preload))
            except OSError as exc:
                self.log.warning("uno fork server unavailable, starting the kernel the usual way: %s", exc)
            if forked is None:  # launched the usual way, on the ports jupyter_client picked
                self._connection_file().write_text(written)
        if forked is None:
            cmd, kwargs = self._hidden_file(cmd, kwargs)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = forked  # type: ignore[assignment]
        self.pid = self.pgid = forked.pid
        self.cwd = kwargs.get("cwd", Path.cwd())
        return await self._kernels_ports(forked)

    @staticmethod
    def _hidden_file(cmd: list[str], kwargs: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
        """``cmd`` without ``-f CONNECTION_FILE`` (the path holds the kernel's id and ``ps``
        shows it to every user), run by :mod:`.kernel`, which takes the path from the
        environment; any other command as it is."""
        if len(cmd) >= 5 and cmd[1:3] == ["-m", "ipykernel_launcher"] and cmd[3] == "-f":
            env = dict(kwargs.get("env") or os.environ)
            env[CONNECTION_ENV] = cmd[4]
            return [cmd[0], "-m", "uno_lessons.voila.kernel", *cmd[5:]], {**kwargs, "env": env}
        return cmd, kwargs

    def _connection_file(self) -> Path:
        return Path(self.parent.connection_file)  # type: ignore[union-attr]

    def _ports_left_to_the_kernel(self) -> str:
        """Write the connection file with its ports 0, so the kernel binds ports of its own.

        jupyter_client picks the five ports in this process (binding each, then letting go)
        and the kernel binds them a moment later: another process that picks in between (a
        second Voilà server: ``uno-lessons serve`` runs two, CI a dozen) can take one, and the
        kernel dies with "Address already in use". Worse, a restart asks for the same cached
        ports, so it dies again and the page waits for ever. ipykernel binds a random free port
        for a 0 and writes what it bound into the connection file (the handshake its
        ``write_connection_file`` is made for); ``_kernels_ports`` reads them back. Returns
        the file as jupyter_client wrote it (put back if the kernel is launched instead)."""
        path = self._connection_file()
        written = path.read_text()
        info = json.loads(written)
        info.update(dict.fromkeys(PORT_NAMES, 0))
        tmp = path.with_name(path.name + ".tmp")
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as fh:
            json.dump(info, fh, indent=1)  # made 0600 from the start, as jupyter_client's: the key is in it
        os.replace(tmp, path)
        return written

    async def _kernels_ports(self, forked: ForkedKernel) -> KernelConnectionInfo:
        """The connection info with the ports the forked kernel bound (read from the file it
        rewrites once its sockets are bound), told to the kernel manager too; the info as it
        was if the kernel exits first (the manager then sees a dead kernel, as before)."""
        km = self.parent
        path = self._connection_file()
        deadline = time.monotonic() + PORTS_TIMEOUT
        while time.monotonic() < deadline and forked.poll() is None:
            try:
                info = json.loads(path.read_text())
            except (OSError, ValueError):  # being replaced this very moment
                info = {}
            if info and all(info.get(name) for name in PORT_NAMES):
                for name in PORT_NAMES:
                    setattr(km, name, int(info[name]))
                    self.connection_info[name] = int(info[name])  # type: ignore[literal-required]
                return self.connection_info
            await asyncio.sleep(0.005)
        return self.connection_info


def kernel_pids() -> dict[str, int]:
    """Every running page kernel this user may see (the server's own user, or root), by its
    id: found by its ipc sockets (``…/kernel-<id>-ipc-N``), since its command line does not
    name it (:data:`TITLE`). For a culling script, a benchmark, a test."""
    import re

    import psutil

    found: dict[str, int] = {}
    for conn in psutil.net_connections(kind="unix"):
        if conn.pid and isinstance(conn.laddr, str):
            m = re.search(r"kernel-([0-9a-f-]{36})-ipc-\d+$", conn.laddr)
            if m:
                found[m.group(1)] = conn.pid
    return found


def find_kernel(kernel_id: str) -> int | None:
    """The pid of the running kernel ``kernel_id`` (see :func:`kernel_pids`), or None."""
    return kernel_pids().get(kernel_id)
