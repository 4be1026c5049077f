"""The apps depend one way: engine ← accounts ← ledger ← tables ← coins ← match ← operations.

Each app imports only the apps before it in that order (at module level or inside a
function: an import hidden in a function is still a dependency); nothing imports
operations; the engine imports no app and no Django, Channels or Celery. `config` is
the project shell: its entry points (urls, routing, asgi, celery) may import every app,
and an app may use only its plumbing modules, which import no app themselves.
Inside tables, the services and the tasks import each other without a cycle.
(The contract import-linter's "layers" would state; checked here with the ast module.)
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LAYERS = ["engine", "accounts", "ledger", "tables", "coins", "match", "operations"]  # each may import those before it
FRAMEWORKS = ("django", "channels", "celery", "rest_framework", "daphne", "redis")


def modules() -> Iterator[tuple[str, Path]]:
    """(dotted name, path) of every module of the apps and of config (migrations included)."""
    for top in [*LAYERS, "config"]:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def imports(name: str, path: Path) -> list[tuple[str, int]]:
    """Every module this one imports (absolute names) and the line, wherever the import sits."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found += [(f"{base}.{alias.name}", node.lineno) for alias in node.names] + [(base, node.lineno)]
    return found


def app(module: str) -> str:
    return module.split(".")[0]


CONFIG_ENTRY_POINTS = {"config.urls", "config.routing", "config.asgi", "config.wsgi", "config.celery", "config"}


def allowed(source: str, target: str) -> bool:
    """May module `source` import module `target`?"""
    src, dst = app(source), app(target)
    if src == "engine" and dst in FRAMEWORKS:
        return False  # the rules are a pure library
    if src == dst or dst not in [*LAYERS, "config"] or src == "config":
        return True
    if dst == "config":
        return src != "engine" and target not in CONFIG_ENTRY_POINTS
    return LAYERS.index(dst) < LAYERS.index(src)


def test_each_app_imports_only_the_layers_below_it():
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules()
        for target, line in imports(name, path)
        if not allowed(name, target)
    ]
    assert wrong == []


def test_configs_plumbing_imports_no_app():
    """What the apps use from config (the append-only base, API errors, settings) stands below them all."""
    used = {t for name, path in modules() if app(name) in LAYERS for t, _l in imports(name, path) if app(t) == "config"}
    plumbing = {m: p for m, p in modules() if m in used}
    wrong = [f"{m} imports {t}" for m, p in plumbing.items() for t, _l in imports(m, p) if app(t) in LAYERS]
    assert wrong == []


def table_service_graph() -> dict[str, set[str]]:
    """Imports among tables.services.* and tables.tasks (the modules that used to import each other in a circle)."""
    names = {name: path for name, path in modules() if name.startswith("tables.services.") or name == "tables.tasks"}
    graph: dict[str, set[str]] = defaultdict(set)
    for name, path in names.items():
        graph[name] |= {t for t, _line in imports(name, path) if t in names and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, done = [], set()

    def visit(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in done:
                visit(nxt, [*path, nxt])
        done.add(node)

    for start in sorted(graph):
        visit(start, [start])
    return found


@pytest.mark.parametrize("graph", [table_service_graph()], ids=["tables.services+tasks"])
def test_the_table_services_import_each_other_without_a_cycle(graph):
    assert cycles(graph) == []


def test_the_cycle_check_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_the_ledger_moves_coins_without_knowing_the_rules():
    """Settlement joins the engine's payment rules to the ledger in one place (tables.services.settlement);
    the ledger offers a generic posting service and imports nothing of the engine."""
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules()
        if app(name) == "ledger"
        for target, line in imports(name, path)
        if app(target) == "engine"
    ]
    assert wrong == []


def test_settlement_lives_in_one_module():
    """Only tables.services.settlement calls the ledger's table postings (and the tasks only wrap it)."""
    callers = {
        name
        for name, path in modules()
        if app(name) != "ledger" and "post_table_transfers" in path.read_text(encoding="utf-8")
    }
    assert callers == {"tables.services.settlement"}


def test_the_tasks_are_thin_wrappers_over_the_services():
    """A task takes ids and calls a service: tables.tasks reads no model and opens no transaction itself."""
    path = ROOT / "tables" / "tasks.py"
    touched = {t for t, _line in imports("tables.tasks", path)}
    assert not {t for t in touched if t.startswith(("tables.models", "django.db"))}
