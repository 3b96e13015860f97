"""How fast the Voilà dashboard is for a viewer, measured in headless Chromium.

    .venv/bin/python benchmarks/dashboard_speed.py [--pages 5] [--clicks 20] [--viewers 10]

Every figure is measured on this machine now and printed next to its target:

* first card: from the page request to the first card button of the live widget on screen
  (the widgets are only drawn once the page is connected to its kernel, so this is the time
  until the dashboard answers clicks). Median of ``--pages`` fresh pages, one after the
  other, without and with preheated kernels (``--preheat_kernel=True --pool_size=1``; the
  next page waits until the server logged that the pool is full again).
* click: from a click on a playable card to the redrawn table (in-page clock: the click,
  then the table's DOM change, then the next animation frame). Median of ``--clicks``.
* memory: resident set size of one viewer's kernel and of the server process (psutil if it
  is installed, else /proc).
* many viewers: ``--viewers`` pages requested at once; all must draw their cards and answer
  a click (teacher view: the other hands turn face up); the time until the last one does.

Chromium: ``$CHROMIUM_PATH`` or Debian's ``chromium`` on the PATH. Servers are started
from the repo root (so ``voila.json`` applies) on free ports and stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from playwright.async_api import async_playwright

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/dashboard.ipynb"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT = 180_000  # ms
TARGETS = {"first_preheated": 1.5, "first_cold": 3.0, "click_ms": 150.0, "kernel_mb": 120.0}


# ---------------------------------------------------------------------------- processes
def rss_mb(pid: int) -> float:
    """Resident set size of one process, in MB."""
    try:
        import psutil

        return psutil.Process(pid).memory_info().rss / 2**20
    except ImportError:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    raise RuntimeError(f"no RSS for pid {pid}")


def kernel_pids(server_pid: int) -> list[int]:
    """PIDs of the ipykernel processes started by the server."""
    try:
        import psutil

        return [c.pid for c in psutil.Process(server_pid).children(recursive=True)
                if "ipykernel" in " ".join(c.cmdline())]
    except ImportError:
        out = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if ppid == server_pid and "ipykernel" in cmd:
                out.append(int(entry.name))
        return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far."""
    try:
        import psutil

        t = psutil.Process(pid).cpu_times()
        return t.user + t.system
    except ImportError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except Exception:
        return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def baseline_notebook() -> Path:
    """A one-button notebook named dashboard.ipynb in a temporary folder: Voilà's own floor
    (same name, so voila.json preheats it the same way)."""
    import nbformat

    folder = Path(tempfile.mkdtemp(prefix="voila-baseline-"))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "import ipywidgets as w\nw.Button(description='card').add_class('uno-card-btn')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = folder / "dashboard.ipynb"
    nbformat.write(nb, path)
    return path


class Server:
    """``python -m voila notebooks/dashboard.ipynb`` on a free port, from the repo root."""

    def __init__(self, preheat: bool, notebook: str | Path = NOTEBOOK) -> None:
        self.port = free_port()
        self.log_path = Path(tempfile.mkstemp(prefix="voila-bench-", suffix=".log")[1])
        args = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={self.port}",
                "--Voila.ip=127.0.0.1", "--port_retries=0", f"--preheat_kernel={preheat}"]
        if preheat:
            args.append("--pool_size=1")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(args, cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}/"
        self._wait_up()

    def _wait_up(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited: {self.log_path.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "api/kernels", timeout=2).close()
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.1)
        raise TimeoutError("voila did not start")

    def pools_filled(self) -> int:
        """How many times the server logged that the kernel pool is full."""
        return len(re.findall(r"Kernel pool of .* is filled", self.log_path.read_text()))

    async def wait_pool(self, count: int, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while self.pools_filled() < count:
            if time.monotonic() > deadline:
                raise TimeoutError("the kernel pool was not refilled")
            await asyncio.sleep(0.1)

    async def wait_settled(self, quiet: float = 0.03, timeout: float = 60) -> None:
        """Wait until the server and its kernels use (almost) no CPU for two samples in a row,
        so one measurement does not pay for the previous one (or for a pool still filling)."""
        deadline = time.monotonic() + timeout
        calm = 0
        last = None
        while time.monotonic() < deadline and calm < 2:
            pids = [self.proc.pid, *kernel_pids(self.proc.pid)]
            now = sum(cpu_seconds(p) for p in pids)
            calm = calm + 1 if last is not None and now - last < quiet else 0
            last = now
            await asyncio.sleep(0.25)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        self.log_path.unlink(missing_ok=True)


# ---------------------------------------------------------------------------- pages
async def open_page(browser, url: str):
    """A fresh context and page; returns (seconds to the first card, context, page)."""
    ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await ctx.new_page()
    t0 = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT)
    await page.wait_for_selector(".uno-card-btn", state="visible", timeout=TIMEOUT)
    return time.perf_counter() - t0, ctx, page


async def first_card_times(browser, server: Server, pages: int, preheat: bool) -> list[float]:
    times = []
    for i in range(pages):
        if preheat:
            await server.wait_pool(i + 1)
        await server.wait_settled()
        t, ctx, _page = await open_page(browser, server.url)
        times.append(t)
        await ctx.close()
    return times


CLICK_JS = """() => new Promise((resolve) => {
    const table = document.querySelector('.uno-table-view');
    const sel = '.uno-hand-btns .uno-card-btn.uno-legal:not(.uno-card-W):not(.uno-card-Wp4):not(.uno-card-WDT)';
    const btn = document.querySelector(sel);
    if (!btn || !table) { resolve(null); return; }
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
        obs.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    obs.observe(table, {subtree: true, childList: true, characterData: true, attributes: true});
    btn.click();
})"""

HUMAN_OR_END = """() => { const s = document.querySelector('.uno-status');
    return s && (s.dataset.humanTurn === '1' || s.dataset.winner !== ''); }"""


async def status(page) -> dict:
    return await page.eval_on_selector(".uno-status", "e => Object.assign({}, e.dataset)")


async def wait_change(page, events: str) -> None:
    await page.wait_for_function(
        "n => document.querySelector('.uno-status').dataset.events !== n", arg=events, timeout=TIMEOUT)


async def click_latencies(page, clicks: int) -> list[float]:
    """Play as the human (seat 0) until ``clicks`` card plays were timed."""
    await page.locator(".uno-speed button", has_text="turbo").click()
    out: list[float] = []
    for _ in range(2000):
        if len(out) >= clicks:
            break
        await page.wait_for_function(HUMAN_OR_END, timeout=TIMEOUT)
        st = await status(page)
        if st["winner"]:
            await page.click(".uno-next-hand")
            await wait_change(page, st["events"])
            continue
        await page.wait_for_selector(".uno-hand-btns .uno-card-btn.uno-legal, .uno-act-draw:not([disabled]),"
                                     " .uno-act-keep:not([disabled]), .uno-act-pass:not([disabled]),"
                                     " .uno-act-accept:not([disabled])", timeout=TIMEOUT)
        if st["phase"] == "challenge":
            await page.click(".uno-act-accept")
        elif (ms := await page.evaluate(CLICK_JS)) is not None:
            out.append(ms)
        elif await page.locator(".uno-hand-btns .uno-card-btn.uno-legal").count():
            await page.locator(".uno-hand-btns .uno-card-btn.uno-legal").first.click()
            await page.click(".uno-picker .uno-color-blue")
            await page.wait_for_function(
                "n => document.querySelector('.uno-status').dataset.events !== n"
                " || document.querySelectorAll('.uno-picker .uno-target-btn').length > 0",
                arg=st["events"], timeout=TIMEOUT)
            if (await status(page))["events"] == st["events"]:
                await page.locator(".uno-picker .uno-target-btn").first.click()
        else:
            for sel in (".uno-act-keep", ".uno-act-draw", ".uno-act-pass"):
                loc = page.locator(f"{sel}:not([disabled])")
                if await loc.count() and await loc.is_visible():
                    await loc.click()
                    break
        await wait_change(page, st["events"])
    return out


async def many_viewers(browser, server: Server, viewers: int) -> tuple[list[float], int]:
    """``viewers`` pages at once: seconds until each answered a click, and how many did."""
    t0 = time.perf_counter()

    async def one():
        _t, ctx, page = await open_page(browser, server.url)
        await page.locator(".uno-view-toggle button", has_text="Teacher view").click()
        await page.wait_for_selector(".uno-others .uno-card-svg:not(.uno-back)", timeout=TIMEOUT)
        return time.perf_counter() - t0, ctx

    results = await asyncio.gather(*(one() for _ in range(viewers)), return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    for _t, ctx in ok:
        await ctx.close()
    for r in results:
        if isinstance(r, BaseException):
            print(f"   a viewer failed: {r!r}")
    return [t for t, _ in ok], len(ok)


def verdict(value: float, target: float) -> str:
    return "OK" if value <= target else "OVER TARGET"


def line(label: str, value: str, target: str = "", ok: str = "") -> None:
    print(f"  {label:<44} {value:>14}   {target:<16} {ok}")


async def main(args) -> None:
    exe = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    load = os.getloadavg()
    print(f"Voilà dashboard speed on {os.cpu_count()} cores; Chromium: {exe}")
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (other work on this machine"
          " slows every figure)")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            # 1. Without preheated kernels: first card, memory, click latency.
            server = Server(preheat=False)
            try:
                cold = await first_card_times(browser, server, args.pages, preheat=False)
                await server.wait_settled()
                _t, ctx, page = await open_page(browser, server.url)
                clicks = await click_latencies(page, args.clicks)
                kernels = kernel_pids(server.proc.pid)
                kernel_rss = [rss_mb(p) for p in kernels]
                server_rss = rss_mb(server.proc.pid)
                await ctx.close()
            finally:
                server.stop()
            # 2. With preheated kernels.
            server = Server(preheat=True)
            try:
                warm = await first_card_times(browser, server, args.pages, preheat=True)
            finally:
                server.stop()
            # 2b. Voilà's floor: a one-button notebook, preheated the same way.
            floor = []
            if args.baseline:
                nb = baseline_notebook()
                server = Server(preheat=True, notebook=nb)
                try:
                    floor = await first_card_times(browser, server, args.pages, preheat=True)
                finally:
                    server.stop()
                    shutil.rmtree(nb.parent, ignore_errors=True)
            # 3. Many viewers at once, on a fresh server each way.
            crowd = {}
            crowd_kernels: list[float] = []
            crowd_server_rss = None
            for preheat in (False, True):
                server = Server(preheat=preheat)
                try:
                    if preheat:
                        await server.wait_pool(1)
                    await server.wait_settled()
                    crowd[preheat] = await many_viewers(browser, server, args.viewers)
                    crowd_server_rss = rss_mb(server.proc.pid) if preheat else None
                    if not preheat:
                        crowd_kernels = [rss_mb(p) for p in kernel_pids(server.proc.pid)]
                finally:
                    server.stop()
        finally:
            await browser.close()

    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print()
    print(f"  {'figure':<44} {'measured':>14}   {'target':<16}")
    mc, mw = statistics.median(cold), statistics.median(warm)
    line(f"first card, no preheat (median of {len(cold)})", f"{mc:.2f} s",
         f"<= {TARGETS['first_cold']} s", verdict(mc, TARGETS["first_cold"]))
    print(f"      each: {', '.join(f'{x:.2f}' for x in cold)}")
    line(f"first card, preheated (median of {len(warm)})", f"{mw:.2f} s",
         f"<= {TARGETS['first_preheated']} s", verdict(mw, TARGETS["first_preheated"]))
    print(f"      each: {', '.join(f'{x:.2f}' for x in warm)}")
    if floor:
        mf = statistics.median(floor)
        line("  Voilà's floor: one-button notebook, preheated", f"{mf:.2f} s")
        print(f"      each: {', '.join(f'{x:.2f}' for x in floor)}; the dashboard adds {mw - mf:+.2f} s")
    mclick = statistics.median(clicks)
    line(f"click on a card -> table redrawn (median of {len(clicks)})", f"{mclick:.0f} ms",
         f"<= {TARGETS['click_ms']:.0f} ms", verdict(mclick, TARGETS["click_ms"]))
    print(f"      min {min(clicks):.0f} ms, max {max(clicks):.0f} ms")
    # After the first-card pages (closed, their kernels idle until culled) and the click page:
    # the last kernel started is the one that played; report the largest to be safe.
    kmax = max(kernel_rss)
    line(f"RSS of one viewer's kernel (largest of {len(kernel_rss)})", f"{kmax:.0f} MB",
         f"<= {TARGETS['kernel_mb']:.0f} MB", verdict(kmax, TARGETS["kernel_mb"]))
    line(f"RSS of the server ({len(kernel_rss)} kernels alive)", f"{server_rss:.0f} MB")
    for preheat, (times, ok) in crowd.items():
        name = "preheated" if preheat else "no preheat"
        last = max(times) if times else float("nan")
        line(f"{args.viewers} viewers at once, {name}: interactive", f"{ok}/{args.viewers}",
             f"all {args.viewers}", "OK" if ok == args.viewers else "FAILED")
        line("  time until the last one answered a click", f"{last:.1f} s")
    if crowd_kernels:
        line(f"  RSS per kernel with {len(crowd_kernels)} kernels (mean)",
             f"{statistics.mean(crowd_kernels):.0f} MB")
    if crowd_server_rss is not None:
        line("  RSS of the server after the crowd (preheated)", f"{crowd_server_rss:.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=5, help="fresh pages for the first-card medians")
    parser.add_argument("--clicks", type=int, default=20, help="timed card clicks")
    parser.add_argument("--viewers", type=int, default=10, help="pages opened at once")
    parser.add_argument("--no-baseline", dest="baseline", action="store_false",
                        help="skip the one-button notebook that shows Voilà's own floor")
    asyncio.run(main(parser.parse_args()))
