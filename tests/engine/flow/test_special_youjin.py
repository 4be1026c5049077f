"""000 §9(9) "如是特殊牌型（单吊和对对胡）的话，游金就是双游，系统按顺序发给所有玩家各一张牌".

A 单吊 or 对对胡 hand that enters 游金 is in the 双游 state at once (RULINGS): the others
may only win by 自摸, nobody may claim the discard, and the win is scored 游金 × 2 (the
hand's 单吊/对对胡 番) = 8, the value of 双游.
"""

from dataclasses import replace

from engine.actions import Discard, NameGold
from engine.hand import Phase, legal_actions
from engine.sheet import Meld
from engine.tiles import Tile, parse_tiles
from tests.engine.flow.harness import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    PONG,
    WIN,
    D,
    deal,
    drain,
    everyone_passes,
    hand,
    outcome,
    play,
)

# Carol holds a pair of 1z: she could pong Bob's 1z, were it not for 双游.
CAROL_WITH_1Z = "1z1z" + "147m258p369s" + "2z3z4z5z6z"
# Bob: six pairs and 77s, with the gold (9s) and a stray 1z. Drawing 7s and letting 1z go
# leaves six pairs, a triplet and the lone gold: 对对胡 游金.
BOB_PAIRS = "11m22m33m44p55p66p" + "77s" + "9s" + "1z"
# Bob: four sets, 56p, the gold and 1z: a plain 游金 after drawing 7p (tests/engine/flow/test_youjin.py).
BOB_PLAIN = "123m456m789m123s" + "56p" + "9s" + "1z"


def bob_lets_1z_go(bob: str, draw: str, live_after: str = ""):
    state = deal("pinghe", {BOB: bob, CAROL: CAROL_WITH_1Z}, live=draw + live_after)
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    return play(state, (BOB, D("1z")))


def test_a_pairs_hand_entering_youjin_is_in_shuangyou_at_once_and_nobody_may_claim():
    state = bob_lets_1z_go(BOB_PAIRS, "7s", "2s")
    assert state.seats[BOB].you == 1 and state.shuangyou_seat == BOB
    assert_the_others_only_threw_out_their_draws(state)


def assert_the_others_only_threw_out_their_draws(state):
    """As in 双游: no claim window on Bob's 1z (Carol's 1z pair stays), each other seat drew one
    tile and had to let it go, and the next decision is Bob's own draw."""
    assert (state.phase, state.turn) == (Phase.TURN, BOB)
    assert state.seats[BOB].river[-1] == Tile.parse("1z") and hand(state, CAROL).count(Tile.parse("1z")) == 2
    assert all(len(state.seats[s].river) == 1 for s in (CAROL, DAVE, ALICE) if s != state.dealer)


def test_a_plain_youjin_still_lets_the_others_claim():
    state = bob_lets_1z_go(BOB_PLAIN, "7p")
    assert state.seats[BOB].you == 1 and state.shuangyou_seat is None
    assert state.phase == Phase.CLAIM and PONG in legal_actions(state, CAROL)


def test_the_pairs_youjin_is_scored_as_shuangyou():
    state = bob_lets_1z_go(BOB_PAIRS, "7s", "2s3s4s" + "8p")
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    won = play(state, (BOB, WIN))
    assert outcome(won) == (BOB, "youjin")
    assert won.sheet is not None and won.sheet.total_fan == 4 * 2  # 游金 × 对对胡 = 双游's 8


def test_a_single_wait_youjin_is_in_shuangyou_at_once():
    """单吊: five sets laid down; Bob holds the gold and 1z, lets 1z go, and only the gold is left."""
    state = deal("pinghe", {CAROL: CAROL_WITH_1Z}, live="2s")
    state = drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)
    melds = tuple(Meld.parse(m) for m in ("111m", "222m", "333p", "444p", "555s"))
    bob = replace(state.seats[BOB], hand=parse_tiles("9s1z"), drawn=Tile.parse("1z"), melds=melds)
    state = replace(state, seats=(*state.seats[:BOB], bob, *state.seats[BOB + 1 :]))
    state = play(state, (BOB, D("1z")))
    drawn, gold = state.seats[BOB].drawn, state.gold
    assert drawn is not None and gold is not None
    assert state.seats[BOB].hand == tuple(sorted((gold, drawn)))  # the gold and his new draw
    assert state.shuangyou_seat == BOB
    assert_the_others_only_threw_out_their_draws(state)


# 喊金 (9s named: all four 9s are golds and in play). Bob holds one gold and the pairs hand of
# BOB_PAIRS; the others hold junk; the live wall brings him 7s, then a gold on each of his next
# three draws.
NAMED_GOLD_HANDS = {
    ALICE: "1z2z3z4z6z7z" + "1p4p7p" + "2s5s8s" + "3m6m" + "5z8m" + "9p",
    BOB: BOB_PAIRS,
    CAROL: "1z2z3z4z6z7z" + "2p5p8p" + "3s6s" + "4m7m" + "5z9m" + "1s",
    DAVE: "1z2z3z4z6z" + "3p6p" + "1s4s" + "2m5m8m" + "5z7z" + "9p" + "7m",
}
NAMED_GOLD_LIVE = "7s" + "2m5m8m" + "9s" + "1m4m6m" + "9s" + "2p3p7s" + "9s" + "8p"


def bob_draws_his_third_gold_with_named_gold():
    """Bob enters 游金 with 对对胡 (双游 state), throws out his second gold ("四游"), draws the third."""
    state = deal("pinghe", NAMED_GOLD_HANDS, gold=None, named_gold=True, live=NAMED_GOLD_LIVE)
    state = play(state, (ALICE, NameGold(Tile.parse("9s"))))
    state = bob_turn(play(bob_turn(state), (BOB, D("1z"))))
    assert state.seats[BOB].drawn == Tile.parse("9s") and state.shuangyou_seat == BOB
    state = bob_turn(play(state, (BOB, D("9s"))))
    assert state.seats[BOB].you == 2 and state.seats[BOB].drawn == Tile.parse("9s")
    return state


def bob_turn(state):
    return drain(state, until=lambda s: s.phase == Phase.TURN and s.turn == BOB)


def test_shiliuyou_with_named_gold_a_pairs_hand_throws_the_third_gold_and_wins_on_the_fourth():
    """000 §9(9): a special hand's 游金 is 双游, "又拿到一个金打出就是四游 … 又拿到一个金打出就是八游";
    "如果当局是喊金就有可能打出十六游" (RULINGS: 十六游 only with 喊金). With four golds in play the
    third gold does not end the hand: thrown out, the fourth ends it at 十六游, 64番
    (the mechanical 八游 level 32 × 对对胡 2)."""
    state = bob_draws_his_third_gold_with_named_gold()
    assert not state.finished and Discard(Tile.parse("9s")) in legal_actions(state, BOB)
    state = bob_turn(play(state, (BOB, D("9s"))))
    assert state.finished and outcome(state)[0] == BOB
    assert state.sheet is not None and state.sheet.total_fan == 64


def test_with_named_gold_a_pairs_hand_may_win_on_its_third_gold_at_bayou():
    """Winning at once with the third gold is worth what it would end the hand at without 喊金:
    八游, 32番 (the gold drawn at 双游 is the next level, as for every 游金 hand)."""
    won = play(bob_draws_his_third_gold_with_named_gold(), (BOB, WIN))
    assert won.sheet is not None and won.sheet.total_fan == 32


def test_with_named_gold_a_plain_shuangyou_still_ends_at_siyou_on_a_gold():
    """Only a 单吊/对对胡 hand climbs past its 四游 with 喊金: a plain 双游 (here from a gold pair)
    that draws a gold ends the hand at 四游, 16番 (000 §9(9) "如果该玩家又拿到一个金四游的话，停止该局游戏")."""
    hands = {
        ALICE: "123m456m789m123p456p" + "9s9s",
        BOB: "1z2z3z4z6z7z" + "7p" + "1s4s7s" + "2m5m8m" + "5z" + "3m" + "9p",
        CAROL: NAMED_GOLD_HANDS[CAROL],
        DAVE: NAMED_GOLD_HANDS[DAVE],
    }
    state = deal("pinghe", hands, gold=None, named_gold=True, live="2s6s8s9s")
    state = play(state, (ALICE, NameGold(Tile.parse("9s"))))
    state = everyone_passes(state)
    state = play(state, (ALICE, D("9s")))
    assert state.finished and outcome(state) == (ALICE, "siyou")
    assert state.sheet is not None and state.sheet.total_fan == 16
