"""The CLI as a dispute tool never answers with a traceback: a situation the live flow could
not produce, or a bad argument, is refused with one `error: …` line on stderr and status 2."""

import json

import pytest

from engine.cli import main

PINGHE_DIANPAO = {
    "variant": "pinghe",
    "gold": "9s",
    "hands": ["", "123m456m789p234s111z5s", "", ""],
    "melds": [[], [], [], []],
    "flowers": ["", "12f", "", ""],
    "win": {"type": "dianpao", "winner": 1, "discarder": 2, "tile": "5s"},
}


def situation(**changes):
    return {**PINGHE_DIANPAO, **changes}


def nested(depth):
    value: object = "1m"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # more concealed tiles than the variant allows (today: a 110-tile `win` ran 59 s)
        (["win", "--variant", "pinghe", "1m" * 4 + "2m" * 4 + "3m" * 4 + "123456789p" * 4 + "11s"], "at most 17"),
        (["win", "--variant", "erren", "11122233344455m66p"], "at most 14"),
        (["waits", "--variant", "pinghe", "111222333444555666777m"], "at most 16"),  # (IndexError)
        (["waits", "--variant", "guangdong", "1112223334445556m"], "at most 13"),
        (["win", "--variant", "pinghe", "11111m"], "5 copies of 1m"),
        (["waits", "--variant", "pinghe", "1f1f2m"], "2 copies of 1f"),
        # bench: hands a bucket must be positive (today: ZeroDivisionError, or a silent default)
        (["bench", "--hands", "0"], "--hands must be at least"),
        (["bench", "--hands", "-5"], "--hands must be at least"),
        # simulate: a negative balance, an option value the deal refuses (today: exit 1)
        (["simulate", "--variant", "pinghe", "--hands", "1", "--balance", "-1"], "--balance must be >= 0"),
        (["simulate", "--variant", "erren", "--hands", "1", "--option", "swap_probability=2"], "probability"),
        (["simulate", "--variant", "erren", "--hands", "1", "--option", "pick_probability=true"], "probability"),
        # simulate: an option name the variant does not read (a typo, or another game's option)
        (["simulate", "--variant", "erren", "--hands", "1", "--option", "swap_probabilty=0.5"], "unknown --option"),
        (["simulate", "--variant", "pinghe", "--hands", "1", "--option", "swap_probability=0.5"], "swap_probability"),
        (["simulate", "--variant", "guangdong", "--hands", "1", "--option", "named_gold=true"], "named_gold for"),
    ],
)
def test_impossible_or_bad_arguments_are_refused(capsys, argv, message):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1
    assert message in err


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (nested(100_000), "nested deeper"),  # (today: RecursionError)
        (situation(hands=["", nested(12), "", ""]), "nested deeper"),
        (situation(win={"type": "tianhu", "winner": 1}, hands=["", "123m456m789p234s111z55s", "", ""]), "天胡"),
        (
            situation(
                variant="nanping", win={"type": "tianhu", "winner": 2}, hands=["", "", "123m456m789p234s111z55s", ""]
            ),
            "天胡",
        ),
    ],
)
def test_impossible_situations_are_refused(tmp_path, capsys, data, message):
    path = tmp_path / "situation.json"
    path.write_text(json.dumps(data) if not isinstance(data, list) else "[" * 100_000 + "]" * 100_000)
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1
    assert message in err


def test_the_dealers_tianhu_is_still_scored(tmp_path, capsys):
    data = situation(win={"type": "tianhu", "winner": 0}, hands=["123m456m789p234s111z55s", "", "", ""])
    path = tmp_path / "situation.json"
    path.write_text(json.dumps(data))
    assert main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == 0


@pytest.mark.parametrize(
    ("variant", "option"),
    [("erren", "swap_probability=0.5"), ("pinghe", "named_gold=true"), ("guangdong", "round_wind=2z")],
)
def test_an_option_the_variant_reads_is_accepted(capsys, variant, option):
    assert main(["simulate", "--variant", variant, "--hands", "1", "--seed", "opt", "--option", option]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["hands"], summary["error_count"]) == (1, 0)
