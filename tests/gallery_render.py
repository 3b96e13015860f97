"""Render every card, a back, a hand, the table, the seats and a log into one page and take
a 1280x800 screenshot with headless Chromium (a script, not a test):

    .venv/bin/python tests/gallery_render.py        # -> test-artifacts/gallery.{html,png}

Look at the PNG after changing uno_lessons/render.py. Set CHROMIUM_PATH to choose a browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from uno_lessons import Color, Game  # noqa: E402
from uno_lessons.engine.cards import ALL_CARDS, parse_cards  # noqa: E402
from uno_lessons.engine.events import EVERYONE  # noqa: E402
from uno_lessons.render import (  # noqa: E402
    STYLE,
    back_svg,
    card_svg,
    hand_html,
    log_html,
    seats_html,
    table_html,
)

OUT = ROOT / "test-artifacts"


def build_page() -> str:
    """The gallery page as HTML text."""
    game = Game.from_position(
        ["R7 G3 YS W+4 B9", "G5 G6", "Y1 Y2 Y3 BR", "B0 WDT R+2 G9 Y6 GS"],
        "R3 G3 W", "B1 B2 B3", current=1, direction=-1, color="green",
        names=["Ana", "Ben", "Caro <b>", "Dev"])
    game.silenced = 2
    game.uno_window = None
    all_cards = "".join(card_svg(c, width=54) for c in ALL_CARDS)
    wild_chosen = card_svg("W", width=54, chosen_color=Color.BLUE) + card_svg(
        "W+4", width=54, chosen_color=Color.YELLOW, selected=True) + card_svg("G7", width=54, dimmed=True)
    hand = hand_html(parse_cards("R7 G3 YS W+4 B9 G+2 BR WDT G6"), width=58, highlight={1, 5}, dim={0, 4},
                     style=False)
    big = Game.new(["Ana", "Ben", "Caro", "Dev", "Eli", "Fay", "Gus"], seed=3)
    for _ in range(6):
        big.apply(big.legal_moves()[0])
    lines = game.narrate(EVERYONE) + ["Ana plays green 3.", "Ben plays a Wild and chooses green."]
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>uno gallery</title>{STYLE}
<style>body{{margin:8px;background:#f4f1ea;font-family:system-ui,sans-serif}}
.row{{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start}}
.grid{{display:grid;grid-template-columns:auto auto;gap:8px 16px;align-items:start}}</style></head>
<body><div class="row">{all_cards}{back_svg(width=54)}{wild_chosen}</div>
<div class="grid"><div>{table_html(game, width=74, style=False)}
<div class="row" style="flex-wrap:nowrap;gap:12px">{hand}{seats_html(big, width=360, style=False)}</div></div>
<div>{seats_html(game, viewer=0, highlight_skipped=3, width=420, style=False)}
{log_html(lines, last=5, style=False)}</div></div></body></html>"""


def main() -> int:
    OUT.mkdir(exist_ok=True)
    html_path = OUT / "gallery.html"
    html_path.write_text(build_page(), encoding="utf-8")
    browser = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print(f"wrote {html_path}; no chromium found for the screenshot", file=sys.stderr)
        return 1
    png = OUT / "gallery.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--no-first-run", "--disable-background-networking", f"--screenshot={png}",
                    "--window-size=1280,800", html_path.as_uri()],
                   check=True, capture_output=True, timeout=60)
    print(f"wrote {html_path} and {png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
