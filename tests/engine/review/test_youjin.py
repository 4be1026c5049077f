"""游金 and 双游 chances kept, entered or lost (nanping, the gold is 9s; 白板 plays as 9s).

Bob holds four sets (123m 456m 789m 123s), 56p, the gold and a lone 1z. He draws 7p: letting
1z go leaves five sets and the lone gold, 游金 (单游): any draw wins, so every tile he cannot
see is effective. Letting 5p go instead keeps him ready on a few tiles only: costly, and the
游金 chance is lost. (His deal is ready already — the gold and 1z would pair — so he is offered
抢金 at the opening and passes it: a win passed up. With 7p his hand is complete too: passing
that 自摸 to enter 游金 is the 游金 mark's, not a win passed up.)
"""

from engine.actions import Discard, Pass, Win
from engine.tiles import Tile
from tests.engine.review.story import ALICE, BOB, Story, chosen, win_type

ALICE_HAND = "1479m258p367s1234567z"  # 17 lone tiles and honours: no claim on anything the story throws
BOB_HAND = "123m456m789m123s56p9s1z"
JUNK = "258m258p258s23467z"
CAROL_HAND, DAVE_HAND = JUNK + "14p", JUNK + "14s"
# Bob draws 7p; Carol, Dave and Alice draw 9p (nobody can take it); then Bob's next draw.
FIRST = "7p" + "9p9p9p"


def D(tile: str) -> Discard:
    return Discard(Tile.parse(tile))


def story(live: str) -> Story:
    hand = Story("nanping", [ALICE_HAND, BOB_HAND, CAROL_HAND, DAVE_HAND], live=live, gold="9s")
    return hand.play((ALICE, D("2z"))).until_turn(BOB)


def decision(hand: Story, step: int):
    return next(d for d in hand.review(BOB).decisions if d.step == step)


def test_passing_qiangjin_at_the_opening_is_a_win_passed_up():
    hand = story(FIRST + "3p").play((BOB, D("1z"))).until_turn(BOB).play((BOB, Win()))
    opening = hand.review(BOB).decisions[0]
    assert (opening.step, opening.phase, opening.action) == (hand.step_of(BOB, Pass()), "opening", {"type": "pass"})
    assert opening.marks == ("win_passed",)


def test_entering_youjin_is_the_best_choice_and_marked():
    hand = story(FIRST + "3p").play((BOB, D("1z"))).until_turn(BOB).play((BOB, Win()))
    _opening, entered, won = hand.review(BOB).decisions
    assert entered.marks == ("youjin_entered",) and entered.score == 1.0 and won.action == {"type": "win"}
    assert entered.best[0].tile == Tile.parse("1z") and entered.best[0].youjin
    assert entered.best[0].effective > 2 * entered.best[1].effective
    assert win_type(hand) == "youjin"
    assert hand.review(BOB).summary.line == "efficiency 100%, 0 costly discards, 1 win passed up"


def test_letting_the_youjin_shape_go_is_costly_and_a_youjin_chance_lost():
    # Without 5p he waits on 5p/8p (the gold and 1z the pair), on 1z (67p and the gold a set) and on the
    # gold: 3 + 4 + 3 + 2 tiles he cannot see (the turned-up gold is face up, out of play) = 12. Letting
    # 1z go instead: any of the 117 tiles he cannot see wins (136 less his 17, Alice's 2z and the
    # turned-up gold). Score 12/117 = 0.103. He passed the 自摸 (17 tiles complete) without entering 游金:
    # a second win passed up. 8p comes and he wins.
    hand = story(FIRST + "8p").play((BOB, D("5p"))).until_turn(BOB).play((BOB, Win()))
    lost = decision(hand, hand.step_of(BOB, D("5p")))
    assert lost.marks == ("win_passed", "costly", "youjin_lost")
    assert (chosen(lost).shanten, chosen(lost).effective, chosen(lost).youjin) == (0, 12, False)
    assert (str(lost.best[0].tile), lost.best[0].effective, lost.best[0].youjin) == ("1z", 117, True)
    assert lost.score == 0.103
    line = "efficiency 10%, 1 costly discard, 2 wins passed up, 1 游金 chance lost"
    assert hand.review(BOB).summary.line == line


def test_a_draw_thrown_in_youjin_is_a_win_passed_up_and_youjin_kept():
    # 空游: in 单游 he throws the 3p he drew (any draw wins) and wins on the next one.
    live = FIRST + "3p" + "5z5z5z" + "4p"
    hand = story(live).play((BOB, D("1z"))).until_turn(BOB).play((BOB, D("3p"))).until_turn(BOB)
    hand.play((BOB, Win()))
    kept = decision(hand, hand.step_of(BOB, D("3p")))
    assert kept.marks == ("win_passed", "youjin_kept")


def test_throwing_the_drawn_gold_in_danyou_enters_shuangyou_and_is_no_win_passed():
    live = FIRST + "9s" + "5z5z5z" + "4p"
    hand = story(live).play((BOB, D("1z"))).until_turn(BOB).play((BOB, D("9s"))).until_turn(BOB)
    hand.play((BOB, Win()))
    shuangyou = decision(hand, hand.step_of(BOB, D("9s")))
    assert shuangyou.marks == ("shuangyou_entered",)
    assert win_type(hand) == "shuangyou"
