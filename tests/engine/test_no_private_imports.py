"""No engine module imports another module's `_`-prefixed name (issue 45).

A `_` name is its module's own: another module that needs it needs a public name (or the
function moved to where both can reach it). Read with `ast`: `from engine.x import _y` and
`alias._y` on an imported engine module, wherever the import stands.
"""

from __future__ import annotations

import ast

from tests.engine.test_no_import_circles import ENGINE, engine_modules


def is_engine(module: str | None) -> bool:
    return module is not None and (module == "engine" or module.startswith("engine."))


def private_reaches(name: str, source: str, known: set[str]) -> list[str]:
    """`line: module._name` for each private name of another engine module that `name` reaches."""
    tree = ast.parse(source)
    aliases: dict[str, str] = {}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and is_engine(node.module) and node.module != name:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in known:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                elif alias.name.startswith("_"):
                    found.append(f"{node.lineno}: {node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            aliases |= {a.asname: a.name for a in node.names if a.asname and a.name in known}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases):
            continue
        if node.attr.startswith("_") and not node.attr.startswith("__") and aliases[node.value.id] != name:
            found.append(f"{node.lineno}: {aliases[node.value.id]}.{node.attr}")
    return found


def test_the_reader_sees_both_ways_of_reaching_a_private_name() -> None:
    known = {"engine.a", "engine.b"}
    source = "from engine.a import _x, y\nfrom engine import b as bee\nbee._z()\nbee.ok()\n"
    assert private_reaches("engine.c", source, known) == ["1: engine.a._x", "3: engine.b._z"]


def test_no_engine_module_imports_a_private_name_of_another() -> None:
    modules = engine_modules()
    known = set(modules)
    found = {
        name: reaches
        for name, path in modules.items()
        if (reaches := private_reaches(name, path.read_text(encoding="utf-8"), known))
    }
    assert found == {}, f"private names reached across engine modules (under {ENGINE}): {found}"
