"""`python -m engine`: JSON answers, and bad input gives one stderr line and status 2."""

import json
import subprocess
import sys

import pytest

from engine.cli import main
from engine.tiles import format_tiles
from engine.wall import Wall, commitment


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, (json.loads(out) if out else None), err


def test_win_prints_the_readings(capsys):
    status, out, _ = run(capsys, "win", "--variant", "pinghe", "11m123m456p789p234s567s")
    assert status == 0 and out["win"] is True
    assert [g["tiles"] for g in out["readings"][0]["groups"]] == ["123m", "456p", "789p", "234s", "567s", "11m"]


def test_win_with_a_gold(capsys):
    status, out, _ = run(capsys, "win", "--variant", "nanping", "--gold", "5m", "5m123m456p789p234s", "56s77z")
    assert status == 0 and out["win"] is True and out["gold"] == "5m"


def test_waits_are_sorted_notation(capsys):
    status, out, _ = run(capsys, "waits", "--variant", "pinghe", "1122334455667788s")
    assert status == 0 and out["waits"] == ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s"]
    assert out["shanten"] == 0 and out["any_tile"] is False


def test_verify_rebuilds_the_wall(capsys):
    status, out, _ = run(capsys, "verify", "seed-1", commitment("seed-1"), "--flowers")
    assert status == 0 and out["valid"] is True and len(out["dice"]) == 2
    status, out, _ = run(capsys, "verify", "seed-2", commitment("seed-1"))
    assert status == 1 and out["valid"] is False


def test_verify_takes_the_tile_set_from_the_variant(capsys):
    _, with_flowers, _ = run(capsys, "verify", "seed-1", commitment("seed-1"), "--variant", "pinghe")
    _, without, _ = run(capsys, "verify", "seed-1", commitment("seed-1"))
    assert "f" in with_flowers["wall"] and "f" not in without["wall"]
    assert with_flowers["wall"] == format_tiles(Wall.shuffled("seed-1", flowers=True).tiles, sort=False)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["win", "--variant", "pinghe", "11x"], "bad character 'x'"),
        (["win", "--variant", "nowhere", "11m"], "unknown variant"),
        (["win", "--variant", "pinghe", "11m2m"], "3k+2"),
        (["waits", "--variant", "pinghe", "11m"], "3k+1"),
        (["win", "--variant", "pinghe", "--gold", "1f", "11m"], "flower"),
        (["frobnicate"], "invalid choice"),
        (["win", "11m"], "--variant"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out is None
    assert err.count("\n") == 1 and message in err


def test_the_module_runs_as_a_program():
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "win", "--variant", "pinghe", "1m"], capture_output=True, text=True
    )
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.startswith("error:")


def test_bench_compares_with_the_package_and_prints_ratios(capsys):
    status = main(["bench", "--hands", "40"])
    out = capsys.readouterr().out
    assert status == 0
    for bucket in ("complete 14", "random 14", "gold 17", "waits 16", "shanten random 14", "shanten gold 17"):
        assert bucket in out
    assert "0 unexplained" in out and "x  >=" in out
