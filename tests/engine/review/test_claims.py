"""Claims taken or refused that changed the shanten, worked out by hand (guangdong).

Bob holds 234m 567m 22z 89s 345z: two sets, a pair, a partial run and three lone honours,
2-shanten. Alice lets 2z go. Ponging it makes three sets with the partial run left: 1-shanten.
After the pong Bob's three lone honours are equal choices: each leaves 7s (4 live), and a
second copy of either other honour (3 live each, Bob holding one): 10 tiles.
"""

from engine.actions import Discard, Pass, Pong, Win
from engine.tiles import Tile
from tests.engine.review.story import ALICE, BOB, Story

HANDS = ["123m456m789m45p11z2z", "234m567m22z89s345z", "258m258p258s3467z", "258m258p258s3467z"]


def D(tile: str) -> Discard:
    return Discard(Tile.parse(tile))


def test_a_pong_that_lowers_the_shanten_is_marked_and_the_discard_after_it_judged():
    hand = Story("guangdong", HANDS, live="1s1s3p").play((ALICE, D("2z")), (BOB, Pong()), (BOB, D("3z")))
    hand.until_turn(ALICE).play((ALICE, Win()))
    pong, discard = hand.review(BOB).decisions
    assert (pong.step, pong.phase, pong.shanten, pong.after, pong.marks) == (
        hand.step_of(BOB, Pong()),
        "claim",
        2,
        1,
        ("claim_lowered",),
    )
    assert discard.phase == "turn" and discard.score == 1.0 and discard.marks == ()
    assert {str(c.tile) for c in discard.best} == {"3z", "4z", "5z"}
    assert {(c.shanten, c.effective) for c in discard.best} == {(1, 10)}
    assert hand.review(BOB).summary.claims == 1


def test_passing_a_pong_that_would_lower_the_shanten_is_marked_refused():
    hand = Story("guangdong", HANDS, live="1s1s1s3p").play((ALICE, D("2z")), (BOB, Pass()))
    hand.until_turn(ALICE).play((ALICE, Win()))
    refused = hand.review(BOB).decisions[0]
    assert (refused.phase, refused.action, refused.shanten, refused.after) == ("claim", {"type": "pass"}, 2, 1)
    assert refused.marks == ("claim_refused",)
