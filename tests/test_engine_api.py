"""The engine's public API is the only way in (issue 36): no module outside ``engine/``
reads or calls an underscore name of an engine object. The engine's private names are
collected from its source (``self._x`` it sets or reads, ``def _x`` it defines); a module
elsewhere that reaches one on anything but its own ``self`` fails here, with the place. A
name some other package also defines for itself (``self._cards`` of a widget) is that
package's own and is not counted."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "uno_lessons"


def _private_names(files) -> set[str]:
    names: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                name = node.name
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                name = node.attr
            else:
                continue
            if name.startswith("_") and not name.startswith("__"):
                names.add(name)
    return names


def reaches_into_engine(package: Path = PACKAGE) -> list[str]:
    """Every place outside ``engine/`` that reaches an engine object's underscore name."""
    engine = [p for p in package.rglob("*.py") if "engine" in p.relative_to(package).parts[:1]]
    others = [p for p in package.rglob("*.py") if p not in engine]
    private = _private_names(engine) - _private_names(others)
    found = []
    for path in others:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.relative_to(package.parent)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_nothing_outside_the_engine_reaches_into_its_objects():
    assert reaches_into_engine() == []


def test_the_check_finds_a_module_that_reaches_in(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "game.py").write_text("class Game:\n    def __init__(self):\n        self._pile = []\n")
    (tmp_path / "agents.py").write_text("def size(game):\n    return len(game._pile)\n")
    assert reaches_into_engine(tmp_path) == [f"{tmp_path.name}/agents.py:2: game._pile"]
