"""The engine and the renderer work where ipywidgets cannot be imported."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent(
    """
    import sys

    class Blocker:
        # Refuse ipywidgets (and its submodules) the way a machine without it would.
        def find_spec(self, name, path=None, target=None):
            if name == "ipywidgets" or name.startswith("ipywidgets."):
                raise ImportError("ipywidgets is blocked for this test")
            return None

    sys.meta_path.insert(0, Blocker())
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the blocker did not work")

    import importlib

    import uno_lessons
    from uno_lessons import Game

    names = ("engine.cards", "engine.events", "engine.game", "engine.moves", "render",
             "engine.rules", "engine.saving", "engine.setup", "engine.talk", "engine.reasons", "engine.kinds",
             "engine.view", "engine.scoring", "engine.bots", "engine.rulebook", "simulation",
             "checks", "table")
    modules = {n.split(".")[-1]: importlib.import_module("uno_lessons." + n) for n in names}
    cards, events, moves, render, rules, saving = (
        modules[n] for n in ("cards", "events", "moves", "render", "rules", "saving"))
    assert uno_lessons.Game is modules["game"].Game
    import uno_lessons.engine.cards as cards_module  # the module, not a helper of the same name
    assert cards_module.Card is uno_lessons.Card

    g = Game.new(3, seed=7)
    moves_made = 0
    while not g.is_over and moves_made < 400:
        g.apply(g.legal_moves()[0])
        moves_made += 1
    assert moves_made > 0
    text = g.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text
    html = render.table_html(g) + render.seats_html(g) + render.log_html(g.narrate(events.EVERYONE))
    html += "".join(render.card_svg(c) for c in cards.ALL_CARDS)
    assert "uno-table" in html and "uno-seats" in html
    assert g._repr_html_() and cards.Card.parse("G3")._repr_html_()
    assert rules.Rules.classic().name and moves.Move and events.Event and saving.FORMAT
    assert "ipywidgets" not in sys.modules, sorted(m for m in sys.modules if "widget" in m)
    print("OK", moves_made, g.is_over)
    """
)


def test_engine_and_render_without_ipywidgets():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stdout.startswith("OK")
