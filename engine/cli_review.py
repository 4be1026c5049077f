"""`python -m engine review FILE [--seat N]`: the hand review (牌谱分析) of a replay file, as JSON.

FILE (or `-` for stdin) is a replay document (engine.review.Replay: variant, seed,
options, dealer, streak, base and the actions in order). Prints one seat's review
with `--seat`, else `{"reviews": [...]}` for every seat. The same JSON the platform
stores after a hand, so a dispute can be settled from the replay alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.cli import Command, UsageError, emit, register
from engine.review import Replay, ReplayError, review, review_seats
from engine.variants import UnknownVariant
from engine.variants import get as get_variant


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a replay JSON file, or - for stdin")
    parser.add_argument("--seat", type=int, help="review this seat only (default: every seat)")


def _read(name: str) -> Any:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        return json.loads(text)
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{name} is not JSON: {exc}") from None


def run(args: argparse.Namespace) -> int:
    replay = Replay.from_json(_read(args.file))
    try:
        n_seats = get_variant(replay.variant).n_seats
    except UnknownVariant as exc:
        raise UsageError(str(exc.args[0])) from None
    if args.seat is not None:
        emit(review(replay, args.seat).to_json())
    else:
        emit({"reviews": [r.to_json() for r in review_seats(replay, range(n_seats)).values()]})
    return 0


register(Command("review", "the hand review (牌谱分析) of a replay file: JSON", _configure, run))

__all__ = ["ReplayError", "run"]
