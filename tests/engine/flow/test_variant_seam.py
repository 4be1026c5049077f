"""The seam between the shared hand flow and each variant (engine.hand.FlowHooks).

A variant plugs into the flow only through public names: no module outside
engine/hand/ may reach a `_`-prefixed name of it (a rename inside the package
must never silently break a game), and every hook a variant defines must be one
the flow calls, with the flow's parameters.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from engine.games.erren.flow import ErrenFlow
from engine.games.guangdong.flow import GuangdongFlow
from engine.hand import FlowHooks, flow_hooks
from engine.variants import all_ids
from engine.variants import get as get_variant

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "engine" / "hand"
SKIPPED = {".venv", ".git", "node_modules", "var"}


def _project_files() -> list[Path]:
    return [p for p in ROOT.rglob("*.py") if not SKIPPED & set(p.relative_to(ROOT).parts) and PACKAGE not in p.parents]


def _is_hand(module: str) -> bool:
    return module == "engine.hand" or module.startswith("engine.hand.")


def private_reaches(source: str) -> list[str]:
    """`from engine.hand… import _x` and `alias._x` on a module alias of engine.hand…, as "line: text"."""
    tree = ast.parse(source)
    aliases: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for name in node.names:
                full = f"{node.module}.{name.name}"
                if _is_hand(node.module) and name.name.startswith("_"):
                    found.append(f"{node.lineno}: from {node.module} import {name.name}")
                elif _is_hand(full):
                    aliases.add(name.asname or name.name)
        elif isinstance(node, ast.Import):
            aliases |= {n.asname for n in node.names if n.asname and _is_hand(n.name)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            continue
        if node.value.id in aliases and node.attr.startswith("_"):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_outside_the_hand_package_reaches_its_private_names() -> None:
    offenders = {
        str(p.relative_to(ROOT)): hits for p in _project_files() if (hits := private_reaches(p.read_text("utf-8")))
    }
    assert offenders == {}


@pytest.mark.parametrize(
    "source",
    [
        "from engine.hand import _Draft",
        "from engine.hand.turns import _claim",
        "from engine import hand as h\nh._finish_win(d)",
        "import engine.hand.drawing as drawing\ndrawing._receive(d)",
    ],
)
def test_the_check_sees_each_way_of_reaching_a_private_name(source: str) -> None:
    assert private_reaches(source)


def test_public_names_pass_the_check() -> None:
    assert private_reaches("from engine import hand as h\nfrom engine.hand import Draft\nh.finish_win(d)") == []


@pytest.mark.parametrize(("variant", "hooks"), [("erren", ErrenFlow), ("guangdong", GuangdongFlow)])
def test_a_variant_names_its_hooks_class_directly(variant: str, hooks: type[FlowHooks]) -> None:
    assert type(flow_hooks(get_variant(variant))) is hooks


@pytest.mark.parametrize("variant", ["pinghe", "nanping"])
def test_a_variant_without_hooks_gets_the_no_op_defaults(variant: str) -> None:
    assert type(flow_hooks(get_variant(variant))) is FlowHooks


@pytest.mark.parametrize("variant", all_ids())
def test_every_hook_a_variant_defines_is_one_the_flow_calls_with_its_parameters(variant: str) -> None:
    hooks = type(flow_hooks(get_variant(variant)))
    for name, method in inspect.getmembers(hooks, inspect.isfunction):
        if name.startswith("_") or name not in vars(hooks):
            continue
        assert hasattr(FlowHooks, name), f"{hooks.__name__}.{name} is no hook of FlowHooks"
        ours = list(inspect.signature(method).parameters)
        assert ours == list(inspect.signature(getattr(FlowHooks, name)).parameters), name
