"""`decompose` returns every distinct reading of a gold hand: golds left over once the real
tiles are placed may play as the gold's own face or as a face the hand's real tiles hold."""

from engine.games.pinghe.scoring import settle_pinghe
from engine.shapes import Shape, decompose
from engine.tiles import Tile, parse_tiles
from tests.engine.scoring.situations import BO, finished, paid_to

STANDARD = frozenset({Shape.STANDARD})


def readings(hand: str, gold: str) -> set[tuple[str, ...]]:
    found = decompose(parse_tiles(hand), gold=Tile.parse(gold), shapes=STANDARD)
    return {tuple(str(g) for g in d.groups) for d in found}


def test_eleven_m_and_three_golds_reads_every_way():
    """The audit's case: 11m with three golds (7z) lacked `111m 11m`."""
    assert readings("11m777z", "7z") == {("123m", "11m"), ("111m", "11m"), ("111m", "77z"), ("777z", "11m")}


def test_the_scorer_picks_the_reading_the_leftover_golds_make_one_suit():
    """All honours but a gold pair and pung: read as honours, the hand is 清一色 (000 §9(7): 字牌 count)."""
    hand = "111z222z333z444z6z" + "9s9s9s9s"
    assert any(all(g.endswith("z") for g in r) for r in readings(hand, "9s"))
    sheet = settle_pinghe(finished("pinghe", "youjin", BO, hand, gold="9s"))
    assert sheet.total_fan == 4 * 2 * 2  # 游金 × 对对胡 × 清一色 (the golds as honours: one "suit")
    assert paid_to(sheet, BO)
