"""Hands the flow hands to the scorer as they were played: 对对胡 (pinghe's pairs hand, 清一色 too)
and 单吊 (one tile left after five claimed sets)."""

from engine.hand import Phase
from tests.engine.flow.harness import ALICE, BOB, PONG, WIN, D, deal, drain, outcome, play


def sheet_items(state, seat):
    assert state.sheet is not None
    return {item.name_zh for item in state.sheet.seats[seat].items}


def test_pinghe_duiduihu_eight_pairs_win_on_any_of_their_tiles():
    # Bob is dealt three flowers (3 分) and 1122334455667s; the back replaces the flowers with 788s.
    bob = "1122334455667s" + "1f2f3f"
    alice = "3s" + "1m4m7m" + "2p5p8p" + "1z2z3z4z6z7z" + "9m9p8m5z"
    state = deal("pinghe", {ALICE: alice, BOB: bob}, back="788s")
    state = play(state, (ALICE, D("3s")))
    state = play(state, (BOB, WIN))
    assert outcome(state) == (BOB, "dianpao")
    assert state.sheet is not None and state.sheet.reading is not None
    assert state.sheet.reading.shape == "pinghe_pairs"
    assert {"对对胡", "清一色"} <= sheet_items(state, BOB)


def test_dandiao_five_pongs_then_a_self_drawn_single():
    honours = ["1z", "2z", "3z", "4z", "6z"]
    bob = "1z1z2z2z3z3z4z4z6z6z" + "5m" + "1m9m1p9p2s"
    alice = "1z2z3z4z6z" + "2m5m8m" + "3p6p" + "5s8s" + "7z7z" + "4m1s4p"
    live = "2s3s4s6s7s8s2p3p6p7p8p1s4s6m7m" + "5m"
    state = deal("pinghe", {ALICE: alice, BOB: bob}, live=live)
    for honour, spare in zip(honours, ["1m", "9m", "1p", "9p", "2s"], strict=True):
        state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == ALICE)
        state = play(state, (ALICE, D(honour)), (BOB, PONG), (BOB, D(spare)))
    assert len(state.seats[BOB].hand) == 1 and len(state.seats[BOB].melds) == 5
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    assert str(state.seats[BOB].drawn) == "5m"
    state = play(state, (BOB, WIN))
    assert outcome(state) == (BOB, "zimo")
    assert "单吊" in sheet_items(state, BOB)


def test_bayou_dandiao_in_shuangyou_with_a_third_gold():
    # Bob pongs four honours and 8m and is left with the gold alone (单游 and 单吊 at once); he
    # draws a gold and throws it out (双游), then draws the last gold: 四游, lifted by 单吊 to 八游.
    honours = ["1z", "2z", "3z", "4z", "8m"]
    bob = "1z1z2z2z3z3z4z4z8m8m" + "9s" + "1m9m1p9p2s"
    alice = "1z2z3z4z6z" + "2m5m8m" + "3p6p" + "5s8s" + "7z7z" + "4m1s4p"
    live = "2s3s4s6s7s8s2p3p6p7p8p1s4s6m7m" + "9s" + "5m6m8m" + "9s"
    state = deal("pinghe", {ALICE: alice, BOB: bob}, live=live)
    for honour, spare in zip(honours, ["1m", "9m", "1p", "9p", "2s"], strict=True):
        state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == ALICE)
        state = play(state, (ALICE, D(honour)), (BOB, PONG), (BOB, D(spare)))
    assert state.seats[BOB].you == 1
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    state = play(state, (BOB, D("9s")))
    assert outcome(state) == (BOB, "siyou")
    assert state.sheet is not None and state.sheet.total_fan == 32
    assert "单吊" in sheet_items(state, BOB)
