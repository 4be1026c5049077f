"""广东鸡平胡 (`guangdong`): the 番 of a winning hand, and how a complete hand is read.

Pure functions on values; docs/rules/guangdong.md is the prose version of every rule here.

- `score(reading, situation)` -> `FanResult`: the in-limit hands (鸡胡 平胡 碰碰胡 混一色) add
  up with the extras (自摸, 门风, 圈风, 三元 pongs) and cap at 3 番 (爆胡); the special hands
  (清一色 … 十三幺) ignore the extras and the cap and do not stack; 天胡/人胡/地胡 are 6 番;
  杠上开花, 杠上开花包杠, 海底捞月, 抢杠 and 一炮三响 raise a smaller hand to 3 番.
- `best_score(readings, situation)`: the reading worth most.
- `readings_of(concealed, melds, win_tile)`: every reading of a complete hand.

Who pays whom is `engine.games.guangdong.scoring`, the players' titles `...titles`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from engine.sheet import (
    Meld,
)
from engine.tiles import DRAGONS, EAST, WINDS, Suit, Tile, format_tiles, parse_tiles

N_SEATS = 4
LIMIT_FAN = 3  # 爆胡: in-limit hands plus extras never exceed this
FIRST_TURN_FAN = 6  # 天胡 / 人胡 / 地胡
EAST_TILE = Tile(EAST)


class ScoringError(ValueError):
    """A reading or a win that cannot be scored (not a winning hand, bad seat, ...)."""


class HandShape(IntEnum):
    """The form of a winning hand."""

    STANDARD = 0  # four sets and a pair
    THIRTEEN_ORPHANS = 1  # 十三幺
    NINE_GATES = 2  # 九莲宝灯


class WinWay(IntEnum):
    """How the winning tile came; decides the 自摸 extra and who pays."""

    DISCARD = 0  # 食胡: on another player's discard
    SELF_DRAW = 1  # 自摸
    KONG_BLOOM = 2  # 杠上开花: on the replacement tile of a concealed or added kong
    KONG_BLOOM_FED = 3  # 杠上开花包杠: replacement after konging a discard onto a concealed triplet
    ROBBED_KONG = 4  # 抢杠: on the tile another player adds to their pong

    @property
    def counts_as_self_draw(self) -> bool:
        """杠上开花 and 抢杠 score as 自摸 (the document: 计自摸 / 当自摸)."""
        return self != WinWay.DISCARD


class FirstTurn(IntEnum):
    """The first-turn wins, as this document defines them (each 6 番)."""

    NONE = 0
    TIANHU = 1  # 天胡: the dealer's 14 dealt tiles win
    RENHU = 2  # 人胡: a non-dealer wins on the dealer's first discard
    DIHU = 3  # 地胡: a non-dealer self-draws on their first draw, nobody has claimed yet


_FIRST_TURN_NAMES = {
    FirstTurn.TIANHU: ("天胡", "heavenly hand"),
    FirstTurn.RENHU: ("人胡", "human hand"),
    FirstTurn.DIHU: ("地胡", "earthly hand"),
}


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a complete hand: every set (claimed ones included) and the pair.

    STANDARD: four sets (3 equal tiles = pong, 4 = kong, a run of 3 = chow) and `pair`.
    十三幺 / 九莲宝灯: `sets` is the one group of all 14 tiles and `pair` is None.
    `Reading.parse("123m 456p 789s 555z 11z")`, `Reading.parse("19m19p19s12345677z", THIRTEEN_ORPHANS)`.
    """

    sets: tuple[tuple[Tile, ...], ...]
    pair: Tile | None
    shape: HandShape = HandShape.STANDARD

    def __post_init__(self) -> None:
        if self.shape == HandShape.STANDARD:
            _check_standard(self.sets, self.pair)
        elif self.pair is not None or len(self.sets) != 1 or len(self.sets[0]) != 14:
            raise ScoringError(f"a {self.shape.name} reading is one group of 14 tiles")

    @staticmethod
    def parse(text: str, shape: HandShape = HandShape.STANDARD) -> Reading:
        """Space-separated groups in mpsz; in a standard hand the group of two equal tiles is the pair."""
        groups = [tuple(sorted(parse_tiles(chunk))) for chunk in text.split()]
        if shape != HandShape.STANDARD:
            return Reading((tuple(sorted(t for g in groups for t in g)),), None, shape)
        pairs = [g for g in groups if len(g) == 2 and g[0] == g[1]]
        if len(pairs) != 1:
            raise ScoringError(f"a reading needs exactly one pair: {text!r}")
        return Reading(tuple(g for g in groups if g is not pairs[0]), pairs[0][0], shape)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        pair = (self.pair, self.pair) if self.pair is not None else ()
        return (*(t for s in self.sets for t in s), *pair)

    @property
    def pungs(self) -> tuple[Tile, ...]:
        """The tile of each pong or kong (刻子, kongs included); none in the special shapes."""
        if self.shape != HandShape.STANDARD:
            return ()
        return tuple(s[0] for s in self.sets if s[0] == s[-1])

    @property
    def chow_count(self) -> int:
        if self.shape != HandShape.STANDARD:
            return 0
        return sum(1 for s in self.sets if s[0] != s[-1])

    def __str__(self) -> str:
        pair = [format_tiles((self.pair, self.pair))] if self.pair is not None else []
        return " ".join([*(format_tiles(s) for s in self.sets), *pair])


def _check_standard(sets: tuple[tuple[Tile, ...], ...], pair: Tile | None) -> None:
    if pair is None or len(sets) != 4 or not all(_is_set(s) for s in sets):
        shown = " ".join(format_tiles(s) for s in sets)
        raise ScoringError(f"a standard reading has four chows/pongs/kongs, got {shown!r}")


def _is_set(group: tuple[Tile, ...]) -> bool:
    if len(group) in (3, 4) and len(set(group)) == 1:
        return True
    kinds = sorted(t.kind for t in group)
    is_run = len(kinds) == 3 and kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2
    return is_run and group[0].suit != Suit.HONOR and len({t.suit for t in group}) == 1


@dataclass(frozen=True, slots=True)
class Situation:
    """What the table knows about a win beyond its tiles.

    `seat_wind` / `round_wind` are wind tiles (1z-4z). `last_tile` marks 海底捞月 (won on the
    last tile drawn from the wall); `triple` marks each winner of 一炮三响.
    """

    way: WinWay = WinWay.DISCARD
    seat_wind: Tile = EAST_TILE
    round_wind: Tile = EAST_TILE
    last_tile: bool = False
    triple: bool = False
    first_turn: FirstTurn = FirstTurn.NONE

    def __post_init__(self) -> None:
        for wind in (self.seat_wind, self.round_wind):
            if wind.kind not in WINDS:
                raise ScoringError(f"not a wind tile: {wind}")
        if self.last_tile and self.way != WinWay.SELF_DRAW:
            raise ScoringError("海底捞月 is a self-draw of the last wall tile")


@dataclass(frozen=True, slots=True)
class FanItem:
    """One line of the 番 breakdown, e.g. FanItem("平胡", "all chows", 1)."""

    name_zh: str
    name_en: str
    fan: int


@dataclass(frozen=True, slots=True)
class FanResult:
    """The 番 of one win: its items (in order), the total and whether it broke the limit."""

    items: tuple[FanItem, ...]
    fan: int
    special: bool = False
    reading: Reading | None = field(default=None, compare=False)

    @property
    def points(self) -> int:
        """记分 = 2^番."""
        return 2**self.fan


# ---------------------------------------------------------------------------
# Hand patterns. Each takes the facts of a reading; order is the display order.


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the hand patterns look at, computed once per reading."""

    shape: HandShape
    pair_kind: int | None
    suits: frozenset[Suit]  # number suits present
    honors: bool
    terminals_and_honors_only: bool
    all_pungs: bool
    all_chows: bool
    wind_pungs: int
    dragon_pungs: int

    @staticmethod
    def of(reading: Reading) -> _Facts:
        tiles = reading.tiles
        pungs = reading.pungs
        return _Facts(
            shape=reading.shape,
            pair_kind=reading.pair.kind if reading.pair is not None else None,
            suits=frozenset(t.suit for t in tiles if t.suit != Suit.HONOR),
            honors=any(t.is_honor for t in tiles),
            terminals_and_honors_only=all(t.is_terminal_or_honor for t in tiles),
            all_pungs=len(pungs) == 4,
            all_chows=reading.chow_count == 4,
            wind_pungs=sum(1 for t in pungs if t.kind in WINDS),
            dragon_pungs=sum(1 for t in pungs if t.kind in DRAGONS),
        )

    @property
    def half_flush(self) -> bool:
        return len(self.suits) == 1 and self.honors

    @property
    def full_flush(self) -> bool:
        return len(self.suits) == 1 and not self.honors

    @property
    def mixed_orphans(self) -> bool:
        return self.terminals_and_honors_only and self.honors and bool(self.suits)


@dataclass(frozen=True, slots=True)
class _Pattern:
    name_zh: str
    name_en: str
    fan: int
    test: Callable[[_Facts], bool]


# 一、爆胡以内 (in-limit): they add up; 鸡胡 (0 番) is what is left when none applies.
IN_LIMIT: tuple[_Pattern, ...] = (
    _Pattern("平胡", "all chows", 1, lambda f: f.all_chows),
    _Pattern("碰碰胡", "all pongs", 2, lambda f: f.all_pungs),
    _Pattern("混一色", "half flush", 2, lambda f: f.half_flush),
)
CHICKEN = FanItem("鸡胡", "chicken hand", 0)

# 二、爆胡以外 (special): the highest one counts alone.
SPECIAL: tuple[_Pattern, ...] = (
    _Pattern("清一色", "full flush", 4, lambda f: f.full_flush),
    _Pattern("混碰", "half flush all pongs", 4, lambda f: f.half_flush and f.all_pungs),
    _Pattern("清碰", "full flush all pongs", 5, lambda f: f.full_flush and f.all_pungs),
    _Pattern("混幺九", "mixed terminals and honours", 5, lambda f: f.mixed_orphans),
    _Pattern("小三元", "little three dragons", 5, lambda f: f.dragon_pungs == 2 and f.pair_kind in DRAGONS),
    _Pattern("小四喜", "little four winds", 5, lambda f: f.wind_pungs == 3 and f.pair_kind in WINDS),
    _Pattern("字一色", "all honours", 6, lambda f: not f.suits),
    _Pattern("清幺九", "all terminals", 6, lambda f: f.terminals_and_honors_only and not f.honors),
    _Pattern("大三元", "big three dragons", 6, lambda f: f.dragon_pungs == 3),
    _Pattern("大四喜", "big four winds", 6, lambda f: f.wind_pungs == 4),
    _Pattern("九莲宝灯", "nine gates", 6, lambda f: f.shape == HandShape.NINE_GATES),
    _Pattern("十三幺", "thirteen orphans", 6, lambda f: f.shape == HandShape.THIRTEEN_ORPHANS),
)

# 特殊规则 that lift a smaller hand to the 3-番 limit, in the order they are named.
_MINIMUM_THREE = (
    ("一炮三响", "three winners on one discard"),
    ("杠上开花", "win on a kong replacement"),
    ("杠上开花包杠", "win on a fed kong's replacement"),
    ("海底捞月", "win on the last tile"),
    ("抢杠", "robbing a kong"),
)


def _matches(patterns: Iterable[_Pattern], facts: _Facts) -> list[FanItem]:
    return [FanItem(p.name_zh, p.name_en, p.fan) for p in patterns if p.test(facts)]


def extras(reading: Reading, situation: Situation) -> list[FanItem]:
    """附加番 of an in-limit hand: 自摸, 门风, 圈风 and each 三元 pong, one 番 each."""
    items = []
    if situation.way.counts_as_self_draw:
        items.append(FanItem("自摸", "self-draw", 1))
    pungs = reading.pungs
    if situation.seat_wind in pungs:
        items.append(FanItem("门风", f"seat wind {situation.seat_wind.chinese}", 1))
    if situation.round_wind in pungs:
        items.append(FanItem("圈风", f"round wind {situation.round_wind.chinese}", 1))
    items.extend(FanItem("三元牌", f"dragon pong {t.chinese}", 1) for t in pungs if t.kind in DRAGONS)
    return items


def score(reading: Reading, situation: Situation) -> FanResult:
    """The 番 of one reading in one situation (see the module docstring for the order)."""
    if situation.first_turn != FirstTurn.NONE:
        zh, en = _FIRST_TURN_NAMES[situation.first_turn]
        return FanResult((FanItem(zh, en, FIRST_TURN_FAN),), FIRST_TURN_FAN, True, reading)
    facts = _Facts.of(reading)
    special = _matches(SPECIAL, facts)
    if special:
        top = max(special, key=lambda item: item.fan)
        return FanResult((top,), top.fan, True, reading)
    return _raise_to_three(_in_limit(reading, facts, situation), situation)


def _in_limit(reading: Reading, facts: _Facts, situation: Situation) -> FanResult:
    items = _matches(IN_LIMIT, facts) or [CHICKEN]
    items += extras(reading, situation)
    total = sum(item.fan for item in items)
    if total > LIMIT_FAN:
        items.append(FanItem("爆胡", "limit", LIMIT_FAN - total))
    return FanResult(tuple(items), min(total, LIMIT_FAN), False, reading)


def _raise_to_three(result: FanResult, situation: Situation) -> FanResult:
    reason = _minimum_three_reason(situation)
    if reason is None or result.fan >= LIMIT_FAN:
        return result
    zh, en = reason
    item = FanItem(f"{zh}(不满3番按3番)", f"{en} (raised to 3)", LIMIT_FAN - result.fan)
    return FanResult((*result.items, item), LIMIT_FAN, False, result.reading)


def _minimum_three_reason(situation: Situation) -> tuple[str, str] | None:
    flags = (
        situation.triple,
        situation.way == WinWay.KONG_BLOOM,
        situation.way == WinWay.KONG_BLOOM_FED,
        situation.last_tile,
        situation.way == WinWay.ROBBED_KONG,
    )
    return next((names for names, on in zip(_MINIMUM_THREE, flags, strict=True) if on), None)


def best_score(readings: Iterable[Reading], situation: Situation) -> FanResult:
    """The highest-scoring reading (a hand like 111222333m reads as pongs or chows)."""
    results = [score(r, situation) for r in readings]
    if not results:
        raise ScoringError("no winning reading to score")
    return max(results, key=lambda r: r.fan)


# The shape names of engine.shapes that this game wins with, and how the scorer reads them.
_SHAPES = {
    "STANDARD": HandShape.STANDARD,
    "THIRTEEN_ORPHANS": HandShape.THIRTEEN_ORPHANS,
    "NINE_GATES": HandShape.NINE_GATES,
}


def readings_of(concealed: Sequence[Tile], melds: Sequence[Meld], win_tile: Tile | None = None) -> list[Reading]:
    """Every reading of a complete hand: the engine core's decompositions plus the melds.

    九莲宝灯 is read only in its pure form (004 "同种牌形成1112345678999，在摸到该种牌任何一张即可胡牌"):
    the 13 concealed tiles before `win_tile` are exactly 1112345678999 of one suit. Without a
    `win_tile` any tile of the hand may have been the last one.
    """
    from engine.shapes import Shape, decompose  # the engine core; imported here so a draw settles without it

    shapes = frozenset(Shape[name] for name in _SHAPES)
    out = []
    for d in decompose(tuple(concealed), gold=None, shapes=shapes):
        shape = _SHAPES[d.shape.name]
        if shape == HandShape.NINE_GATES and not is_pure_nine_gates(concealed, win_tile):
            continue  # any other one-suit hand is 清一色 (or what else it reads as)
        if shape != HandShape.STANDARD:
            out.append(Reading((tuple(sorted(concealed)),), None, shape))
            continue
        pair = next(g.tiles[0] for g in d.groups if g.kind.name == "PAIR")
        sets = tuple(m.tiles for m in melds) + tuple(g.tiles for g in d.groups if g.kind.name != "PAIR")
        out.append(Reading(sets, pair))
    return out


NINE_GATES_WAIT = (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)  # 九莲宝灯: the 13 tiles waiting on all nine


def is_pure_nine_gates(concealed: Sequence[Tile], win_tile: Tile | None) -> bool:
    """The 13 concealed tiles before the winning tile are 1112345678999 of one suit."""
    candidates = set(concealed) if win_tile is None else {win_tile}
    for last in candidates:
        rest = list(concealed)
        if last not in rest:
            continue
        rest.remove(last)
        if len({t.suit for t in rest}) == 1 and tuple(sorted(t.number for t in rest)) == NINE_GATES_WAIT:
            return True
    return False
