"""The engine's modules import one another without a circle (issue 45).

The graph is read from the source with `ast`, not by importing it. Every `import` and
`from ... import` statement in a module counts, wherever it stands: at module level, inside
a function (a lazy import is still a dependency, only deferred) and under
`if TYPE_CHECKING:` (a type-only import still ties the two modules' design together, and
mypy follows it). What does not count: importing a submodule does not add an edge to its
parent package (Python runs the package's `__init__` first, but the submodule does not read
it; an explicit `from engine.variants import x` does count). The engine loads no module by
a computed name: every game is imported by `engine.games` (tests/engine/test_engine_layers.py
states the order the graph keeps).
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imported_modules(name: str, source: str, known: set[str], *, is_package: bool = False) -> set[str]:
    """The engine modules `name` imports: `import a.b`, `from a.b import c` (c when it is a module)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    modules = engine_modules()
    known = set(modules)
    return {
        name: imported_modules(name, path.read_text(encoding="utf-8"), known, is_package=path.name == "__init__.py")
        for name, path in modules.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first == last), or None (depth-first search)."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_the_reader_sees_a_circle_when_there_is_one() -> None:
    graph = {"engine.a": {"engine.b"}, "engine.b": {"engine.c"}, "engine.c": {"engine.a"}, "engine.d": set()}
    assert find_cycle(graph) == ["engine.a", "engine.b", "engine.c", "engine.a"]
    assert find_cycle({"engine.a": {"engine.b"}, "engine.b": set()}) is None


def test_the_reader_sees_lazy_type_only_and_relative_imports() -> None:
    known = {"engine.a", "engine.b", "engine.c", "engine.d", "engine.pkg", "engine.pkg.e"}
    source = """
from typing import TYPE_CHECKING
import engine.a
if TYPE_CHECKING:
    from engine.b import Thing
def later():
    from engine import c
from .pkg import e
import json
"""
    assert imported_modules("engine.d", source, known) == {"engine.a", "engine.b", "engine.c", "engine.pkg.e"}


def test_the_engine_graph_is_read_from_every_module() -> None:
    graph = import_graph()
    assert "engine.tiles" in graph["engine.variants.base"]
    assert "engine.games.erren.flow" in graph["engine.games.erren"]


def test_the_engine_has_no_import_circle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])
