"""`python -m engine score`: a JSON situation in, the settlement sheet as JSON out."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.cli_score import SituationError, score

BO_DIANPAO: dict = {
    "variant": "pinghe",
    "base": 10,
    "dealer": 0,
    "streak": 1,
    "gold": "9s",
    "hands": ["", "123m456m789p234s111z5s", "", ""],
    "melds": [[], [], ["5555p"], []],
    "flowers": ["", "12f", "", ""],
    "win": {"type": "dianpao", "winner": 1, "discarder": 2, "tile": "5s"},
}


def sheet_of(situation):
    return score(io.StringIO(json.dumps(situation)))


def test_a_discard_win_prints_the_sheet():
    sheet = sheet_of(BO_DIANPAO)
    assert [s["owed"] for s in sheet["seats"]] == [-20, 40, -10, -10]
    assert sheet["win_type"] == "点炮胡"
    assert sheet["reading"]["pair"]["tiles"] == "55s"


def test_nanping_kongs_and_flowers_come_from_every_seats_melds():
    situation = dict(BO_DIANPAO, variant="nanping", streak=2, win=dict(BO_DIANPAO["win"], type="自摸", discarder=None))
    situation["melds"] = [["6666s!"], [], ["5555p"], []]
    sheet = sheet_of(situation)
    items = {(i["name_zh"], i["counterparty"], i["amount"]) for i in sheet["seats"][3]["items"]}
    assert ("花分/杠分", 0, -20) in items and ("花分/杠分", 2, -10) in items


def test_a_drawn_hand_is_win_null():
    sheet = sheet_of(dict(BO_DIANPAO, variant="nanping", win=None, fenbing=1))
    assert [s["owed"] for s in sheet["seats"]] == [-30, 10, 10, 10]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"hands": ["", "123m456m789p234s111z", "", ""]}, "has 16 tiles"),
        ({"win": {"type": "ronn", "winner": 1}}, "unknown win type"),
        ({"gold": "9x"}, "bad character"),
        ({"melds": [[], [], ["124p"], []]}, "not a chow, pung or kong"),
        ({"win": "zimo"}, "'win' must be an object"),
        ({"dealer": "0"}, "'dealer' must be an integer"),
    ],
)
def test_bad_situations_are_named(change, message):
    with pytest.raises(SituationError, match=message):
        sheet_of(dict(BO_DIANPAO, **change))


def test_main_reads_a_file_and_exits_two_with_an_error_on_bad_input(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(BO_DIANPAO))
    assert main(["score", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(BO_DIANPAO, flowers=["", "", "", ""])))
    assert main(["score", str(bad)]) == 2
    assert "needs 3 分, the hand has 1" in capsys.readouterr().err
    assert main(["score", str(tmp_path / "missing.json")]) == 2
    assert "cannot read the situation" in capsys.readouterr().err


def test_python_dash_m_engine_score_reads_stdin():
    result = subprocess.run(
        [sys.executable, "-m", "engine", "score"],
        input=json.dumps(BO_DIANPAO),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["total_fan"] == 1


def test_the_readme_situation_scores_as_the_readme_says():
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("(`python -m engine score`)", 1)[1]
    situation = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    sheet = sheet_of(situation)
    assert sheet["seats"][0]["items"][0]["amount"] == -20
    assert sheet["transfers"][0] == {"payer": 0, "receiver": 1, "owed": 20, "paid": 20}


def test_a_wrong_kong_guess_during_the_hand_is_on_the_sheet():
    sheet = sheet_of(dict(BO_DIANPAO, wrong_guesses=[3]))
    guess = [(i["counterparty"], i["amount"]) for i in sheet["seats"][3]["items"] if i["name_zh"] == "抢暗杠抢错"]
    assert guess == [(0, -40), (1, -20), (2, -20)]


@pytest.mark.parametrize("value", [[4], "3", [True]])
def test_bad_wrong_guesses_are_refused(value):
    with pytest.raises(SituationError):
        sheet_of(dict(BO_DIANPAO, wrong_guesses=value))
