"""The layers of docs/architecture.md hold: import-linter's layers contract (pyproject.toml),
which `bash dev.sh test` runs as `lint-imports`, passes on the package and fails on a copy
with one upward import added, inside a function (where imports used to hide)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    exe = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(exe), "--no-cache", "--config", str(root / "pyproject.toml")], cwd=root,
                          env=env, capture_output=True, text=True, timeout=300)


def copy_package(to: Path) -> Path:
    shutil.copytree(ROOT / "uno_lessons", to / "uno_lessons",
                    ignore=shutil.ignore_patterns("__pycache__", "locale", "notebooks", "frontend"))
    shutil.copy(ROOT / "pyproject.toml", to / "pyproject.toml")
    return to


def test_the_package_keeps_its_layers():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "1 kept, 0 broken" in done.stdout


def test_an_upward_import_inside_a_function_breaks_the_contract(tmp_path):
    root = copy_package(tmp_path)
    with (root / "uno_lessons" / "table" / "kinds.py").open("a") as f:
        f.write("\n\ndef _probe():\n    from ..dashboard import LiveGame\n\n    return LiveGame\n")
    done = lint_imports(root)
    assert done.returncode != 0
    assert "uno_lessons.table is not allowed to import uno_lessons.dashboard" in done.stdout
    assert "uno_lessons.table.kinds -> uno_lessons.dashboard" in done.stdout


def test_a_folder_outside_every_layer_breaks_the_contract(tmp_path):
    root = copy_package(tmp_path)
    (root / "uno_lessons" / "oracle").mkdir()
    (root / "uno_lessons" / "oracle" / "__init__.py").write_text('"""A new folder, not yet placed."""\n')
    done = lint_imports(root)
    assert done.returncode != 0
    assert "uno_lessons.oracle" in done.stdout


def test_the_architecture_page_names_every_folder_lesson_and_benchmark():
    page = (ROOT / "docs" / "architecture.md").read_text()
    folders = [p.name for p in (ROOT / "uno_lessons").iterdir() if (p / "__init__.py").exists()]
    missing = [f"uno_lessons/{f}/" for f in folders if f"`uno_lessons/{f}/`" not in page]
    missing += [p.stem for p in (ROOT / "notebooks").glob("[0-9]*.ipynb") if f"`{p.stem}`" not in page]
    missing += [p.name for p in (ROOT / "benchmarks").glob("*.py") if f"`{p.name}`" not in page]
    picture = page.split("```text")[1].split("```")[0]  # the layers as the contract states them
    missing += [f"{f} (in the picture of the layers)" for f in folders if f" {f} " not in picture + " "]
    assert not missing, f"docs/architecture.md does not name: {missing}"
