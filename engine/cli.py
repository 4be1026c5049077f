"""`python -m engine ...`: settle disputes from the command line, printing JSON.

Subcommands live in a registry: a module calls `register(Command(...))` and,
if it is not imported anyway, adds its name to `COMMAND_MODULES` (a missing
module is skipped), e.g. `score` and `simulate` from their own modules.

Exit status: 0 success (for `verify`: the seed matches), 1 a clean "no"
(`verify` mismatch), 2 bad input, with a one-line error on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import json
import runpy
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from engine.shapes import Decomposition, HandSizeError, decompose, is_win
from engine.tiles import NotationError, Tile, format_tiles, parse_tiles
from engine.waits import shanten, waits
from engine.wall import Wall, commitment, verify

__all__ = ["COMMAND_MODULES", "Command", "UsageError", "main", "register"]

# Modules that register further subcommands when importable (others' additions).
COMMAND_MODULES: tuple[str, ...] = ("engine.cli_score", "engine.cli_simulate", "engine.cli_review")


class UsageError(ValueError):
    """Bad command-line input: reported on one stderr line, exit status 2."""


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: `configure` adds its arguments, `run` prints and returns the exit status."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


_COMMANDS: dict[str, Command] = {}


def register(command: Command) -> Command:
    """Add a subcommand (a second registration under the same name replaces the first)."""
    _COMMANDS[command.name] = command
    return command


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def emit(payload: dict[str, Any]) -> None:
    """Print one JSON object (UTF-8, Chinese kept readable)."""
    print(json.dumps(payload, ensure_ascii=False))


def _variant(name: str) -> Any:
    from engine.variants import UnknownVariant, get

    try:
        return get(name)
    except UnknownVariant as exc:
        raise UsageError(str(exc.args[0])) from None


def _hand_args(args: argparse.Namespace, *, most: int) -> tuple[Any, Tile | None, tuple[Tile, ...]]:
    """The variant, gold and tiles of `win`/`waits`; a hand the live flow could not hold (more than
    `most` below the variant's dealt size, a fifth copy, a flower) is a UsageError."""
    variant = _variant(args.variant)
    gold = Tile.parse(args.gold) if args.gold else None
    if gold is not None and variant.gold is None:
        raise UsageError(f"variant {variant.id!r} has no gold")
    if gold is not None and gold.is_flower:
        raise UsageError(f"a flower ({gold}) cannot be the gold")
    tiles = parse_tiles("".join(args.tiles))
    limit = variant.dealer_tiles + most
    if len(tiles) > limit:
        raise UsageError(f"a {variant.id} hand holds at most {limit} concealed tiles here, got {len(tiles)}")
    fifth = next((t for t in set(tiles) if tiles.count(t) > (1 if t.is_flower else 4)), None)
    if fifth is not None:
        raise UsageError(f"{tiles.count(fifth)} copies of {fifth}: the game has {1 if fifth.is_flower else 4}")
    return variant, gold, tiles


def _hand_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", required=True, help="pinghe, nanping, erren, guangdong")
    parser.add_argument("--gold", help="the gold (金) tile, e.g. 5m")
    parser.add_argument("tiles", nargs="+", help="concealed tiles in mpsz notation, e.g. 11m234p567s")


def reading_json(reading: Decomposition) -> dict[str, Any]:
    """A reading as JSON: shape name and groups in mpsz (golds counted per group)."""
    return {
        "shape": reading.shape.name,
        "groups": [{"kind": g.kind.name, "tiles": str(g), "golds": g.golds} for g in reading.groups],
    }


def _run_win(args: argparse.Namespace) -> int:
    variant, gold, tiles = _hand_args(args, most=0)
    win = is_win(tiles, gold=gold, shapes=variant.shapes)
    readings = decompose(tiles, gold=gold, shapes=variant.shapes) if win else []
    emit(
        {
            "win": win,
            "variant": variant.id,
            "gold": str(gold) if gold else None,
            "tiles": format_tiles(tiles),
            "readings": [reading_json(r) for r in readings],
        }
    )
    return 0


def _run_waits(args: argparse.Namespace) -> int:
    variant, gold, tiles = _hand_args(args, most=-1)
    result = waits(tiles, gold=gold, shapes=variant.shapes)
    emit(
        {
            "waits": [str(t) for t in result.tiles],
            "any_tile": result.any_tile,
            "shanten": shanten(tiles, gold=gold, shapes=variant.shapes),
            "variant": variant.id,
            "gold": str(gold) if gold else None,
            "tiles": format_tiles(tiles),
        }
    )
    return 0


def _verify_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("seed", help="the seed revealed after the hand")
    parser.add_argument("commitment", help="the SHA-256 hex published before the deal")
    parser.add_argument("--flowers", action="store_true", help="rebuild the 144-tile wall (pinghe, nanping)")
    parser.add_argument("--variant", help="take the tile set from this variant (flowers or not)")


def _run_verify(args: argparse.Namespace) -> int:
    flowers = args.flowers or (args.variant is not None and _variant(args.variant).has_flowers)
    ok = verify(args.seed, args.commitment)
    wall = Wall.shuffled(args.seed, flowers=flowers)
    emit(
        {
            "valid": ok,
            "commitment": commitment(args.seed),
            "dice": list(wall.dice),
            "wall": format_tiles(wall.tiles, sort=False),
        }
    )
    return 0 if ok else 1


def _bench_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="1000 hands a bucket (a smoke run)")
    parser.add_argument("--hands", type=int, help="hands a bucket (default 20000)")


def _run_bench(args: argparse.Namespace) -> int:
    if args.hands is not None and args.hands < 4:
        raise UsageError(f"--hands must be at least 4 (a quarter of it times the 16-tile waits), got {args.hands}")
    script = Path(__file__).resolve().parents[1] / "bench" / "engine_bench.py"
    if not script.exists():
        raise UsageError(f"benchmark script not found: {script}")
    namespace = runpy.run_path(str(script))
    options = ["--quick"] if args.quick else []
    options += ["--hands", str(args.hands)] if args.hands is not None else []
    return int(namespace["main"](options))


register(Command("win", "is the hand a win? prints its readings", _hand_options, _run_win))
register(Command("waits", "the tiles a 3k+1 hand waits on, and its shanten", _hand_options, _run_waits))
register(
    Command("verify", "check a revealed seed against its commitment and rebuild the wall", _verify_options, _run_verify)
)
register(Command("bench", "time the engine against the mahjong package", _bench_options, _run_bench))


def _load_command_modules() -> None:
    for name in COMMAND_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; the other modules' commands are imported only when `command` is not
    already registered (so `win`/`waits` answer without loading the hand machine)."""
    if command not in _COMMANDS:
        _load_command_modules()
    parser = _Parser(prog="python -m engine", description="Mahjong rules engine: settle disputes, print JSON.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for entry in _COMMANDS.values():
        entry.configure(sub.add_parser(entry.name, help=entry.help, description=entry.help))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; bad input -> one stderr line and status 2."""
    try:
        argv = list(sys.argv[1:] if argv is None else argv)
        args = build_parser(argv[0] if argv else None).parse_args(argv)
        return _COMMANDS[args.command].run(args)
    except (UsageError, NotationError, HandSizeError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
