"""RULINGS: a player never pays more than their balance; the sheet shows owed and paid."""

from engine.scoring import settle_nanping, settle_pinghe
from tests.engine.scoring.situations import ANN, BASE, BO, CY, DI, finished

PLAIN = {"concealed": "123m456m789p234s111z55s", "win_tile": "5s"}


def test_a_loser_short_of_coins_pays_down_to_zero():
    ctx = finished("pinghe", "zimo", BO, balances=[1000, 1000, 5, 1000], **PLAIN)
    sheet = settle_pinghe(ctx)
    assert [s.owed for s in sheet.seats] == [-BASE * 4, BASE * 8, -BASE * 2, -BASE * 2]
    assert [s.paid for s in sheet.seats] == [-BASE * 4, BASE * 6 + 5, -5, -BASE * 2]
    assert sum(sheet.deltas) == 0


def test_a_short_dealer_shares_the_shortfall_in_proportion():
    """Ann (dealer) owes Bo 40 (自摸) + 10 (分饼), Cy and Di 10 each (分饼), and has 20 coins.

    Shares of 20 in proportion to 50/10/10, rounded down: 14, 2, 2; the 2 left go to
    Bo, seated first after Ann. Cy and Di, at 0, pay Bo nothing of their 20.
    """
    ctx = finished("nanping", "zimo", BO, fenbing=1, balances=[20, 0, 0, 0], **PLAIN)
    sheet = settle_nanping(ctx)
    owed_by_ann = {t.receiver: (t.owed, t.paid) for t in sheet.transfers if t.payer == ANN}
    assert owed_by_ann == {BO: (BASE * 2 * 2 + BASE, 16), CY: (BASE, 2), DI: (BASE, 2)}
    assert sheet.paid(ANN) == -20
    assert sheet.owed(BO) == 50 + 20 + 20 and sheet.paid(BO) == 16
    assert sum(sheet.deltas) == 0
