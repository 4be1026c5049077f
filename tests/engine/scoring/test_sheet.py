"""The settlement sheet: charges become items on both sides, netted transfers and totals."""

import json

import pytest

from engine.sheet import (
    Charge,
    Meld,
    MeldKind,
    SheetError,
    SheetHeader,
    SheetItem,
    Unit,
    WinContext,
    WinType,
    build_sheet,
)
from engine.tiles import Tile

# Seats in playing order: Ann deals, then Bo, Cy, Di.
ANN, BO, CY, DI = 0, 1, 2, 3
HEADER = SheetHeader("pinghe", 4, base=10, dealer=ANN, streak=1, winner=BO, win_type="自摸", total_fan=2)


def zimo_charges(amounts: dict[int, int]) -> list[Charge]:
    return [Charge(payer, BO, amount, "自摸", "zimo", 2, Unit.FAN) for payer, amount in amounts.items()]


def test_each_charge_appears_on_both_sides_and_totals_sum_to_zero():
    sheet = build_sheet(HEADER, zimo_charges({ANN: 40, CY: 20, DI: 20}))
    assert [s.owed for s in sheet.seats] == [-40, 80, -20, -20]
    assert sheet.deltas == (-40, 80, -20, -20)
    assert SheetItem("自摸", "zimo", 2, Unit.FAN, -40, BO) in sheet.seats[ANN].items
    assert SheetItem("自摸", "zimo", 2, Unit.FAN, 40, ANN) in sheet.seats[BO].items


def test_opposite_charges_between_two_seats_net_into_one_transfer():
    charges = [
        Charge(ANN, CY, 10, "分饼", "fenbing", 1, Unit.POINTS),
        Charge(CY, ANN, 30, "杠分", "kong", 3, Unit.POINTS),
    ]
    sheet = build_sheet(HEADER, charges)
    assert [(t.payer, t.receiver, t.owed, t.paid) for t in sheet.transfers] == [(CY, ANN, 20, 20)]
    assert len(sheet.seats[ANN].items) == 2


def test_a_short_balance_pays_down_to_zero_and_the_sheet_shows_owed_and_paid():
    sheet = build_sheet(HEADER, zimo_charges({ANN: 40, CY: 20, DI: 20}), balances=[1000, 0, 5, 1000])
    assert [s.owed for s in sheet.seats] == [-40, 80, -20, -20]
    assert [s.paid for s in sheet.seats] == [-40, 65, -5, -20]
    assert sum(sheet.deltas) == 0


def test_sheet_is_json():
    sheet = build_sheet(HEADER, zimo_charges({ANN: 40, CY: 20, DI: 20}))
    data = json.loads(json.dumps(sheet.to_json(), ensure_ascii=False))
    assert data["win_type"] == "自摸"
    assert data["transfers"][0] == {"payer": ANN, "receiver": BO, "owed": 40, "paid": 40}
    assert data["seats"][BO]["items"][0]["unit"] == "番"


def test_a_charge_to_oneself_is_rejected():
    with pytest.raises(SheetError):
        build_sheet(HEADER, [Charge(BO, BO, 5, "自摸", "zimo", 2)])


def test_meld_kind_follows_from_the_tiles():
    assert Meld.parse("123m").kind == MeldKind.CHOW
    assert Meld.parse("555p").kind == MeldKind.PUNG
    assert Meld.parse("5555s", concealed=True).is_concealed_kong
    with pytest.raises(SheetError):
        Meld.parse("124m")
    with pytest.raises(SheetError):
        Meld.parse("123z")


@pytest.mark.parametrize(
    "text, win_type", [("zimo", WinType.ZIMO), ("自摸", WinType.ZIMO), ("SHUANGYOU", WinType.SHUANGYOU)]
)
def test_win_type_parses_english_or_chinese(text, win_type):
    assert WinType.parse(text) is win_type


def test_a_discard_win_needs_a_discarder():
    ctx = WinContext("pinghe", 4, dealer=ANN, winner=BO, win_type=WinType.DIANPAO, win_tile=Tile.parse("5m"))
    with pytest.raises(SheetError, match="discarder"):
        ctx.check()
