"""No engine module is over 600 lines (issue 45): a module that long does more than one thing."""

from __future__ import annotations

from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MOST_LINES = 600


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_engine_module_is_over_600_lines() -> None:
    too_long = {str(p.relative_to(ENGINE)): lines(p) for p in sorted(ENGINE.rglob("*.py")) if lines(p) > MOST_LINES}
    assert too_long == {}
