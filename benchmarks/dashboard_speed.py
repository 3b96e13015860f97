"""How fast the Voilà dashboard and the lessons are for a viewer, measured in headless Chromium.

    .venv/bin/python benchmarks/dashboard_speed.py [--pages 5] [--class-pages 3 --every 1 --rounds 3]
        [--clicks 20] [--viewers 10] [--lessons NB ...] [--parts cold warm reference floor lessons crowd]

Every figure is measured on this machine now and printed next to its target. Before each
measurement the server is quiet: its pool is full again (Voilà logged it) and its kernels are
idle (``serving.wait_idle``), so no page pays for the previous one.

* first card: from the page request (in a tab already open) to the first card button of the live widget on screen
  (the widgets are only drawn once the page is connected to its kernel, so this is the time
  until the dashboard answers clicks). Median of ``--pages`` fresh pages, one at a time,
  without preheated kernels and with voila.json's pool. Without preheating, each page's
  kernel is forked from the server's fork server (voila.json's provisioner), which the first
  of those pages starts: that page also waits for the fork server's imports.
* a class arriving: ``--class-pages`` pages opened ``--every`` seconds apart, each its own
  person (a browser context with an empty tab, open before they follow the link), kept
  open; ``--rounds`` times. A round's figure is its slowest page; the median round is
  compared with the target. With voila.json's pool filled, and without preheating. With the
  pool filled it is measured again with each person's browser context started as they
  arrive (Chromium then starts a renderer for the newcomer on the same two cores, in the
  middle of the previous person's page; a classroom's machines do not share cores).
* reference: the first card and the class again, with Voilà's own front end (``--template=lab``)
  instead of the package's page (the ``uno`` template and its ``uno-page.js``), in the same run.
* click: from a click on a playable card to the redrawn table (in-page clock: the click,
  then the table's DOM change, then the next animation frame). Median of ``--clicks``.
* memory: resident set size of one viewer's kernel and of the server process.
* lessons: ``voila notebooks/`` as the README serves every lesson; each of ``--lessons`` (01
  to 07 and the Dutch lesson 2 by default) opened once, to its first widget drawn
  (``.jupyter-widgets``), with voila.json's pools and with preheating off.
* many viewers: ``--viewers`` pages requested at once; all must draw their cards and answer
  a click (teacher view: the other hands turn face up); the time until the last one does.

Chromium: ``$CHROMIUM_PATH`` or Debian's ``chromium`` on the PATH. Servers are started
from the repo root (so ``voila.json`` applies; ``--voila-arg`` adds an option) on free ports
and stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
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

import psutil
from playwright.async_api import async_playwright
from serving import (
    fill_delay,
    fork_servers,
    kernel_memory,
    kernel_processes,
    voila_pool_size,
    wait_idle,
    wait_pool,
    wait_quiet,
)

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/dashboard.ipynb"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT = 180_000  # ms
TARGETS = {"first_preheated": 1.5, "first_cold": 2.5, "click_ms": 150.0, "kernel_mb": 120.0, "lesson": 2.5}


# ---------------------------------------------------------------------------- processes
def rss_mb(pid: int) -> float:
    """Resident set size of one process, in MB."""
    return psutil.Process(pid).memory_info().rss / 2**20


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
    """``python -m voila NOTEBOOK_OR_FOLDER`` on a free port, from the repo root (so voila.json
    applies as shipped); ``preheat=False`` turns preheating off, ``extra`` adds Voilà options."""

    def __init__(self, preheat: bool, notebook: str | Path = NOTEBOOK, extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.log_path = Path(tempfile.mkstemp(prefix="voila-bench-", suffix=".log")[1])
        args = [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={self.port}",
                "--Voila.ip=127.0.0.1", "--port_retries=0", f"--preheat_kernel={preheat}", *extra]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(args, cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}/"
        self.taken = 0  # preheated kernels handed out so far (each is refilled once)
        self.cpu: list[dict[str, float]] = []  # CPU seconds per page, see first_card_times
        self.marks: list[dict[str, float]] = []  # the page's own milestones, see page_marks
        self.seen: list = []  # the same pages timed by the harness (until Playwright saw the card)
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

    async def ready(self, pools: int = 0) -> None:
        """Wait until ``pools`` initial fills plus one refill per preheated kernel handed out
        were logged, then until every kernel is idle (``serving.wait_idle``) and the machine
        is quiet (``serving.wait_quiet``)."""
        if pools:
            await asyncio.to_thread(wait_pool, self.proc, self.log_path, 600, pools + self.taken)
        await asyncio.to_thread(wait_idle, psutil.Process(self.proc.pid), 600)
        await asyncio.to_thread(wait_quiet, 60)

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
#: Marks ``uno:card`` in the page at the first animation frame in which a card button has a
#: box: the page's own clock (from the navigation's start) for when the card is drawn,
#: free of the harness's lag in noticing it, which grows when Chromium is busy. It looks
#: only when the page changes (a MutationObserver), so it asks Chromium for no frames of its
#: own: polling every frame made the page draw 60 frames a second while it loaded.
CARD_CLOCK_JS = """(() => {
  if (!location.protocol.startsWith('http')) return;  // not in the empty tab a person waits in
  let asked = false;
  const check = () => {
    asked = false;
    const card = document.querySelector('.uno-card-btn');
    if (card && card.getBoundingClientRect().width > 0) {
      performance.mark('uno:card');
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(() => {
    if (!asked && document.querySelector('.uno-card-btn')) {
      asked = true;
      requestAnimationFrame(check);
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})()"""


async def new_person(browser):
    """A learner's browser, open before they follow the link: its own context and an empty tab."""
    ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await ctx.new_page()
    await page.add_init_script(CARD_CLOCK_JS)
    return ctx, page


async def open_page(browser, url: str, person=None):
    """Seconds to the first card of ``url`` in ``person``'s tab (a new person by default):
    returns (by the page's own clock, until Playwright saw it, context, page)."""
    ctx, page = person or await new_person(browser)
    t0 = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT)
    await page.wait_for_selector(".uno-card-btn", state="visible", timeout=TIMEOUT)
    seen = time.perf_counter() - t0
    card = await page.evaluate("performance.getEntriesByName('uno:card')[0]?.startTime ?? null")
    return (card / 1000 if card is not None else seen), seen, ctx, page


MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter((m) => m.name.startsWith('uno:')).map((m) => [m.name.slice(4), m.startTime / 1000]))"""
#: The milestones uno-page.js marks (seconds from the page request), printed in the order
#: they came: the script (loaded async) usually runs before the last cell has arrived.
PHASES = {"cells": "cells streamed", "script": "script run", "kernel": "kernel connected",
          "models": "widget models loaded", "views": "views made"}


async def page_marks(page) -> dict[str, float]:
    """The ``uno:`` performance marks of the page's front end (none with Voilà's own)."""
    return await page.evaluate(MARKS_JS)


def cpu_seconds(procs: list[psutil.Process]) -> float:
    """User + system CPU time used so far by ``procs`` (those still running)."""
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def cpu_split(server: Server) -> dict[str, float]:
    """CPU seconds so far of this benchmark's Chromium, the Voilà server, its kernels and the
    fork server they are forked from."""
    me, srv = psutil.Process(), psutil.Process(server.proc.pid)
    chromium = [c for c in me.children(recursive=True) if "chrom" in c.name()]
    return {"Chromium": cpu_seconds(chromium), "Voilà server": cpu_seconds([srv]),
            "kernels": cpu_seconds(kernel_processes(srv)), "fork server": cpu_seconds(fork_servers(srv))}


async def first_card_times(browser, server: Server, pages: int, pools: int) -> list[float]:
    """``pages`` fresh pages, one at a time, each on a quiet server (pool full, kernels idle);
    the CPU each page cost (Chromium, server, kernels) goes to ``server.cpu``."""
    times = []
    for _ in range(pages):
        await server.ready(pools)
        person = await new_person(browser)
        await asyncio.to_thread(wait_quiet, 60)  # the empty tab has finished starting
        before = cpu_split(server)
        t, seen, ctx, page = await open_page(browser, server.url, person)
        after = cpu_split(server)
        server.cpu.append({k: after[k] - before[k] for k in after})
        server.marks.append(await page_marks(page))
        server.seen.append(seen)
        server.taken += bool(pools)
        times.append(t)
        await ctx.close()
    return times


async def light_class(server: Server, pages: int, every: float, rounds: int, pools: int) -> list[list[float]]:
    """The same class without drawing: ``class_load.Page`` speaks Voilà's protocol as a browser
    does (the page, the kernel's websocket, the widget states) and stops when a card's widget
    has arrived: what the server takes, when the browsers run on the learners' own machines."""
    from class_load import Page

    out = []
    for _ in range(rounds):
        await server.ready(pools)
        clients = [Page(server.url, "", f"page{i}") for i in range(pages)]

        async def one(i: int, page: Page) -> float:
            await asyncio.sleep(i * every)
            await page.open()
            await page.wait_for(page._interactive, timeout=TIMEOUT / 1000)
            return page.t_interactive - page.t_start

        out.append(list(await asyncio.gather(*(one(i, c) for i, c in enumerate(clients)))))
        for c in clients:
            c.ws.close()
        server.taken += pages if pools else 0
    return out


async def class_arrives(browser, server: Server, pages: int, every: float, rounds: int,
                        pools: int, ready: bool = True) -> tuple[list[list[float]], list[list[float]]]:
    """The way a class arrives: ``pages`` pages opened ``every`` seconds apart (each a separate
    person, kept open), on a quiet server; ``rounds`` times. Seconds to the first card, per
    round, in the order the pages were opened: by the pages' own clocks, and until the harness
    saw each card.

    ``ready``: each person's browser is already running with an empty tab when they follow
    the link, as in a class where every learner has their own machine. Otherwise each
    browser profile and tab is started at the moment its person arrives: Chromium then
    launches a renderer process for the new profile on the same two cores, in the middle of
    the previous person's page, which no learner's machine does to another's."""
    out, seen = [], []
    for _ in range(rounds):
        await server.ready(pools)
        people = [await new_person(browser) for _ in range(pages)] if ready else [None] * pages
        if ready:
            # A new tab's renderer keeps both cores busy for about two seconds after it
            # opens: a learner's browser has long finished that when they follow the link.
            await asyncio.to_thread(wait_quiet, 60)

        async def one(i: int, person):
            await asyncio.sleep(i * every)
            return await open_page(browser, server.url, person)

        results = await asyncio.gather(*(one(i, person) for i, person in enumerate(people)))
        server.taken += pages if pools else 0
        out.append([t for t, _seen, _ctx, _page in results])
        seen.append([x for _t, x, _ctx, _page in results])
        for _t, _seen, ctx, _page in results:
            await ctx.close()
    return out, seen


async def open_lesson(browser, url: str) -> float:
    """Seconds from the request to the lesson's first widget drawn (``.jupyter-widgets``, what
    the browser tests wait for)."""
    ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await ctx.new_page()
    await asyncio.to_thread(wait_quiet, 60)  # the empty tab has finished starting
    t0 = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT)
    await page.wait_for_selector(".jupyter-widgets", state="visible", timeout=TIMEOUT)
    took = time.perf_counter() - t0
    await ctx.close()
    return took


async def lesson_times(browser, lessons: list[str], preheat: bool) -> dict[str, float]:
    """``voila notebooks/`` (as the README serves every lesson), each lesson opened once on a
    quiet server: with voila.json's pools (``preheat``) or with preheating off."""
    server = Server(preheat=preheat, notebook="notebooks/")
    try:
        pooled = [p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in str(p)
                  and voila_pool_size(str(p.relative_to(REPO / "notebooks")))] if preheat else []
        out = {}
        for name in lessons:
            await server.ready(len(pooled))
            out[name] = await open_lesson(browser, f"{server.url}voila/render/{name}")
            server.taken += bool(preheat and voila_pool_size(name))
        return out
    finally:
        server.stop()


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
        _t, _seen, ctx, page = await open_page(browser, server.url)
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


def each(values: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in values)


def slowest(rounds: list[list[float]]) -> float:
    """A class's figure: the median over rounds of each round's slowest page."""
    return statistics.median(max(rnd) for rnd in rounds)


def rounds_text(rounds: list[list[float]]) -> str:
    return "; ".join(each(rnd) for rnd in rounds)


def cpu_text(cpu: list[dict[str, float]]) -> str:
    """The median CPU seconds per page of each process group."""
    return ", ".join(f"{k} {statistics.median(c[k] for c in cpu):.2f} s" for k in cpu[0])


async def cold_part(browser, args, extra) -> dict:
    """Without preheated kernels: first card, a class arriving, click latency, memory."""
    server = Server(preheat=False, extra=extra)
    try:
        out = {"cold": await first_card_times(browser, server, args.pages, pools=0), "cold_cpu": server.cpu,
               "cold_seen": server.seen}
        out["cold_class"], out["cold_class_seen"] = await class_arrives(
            browser, server, args.class_pages, args.every, args.rounds, 0)
        out["cold_light_class"] = await light_class(server, args.class_pages, args.every, args.rounds, 0)
        await server.ready()
        _t, _seen, ctx, page = await open_page(browser, server.url)
        out["clicks"] = await click_latencies(page, args.clicks)
        memory = kernel_memory(psutil.Process(server.proc.pid)).values()
        out["kernel_rss"], out["kernel_uss"] = [r for r, _u in memory], [u for _r, u in memory]
        out["server_rss"] = rss_mb(server.proc.pid)
        await ctx.close()
        return out
    finally:
        server.stop()


async def warm_part(browser, args, extra, pools: int) -> dict:
    """With voila.json's preheated pool, filled before each measurement."""
    server = Server(preheat=True, extra=extra)
    try:
        out = {"warm": await first_card_times(browser, server, args.pages, pools)}
        out["warm_cpu"], out["warm_marks"], out["warm_seen"] = server.cpu, server.marks, server.seen
        out["warm_class"], out["warm_class_seen"] = await class_arrives(
            browser, server, args.class_pages, args.every, args.rounds, pools)
        out["warm_class_started"], _seen = await class_arrives(
            browser, server, args.class_pages, args.every, args.rounds, pools, ready=False)
        out["light_class"] = await light_class(server, args.class_pages, args.every, args.rounds, pools)
        return out
    finally:
        server.stop()


async def reference_part(browser, args, extra, pools: int) -> dict:
    """The reference, in the same run: the same pages with Voilà's own front end (its lab
    template, a JupyterLab application) instead of the package's ``uno`` template."""
    server = Server(preheat=True, extra=(*extra, "--VoilaConfiguration.template=lab"))
    try:
        out = {"ref": await first_card_times(browser, server, args.pages, pools), "ref_cpu": server.cpu}
        out["ref_class"], _seen = await class_arrives(browser, server, args.class_pages, args.every, args.rounds,
                                                      pools)
        return out
    finally:
        server.stop()


async def floor_part(browser, args, extra, pools: int) -> dict:
    """The floor: a one-button notebook, preheated the same way, on the same page template."""
    nb = baseline_notebook()
    server = Server(preheat=True, notebook=nb, extra=extra)
    try:
        return {"floor": await first_card_times(browser, server, args.pages, pools)}
    finally:
        server.stop()
        shutil.rmtree(nb.parent, ignore_errors=True)


async def crowd_part(browser, args, extra, pools: int) -> dict:
    """Many viewers at once, on a fresh server each way."""
    out: dict = {"crowd": {}}
    for preheat in (False, True):
        server = Server(preheat=preheat, extra=extra)
        try:
            await server.ready(pools if preheat else 0)
            out["crowd"][preheat] = await many_viewers(browser, server, args.viewers)
            if preheat:
                out["crowd_server_rss"] = rss_mb(server.proc.pid)
            else:
                out["crowd_kernels"] = [r for r, _u in kernel_memory(psutil.Process(server.proc.pid)).values()]
        finally:
            server.stop()
    return out


async def main(args) -> None:
    exe = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")
    extra = tuple(args.voila_arg)
    pools = 1 if voila_pool_size("dashboard.ipynb") else 0  # the dashboard's pool logs one fill
    load = os.getloadavg()
    print(f"Voilà dashboard speed on {os.cpu_count()} cores; Chromium: {exe}; parts: {' '.join(args.parts)}")
    print(f"voila.json: dashboard pool {voila_pool_size('dashboard.ipynb')}, fill_delay {fill_delay():g} s"
          + (f"; extra Voilà options: {' '.join(extra)}" if extra else ""))
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (other work on this machine"
          " slows every figure)")
    r: dict = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            if "cold" in args.parts:
                r.update(await cold_part(browser, args, extra))
            if "warm" in args.parts:
                r.update(await warm_part(browser, args, extra, pools))
            if "reference" in args.parts:
                r.update(await reference_part(browser, args, extra, pools))
            if "floor" in args.parts:
                r.update(await floor_part(browser, args, extra, pools))
            if "lessons" in args.parts:  # as served (voila.json's pools), then with preheating off
                r["lessons"] = {preheat: await lesson_times(browser, args.lessons, preheat) for preheat in (True, False)}
            if "crowd" in args.parts:
                r.update(await crowd_part(browser, args, extra, pools))
        finally:
            await browser.close()

    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print()
    print(f"  {'figure':<44} {'measured':>14}   {'target':<16}")
    for key, name, target in (("cold", "no preheat", "first_cold"), ("warm", "pool filled", "first_preheated")):
        if key in r:
            m = statistics.median(r[key])
            line(f"first card, {name} (median of {len(r[key])})", f"{m:.2f} s",
                 f"<= {TARGETS[target]} s", verdict(m, TARGETS[target]))
            print(f"      each: {each(r[key])}")
            if r.get(f"{key}_seen"):
                print(f"      until the harness saw the card: median {statistics.median(r[key + '_seen']):.2f} s;"
                      f" each: {each(r[key + '_seen'])}")
    for key, name in (("warm_cpu", "pool filled"), ("cold_cpu", "no preheat")):
        if r.get(key):
            print(f"      CPU per page, {name} (median): {cpu_text(r[key])}")
    if r.get("warm_marks"):
        marks = r["warm_marks"]
        medians = {name: statistics.median(m[k] for m in marks) for k, name in PHASES.items()
                   if all(k in m for m in marks)}
        print("      on the page (median s from the request): " + ", ".join(
            f"{name} {t:.2f}" for name, t in sorted(medians.items(), key=lambda item: item[1])))
    for key, name, target in (("warm_class", "pool filled", "first_preheated"),
                              ("cold_class", "no preheat", "first_cold")):
        if key in r:
            # A round meets the target when its slowest page does; the median round is reported.
            line(f"{args.class_pages} pages {args.every:g} s apart, {name}: slowest", f"{slowest(r[key]):.2f} s",
                 f"<= {TARGETS[target]} s", verdict(slowest(r[key]), TARGETS[target]))
            print(f"      median of {len(r[key])} rounds; each round, pages in order: {rounds_text(r[key])}")
            seen = r[f"{key}_seen"]
            print(f"      until the harness saw the card: slowest {slowest(seen):.2f} s (median round);"
                  f" each round: {rounds_text(seen)}")
        if key == "warm_class" and "warm_class_started" in r:
            line("  pool filled, browsers started then: slowest", f"{slowest(r['warm_class_started']):.2f} s")
            print(f"      each round: {rounds_text(r['warm_class_started'])}")
    for key, name in (("light_class", "pool filled"), ("cold_light_class", "no preheat")):
        if key in r:
            line(f"{args.class_pages} pages, {name}, not drawn: slowest", f"{slowest(r[key]):.2f} s")
            print(f"      a light client instead of Chromium (class_load.Page); each round: {rounds_text(r[key])}")
    if "ref" in r:
        mr = statistics.median(r["ref"])
        line("  reference: Voilà's own front end, pool filled", f"{mr:.2f} s")
        ratio = f"; the uno page is {mr / statistics.median(r['warm']):.1f}x as fast" if "warm" in r else ""
        print(f"      each: {each(r['ref'])}{ratio}")
        print(f"      CPU per page (median): {cpu_text(r['ref_cpu'])}")
        line(f"  reference: {args.class_pages} pages {args.every:g} s apart, slowest", f"{slowest(r['ref_class']):.2f} s")
        print(f"      each round: {rounds_text(r['ref_class'])}")
    if "floor" in r:
        mf = statistics.median(r["floor"])
        line("  floor: a one-button notebook, pool filled", f"{mf:.2f} s")
        added = f"; the dashboard adds {statistics.median(r['warm']) - mf:+.2f} s" if "warm" in r else ""
        print(f"      each: {each(r['floor'])}{added}")
    if "clicks" in r:
        clicks = r["clicks"]
        mclick = statistics.median(clicks)
        line(f"click on a card -> table redrawn (median of {len(clicks)})", f"{mclick:.0f} ms",
             f"<= {TARGETS['click_ms']:.0f} ms", verdict(mclick, TARGETS["click_ms"]))
        print(f"      min {min(clicks):.0f} ms, max {max(clicks):.0f} ms")
        # After the first-card pages (closed, their kernels idle until culled) and the click page:
        # the last kernel started is the one that played; report the largest to be safe.
        kmax = max(r["kernel_rss"])
        line(f"RSS of one viewer's kernel (largest of {len(r['kernel_rss'])})", f"{kmax:.0f} MB",
             f"<= {TARGETS['kernel_mb']:.0f} MB", verdict(kmax, TARGETS["kernel_mb"]))
        line("  of which its own (USS, largest)", f"{max(r['kernel_uss']):.0f} MB")
        line(f"RSS of the server ({len(r['kernel_rss'])} kernels alive)", f"{r['server_rss']:.0f} MB")
    if "lessons" in r:
        print()
        print(f"  {'lesson: first widget (voila notebooks/)':<44} {'as served':>14}   {'target':<16}    no preheat")
        for name in args.lessons:
            pool = voila_pool_size(name)
            served = r["lessons"][True][name]
            line(f"{name} ({f'pool {pool}' if pool else 'not preheated'})", f"{served:.2f} s",
                 f"<= {TARGETS['lesson']} s",
                 f"{verdict(served, TARGETS['lesson']):<12} {r['lessons'][False][name]:.2f} s")
    for preheat, (times, ok) in r.get("crowd", {}).items():
        name = "preheated" if preheat else "no preheat"
        last = max(times) if times else float("nan")
        line(f"{args.viewers} viewers at once, {name}: interactive", f"{ok}/{args.viewers}",
             f"all {args.viewers}", "OK" if ok == args.viewers else "FAILED")
        line("  time until the last one answered a click", f"{last:.1f} s")
    if r.get("crowd_kernels"):
        line(f"  RSS per kernel with {len(r['crowd_kernels'])} kernels (mean)",
             f"{statistics.mean(r['crowd_kernels']):.0f} MB")
    if "crowd_server_rss" in r:
        line("  RSS of the server after the crowd (preheated)", f"{r['crowd_server_rss']:.0f} MB")


PARTS = ("cold", "warm", "reference", "floor", "lessons", "crowd")
LESSONS = [*(p.name for p in sorted((REPO / "notebooks").glob("0[1-7]_*.ipynb"))), "nl/02_matching.ipynb"]

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=5, help="fresh pages, one at a time, for the first-card medians")
    parser.add_argument("--class-pages", type=int, default=3, help="pages opened one after another (a class)")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between two of those pages")
    parser.add_argument("--rounds", type=int, default=3, help="times the class arrives (pool refilled between)")
    parser.add_argument("--clicks", type=int, default=20, help="timed card clicks")
    parser.add_argument("--viewers", type=int, default=10, help="pages opened at once")
    parser.add_argument("--lessons", nargs="*", default=LESSONS,
                        help="notebooks under notebooks/ timed to their first widget")
    parser.add_argument("--voila-arg", action="append", default=[],
                        help="an extra Voilà option for every server, e.g. --voila-arg=--VoilaKernelManager.fill_delay=5")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS),
                        help="what to measure: cold (no preheat: first card, a class, clicks, memory), warm "
                             "(voila.json's pool: first card, a class), floor (a one-button notebook), lessons, "
                             "crowd (--viewers at once)")
    asyncio.run(main(parser.parse_args()))
