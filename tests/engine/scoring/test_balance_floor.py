"""RULINGS: a player never pays more than their balance; the sheet shows owed and paid."""

from engine.games.nanping.scoring import settle_nanping
from engine.games.pinghe.scoring import settle_pinghe
from engine.sheet import SeatTally
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished, tallies

PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s"}


def test_a_loser_short_of_coins_pays_down_to_zero():
    ctx = finished("pinghe", "zimo", BO, balances=[1000, 1000, 5, 1000], **PLAIN)
    sheet = settle_pinghe(ctx)
    assert [s.owed for s in sheet.seats] == [-BASE * 4, BASE * 8, -BASE * 2, -BASE * 2]
    assert [s.paid for s in sheet.seats] == [-BASE * 4, BASE * 6 + 5, -5, -BASE * 2]
    assert sum(sheet.deltas) == 0


def test_a_short_dealer_shares_the_shortfall_in_proportion():
    """Ann (dealer) owes Bo 40 (自摸) + 10 (分饼), Cy and Di 10 each (分饼), and has 20 coins.

    RULINGS: the floor is on each seat's net result. Ann's net is -70: she pays 20. Cy and Di
    each owe Bo 20 and are owed 10 by Ann: net -10 each, and at 0 coins they pay nothing net.
    Bo, the only net receiver, bears all that is not paid: he gets 20. Pairwise, Ann's 20 is
    split 14/2/2 (+2 rounding to Bo, seated first after her) and Cy and Di pass on their 2.
    """
    ctx = finished("nanping", "zimo", BO, fenbing=1, balances=[20, 0, 0, 0], **PLAIN)
    sheet = settle_nanping(ctx)
    owed_by_ann = {t.receiver: (t.owed, t.paid) for t in sheet.transfers if t.payer == ANN}
    assert owed_by_ann == {BO: (BASE * 2 * 2 + BASE, 16), CY: (BASE, 2), DI: (BASE, 2)}
    assert [sheet.paid(s) for s in (ANN, BO, CY, DI)] == [-20, 20, 0, 0]
    assert sheet.owed(BO) == 50 + 20 + 20
    assert sum(sheet.deltas) == 0


def test_the_floor_is_on_the_net_result_not_on_what_a_seat_owes_gross():
    """RULINGS "All variants": a loser who is also owed 花杠分 is capped on the net amount.

    nanping, Bo wins by 自摸: Cy owes him 20. Cy's exposed kong earns him 1 base (10) from
    each other loser. Cy has 5 coins but his net result is 0: he pays Bo the whole 20 out of
    what Ann and Di pay him (a cap on the gross 20 would have left him 15 up).
    """
    ctx = finished(
        "nanping", "zimo", BO, tallies=tallies(cy=SeatTally(exposed_kongs=1)), balances=[1000, 1000, 5, 1000], **PLAIN
    )
    sheet = settle_nanping(ctx)
    cy_pays = {t.receiver: (t.owed, t.paid) for t in sheet.transfers if t.payer == CY}
    assert cy_pays == {BO: (BASE * 2, BASE * 2)}
    assert sheet.owed(CY) == sheet.paid(CY) == 0 and sum(sheet.deltas) == 0


def test_a_short_net_payer_is_capped_at_his_balance_and_the_receivers_bear_the_rest():
    """Cy, owed 杠分 by the other losers, also owes the dealer's 自摸: net -30 with 12 coins."""
    ctx = finished(
        "nanping", "zimo", ANN, tallies=tallies(cy=SeatTally(exposed_kongs=1)), balances=[1000, 1000, 12, 1000], **PLAIN
    )
    sheet = settle_nanping(ctx)
    assert sheet.owed(CY) < -12 and sheet.paid(CY) == -12
    assert all(t.paid <= t.owed for t in sheet.transfers) and sum(sheet.deltas) == 0
