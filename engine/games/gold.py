"""What the two Fujian gold games (pinghe, nanping) share: their table rules (`gold_game`) and
their scoring's pieces (readings with golds, tile faces, the 游金 wins' readings, sheet headers).

The 游金 states themselves (单游, 双游, ...) are the shared hand flow's, read from `GoldRules`
(engine.variants), since the flow that plays them sits below the games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.shapes import Decomposition, Shape, decompose
from engine.sheet import Meld, Reading, ReadingGroup, SheetError, SheetHeader, WinContext, WinType
from engine.tiles import BAIBAN, Tile, format_tiles
from engine.variants import EscapeSharing, GoldRules, Variant
from engine.variants.style import CURVES_FUJIAN, FAR_FULL, Style


def face(tile: Tile, gold: Tile | None) -> Tile:
    """The tile a tile plays as: 白板 plays as the gold's face tile unless the gold is 白板."""
    if gold is not None and tile.kind == BAIBAN and gold.kind != BAIBAN:
        return gold
    return tile


def count_golds(tiles: Sequence[Tile], gold: Tile | None) -> int:
    """How many of `tiles` are golds (金)."""
    return 0 if gold is None else sum(1 for t in tiles if t == gold)


def header(ctx: WinContext, total_fan: int, win_name: str | None = None) -> SheetHeader:
    """The sheet's heading facts for this hand (`win_name` overrides the win type's Chinese name)."""
    win_type = win_name or (ctx.win_type.zh if ctx.win_type is not None else None)
    return SheetHeader(ctx.variant, ctx.n_seats, ctx.base, ctx.dealer, ctx.streak, ctx.winner, win_type, total_fan)


def readings(concealed: Sequence[Tile], gold: Tile | None, shape_names: Sequence[str]) -> list[Decomposition]:
    """Every reading of a complete concealed hand (the engine core's `decompose`) in the named shapes."""
    shapes = frozenset(Shape[name] for name in shape_names)
    return list(decompose(tuple(concealed), gold=gold, shapes=shapes))


def meld_groups(melds: Sequence[Meld]) -> tuple[ReadingGroup, ...]:
    """The declared melds as reading groups (listed before the concealed sets)."""
    return tuple(ReadingGroup(m.kind.name.lower(), format_tiles(m.tiles), 0, m.concealed) for m in melds)


def to_reading(decomposition: Decomposition, melds: Sequence[Meld]) -> Reading:
    """A decomposition plus the declared melds, as shown on the sheet."""
    groups = [
        ReadingGroup(g.kind.name.lower(), format_tiles(g.tiles), g.golds, g.concealed) for g in decomposition.groups
    ]
    pairs = tuple(g for g in groups if g.kind == "pair")
    sets = meld_groups(melds) + tuple(g for g in groups if g.kind != "pair")
    if len(pairs) == 1:
        return Reading(_shape_name(decomposition.shape), sets, pairs[0])
    return Reading(_shape_name(decomposition.shape), sets, None, pairs)


def _shape_name(shape: Shape) -> str:
    return shape.name.lower()


def all_face_tiles(decomposition: Decomposition, melds: Sequence[Meld], gold: Tile | None) -> list[Tile]:
    """Every tile of the hand as it plays (golds as the faces the reading gives them)."""
    tiles = [face(t, gold) for m in melds for t in m.tiles]
    tiles += [t for g in decomposition.groups for t in g.tiles]
    return tiles


def require_reading(ctx: WinContext, found: Sequence[Decomposition]) -> None:
    """A win that needs a shape must have at least one reading."""
    if not found:
        assert ctx.win_type is not None
        raise SheetError(
            f"{ctx.win_type.zh}: {format_tiles(ctx.concealed)} with melds "
            f"{' '.join(map(str, ctx.melds)) or '-'} is not a winning hand"
        )


# 游金 and its higher levels: the pair is a gold and the drawn tile.
YOU_WINS = frozenset(
    {WinType.YOUJIN, WinType.SHUANGYOU, WinType.SANYOU, WinType.SIYOU, WinType.BAYOU, WinType.SHILIUYOU}
)


def winning_readings(ctx: WinContext, shape_names: Sequence[str]) -> list[Decomposition]:
    """The readings that fit how the hand was won: a 游金 needs a gold in a pair.

    Raises `SheetError` when none does (the situation is not that win).
    """
    found = readings(ctx.concealed, ctx.gold, shape_names)
    require_reading(ctx, found)
    if ctx.win_type in YOU_WINS:
        found = [d for d in found if any(g.golds for g in d.pairs)]
        if not found:
            raise SheetError(f"{ctx.win_type.zh} needs a gold (金) in the pair: {format_tiles(ctx.concealed)}")
    return found


# Wins that need no hand shape: the gold count alone, or a wrong guess.
SHAPELESS_WINS = frozenset({WinType.SANJINDAO, WinType.SIJINDAO, WinType.QIANG_ANGANG_WRONG})


def gold_game(*, id: str, name_zh: str, gold: GoldRules, **rules: Any) -> Variant:
    """A Fujian gold game's rules: what pinghe and nanping share, the game's own `rules` on top.

    Four seats, the 144 tiles with flowers, 17 tiles to the dealer and 16 to the others, 抢金,
    抢杠胡 on an added kong and the guess of a concealed one (抢暗杠), and the escape penalty of
    12 × base, 4 to each of the three others (RULINGS.md)."""
    shared: dict[str, Any] = dict(
        n_seats=4,
        has_flowers=True,
        dealer_tiles=17,
        other_tiles=16,
        rob_added_kong=True,
        rob_concealed_kong=True,
        qiangjin=True,
        escape_penalty_bases=12,
        escape_sharing=EscapeSharing.EACH_OTHER_EQUALLY,
    )
    return Variant(id=id, name_zh=name_zh, gold=gold, **{**shared, **rules})


# The gold games' judging style (pinghe's; nanping bends it): every loser pays a 点炮 alike (half a
# 自摸), so a deal-in costs nothing the hand going on would not: danger only breaks ties between
# equally good discards, and nobody folds.
GOLD_STYLE = Style(CURVES_FUJIAN, deal_in_cost=0.0, claim_fold=None, claim_for_waits=True, far_full=FAR_FULL)
