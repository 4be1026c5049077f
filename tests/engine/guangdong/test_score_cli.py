"""`python -m engine score` on guangdong situations: JSON in, the settlement sheet out."""

import json

import pytest

from engine.cli import main


def run_score(situation, tmp_path, capsys):
    path = tmp_path / "situation.json"
    path.write_text(json.dumps(situation, ensure_ascii=False), encoding="utf-8")
    status = main(["score", str(path)])
    captured = capsys.readouterr()
    return status, captured


def test_a_discard_win_on_the_command_line(tmp_path, capsys):
    situation = {
        "variant": "guangdong",
        "base": 10,
        "dealer": 0,
        "hands": ["", "123456m456p7899s", "", ""],
        "wins": [{"winner": 1, "way": "discard", "from": 3, "tile": "9s"}],
    }
    status, out = run_score(situation, tmp_path, capsys)
    sheet = json.loads(out.out)
    assert status == 0
    assert [s["paid"] for s in sheet["seats"]] == [0, 20, 0, -20]
    assert sheet["seats"][1]["items"][0]["name_zh"] == "平胡"


def test_one_discard_three_winners_on_the_command_line(tmp_path, capsys):
    situation = {
        "variant": "guangdong",
        "base": 10,
        "dealer": 0,
        "round_wind": "2z",
        "hands": ["", "123456m456p7899s", "123m456p789s22s55m", "12345678m11122z"],
        "wins": [
            {"winner": 1, "way": "食胡", "from": 0, "tile": "9s"},
            {"winner": 2, "way": "食胡", "from": 0, "tile": "2s"},
            {"winner": 3, "way": "食胡", "from": 0, "tile": "9m"},
        ],
    }
    status, out = run_score(situation, tmp_path, capsys)
    sheet = json.loads(out.out)
    assert status == 0 and sheet["win_type"] == "一炮三响"
    assert [s["paid"] for s in sheet["seats"]] == [-240, 80, 80, 80]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"wins": [{"winner": 1, "way": "flying", "from": 3}]}, "unknown win way"),
        ({"wins": [{"winner": 7, "way": "discard", "from": 3}]}, "not at the table"),
        ({"hands": ["", "123m", "", ""]}, "not 14"),
        ({"hands": ["", "1234567m456p789s", "", ""]}, "does not hold a winning hand"),
    ],
)
def test_a_bad_situation_is_one_error_line_and_status_two(tmp_path, capsys, change, message):
    situation = {
        "variant": "guangdong",
        "base": 10,
        "dealer": 0,
        "hands": ["", "123456m456p789s", "", ""],
        "wins": [{"winner": 1, "way": "discard", "from": 3, "tile": "9s"}],
        **change,
    }
    status, out = run_score(situation, tmp_path, capsys)
    assert status == 2 and message in out.err and out.out == ""


def test_the_readme_guangdong_example_scores_as_described(tmp_path, capsys):
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### A guangdong situation", 1)[1]
    situation = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    status, out = run_score(situation, tmp_path, capsys)
    sheet = json.loads(out.out)
    assert status == 0 and sheet["win_type"] == "一炮双响"
    assert [s["paid"] for s in sheet["seats"]] == [-30, 20, 10, 0]  # 平胡 2 points, 鸡胡 1 point, × base 10


FIRST_TURN_HAND = "123456m456p7899s"


@pytest.mark.parametrize(
    ("win", "melds", "why"),
    [
        ({"winner": 1, "way": "self_draw", "tile": "9s", "first_turn": "tianhu"}, [], "天胡 by a non-dealer"),
        ({"winner": 1, "way": "discard", "from": 0, "tile": "9s", "first_turn": "dihu"}, [], "地胡 on a discard"),
        ({"winner": 1, "way": "discard", "from": 3, "tile": "9s", "first_turn": "renhu"}, [], "人胡 not the dealer's"),
        ({"winner": 1, "way": "self_draw", "tile": "9s", "first_turn": "renhu"}, [], "人胡 self-drawn"),
        ({"winner": 1, "way": "self_draw", "tile": "9s", "first_turn": "dihu"}, ["123m"], "地胡 after a chow"),
    ],
)
def test_a_first_turn_win_the_flow_could_not_produce_is_refused(win, melds, why, tmp_path, capsys):
    hand = FIRST_TURN_HAND[4:] if melds else FIRST_TURN_HAND
    situation = {"variant": "guangdong", "dealer": 0, "hands": ["", hand, "", ""], "wins": [win]}
    situation["melds"] = [[], melds, [], []]
    status, out = run_score(situation, tmp_path, capsys)
    assert status == 2 and out.out == ""
    assert out.err.startswith("error: ") and out.err.count("\n") == 1


def test_a_first_turn_win_the_flow_can_produce_is_scored(tmp_path, capsys):
    win = {"winner": 1, "way": "discard", "from": 0, "tile": "9s", "first_turn": "renhu"}
    situation = {"variant": "guangdong", "dealer": 0, "hands": ["", FIRST_TURN_HAND, "", ""], "wins": [win]}
    status, out = run_score(situation, tmp_path, capsys)
    assert status == 0 and json.loads(out.out)["total_fan"] == 6
