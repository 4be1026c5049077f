"""九莲宝灯 only in its pure form (004 "同种牌形成1112345678999，在摸到该种牌任何一张即可胡牌"; RULINGS).

The 13 concealed tiles before the winning tile must be exactly 1112345678999 of one
suit; any other one-suit hand is 清一色 (or what else it reads as).
"""

import json

import pytest

from engine.cli import main
from engine.games.guangdong.fans import WinWay
from engine.games.guangdong.scoring import GuangdongHand, Winner, score_winner
from engine.tiles import Tile, parse_tiles


def fan_of(before: str, tile: str, way: WinWay = WinWay.SELF_DRAW) -> tuple[int, list[str]]:
    concealed = parse_tiles(before + tile)
    winner = Winner(1, concealed, way=way, from_seat=None if way == WinWay.SELF_DRAW else 0, win_tile=Tile.parse(tile))
    result = score_winner(winner, GuangdongHand(dealer=0, base=1, winners=(winner,)))
    return result.fan, [i.name_zh for i in result.items]


@pytest.mark.parametrize("tile", [f"{n}m" for n in range(1, 10)])
def test_the_pure_nine_gates_wins_on_any_tile_of_its_suit(tile):
    fan, names = fan_of("1112345678999m", tile)
    assert (fan, names) == (6, ["九莲宝灯"])


def test_the_nine_gates_shape_without_the_pure_wait_is_a_full_flush():
    """The audit's case: 1113455678999m + 2m makes the 九莲 tiles, but the hand never waited on all nine."""
    fan, names = fan_of("1113455678999m", "2m")
    assert "九莲宝灯" not in names and "清一色" in names
    assert fan == 4


def test_the_same_tiles_won_on_the_pure_wait_are_nine_gates():
    """11123455678999m again, now won on the 5m after holding 1112345678999m."""
    assert fan_of("1112345678999m", "5m")[1] == ["九莲宝灯"]


def test_the_score_command_line_reads_the_win_tile(tmp_path, capsys):
    situation = {
        "variant": "guangdong",
        "dealer": 0,
        "hands": ["", "1113455678999m", "", ""],
        "wins": [{"winner": 1, "way": "self_draw", "tile": "2m"}],
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(situation), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    items = [i["name_zh"] for i in json.loads(capsys.readouterr().out)["seats"][1]["items"] if i["amount"] == 0]
    assert "九莲宝灯" not in items and "清一色" in items
