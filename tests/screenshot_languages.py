"""Screenshot the dashboard and one lesson in a language, for a translator or CI to look at.

Run from the repository root: ``.venv/bin/python tests/screenshot_languages.py --lang nl``.
Not collected by pytest (no ``test_`` prefix). It starts one Voilà server over notebooks/ with
``UNO_LESSONS_LANG=<lang>`` (as ``bash dev.sh serve --lang`` does) and Debian's chromium (or
$CHROMIUM_PATH), and saves, at 1280 px wide,

* ``test-artifacts/lang-<lang>-dashboard.png``: the dashboard as first shown;
* ``test-artifacts/lang-<lang>-lesson.png``: the whole of ``notebooks/<lang>/02_matching.ipynb``.

It prints anything sticking out to the right of the window and exits 1 if there is any.
With ``--docs`` it also writes a smaller copy of each (256 colours) to
``docs/img/languages/``, the pictures docs/translation_review.md shows a reviewer.
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
DOCS = REPO / "docs" / "img" / "languages"
LESSON = "02_matching"


def docs_copy(shot: Path) -> Path:
    """A 256-colour copy of a screenshot in docs/img/languages/ (a quarter of the bytes, and a
    page of text and flat colours looks the same)."""
    from PIL import Image

    DOCS.mkdir(parents=True, exist_ok=True)
    out = DOCS / shot.name
    with Image.open(shot) as image:
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    return out



def main(lang: str, docs: bool = False) -> int:
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
            if docs:
                print(f"  copied to {docs_copy(path).relative_to(REPO)}")
            page.goto("about:blank")
        browser.close()
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", required=True, choices=sorted(LANGUAGES), help="language code, e.g. nl")
    parser.add_argument("--docs", action="store_true", help="also write smaller copies to docs/img/languages/")
    args = parser.parse_args()
    sys.exit(main(args.lang, args.docs))
