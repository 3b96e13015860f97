"""A real ``uno-lessons serve`` (the dashboard only) for the tests of the front and of waiting
pages, in a folder of its own; its terminal written to ``serve.log`` there."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.table_backends import free_port


@contextmanager
def running_serve(folder: Path, *options: str) -> Iterator[tuple[str, subprocess.Popen, Path]]:
    """``uno-lessons serve --lessons-port=0 OPTIONS`` until the block ends: its base URL, its
    process and its log, once it says it is running."""
    port = free_port()
    env = {**os.environ, "UNO_LESSONS_DATA": str(folder / "data")}
    env.pop("UNO_LESSONS_STORE", None)
    log = folder / "serve.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "uno_lessons", "serve", f"--port={port}", "--lessons-port=0",
                                 *options], cwd=folder, env=env, stdout=fh, stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + 90
        while "UNO lessons is running" not in log.read_text():
            assert proc.poll() is None and time.monotonic() < end, log.read_text()[-3000:]
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}", proc, log
    finally:
        proc.terminate()
        proc.wait(timeout=30)
