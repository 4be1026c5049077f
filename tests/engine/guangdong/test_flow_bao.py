"""包自摸: the discard that completes 12 tiles down, or 大三元/大四喜, pays the self-draw for all three."""

from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PONG, WIN, C, D, play
from tests.engine.guangdong.table import deal, facts, throw_drawn


def test_twelve_tiles_down_the_feeder_of_the_fourth_set_pays_for_three():
    bob = "11m22p33s44z66z5z7z9m"
    state = deal({ALICE: "1m", BOB: bob}, live="2p3s4z1p1s7p6z")
    state = play(state, (ALICE, D("1m")), (BOB, PONG), (BOB, D("7z")))
    state = play(state, (CAROL, D("2p")), (BOB, PONG), (BOB, D("9m")))
    state = play(state, (CAROL, D("3s")), (BOB, PONG), (BOB, D("5z")))
    state = play(state, (CAROL, D("4z")), (BOB, PONG), (BOB, D("6z")))  # 12 tiles down on Carol's 4z
    assert len(state.seats[BOB].melds) == 4 and len(state.seats[BOB].hand) == 1
    state = throw_drawn(state, CAROL, DAVE, ALICE)
    state = play(state, (BOB, WIN))  # draws the last 6z
    assert facts(state)["liable"] == CAROL
    # 碰碰胡 2 + 自摸 1 = 3 番 = 8 points, Carol pays three shares.
    assert state.sheet is not None and state.sheet.deltas == (0, 240, -240, 0)


def test_feeding_the_third_dragon_pays_for_big_three_dragons():
    bob = "55z66z77z123m99p4m1z"
    state = deal({ALICE: "5z", BOB: bob}, live="6z1p1s7z1p1s9m9p")
    state = play(state, (ALICE, D("5z")), (BOB, PONG), (BOB, D("1z")))
    state = play(state, (CAROL, D("6z")), (BOB, PONG), (BOB, D("4m")))
    state = throw_drawn(state, CAROL, DAVE)
    state = play(state, (ALICE, D("7z")), (BOB, PONG), (BOB, D("9p")))  # Alice fed the third dragon
    state = throw_drawn(state, CAROL, DAVE, ALICE)
    state = play(state, (BOB, WIN))
    assert facts(state)["liable"] == ALICE
    assert state.sheet is not None and state.sheet.deltas == (-1920, 1920, 0, 0)  # 大三元 6 番 × 3


def test_feeding_the_fourth_wind_pays_for_big_four_winds():
    # Bob pongs 东南西 and Carol feeds the last wind, 北: she 包 Bob's 大四喜 (it is also his 12th tile down).
    # Every wind is in the story, so Alice's and Carol's hands are written out (numbers only: no claims).
    alice, bob, carol = "1z1m4m7m2p5p8p3s6s9s2m5m8m1s", "11z22z33z44z99p5z6z7z", "3m6m9m1p4p2s5s8s3p6p4s7s9m"
    state = deal({ALICE: alice, BOB: bob, CAROL: carol}, live="2z3z4z5z6z7z9p")
    state = play(state, (ALICE, D("1z")), (BOB, PONG), (BOB, D("5z")))
    state = play(state, (CAROL, D("2z")), (BOB, PONG), (BOB, D("6z")))
    state = play(state, (CAROL, D("3z")), (BOB, PONG), (BOB, D("7z")))
    state = play(state, (CAROL, D("4z")), (BOB, PONG), (BOB, D("9p")))  # Carol fed the fourth wind
    state = throw_drawn(state, CAROL, DAVE, ALICE)
    state = play(state, (BOB, WIN))  # draws 9p: 单吊
    assert facts(state)["liable"] == CAROL
    assert state.sheet is not None and state.sheet.deltas == (0, 1920, -1920, 0)  # 大四喜 6 番 = 64 × 3
    assert state.sheet.to_json()["seats"][BOB]["items"][0]["name_zh"] == "大四喜"


def test_liable_first_not_later_bao_xian_bu_bao_hou():
    # Carol feeds Bob's fourth set first (she 包 Bob); later she feeds Dave's fourth chow: she is
    # not liable for Dave, whose self-draw the three pay as usual.
    bob = "11m22p33s44z66z5z7z9m"
    dave = "46m46p46s79p" + "1s9s7z2z" + "5z"  # four chows to come, four tiles to throw, waits 5z
    live = "2p3s4z" + "5m1p7s" + "5p1p7s" + "5s1p7s" + "8p1p7s9s" + "5z"
    state = deal({ALICE: "1m", BOB: bob, DAVE: dave}, live=live)
    state = play(state, (ALICE, D("1m")), (BOB, PONG), (BOB, D("7z")))
    state = play(state, (CAROL, D("2p")), (BOB, PONG), (BOB, D("9m")))
    state = play(state, (CAROL, D("3s")), (BOB, PONG), (BOB, D("5z")))
    state = play(state, (CAROL, D("4z")), (BOB, PONG), (BOB, D("6z")))
    assert facts_liable(state) == [None, CAROL, None, None]
    for chow, drawn, throw in (("46m", "5m", "1s"), ("46p", "5p", "9s"), ("46s", "5s", "7z"), ("79p", "8p", "2z")):
        state = play(state, (CAROL, D(drawn)), (DAVE, C(chow)), (DAVE, D(throw)))
        state = throw_drawn(state, ALICE, BOB) if chow != "79p" else throw_drawn(state, ALICE, BOB, CAROL)
    assert len(state.seats[DAVE].melds) == 4 and facts_liable(state) == [None, CAROL, None, None]
    state = play(state, (DAVE, WIN))
    assert state.sheet is not None and state.sheet.deltas == (-40, -40, -40, 120)  # 平胡 + 自摸, from each


def facts_liable(state):
    return list(state.ext.get("liable") or [None] * 4)
