"""The dashboard's parts talk through declared interfaces (issue 36): no module of
``dashboard/`` reaches an underscore name that another of its modules defines (a method,
an attribute set on ``self``, a module-level name), the page (``LiveGame``) has no
``__getattr__``, and the dashboard's modules import each other without a circle, counting
the imports made only for the type checker and those inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

from uno_lessons.dashboard import LiveGame

DASHBOARD = Path(__file__).resolve().parents[1] / "uno_lessons" / "dashboard"


def _is_private(name: str) -> bool:
    # ``_`` alone is the gettext function every module imports from ``i18n``.
    return name.startswith("_") and not name.startswith("__") and name != "_"


def _defined_private(tree: ast.Module) -> set[str]:
    """The underscore names a module defines: functions and methods, attributes it sets on
    ``self`` or ``cls``, module-level names."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
              and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return {n for n in names if _is_private(n)}


def reaches_across(folder: Path = DASHBOARD) -> list[str]:
    """Every place in ``folder`` that reads or calls, on anything but its own ``self`` or
    ``cls``, an underscore name one of its modules defines, or imports one from another."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.py"))}
    private = set().union(*(_defined_private(tree) for tree in trees.values()))
    found = []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in private and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.ImportFrom) and node.level == 1:
                found += [f"{path.name}:{node.lineno}: import {a.name}" for a in node.names if _is_private(a.name)]
    return found


def imports_within(folder: Path = DASHBOARD) -> dict[str, set[str]]:
    """Which modules of ``folder`` each of its modules imports (relative imports, anywhere in
    the module: at the top, under ``TYPE_CHECKING``, inside a function)."""
    modules = {p.stem for p in folder.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    edges.add(node.module.split(".")[0])
                else:  # from . import x
                    edges.update(a.name for a in node.names)
        graph[path.stem] = (edges & modules) - {path.stem, "__init__"}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each circle of ``graph`` found by a depth-first walk (one per back edge)."""
    circles, state = [], {}

    def walk(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                circles.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                walk(nxt, [*path, nxt])
        state[node] = "done"

    for start in sorted(graph):
        if start not in state:
            walk(start, [start])
    return circles


def test_no_module_of_the_dashboard_reaches_a_private_member_of_another():
    assert reaches_across() == []


def test_the_check_finds_a_module_that_reaches_in(tmp_path):
    (tmp_path / "app.py").write_text("class Page:\n    def _clicked(self):\n        self._n = 1\n")
    (tmp_path / "layout.py").write_text("from .app import _helper\n\ndef wire(page):\n    return page._clicked, page._n\n")
    assert reaches_across(tmp_path) == ["layout.py:1: import _helper", "layout.py:4: page._clicked",
                                        "layout.py:4: page._n"]


def test_the_page_has_no_getattr_its_parts_are_named():
    assert "__getattr__" not in vars(LiveGame)
    live = LiveGame(players=3, seed=1)
    assert live.parts.hand is not None and live.parts.status is not None
    assert not hasattr(live, "hand")


def test_the_dashboard_imports_itself_without_a_circle():
    graph = imports_within()
    assert {"app", "layout", "seat_play", "language", "ports"} <= set(graph)
    assert "app" not in graph["layout"] | graph["seat_play"] | graph["language"] | graph["ports"]
    assert import_circles(graph) == []


def test_the_circle_check_finds_a_circle():
    assert import_circles({"app": {"layout"}, "layout": {"seat_play"}, "seat_play": {"app"}, "style": set()}) == [
        ["app", "layout", "seat_play", "app"]]
