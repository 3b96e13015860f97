"""Screenshot every lesson notebook in Voilà at 1280×800 into test-artifacts/lessons/.

Run from the repository root: ``.venv/bin/python tests/screenshot_lessons.py [01_setup ...]``.
Not collected by pytest (no ``test_`` prefix). It reuses the browser tests' helpers: one Voilà
server over notebooks/, Debian's chromium (or $CHROMIUM_PATH). For each lesson it saves the
whole page as first shown (``<name>.png``) and after one typical click (``<name>-after.png``),
and reports any part of the page wider than the window.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "test-artifacts" / "lessons"
LESSONS = ["01_setup", "02_matching", "03_action_cards", "04_wild_draw_four",
           "05_uno_and_dont_talk", "06_scoring"]

#: Typical interactions per lesson: selectors clicked in order inside the lesson widget.
CLICKS = {
    "01_setup": ["button:has-text('Next ▶')"] * 3,
    "02_matching": [".uno-card-btn.uno-card-G2", ".uno-card-btn.uno-card-R7", "button:has-text('Check')"],
    "03_action_cards": [".uno-card-btn.uno-card-GS"],
    "04_wild_draw_four": ["button:has-text('Challenge!')"],
    "05_uno_and_dont_talk": [".uno-card-btn.uno-card-G5"],
    "06_scoring": ["button:has-text('Play to 500')"],
}

#: JavaScript: elements sticking out to the right of the window (overflow at 1280 px).
OVERFLOW_JS = """() => {
  const w = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll('#rendered_cells *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1) out.push((el.className || el.tagName).toString().slice(0, 80));
  }
  return {scrollWidth: document.documentElement.scrollWidth, clientWidth: w, wide: out.slice(0, 10)};
}"""


#: JavaScript: the full height of the rendered notebook (whichever element scrolls).
HEIGHT_JS = """() => Math.max(document.documentElement.scrollHeight,
  ...[...document.querySelectorAll('*')].map(e => e.scrollHeight > e.clientHeight + 5 ? e.scrollHeight : 0))"""


def whole_page(page, path: Path, settle_ms: int = 800) -> dict:
    """Grow the window to the page's height at 1280 px (Voilà scrolls inside it), screenshot
    it to ``path`` and return what sticks out to the right (``OVERFLOW_JS``)."""
    page.wait_for_timeout(settle_ms)
    height = page.evaluate(HEIGHT_JS)
    page.set_viewport_size({"width": 1280, "height": min(int(height) + 40, 16000)})
    page.wait_for_timeout(300)
    page.screenshot(path=path)
    return page.evaluate(OVERFLOW_JS)


def _conftest():
    path = REPO / "tests" / "browser" / "conftest.py"
    spec = importlib.util.spec_from_file_location("browser_conftest", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(names: list[str]) -> int:
    """Serve, open each lesson, screenshot it before and after one click; 1 if anything overflows."""
    cf = _conftest()
    OUT.mkdir(parents=True, exist_ok=True)
    port = cf.free_port()
    log = open(OUT / "voila.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
                             "--Voila.ip=127.0.0.1", "--port_retries=0"],
                            cwd=REPO, env=cf.voila_env(), stdout=log, stderr=subprocess.STDOUT)
    problems = 0
    try:
        cf.wait_http(port, "/api/kernels", proc)
        base = f"http://127.0.0.1:{port}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=cf.chromium_executable(), args=cf.CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            for name in names:
                page.set_viewport_size({"width": 1280, "height": 800})
                cf.open_notebook_at(page, base, name, selector=".uno-lesson-widget")
                page.wait_for_timeout(800)
                page.screenshot(path=OUT / f"{name}-top.png")
                report = page.evaluate(OVERFLOW_JS)
                # Voilà scrolls inside the page, so grow the window (same 1280 px width) to
                # capture the whole lesson in one image.
                height = page.evaluate(HEIGHT_JS)
                page.set_viewport_size({"width": 1280, "height": min(int(height) + 40, 16000)})
                page.wait_for_timeout(300)
                page.screenshot(path=OUT / f"{name}.png")
                lesson = page.locator(".uno-lesson-widget").first
                lesson.screenshot(path=OUT / f"{name}-widget.png")
                clicks = CLICKS.get(name, [])
                for selector in clicks:
                    lesson.locator(selector).first.click()
                    page.wait_for_timeout(500)
                if clicks:
                    page.wait_for_timeout(1000)
                    lesson.screenshot(path=OUT / f"{name}-widget-after.png")
                after = page.evaluate(OVERFLOW_JS)
                bad = report["wide"] or after["wide"]
                problems += bool(bad)
                print(f"{name}: {'OVERFLOW ' + str(bad) if bad else 'fits'} "
                      f"(scrollWidth {after['scrollWidth']} / {after['clientWidth']})")
                page.goto("about:blank")
            browser.close()
    finally:
        cf.stop(proc)
        log.close()
    print(f"screenshots in {OUT}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or LESSONS))
