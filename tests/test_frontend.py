"""The front end (uno_lessons/voila/frontend) is committed built: the build is in sync.

It builds the Voilà page's script and styles (voila/templates/uno/static/) and what the
kernel's widgets send to the page (widgets/static/: the page bridge's, the hand's and the
toggle choice's modules and stylesheets; the dashboard's, the lessons' and the renderer's
stylesheets), which the Python side loads from those files.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from uno_lessons.engine.cards import Color
from uno_lessons.render import COLORS_HEX, FOCUS, INK

PACKAGE = Path(__file__).resolve().parents[1] / "uno_lessons"
FRONTEND = PACKAGE / "voila" / "frontend"
TEMPLATE = FRONTEND.parent / "templates" / "uno"
WIDGETS = PACKAGE / "widgets" / "static"
BUILT = [TEMPLATE / "static" / "uno-page.js", TEMPLATE / "static" / "uno-page.css", TEMPLATE / "static" / "maths" / "maths.js",
         *(WIDGETS / name for name in ("page-bridge.js", "hand.js", "hand.css", "choice.js", "choice.css",
                                        "dashboard.css", "lesson.css", "render.css"))]


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
    for name in ("page.html", "tree.html"):  # the lessons' list and the error pages
        assert "https://" not in (TEMPLATE / name).read_text(encoding="utf-8"), name


def test_the_widgets_send_the_built_files() -> None:
    from uno_lessons.dashboard.style import DASH_CSS
    from uno_lessons.widgets import HandView
    from uno_lessons.widgets.choice import ToggleChoice
    from uno_lessons.widgets.page import PageBridge

    hand, bridge, choice = HandView(["R5"]), PageBridge(), ToggleChoice(["a", "b"])
    # The classes name the files; an instance has their text as a synced trait.
    sent = {"hand.js": str(hand._esm), "hand.css": str(hand._css), "page-bridge.js": str(bridge._esm),
            "choice.js": str(choice._esm), "choice.css": str(choice._css)}
    for name, text in sent.items():
        assert text == (WIDGETS / name).read_text(encoding="utf-8"), name
    for name in ("hand.js", "page-bridge.js", "choice.js"):
        assert "export{" in sent[name], f"{name} is no longer an ES module"
    assert (WIDGETS / "dashboard.css").read_text(encoding="utf-8") in DASH_CSS


def test_the_pictures_and_the_lessons_send_the_built_stylesheets_without_the_stamp() -> None:
    """render.STYLE and the lessons' LESSON_CSS are the built files in a <style> block, less the
    build stamp: a notebook's stored pictures change only when their stylesheet does."""
    from uno_lessons.lessons._common import LESSON_CSS
    from uno_lessons.render import STYLE

    for name, block in (("render.css", STYLE), ("lesson.css", LESSON_CSS)):
        stamp, body = (WIDGETS / name).read_text(encoding="utf-8").split("\n", 1)
        assert "sha256" in stamp and "sha256" not in block, name
        assert block == f"<style>{body}</style>", name


def test_the_stylesheets_take_from_python_only_what_python_fills_in() -> None:
    """Every CSS variable the dashboard's stylesheet uses is set by dashboard/style.py (the other
    stylesheets take none), and the colours the stylesheets write out are still the renderer's
    focus ring and ink, and its badges for UNO called and said the red and blue cards'."""
    from uno_lessons.dashboard.style import DASH_CSS

    sheet = (WIDGETS / "dashboard.css").read_text(encoding="utf-8")
    used = set(re.findall(r"var\((--uno-[a-z-]+)\)", sheet))
    filled = set(re.findall(r"(--uno-[a-z-]+):", DASH_CSS))
    assert used and used <= filled, f"not set by dashboard/style.py: {sorted(used - filled)}"
    for name in ("dashboard.css", "hand.css", "choice.css", "lesson.css", "render.css"):
        css = (WIDGETS / name).read_text(encoding="utf-8").lower()
        assert f"outline:3px solid {FOCUS.lower()}" in css, f"{name}: the focus ring is not render.FOCUS"
        assert f"color:{INK.lower()}" in css, f"{name}: the ink is not render.INK"
        if name != "dashboard.css":
            assert not re.findall(r"var\((--uno-[a-z-]+)", css), f"{name}: a variable nothing sets"
    render = (WIDGETS / "render.css").read_text(encoding="utf-8").lower()
    for badge, color in (("uno-b-uno", Color.RED), ("uno-b-said", Color.BLUE)):
        assert f".{badge}{{background:{COLORS_HEX[color].lower()}" in render, f"{badge} is not the {color.label} card's"
