"""The front end (uno_lessons/voila/frontend) is committed built: the build is in sync.

It builds the Voilà page's script and styles (voila/templates/uno/static/) and what the
kernel's widgets send to the page (widgets/static/: the page bridge's and the hand's modules,
the hand's and the dashboard's stylesheets), which the Python side loads from those files.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from uno_lessons.render import FOCUS, INK

PACKAGE = Path(__file__).resolve().parents[1] / "uno_lessons"
FRONTEND = PACKAGE / "voila" / "frontend"
TEMPLATE = FRONTEND.parent / "templates" / "uno"
WIDGETS = PACKAGE / "widgets" / "static"
BUILT = [TEMPLATE / "static" / "uno-page.js", TEMPLATE / "static" / "uno-page.css",
         *(WIDGETS / name for name in ("page-bridge.js", "hand.js", "hand.css", "dashboard.css"))]


def source_hash() -> str:
    """The hash build.mjs writes into the built files (same files, same order, same bytes)."""
    digest = hashlib.sha256()
    names = sorted(p.relative_to(FRONTEND).as_posix() for p in (FRONTEND / "src").rglob("*") if p.is_file())
    for name in [*names, "package-lock.json", "build.mjs"]:
        digest.update(name.encode() + b"\0" + (FRONTEND / name).read_bytes() + b"\0")
    return digest.hexdigest()


def test_the_built_front_end_comes_from_the_sources_as_they_are() -> None:
    want = source_hash()
    for path in BUILT:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        stamp = re.search(r"sha256 ([0-9a-f]{64})", first)
        assert stamp, f"{path.name} has no build stamp on its first line: {first[:80]!r}"
        assert stamp.group(1) == want, (
            f"{path.name} was built from other sources: run `npm ci && npm run build` in {FRONTEND}")


def test_the_page_template_loads_the_built_front_end_and_not_voilas() -> None:
    page = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    assert "static/uno-page.js" in page and "static/uno-page.css" in page
    assert "voila_setup_labextensions" not in page  # Voilà's own front end (voila.js) is not loaded
    assert "cdn.jsdelivr.net" not in page


def test_the_widgets_send_the_built_files() -> None:
    from uno_lessons.dashboard.style import DASH_CSS
    from uno_lessons.widgets import HandView
    from uno_lessons.widgets.page import PageBridge

    hand, bridge = HandView(["R5"]), PageBridge()
    # The classes name the files; an instance has their text as a synced trait.
    sent = {"hand.js": str(hand._esm), "hand.css": str(hand._css), "page-bridge.js": str(bridge._esm)}
    for name, text in sent.items():
        assert text == (WIDGETS / name).read_text(encoding="utf-8"), name
    assert "export{" in sent["hand.js"] and "export{" in sent["page-bridge.js"]  # still ES modules
    assert (WIDGETS / "dashboard.css").read_text(encoding="utf-8") in DASH_CSS


def test_the_stylesheets_take_from_python_only_what_python_fills_in() -> None:
    """Every CSS variable the dashboard's stylesheet uses is set by dashboard/style.py, and the
    colours the stylesheets write out are still the renderer's focus ring and ink."""
    from uno_lessons.dashboard.style import DASH_CSS

    sheet = (WIDGETS / "dashboard.css").read_text(encoding="utf-8")
    used = set(re.findall(r"var\((--uno-[a-z-]+)\)", sheet))
    filled = set(re.findall(r"(--uno-[a-z-]+):", DASH_CSS))
    assert used and used <= filled, f"not set by dashboard/style.py: {sorted(used - filled)}"
    for name in ("dashboard.css", "hand.css"):
        css = (WIDGETS / name).read_text(encoding="utf-8").lower()
        assert f"outline:3px solid {FOCUS.lower()}" in css, f"{name}: the focus ring is not render.FOCUS"
        assert f"color:{INK.lower()}" in css, f"{name}: the ink is not render.INK"
