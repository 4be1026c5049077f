"""`python -m engine score` reads an erren situation and prints its sheet."""

import io
import json

import pytest

from engine.cli import main
from engine.cli_score import score
from engine.games.erren.situation import SituationError

BOB_ZIMO: dict = {
    "variant": "erren",
    "base": 10,
    "dealer": 0,
    "bonus": "9p",
    "hands": ["", "123m456p678s234m9p"],
    "win": {"winner": 1, "type": "zimo", "tile": "9p", "baoting": True},
}


def sheet_of(situation):
    return score(io.StringIO(json.dumps(situation)))


def test_a_self_draw_after_报听_prints_its_items_and_the_payment():
    sheet = sheet_of(BOB_ZIMO)
    items = {i["name_zh"]: i["value"] for i in sheet["seats"][1]["items"] if i["amount"] == 0}
    assert items == {"门清": 1, "门清报听": 1, "门清自摸": 1, "花牌": 2}
    assert [s["paid"] for s in sheet["seats"]] == [-50, 50]


def test_melds_and_a_discard_win():
    situation = dict(BOB_ZIMO, hands=["", "456p678s234m9p"], melds=[[], ["123m"]], bonus=None)
    situation["win"] = {"winner": 1, "type": "dianpao", "tile": "9p"}
    sheet = sheet_of(situation)
    assert sheet["win_type"] == "吃胡" and sheet["total_fan"] == 1  # 推倒胡


def test_a_drawn_hand_moves_nothing():
    assert [s["paid"] for s in sheet_of(dict(BOB_ZIMO, win=None))["seats"]] == [0, 0]


@pytest.mark.parametrize(
    "win",
    [
        {"winner": 2, "type": "zimo", "tile": "9p"},
        {"winner": 1, "type": "youjin", "tile": "9p"},
        {"winner": 1, "type": "zimo", "tile": "1z"},
    ],
)
def test_a_bad_situation_names_its_fault(win):
    with pytest.raises(SituationError):
        sheet_of(dict(BOB_ZIMO, win=win))


def test_the_command_line_prints_the_sheet(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(BOB_ZIMO), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["total_fan"] == 5


DEALER_TIANHU: dict = {
    "variant": "erren",
    "base": 10,
    "dealer": 0,
    "hands": ["123m456p678s234m99p", ""],
    "win": {"winner": 0, "type": "tianhu"},
}


def test_type_tianhu_scores_天和_without_further_flags():
    """002: 天和 — the dealer's dealt hand wins: the 13-番 cap, no first_go flag needed."""
    sheet = sheet_of(DEALER_TIANHU)
    items = {i["name_zh"]: i["value"] for i in sheet["seats"][0]["items"] if i["amount"] == 0}
    assert items == {"天和": 13}
    assert [s["paid"] for s in sheet["seats"]] == [130, -130]


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"dealer": 1}, "天和 for a seat that is not the dealer"),
        ({"melds": [["123m"], []], "hands": ["456p678s234m99p", ""]}, "天和 after a call"),
        ({"win": {"winner": 0, "type": "dianpao", "tile": "9p", "first_go": True}}, "a dealer's first-go discard win"),
    ],
)
def test_a_first_go_win_the_flow_could_not_produce_is_refused(change, why, tmp_path, capsys):
    situation = dict(DEALER_TIANHU, **change)
    with pytest.raises(SituationError):
        sheet_of(situation)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(situation), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
