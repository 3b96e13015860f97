"""How long each lesson takes to run: in JupyterLab (Run All) and in Voilà (the page ready).

    .venv/bin/python benchmarks/lesson_times.py [--notebooks 01_setup 07_simulation]
        [--runs 2] [--no-voila] [--lang nl]

What a teacher plans a lesson by is two numbers this machine can measure and one it cannot:

* **JupyterLab**: the seconds *Run → Run All Cells* keeps the kernel busy, measured as
  JupyterLab runs it (nbclient, the same kernel and the same cells one after another), with
  the slowest cell named: the wait a class sees before the last widget works.
* **Voilà**: the seconds from asking for the page to the page whole in Chromium (Voilà sends
  the page as its cells run; the ``load`` event comes after the last cell) and its widgets
  drawn, on a Voilà server started as ``voila notebooks/`` is but with no preheated kernel
  (``preheat_kernel`` off): the wait of a learner who arrives when the preheated pages are
  used up. A preheated page is ready in about a second whatever the lesson.
* **Reading**: the lesson's words (markdown cells and the text its widgets and self-checks
  show are not counted apart: markdown only) at 120 words a minute, the pace of a 14–16 year
  old reading a text to learn from it. That is an estimate, not a measurement; the teacher's
  guide adds time for the widgets and self-checks, and says so.

Each figure is the median of ``--runs`` runs; the spread (lowest to highest) is printed
beside it. The machine's load changes the figures: run it on an idle machine and say so.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
#: Words a minute for a 14–16 year old reading to learn (not to skim).
READING_WPM = 120
WORD = re.compile(r"[\w’'-]+")


def lesson_names() -> list[str]:
    """The lessons in order (the index and the dashboard are not lessons)."""
    return sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if not p.stem.startswith("00_"))


def reading_minutes(path: Path) -> float:
    """The markdown's words at :data:`READING_WPM` (code, maths and links' addresses left out)."""
    words = 0
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            text = re.sub(r"\$[^$]*\$|`[^`]*`|\(https?://[^)]*\)|<[^>]+>", " ", cell.source)
            words += len(WORD.findall(text))
    return words / READING_WPM


def lab_run(path: Path) -> tuple[float, float, int]:
    """Run All as JupyterLab does: (seconds in all, the slowest cell's seconds, its index)."""
    nb = nbformat.read(path, as_version=4)
    times: list[float] = []
    client = NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                times.append(0.0)
                continue
            t0 = time.perf_counter()
            client.execute_cell(cell, index)
            times.append(time.perf_counter() - t0)
    slowest = max(range(len(times)), key=times.__getitem__)
    return sum(times), times[slowest], slowest


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_voila(port: int, log: Path) -> subprocess.Popen:
    """``voila notebooks/`` on ``port`` (no preheated kernels: each page starts its own)."""
    cmd = [sys.executable, "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--port_retries=0", "--VoilaConfiguration.preheat_kernel=False"]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
    import urllib.error
    import urllib.request

    end = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree", timeout=2)
            return proc
        except urllib.error.HTTPError:  # it answers: it is up
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError("Voilà did not start:\n" + log.read_text()[-3000:]) from None
            time.sleep(0.3)


def voila_run(browser, base: str, name: str) -> float:
    """Seconds from asking for lesson ``name`` to the page whole and its widgets drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        t0 = time.perf_counter()
        page.goto(f"{base}voila/render/{name}.ipynb", wait_until="load", timeout=900_000)
        # The widgets are drawn once the manager has rendered every view the page holds.
        page.wait_for_function(
            "() => [...document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]')]"
            ".every(s => s.parentElement && s.parentElement.querySelector('.jupyter-widgets, .lm-Widget'))",
            timeout=900_000)
        return time.perf_counter() - t0
    finally:
        page.close(run_before_unload=True)
        context.close()


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} s ({min(values):.1f}–{max(values):.1f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notebooks", nargs="*", help="lesson names (default: every lesson)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--no-voila", action="store_true", help="JupyterLab's run only")
    args = parser.parse_args(argv)
    names = args.notebooks or lesson_names()
    lab: dict[str, list[tuple[float, float, int]]] = {n: [] for n in names}
    voila: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(args.runs):
        for name in names:
            lab[name].append(lab_run(NOTEBOOKS / f"{name}.ipynb"))
    if not args.no_voila:
        from playwright.sync_api import sync_playwright

        chromium = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
            port = free_port()
            proc = start_voila(port, Path(tmp) / "voila.log")
            browser = p.chromium.launch(executable_path=chromium if Path(chromium).exists() else None,
                                        args=["--headless", "--no-sandbox", "--disable-gpu"])
            try:
                for _ in range(args.runs):
                    for name in names:
                        voila[name].append(voila_run(browser, f"http://127.0.0.1:{port}/", name))
            finally:
                browser.close()
                proc.terminate()
                proc.wait(timeout=30)
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; median of {args.runs} runs (lowest–highest)")
    print("| lesson | reading (est.) | JupyterLab Run All | slowest cell | Voilà page ready |")
    print("|---|---|---|---|---|")
    for name in names:
        runs = lab[name]
        slow = max(runs, key=lambda r: r[1])
        page = spread(voila[name]) if voila[name] else "not measured"
        print(f"| {name} | {reading_minutes(NOTEBOOKS / f'{name}.ipynb'):.0f} min | {spread([r[0] for r in runs])} "
              f"| cell {slow[2]}: {slow[1]:.1f} s | {page} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
