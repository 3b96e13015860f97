"""The page front end (uno_lessons/voila/frontend) is committed built: the build is in sync."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

FRONTEND = Path(__file__).resolve().parents[1] / "uno_lessons" / "voila" / "frontend"
TEMPLATE = FRONTEND.parent / "templates" / "uno"
BUILT = [TEMPLATE / "static" / "uno-page.js", TEMPLATE / "static" / "uno-page.css"]


def source_hash() -> str:
    """The hash build.mjs writes into the built files (same files, same order, same bytes)."""
    digest = hashlib.sha256()
    names = [f"src/{p.name}" for p in sorted((FRONTEND / "src").iterdir(), key=lambda p: p.name)]
    for name in [*names, "package-lock.json", "build.mjs"]:
        digest.update(name.encode() + b"\0" + (FRONTEND / name).read_bytes() + b"\0")
    return digest.hexdigest()


def test_the_built_page_script_and_styles_come_from_the_sources_as_they_are() -> None:
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
