"""The judgement is one public model: engine/judge/, the normal bot and the review import no `_`-prefixed
name of another engine module (read with `ast`: `from engine.x import _name`, and `module._name` on an
engine module imported by name)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine

ENGINE = Path(engine.__file__).parent
FILES = sorted(
    [*(ENGINE / "judge").glob("*.py"), ENGINE / "bot_normal.py", ENGINE / "review.py", ENGINE / "review_sight.py"]
)


def private_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine"):
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"from {node.module} import {alias.name}")
                else:
                    modules.add(alias.asname or alias.name)  # may be a module (`from engine import judge`)
        elif isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name.startswith("engine"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_no_private_name_of_another_engine_module(path):
    assert private_imports(path) == []
