"""二人麻将 (erren) 番 evaluation: pure functions on a reading of the winning hand.

The hand list, the values and every judgement call are written up in
docs/rules/erren.md. In short: 役满 (yakuman) hands score the 13-番 cap, are not
added to anything else and are all listed when several hold; the other hands
add up (capped at 13); 推倒胡 is the 1 番 of a win that meets no other hand;
each copy of the bonus tile (花牌) adds 1 番 to a non-役满 win. The best reading
of the hand (over every decomposition and every place the winning tile can sit)
is the one scored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from engine.shapes import Decomposition, Group, GroupKind, Shape, decompose
from engine.sheet import (
    Meld,
    MeldKind,
)
from engine.tiles import DRAGONS, WINDS, Suit, Tile, format_tiles

CAP = 13  # 上限（封顶）: the 役满 value and the cap of every total
ERREN_SHAPES = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})


class InvalidWin(ValueError):
    """The described win is impossible (wrong tile count, winning tile not in hand, ...)."""


class NotAWin(ValueError):
    """The tiles do not form a winning hand."""


class WinKind(IntEnum):
    SELF_DRAW = 0  # 自摸
    DISCARD = 1  # 吃胡: won on the opponent's discard
    ROBBED_KONG = 2  # 抢杠: won on the tile added to a kong; scored as 自摸


@dataclass(frozen=True, slots=True)
class Fan:
    """One hand on the list: its key, Chinese and English names and its 番."""

    key: str
    zh: str
    en: str
    fan: int
    yakuman: bool = False


def _yakuman(key: str, zh: str, en: str) -> Fan:
    return Fan(key, zh, en, CAP, yakuman=True)


# 役满牌型 (yakuman): each scores the cap.
TIANHE = _yakuman("tianhe", "天和", "Heavenly hand")
DIHE = _yakuman("dihe", "地和", "Earthly hand")
RENHE = _yakuman("renhe", "人和", "Human hand")
XIAOSIXI = _yakuman("xiaosixi", "小四喜", "Little four winds")
DASIXI = _yakuman("dasixi", "大四喜", "Big four winds")
DASANYUAN = _yakuman("dasanyuan", "大三元", "Big three dragons")
DACHELUN = _yakuman("dachelun", "大车轮", "Big wheels")
SIANKE = _yakuman("sianke", "四暗刻", "Four concealed triplets")
SILIANKE = _yakuman("silianke", "四连刻", "Four consecutive triplets")
SIGANGZI = _yakuman("sigangzi", "四杠子（十八罗汉）", "Four kongs")
BAIWANSHI = _yakuman("baiwanshi", "百万石", "One million stones")

# 非役满牌型: these add up.
TUIDAOHU = Fan("tuidaohu", "推倒胡", "Plain win", 1)
MENQING = Fan("menqing", "门清", "Concealed hand", 1)
MENQING_BAOTING = Fan("menqing_baoting", "门清报听", "Concealed ready declaration", 1)
LONGQIDUI = Fan("longqidui", "龙七对", "Dragon seven pairs", 6)
PENGPENGHU = Fan("pengpenghu", "碰碰胡", "All triplets", 2)
SANSE_TONGSHUN = Fan("sanse_tongshun", "三色同顺", "Mixed triple chow", 2)
HEDI_LAOYUE = Fan("hedi_laoyue", "河底捞月", "Last tile self-drawn", 1)
HEDI_LAOYU = Fan("hedi_laoyu", "河底捞鱼", "Last discard", 1)
HAIDI_LAOYUE = Fan("haidi_laoyue", "海底捞月", "Extra draw after the wall", 1)
QINGYISE = Fan("qingyise", "清一色", "Full flush", 5)
XIAOSANYUAN = Fan("xiaosanyuan", "小三元", "Little three dragons", 4)
YIQI_TONGGUAN = Fan("yiqi_tongguan", "一气通贯", "Pure straight", 2)
GANGSHANG_KAIHUA = Fan("gangshang_kaihua", "杠上开花", "Win on a kong replacement", 2)
TIANTING = Fan("tianting", "天听", "Ready declared on the first go", 2)
PINGHE = Fan("pinghe", "平和", "All chows, two-sided wait", 1)
DUANYAOJIU = Fan("duanyaojiu", "断幺九", "All simples", 1)
MENQING_ZIMO = Fan("menqing_zimo", "门清自摸", "Concealed self-draw", 1)
SANANKE = Fan("sananke", "三暗刻", "Three concealed triplets", 2)
SANLIANKE = Fan("sanlianke", "三连刻", "Three consecutive triplets", 3)
SANSE_TONGKE = Fan("sanse_tongke", "三色同刻", "Triple triplets", 3)
HUNQUAN_DAIYAO = Fan("hunquan_daiyao", "混全带幺", "Terminals and honours in every set", 3)
CHUNQUAN_DAIYAO = Fan("chunquan_daiyao", "纯全带幺", "Terminals in every set", 4)
HUNLAOTOU = Fan("hunlaotou", "混老头", "All terminals and honours", 2)
HUNYISE = Fan("hunyise", "混一色", "Half flush", 3)
YIBEIKOU = Fan("yibeikou", "一杯口", "Pure double chow", 2)
LIANGBEIKOU = Fan("liangbeikou", "两杯口", "Twice pure double chow", 4)
QIDUIZI = Fan("qiduizi", "七对子", "Seven pairs", 3)
HUAPAI = Fan("huapai", "花牌", "Bonus tile", 1)  # per copy in the winning hand


@dataclass(frozen=True, slots=True)
class ErrenWin:
    """Everything about a win that the 番 depend on.

    `concealed` holds the hand's concealed tiles including the winning tile
    (3k+2 of them); `melds` the chows, pongs and kongs laid down, concealed
    kongs included (`Meld.parse("2222p", concealed=True)`). The flags are facts the hand
    flow knows: `first_go` means the win came on the very first go of the hand
    with no call before it (the dealer's 14 tiles, the dealer's first discard,
    or the other player's first draw); `tianting` means 报听 was declared on the
    player's first go; `last_tile` means the win is on the last live-wall tile
    (self-drawn) or on the discard that follows it; `haidi` means the win is one
    of the 海底捞月 extra draws after the wall ran out; `bonus` is the kind of the
    花牌 turned up on the wall.
    """

    concealed: tuple[Tile, ...]
    winning_tile: Tile
    win_kind: WinKind
    melds: tuple[Meld, ...] = ()
    dealer: bool = False
    baoting: bool = False
    tianting: bool = False
    first_go: bool = False
    kong_replacement: bool = False
    last_tile: bool = False
    haidi: bool = False
    bonus: Tile | None = None

    def __post_init__(self) -> None:
        if len(self.concealed) + 3 * len(self.melds) != 14:
            raise InvalidWin(f"{len(self.concealed)} concealed tiles and {len(self.melds)} melds do not make a hand")
        if self.winning_tile not in self.concealed:
            raise InvalidWin(f"winning tile {self.winning_tile} is not among the concealed tiles")

    @property
    def self_drawn(self) -> bool:
        """自摸 for scoring: a robbed kong counts as self-drawn (抢杠 记分按自摸计)."""
        return self.win_kind != WinKind.DISCARD

    @property
    def menqing(self) -> bool:
        """门清: no chow, pong or exposed kong (a concealed kong keeps the hand 门清)."""
        return all(m.concealed for m in self.melds)


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the winning hand: its groups (melds included) and the group the winning tile completed."""

    shape: Shape
    groups: tuple[Group, ...]
    winning_group: int

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind != GroupKind.PAIR)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == GroupKind.PAIR)

    def describe(self) -> str:
        """The sets and pair in mpsz, e.g. "123m 456p 789s 111z 55m"."""
        return " ".join(format_tiles(physical_tiles(g)) for g in self.groups)


@dataclass(frozen=True, slots=True)
class ErrenScore:
    """The scored hand: the items shown, the total 番 and the reading it came from."""

    items: tuple[tuple[Fan, int], ...]  # (hand, 番 counted for it)
    total: int
    yakuman: bool
    reading: Reading

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(fan.key for fan, _ in self.items)


def score(win: ErrenWin) -> ErrenScore:
    """The best-scoring reading of the win. Raises NotAWin if the tiles do not win."""
    candidates = [_score_reading(r, win) for r in readings(win)]
    if not candidates:
        raise NotAWin(f"{format_tiles(win.concealed)} is not a winning hand")
    return max(candidates, key=lambda s: (s.total, len(s.items)))


def readings(win: ErrenWin) -> list[Reading]:
    """Every reading: each decomposition of the concealed tiles with each place the winning tile can sit."""
    out: list[Reading] = []
    for dec in decompose(win.concealed, shapes=_shapes_for(win)):
        out.extend(_placements(dec, win))
    return out


def _shapes_for(win: ErrenWin) -> frozenset[Shape]:
    return ERREN_SHAPES if not win.melds else frozenset({Shape.STANDARD})


def _placements(dec: Decomposition, win: ErrenWin) -> list[Reading]:
    groups = tuple(dec.groups) + tuple(_meld_group(m) for m in win.melds)
    seen: set[Group] = set()
    out = []
    for index, group in enumerate(dec.groups):
        if win.winning_tile in group.tiles and group not in seen:
            seen.add(group)
            out.append(Reading(dec.shape, groups, index))
    return out


_GROUP_OF_MELD = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG, MeldKind.KONG: GroupKind.KONG}


def _meld_group(meld: Meld) -> Group:
    return Group(_GROUP_OF_MELD[meld.kind], meld.tiles, 0, meld.concealed)


# --- the hands -------------------------------------------------------------------------------------


def physical_tiles(group: Group) -> tuple[Tile, ...]:
    """The tiles a group holds on the table (a kong holds four)."""
    if group.kind == GroupKind.KONG and len(group.tiles) < 4:
        return (group.tiles[0],) * 4
    return group.tiles


def _all_tiles(r: Reading) -> list[Tile]:
    return [t for g in r.groups for t in physical_tiles(g)]


def _is_triplet(g: Group) -> bool:
    return g.kind in (GroupKind.PUNG, GroupKind.KONG)


def _chows(r: Reading) -> list[Group]:
    return [g for g in r.groups if g.kind == GroupKind.CHOW]


def _triplets(r: Reading) -> list[Group]:
    return [g for g in r.groups if _is_triplet(g)]


def _first(g: Group) -> Tile:
    return min(g.tiles)


def concealed_triplets(r: Reading, win: ErrenWin) -> int:
    """暗刻: concealed triplets and kongs; a triplet completed on a discard counts as exposed."""
    count = 0
    for index, g in enumerate(r.groups):
        won_on_discard = index == r.winning_group and win.win_kind == WinKind.DISCARD
        count += _is_triplet(g) and g.concealed and not won_on_discard
    return count


def _honour_triplets(r: Reading, kinds: Iterable[int]) -> int:
    wanted = set(kinds)
    return sum(1 for g in _triplets(r) if g.tiles[0].kind in wanted)


def _pair_in(r: Reading, kinds: Iterable[int]) -> bool:
    wanted = set(kinds)
    return r.shape == Shape.STANDARD and r.pairs[0].tiles[0].kind in wanted


def _longest_triplet_run(r: Reading) -> int:
    """The most triplets of one suit with consecutive numbers (三连刻 / 四连刻)."""
    kinds = {g.tiles[0].kind for g in _triplets(r) if not g.tiles[0].is_honor}
    best = 0
    for k in kinds:
        run = 1
        while k + run in kinds and Tile(k + run).suit == Tile(k).suit:
            run += 1
        best = max(best, run)
    return best


def _suits(r: Reading) -> set[Suit]:
    return {t.suit for t in _all_tiles(r)}


def _is_qingyise(r: Reading) -> bool:
    suits = _suits(r)
    return len(suits) == 1 and Suit.HONOR not in suits


def _is_hunyise(r: Reading) -> bool:
    suits = _suits(r)
    return Suit.HONOR in suits and len(suits) == 2


def _is_duanyao(r: Reading) -> bool:
    return not any(t.is_terminal_or_honor for t in _all_tiles(r))


def _is_pengpeng(r: Reading) -> bool:
    return r.shape == Shape.STANDARD and len(_triplets(r)) == 4


def _every_group_has(r: Reading, test: Callable[[Tile], bool]) -> bool:
    return r.shape == Shape.STANDARD and all(any(test(t) for t in g.tiles) for g in r.groups)


def _yaojiu(t: Tile) -> bool:
    return t.is_terminal_or_honor


def _terminal(t: Tile) -> bool:
    return t.is_terminal


def _has_honour(r: Reading) -> bool:
    return any(t.is_honor for t in _all_tiles(r))


def _is_hunlaotou(r: Reading) -> bool:
    tiles = _all_tiles(r)
    all_yaojiu = all(t.is_terminal_or_honor for t in tiles)
    both = any(t.is_honor for t in tiles) and any(t.is_terminal for t in tiles)
    return _is_pengpeng(r) and all_yaojiu and both


def _identical_chow_pairs(r: Reading) -> int:
    counts = Counter(g.tiles for g in _chows(r))
    return sum(n // 2 for n in counts.values())


def _is_pinghe(r: Reading, win: ErrenWin) -> bool:
    """平和: four chows, a non-honour pair, and the winning tile completed a two-sided wait."""
    if r.shape != Shape.STANDARD or len(_chows(r)) != 4 or r.pairs[0].tiles[0].is_honor:
        return False
    won = r.groups[r.winning_group]
    if won.kind != GroupKind.CHOW:
        return False
    low, high = min(won.tiles), max(won.tiles)
    tile = win.winning_tile
    return (tile == low and high.number != 9) or (tile == high and low.number != 1)


def _is_sanse_tongshun(r: Reading) -> bool:
    by_number: dict[int, set[Suit]] = {}
    for g in _chows(r):
        by_number.setdefault(_first(g).number, set()).add(_first(g).suit)
    return any(len(suits) == 3 for suits in by_number.values())


def _is_sanse_tongke(r: Reading) -> bool:
    by_number: dict[int, set[Suit]] = {}
    for g in _triplets(r):
        if not g.tiles[0].is_honor:
            by_number.setdefault(g.tiles[0].number, set()).add(g.tiles[0].suit)
    return any(len(suits) == 3 for suits in by_number.values())


def _is_yiqi_tongguan(r: Reading) -> bool:
    starts = {(_first(g).suit, _first(g).number) for g in _chows(r)}
    return any({(s, 1), (s, 4), (s, 7)} <= starts for s in (Suit.MAN, Suit.PIN, Suit.SOU))


def _is_baiwanshi(r: Reading) -> bool:
    tiles = _all_tiles(r)
    return all(t.suit == Suit.MAN for t in tiles) and sum(t.number for t in tiles) >= 100


def _is_longqidui(r: Reading, win: ErrenWin) -> bool:
    """龙七对: seven pairs holding four of a kind, and the winning tile is the fourth of them."""
    if r.shape != Shape.SEVEN_PAIRS:
        return False
    return Counter(_all_tiles(r))[win.winning_tile] == 4


def _opening_hand(win: ErrenWin) -> Fan | None:
    """天和 / 地和 / 人和 as this game's document defines them."""
    if not win.first_go:
        return None
    if win.dealer:
        return TIANHE if win.self_drawn else None
    return DIHE if win.win_kind == WinKind.DISCARD else RENHE


def yakuman_hands(r: Reading, win: ErrenWin) -> list[Fan]:
    """Every 役满 that holds for this reading, in list order."""
    winds, dragons = _honour_triplets(r, WINDS), _honour_triplets(r, DRAGONS)
    checks = [
        (XIAOSIXI, winds == 3 and _pair_in(r, WINDS)),
        (DASIXI, winds == 4),
        (DASANYUAN, dragons == 3),
        (DACHELUN, r.shape == Shape.SEVEN_PAIRS and _is_qingyise(r) and _is_duanyao(r)),
        (SIANKE, concealed_triplets(r, win) == 4),
        (SILIANKE, _longest_triplet_run(r) >= 4),
        (SIGANGZI, sum(g.kind == GroupKind.KONG for g in r.groups) == 4),
        (BAIWANSHI, _is_baiwanshi(r)),
    ]
    opening = _opening_hand(win)
    return ([opening] if opening else []) + [fan for fan, holds in checks if holds]


def _situational_hands(win: ErrenWin) -> list[Fan]:
    """The hands that depend on how and when the win came, not on its tiles."""
    checks = [
        (MENQING, win.menqing),
        (TIANTING, win.tianting),
        (MENQING_BAOTING, win.baoting and win.menqing and not win.tianting),
        (MENQING_ZIMO, win.menqing and win.self_drawn),
        (GANGSHANG_KAIHUA, win.kong_replacement and win.win_kind == WinKind.SELF_DRAW),
        (HEDI_LAOYUE, win.last_tile and win.win_kind == WinKind.SELF_DRAW),
        (HEDI_LAOYU, win.last_tile and win.win_kind == WinKind.DISCARD),
        (HAIDI_LAOYUE, win.haidi),
    ]
    return [fan for fan, holds in checks if holds]


def _tile_hands(r: Reading, win: ErrenWin) -> list[Fan]:
    """The non-役满 hands read from the tiles, with the supersessions of docs/rules/erren.md applied."""
    seven_pairs = r.shape == Shape.SEVEN_PAIRS
    longqidui = _is_longqidui(r, win)
    chow_pairs = _identical_chow_pairs(r)
    hunlaotou = _is_hunlaotou(r)
    run = _longest_triplet_run(r)
    checks = [
        (LONGQIDUI, longqidui),
        (QIDUIZI, seven_pairs and not longqidui),
        (PENGPENGHU, _is_pengpeng(r)),
        (SANSE_TONGSHUN, _is_sanse_tongshun(r)),
        (QINGYISE, _is_qingyise(r)),
        (HUNYISE, _is_hunyise(r)),
        (XIAOSANYUAN, _honour_triplets(r, DRAGONS) == 2 and _pair_in(r, DRAGONS)),
        (YIQI_TONGGUAN, _is_yiqi_tongguan(r)),
        (PINGHE, _is_pinghe(r, win)),
        (DUANYAOJIU, _is_duanyao(r)),
        (SANANKE, concealed_triplets(r, win) == 3),
        (SANLIANKE, run == 3),
        (SANSE_TONGKE, _is_sanse_tongke(r)),
        (HUNQUAN_DAIYAO, not hunlaotou and _has_honour(r) and _every_group_has(r, _yaojiu)),
        (CHUNQUAN_DAIYAO, not _has_honour(r) and _every_group_has(r, _terminal)),
        (HUNLAOTOU, hunlaotou),
        (YIBEIKOU, chow_pairs == 1),
        (LIANGBEIKOU, chow_pairs >= 2),
    ]
    return [fan for fan, holds in checks if holds]


def _score_reading(r: Reading, win: ErrenWin) -> ErrenScore:
    yakuman = yakuman_hands(r, win)
    if yakuman:
        return ErrenScore(tuple((fan, fan.fan) for fan in yakuman), CAP, True, r)
    hands = _situational_hands(win) + _tile_hands(r, win)
    items = [(fan, fan.fan) for fan in hands] or [(TUIDAOHU, TUIDAOHU.fan)]
    bonus = _bonus_copies(r, win.bonus)
    if bonus:
        items.append((HUAPAI, bonus * HUAPAI.fan))
    return ErrenScore(tuple(items), min(CAP, sum(n for _, n in items)), False, r)


def _bonus_copies(r: Reading, bonus: Tile | None) -> int:
    return 0 if bonus is None else sum(t == bonus for t in _all_tiles(r))


def fan_table() -> Sequence[Fan]:
    """Every hand on the list, 役满 first, in the document's order."""
    return ALL_FANS


ALL_FANS: tuple[Fan, ...] = (
    TIANHE,
    DIHE,
    RENHE,
    XIAOSIXI,
    DASIXI,
    DASANYUAN,
    DACHELUN,
    SIANKE,
    SILIANKE,
    SIGANGZI,
    BAIWANSHI,
    TUIDAOHU,
    MENQING,
    MENQING_BAOTING,
    LONGQIDUI,
    PENGPENGHU,
    SANSE_TONGSHUN,
    HEDI_LAOYUE,
    HEDI_LAOYU,
    HAIDI_LAOYUE,
    QINGYISE,
    XIAOSANYUAN,
    YIQI_TONGGUAN,
    GANGSHANG_KAIHUA,
    TIANTING,
    PINGHE,
    DUANYAOJIU,
    MENQING_ZIMO,
    SANANKE,
    SANLIANKE,
    SANSE_TONGKE,
    HUNQUAN_DAIYAO,
    CHUNQUAN_DAIYAO,
    HUNLAOTOU,
    HUNYISE,
    YIBEIKOU,
    LIANGBEIKOU,
    QIDUIZI,
    HUAPAI,
)
