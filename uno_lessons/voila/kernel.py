"""``python -m uno_lessons.voila.kernel``: ipykernel, with its connection file named by the
environment (``UNO_LESSONS_KERNEL_FILE``) instead of ``-f PATH`` on the command line.

The fork server (:mod:`.forkserver`) gives its kernels a plain process title; a kernel it
cannot fork is launched the usual way, and this keeps that kernel's command line as plain:
the connection file's path holds the kernel's id, and ``ps`` shows every command line to
every user of the machine.
"""

from __future__ import annotations

import os
import sys


def no_tcp_pipe() -> None:
    """Keep ipykernel from opening its one TCP port (a pipe on 127.0.0.1 for the output of
    processes the kernel forks): any local user may connect to it, and a page kernel forks
    none. Such output, if any, goes to the server's terminal instead."""
    from ipykernel import iostream

    def setup_no_pipe(thread) -> None:
        thread._pipe_flag = False

    iostream.IOPubThread._setup_pipe_in = setup_no_pipe  # type: ignore[method-assign]


def main() -> None:
    """Run ipykernel on the connection file the environment names."""
    path = os.environ.pop("UNO_LESSONS_KERNEL_FILE", "")
    if not path:
        sys.exit("UNO_LESSONS_KERNEL_FILE names no connection file")
    try:
        import setproctitle

        setproctitle.setproctitle("uno-lessons page kernel")
    except ImportError:
        pass
    if sys.path and sys.path[0] in ("", os.getcwd()):  # as ipykernel_launcher: not the folder
        del sys.path[0]
    sys.argv = [sys.argv[0], "-f", path, *sys.argv[1:]]
    from ipykernel import kernelapp

    no_tcp_pipe()
    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
