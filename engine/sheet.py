"""The settlement sheet of a finished hand, and the situation it is computed from.

Variant-neutral: every variant's scoring turns a finished hand (a `WinContext`
for the Fujian gold games; its own context elsewhere) into a list of `Charge`s,
"seat A owes seat B this much, for this reason", plus descriptive fan lines, and
`build_sheet` turns those into a `SettlementSheet`:

- per seat, the items (name in Chinese and English, the 番 or 分 value, the coins
  the item moves for that seat) with the seat's `owed` (signed, before any
  balance runs out) and `paid` (signed, after the RULINGS' pay-down-to-zero);
- the `transfers` between seats, one per pair of seats (opposite charges are
  netted), each with what was owed and what was paid;
- the reading of the winning hand that was scored (sets and pair, mpsz).

Sum of `owed` over all seats is 0, and so is the sum of `paid`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any

from engine.payments import Transfer, settle_net
from engine.tiles import Tile, format_tiles, parse_tiles


class SheetError(ValueError):
    """A situation that cannot be settled (inconsistent seats, bad win type, ...)."""


class WinType(IntEnum):
    """How the hand was won (胡牌方式): the mechanical way, before any hand-shape lift.

    The 游 levels count the golds discarded on the way: 单游 discarded an ordinary
    tile, 双游 one gold, 三游 (nanping) / 四游 (pinghe) two golds, and so on.
    单吊/对对胡/清一色 lifts are applied by the scoring, never pre-applied here.
    """

    DIANPAO = 1  # 点炮胡: won on another player's discard
    ZIMO = 2  # 自摸: won on one's own draw
    YOUJIN = 3  # 游金 (单游)
    SHUANGYOU = 4  # 双游
    SANYOU = 5  # 三游 (nanping's third 游 level)
    SIYOU = 6  # 四游 (pinghe's third 游 level)
    BAYOU = 7  # 八游
    SHILIUYOU = 8  # 十六游
    QIANGJIN = 9  # 抢金 (天听): took the turned-up gold to win
    SANJINDAO = 10  # 三金倒: three golds in hand
    SIJINDAO = 11  # 四金倒: four golds in hand
    TIANHU = 12  # 天胡: the dealer's 17 dealt tiles already win
    QIANGGANG = 13  # 抢杠胡: robbed an exposed (added) kong
    QIANG_ANGANG = 14  # 抢暗杠 / 抢杠自摸, right guess
    QIANG_ANGANG_WRONG = 15  # 抢暗杠, wrong guess (诈胡): the guesser pays

    @property
    def zh(self) -> str:
        return _WIN_TYPE_ZH[self]

    @property
    def en(self) -> str:
        return self.name.lower()

    @staticmethod
    def parse(text: str) -> WinType:
        """A win type by English name (case-insensitive, "zimo") or Chinese name ("自摸")."""
        key = text.strip()
        for win_type in WinType:
            if key.upper() == win_type.name or key == win_type.zh:
                return win_type
        raise SheetError(f"unknown win type {text!r}; one of {', '.join(w.en for w in WinType)}")


_WIN_TYPE_ZH = {
    WinType.DIANPAO: "点炮胡",
    WinType.ZIMO: "自摸",
    WinType.YOUJIN: "游金",
    WinType.SHUANGYOU: "双游",
    WinType.SANYOU: "三游",
    WinType.SIYOU: "四游",
    WinType.BAYOU: "八游",
    WinType.SHILIUYOU: "十六游",
    WinType.QIANGJIN: "抢金",
    WinType.SANJINDAO: "三金倒",
    WinType.SIJINDAO: "四金倒",
    WinType.TIANHU: "天胡",
    WinType.QIANGGANG: "抢杠胡",
    WinType.QIANG_ANGANG: "抢暗杠",
    WinType.QIANG_ANGANG_WRONG: "抢暗杠(抢错)",
}

# Wins on a tile that another seat let go: the discarder (or the robbed kong's owner) is known.
DISCARD_WINS = frozenset({WinType.DIANPAO, WinType.QIANGGANG})


class MeldKind(IntEnum):
    """An exposed or declared set (副露 / 暗杠)."""

    CHOW = 1  # 吃
    PUNG = 2  # 碰
    KONG = 3  # 杠 (明杠, 加杠 or, with concealed=True, 暗杠)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: `Meld.parse("5555s", concealed=True)` is a 暗杠."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False

    @staticmethod
    def parse(text: str, *, concealed: bool = False) -> Meld:
        """A meld from mpsz; the kind follows from the tiles (3 in a run, 3 or 4 alike)."""
        tiles = tuple(sorted(parse_tiles(text)))
        kind = _meld_kind(tiles)
        if concealed and kind != MeldKind.KONG:
            raise SheetError(f"only a kong can be concealed, not {text!r}")
        return Meld(kind, tiles, concealed)

    @property
    def is_exposed_kong(self) -> bool:
        return self.kind == MeldKind.KONG and not self.concealed

    @property
    def is_concealed_kong(self) -> bool:
        return self.kind == MeldKind.KONG and self.concealed

    def __str__(self) -> str:
        return format_tiles(self.tiles) + ("!" if self.concealed else "")


def _meld_kind(tiles: tuple[Tile, ...]) -> MeldKind:
    kinds = {t.kind for t in tiles}
    if any(t.is_flower for t in tiles):
        raise SheetError("a flower cannot be part of a meld")
    if len(kinds) == 1 and len(tiles) in (3, 4):
        return MeldKind.PUNG if len(tiles) == 3 else MeldKind.KONG
    is_run = len(tiles) == 3 and not tiles[0].is_honor and len(kinds) == 3 and tiles[0].suit == tiles[2].suit
    if is_run and tiles[2].kind - tiles[0].kind == 2:
        return MeldKind.CHOW
    raise SheetError(f"not a chow, pung or kong: {format_tiles(tiles)}")


@dataclass(frozen=True, slots=True)
class SeatTally:
    """A seat's flowers (花) and declared kongs (杠) at the end of the hand."""

    flowers: int = 0
    exposed_kongs: int = 0  # 明杠 and 加杠
    concealed_kongs: int = 0  # 暗杠


@dataclass(frozen=True, slots=True)
class WinContext:
    """A finished hand, as the scoring needs it (the Fujian gold games: pinghe, nanping).

    - `streak` is the 连庄 count n: 1 for a first dealership, 2 for the second, ...
    - `winner` is None for an exhaustive draw (流局 / 臭庄). For a wrong 抢暗杠 guess
      (`QIANG_ANGANG_WRONG`) `winner` is the seat that guessed wrong: it pays.
    - `discarder` is the seat whose discard was won on (点炮) or whose kong was
      robbed (抢杠胡); None otherwise.
    - `concealed` is the winner's concealed tiles *including* the win tile (17
      minus 3 per meld); `melds` the winner's declared sets; `flowers` the
      winner's flower tiles; `win_tile` the tile that completed the hand.
    - `tallies` has one `SeatTally` per seat (flowers and kongs of every seat).
    - `fenbing` (分饼) is how many of the dealer's first-round discards the three
      others all followed (nanping).
    - `bao` (包) is the seat that pays everything owed to the winner (nanping's
      last-4-tiles rule), or None.
    - `balances` (one per seat, before the hand) turns on the balance floor; None
      means every seat pays in full.
    """

    variant: str
    n_seats: int
    dealer: int
    streak: int = 1
    base: int = 1
    winner: int | None = None
    win_type: WinType | None = None
    discarder: int | None = None
    concealed: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    gold: Tile | None = None
    win_tile: Tile | None = None
    tallies: tuple[SeatTally, ...] = ()
    fenbing: int = 0
    bao: int | None = None
    balances: tuple[int, ...] | None = None
    # Variant-specific facts the hand flow knows about the win, as (name, value) pairs
    # (erren: 报听, 天听, 杠上开花, 河底, 海底捞月, the 花牌 tile); empty for the gold games.
    facts: tuple[tuple[str, Any], ...] = ()
    # pinghe: the seats that guessed a 抢暗杠 wrong during the hand, once per guess, in order.
    # The hand went on; each pays the others their 自摸 on this hand's sheet.
    wrong_guesses: tuple[int, ...] = ()

    def check(self) -> None:
        """Raise `SheetError` unless the seats and fields are consistent."""
        seats = range(self.n_seats)
        if self.n_seats < 2 or self.dealer not in seats:
            raise SheetError(f"bad table: n_seats={self.n_seats} dealer={self.dealer}")
        if self.streak < 1 or self.base < 1 or self.fenbing < 0:
            raise SheetError(f"streak and base must be >= 1, fenbing >= 0: {self.streak}, {self.base}, {self.fenbing}")
        for name in ("winner", "discarder", "bao"):
            seat = getattr(self, name)
            if seat is not None and seat not in seats:
                raise SheetError(f"{name} seat {seat} is not at the table")
        self._check_win()
        if self.tallies and len(self.tallies) != self.n_seats:
            raise SheetError(f"need one tally per seat, got {len(self.tallies)}")
        if self.balances is not None and len(self.balances) != self.n_seats:
            raise SheetError(f"need one balance per seat, got {len(self.balances)}")
        if any(seat not in seats for seat in self.wrong_guesses):
            raise SheetError(f"a wrong guess by a seat not at the table: {list(self.wrong_guesses)}")

    def _check_win(self) -> None:
        if (self.winner is None) != (self.win_type is None):
            raise SheetError("winner and win_type go together (both None for a draw)")
        if self.win_type in DISCARD_WINS and (self.discarder is None or self.discarder == self.winner):
            raise SheetError(f"{self.win_type.zh} needs a discarder other than the winner")  # type: ignore[union-attr]
        if self.win_type not in DISCARD_WINS and self.discarder is not None:
            raise SheetError("only 点炮胡 and 抢杠胡 have a discarder")
        if self.bao is not None and self.bao == self.winner:
            raise SheetError("the winner cannot be 包")

    def tally(self, seat: int) -> SeatTally:
        """The seat's flowers and kongs (all zero when no tallies were given)."""
        return self.tallies[seat] if self.tallies else SeatTally()

    @property
    def losers(self) -> tuple[int, ...]:
        """The seats other than the winner, in playing order after the winner."""
        start = self.winner if self.winner is not None else self.dealer
        return tuple((start + k) % self.n_seats for k in range(1, self.n_seats))


class Unit(StrEnum):
    """What an item's value counts."""

    FAN = "番"  # a multiplier: each 2番 doubles
    POINTS = "分"  # points, each worth one base
    COINS = "币"  # coins, already multiplied out


@dataclass(frozen=True, slots=True)
class SheetItem:
    """One line of a seat's sheet: why, how many 番/分, and the coins it moves (signed, + receives)."""

    name_zh: str
    name_en: str
    value: int
    unit: Unit
    amount: int = 0
    counterparty: int | None = None  # the seat paying or receiving this item's coins
    factors: tuple[tuple[str, int], ...] = ()  # how `amount` was reached (see `Charge.factors`)

    def to_json(self) -> dict[str, Any]:
        return {
            "name_zh": self.name_zh,
            "name_en": self.name_en,
            "value": self.value,
            "unit": str(self.unit),
            "amount": self.amount,
            "counterparty": self.counterparty,
            "factors": [list(f) for f in self.factors],
        }


@dataclass(frozen=True, slots=True)
class Charge:
    """`payer` owes `receiver` `amount` coins for one reason (the scoring's raw output)."""

    payer: int
    receiver: int
    amount: int
    name_zh: str
    name_en: str
    value: int
    unit: Unit = Unit.COINS
    # How `amount` is reached, as data a sheet's reader words in its own language: the product of
    # the multipliers, in order, e.g. (("base", 10), ("fan", 2), ("dealer", 2)) = 40. Keys: "base",
    # "fan", "points" (分), "fan_points" (guangdong: n 番 counts 2^n 分), "dealer" (庄家 ×2), "streak"
    # (连庄 ×n), "for_three" / "liable" (one seat pays for three: 抢杠 / 包, ×3). Not multipliers: "bao"
    # (the seat whose share the 包 seat pays), "limit" (guangdong: the 番 before the 爆胡 cap), "winners"
    # (一炮多响: how many won on the discard), "cap" (erren: the 番 before the 13-番 cap), "yakuman"
    # (erren: 役满 scores the cap). Empty when the amount needs no explaining.
    factors: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class SeatSheet:
    """One seat's part of the sheet: its items and signed totals (+ receives, - pays)."""

    seat: int
    items: tuple[SheetItem, ...]
    owed: int
    paid: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "items": [i.to_json() for i in self.items], "owed": self.owed, "paid": self.paid}


@dataclass(frozen=True, slots=True)
class ReadingGroup:
    """One set or the pair of the scored reading: face tiles in mpsz and how many were golds."""

    kind: str  # "chow", "pung", "kong", "pair", "single"
    tiles: str
    golds: int = 0
    concealed: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": self.tiles, "golds": self.golds, "concealed": self.concealed}


@dataclass(frozen=True, slots=True)
class Reading:
    """The way the winning hand was read for scoring: shape, sets (declared melds first) and pair.

    A many-pairs shape (pinghe's 对对胡: 7 pairs + 1 triplet) has no single `pair`;
    its pairs are in `pairs` (empty for a standard hand).
    """

    shape: str
    sets: tuple[ReadingGroup, ...]
    pair: ReadingGroup | None = None
    pairs: tuple[ReadingGroup, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "shape": self.shape,
            "sets": [g.to_json() for g in self.sets],
            "pair": self.pair.to_json() if self.pair else None,
            "pairs": [g.to_json() for g in self.pairs],
        }


@dataclass(frozen=True, slots=True)
class SettlementSheet:
    """The result of one hand: per seat items and totals, transfers, the scored reading."""

    variant: str
    base: int
    dealer: int
    streak: int
    winner: int | None
    win_type: str | None  # the Chinese name, e.g. "自摸"; None for a draw
    total_fan: int  # the winner's multiplied 番 (0 for a draw)
    seats: tuple[SeatSheet, ...]
    transfers: tuple[Transfer, ...]
    reading: Reading | None = None
    notes: tuple[str, ...] = field(default=())

    def owed(self, seat: int) -> int:
        return self.seats[seat].owed

    def paid(self, seat: int) -> int:
        return self.seats[seat].paid

    @property
    def deltas(self) -> tuple[int, ...]:
        """What each seat's balance changes by (the paid totals)."""
        return tuple(s.paid for s in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "base": self.base,
            "dealer": self.dealer,
            "streak": self.streak,
            "winner": self.winner,
            "win_type": self.win_type,
            "total_fan": self.total_fan,
            "seats": [s.to_json() for s in self.seats],
            "transfers": [_transfer_json(t) for t in self.transfers],
            "reading": self.reading.to_json() if self.reading else None,
            "notes": list(self.notes),
        }


def _transfer_json(t: Transfer) -> dict[str, int]:
    return {"payer": t.payer, "receiver": t.receiver, "owed": t.owed, "paid": t.paid}


@dataclass(frozen=True, slots=True)
class SheetHeader:
    """The facts about the hand that head the sheet."""

    variant: str
    n_seats: int
    base: int
    dealer: int
    streak: int
    winner: int | None
    win_type: str | None
    total_fan: int


def build_sheet(
    header: SheetHeader,
    charges: Iterable[Charge],
    *,
    fan_lines: Mapping[int, Sequence[SheetItem]] | None = None,
    balances: Sequence[int] | None = None,
    reading: Reading | None = None,
    notes: Sequence[str] = (),
) -> SettlementSheet:
    """Turn charges into a sheet: items on both sides, netted transfers, balance floor.

    `fan_lines` are descriptive items (amount 0) listed first for a seat, e.g. the
    winner's 自摸 2番. With `balances` (one per seat), each seat's net result is floored at
    its balance by `engine.payments.settle_net`; without, everyone pays what they owe.
    """
    charges = [c for c in charges if c.amount]
    for c in charges:
        if (
            c.amount < 0
            or c.payer == c.receiver
            or not (0 <= c.payer < header.n_seats and 0 <= c.receiver < header.n_seats)
        ):
            raise SheetError(f"bad charge {c!r}")
    owed = _net_transfers(charges, header.n_seats)
    transfers = _apply_floor(owed, balances, header.n_seats)
    items = _seat_items(charges, fan_lines or {}, header.n_seats)
    seats = tuple(
        SeatSheet(seat, items[seat], _signed(transfers, seat, paid=False), _signed(transfers, seat, paid=True))
        for seat in range(header.n_seats)
    )
    return SettlementSheet(
        variant=header.variant,
        base=header.base,
        dealer=header.dealer,
        streak=header.streak,
        winner=header.winner,
        win_type=header.win_type,
        total_fan=header.total_fan,
        seats=seats,
        transfers=transfers,
        reading=reading,
        notes=tuple(notes),
    )


def _net_transfers(charges: Sequence[Charge], n_seats: int) -> list[Transfer]:
    """One transfer per pair of seats that owe each other anything, opposite charges netted."""
    gross: dict[tuple[int, int], int] = {}
    for c in charges:
        gross[(c.payer, c.receiver)] = gross.get((c.payer, c.receiver), 0) + c.amount
    out = []
    for a in range(n_seats):
        for b in range(a + 1, n_seats):
            net = gross.get((a, b), 0) - gross.get((b, a), 0)
            if net:
                out.append(Transfer(a, b, net, net) if net > 0 else Transfer(b, a, -net, -net))
    return out


def _apply_floor(owed: list[Transfer], balances: Sequence[int] | None, n_seats: int) -> tuple[Transfer, ...]:
    if balances is None:
        return tuple(owed)
    if len(balances) != n_seats:
        raise SheetError(f"need one balance per seat, got {len(balances)}")
    return settle_net(owed, dict(enumerate(balances)), list(range(n_seats)))


def _seat_items(
    charges: Sequence[Charge], fan_lines: Mapping[int, Sequence[SheetItem]], n_seats: int
) -> list[tuple[SheetItem, ...]]:
    items: list[list[SheetItem]] = [list(fan_lines.get(seat, ())) for seat in range(n_seats)]
    for c in charges:
        items[c.payer].append(SheetItem(c.name_zh, c.name_en, c.value, c.unit, -c.amount, c.receiver, c.factors))
        items[c.receiver].append(SheetItem(c.name_zh, c.name_en, c.value, c.unit, c.amount, c.payer, c.factors))
    return [tuple(seat_items) for seat_items in items]


def _signed(transfers: Sequence[Transfer], seat: int, *, paid: bool) -> int:
    total = 0
    for t in transfers:
        amount = t.paid if paid else t.owed
        total += amount if t.receiver == seat else -amount if t.payer == seat else 0
    return total


def with_posted_transfers(sheet: Mapping[str, Any], posted: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A stored sheet (`SettlementSheet.to_json()`) with what the ledger actually moved.

    `posted` are the ledger's transfer rows (payer, receiver, owed, paid): they replace the
    sheet's transfers, each seat's `paid` becomes its net of them, and `posted` marks the
    sheet as paid. Before that a sheet's `paid` is only what was owed (a live hand is dealt
    without the balances: the floor is the ledger's to apply), and readers show nothing paid.
    """
    rows = [{key: int(row[key]) for key in ("payer", "receiver", "owed", "paid")} for row in posted]
    seats = []
    for seat in sheet.get("seats", []):
        n = int(seat["seat"])
        paid = sum(r["paid"] for r in rows if r["receiver"] == n) - sum(r["paid"] for r in rows if r["payer"] == n)
        seats.append({**seat, "paid": paid})
    return {**sheet, "seats": seats, "transfers": rows, "posted": True}


def posted_paid(sheet: Mapping[str, Any] | None, seat: int) -> int | None:
    """What the ledger moved for `seat` on this stored sheet (signed), or None while it is not posted."""
    if not sheet or not sheet.get("posted"):
        return None
    rows = sheet.get("seats", [])
    return int(rows[seat]["paid"]) if seat < len(rows) else 0
