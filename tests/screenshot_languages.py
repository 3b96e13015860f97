"""Screenshot the dashboard and one lesson in a language, for a translator or CI to look at.

Run from the repository root: ``.venv/bin/python tests/screenshot_languages.py --lang nl``.
Not collected by pytest (no ``test_`` prefix). It starts one Voilà server over notebooks/ with
``UNO_LESSONS_LANG=<lang>`` (as ``bash dev.sh serve --lang`` does) and Debian's chromium (or
$CHROMIUM_PATH), and saves, at 1280 px wide,

* ``test-artifacts/lang-<lang>-dashboard.png``: the dashboard as first shown;
* ``test-artifacts/lang-<lang>-lesson.png``: the whole of ``notebooks/<lang>/02_matching.ipynb``.

It prints anything sticking out to the right of the window and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from screenshot_lessons import _conftest, whole_page

from uno_lessons.i18n import ENV_VAR, LANGUAGES

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "test-artifacts"
LESSON = "02_matching"



def main(lang: str) -> int:
    """Serve in ``lang``, screenshot the dashboard and the lesson; 1 if anything is too wide."""
    cf = _conftest()
    if not (REPO / "notebooks" / lang / f"{LESSON}.ipynb").exists() and lang != "en":
        print(f"notebooks/{lang}/{LESSON}.ipynb is not built: run `python -m uno_lessons.tools.translate notebooks`")
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    port = cf.free_port()
    env = {**cf.voila_env(), ENV_VAR: lang}
    shots = {"dashboard": ("dashboard", ".uno-card-btn"),
             "lesson": (LESSON if lang == "en" else f"{lang}/{LESSON}", ".uno-lesson-widget")}
    problems = 0
    with cf.serving(["voila", "notebooks/", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                     "--port_retries=0"], port=port, ready="/api/kernels",
                    log=OUT / f"lang-{lang}-voila.log", env=env) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=cf.chromium_executable(), args=cf.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        for what, (name, selector) in shots.items():
            page.set_viewport_size({"width": 1280, "height": 800})
            cf.open_notebook_at(page, base, name, selector=selector)
            path = OUT / f"lang-{lang}-{what}.png"
            report = whole_page(page, path)
            problems += bool(report["wide"])
            fits = f"OVERFLOW {report['wide']}" if report["wide"] else "fits"
            print(f"{path.relative_to(REPO)}: {fits} (scrollWidth {report['scrollWidth']} / {report['clientWidth']})")
            page.goto("about:blank")
        browser.close()
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", required=True, choices=sorted(LANGUAGES), help="language code, e.g. nl")
    sys.exit(main(parser.parse_args().lang))
