"""The best discard by efficiency and the costly-discard marks, on guangdong hands worked out by hand.

Alice (dealer) holds 123m456m789m 45p 11z 2z. Letting 2z go leaves her ready on 3p/6p:
8 live tiles as far as she can see (no 3p or 6p in sight). Any other discard leaves her
1-shanten, so 2z is the one best choice and 4p is costly (it raises the shanten: score 0).
The others hold singles of 2/5/8 and honours: they can neither claim nor win.
"""

from engine.actions import Discard, Win
from engine.tiles import Tile
from tests.engine.review.story import ALICE, Story, chosen

ALICE_HAND = "123m456m789m45p11z2z"
JUNK = ["258m258p258s3456z", "258m258p258s3457z", "258m258p258s3467z"]
# Bob, Carol and Dave draw 7s, 7s, 9s (nobody can claim them), then Alice draws 6p; the second round 9s 9s 7s, then 7p.
LIVE = "7s7s9s6p" + "9s9s7s7p"


def D(tile: str) -> Discard:
    return Discard(Tile.parse(tile))


def story(live: str = LIVE) -> Story:
    return Story("guangdong", [ALICE_HAND, *JUNK], live=live)


def test_the_best_discard_wins_full_marks_and_the_hand_is_won():
    hand = story().play((ALICE, D("2z"))).until_turn(ALICE).play((ALICE, Win()))
    first, win = hand.review(ALICE).decisions
    assert first.step == hand.step_of(ALICE, D("2z")) and first.shanten == 0 and first.marks == ()
    assert (str(first.best[0].tile), first.best[0].shanten, first.best[0].effective) == ("2z", 0, 8)
    assert all(c.shanten == 1 for c in first.best[1:])
    assert first.chosen == first.best[0] and first.score == 1.0
    assert win.action == {"type": "win"} and win.marks == ()
    assert hand.review(ALICE).summary.line == "efficiency 100%, 0 costly discards"


def test_breaking_the_wait_is_a_costly_discard_and_the_summary_counts_it():
    # 4p raises her to 1-shanten; after drawing 6p she lets 2z go (ready on 4p/7p: 3 + 4 in sight), then wins on 7p.
    hand = story().play((ALICE, D("4p"))).until_turn(ALICE).play((ALICE, D("2z"))).until_turn(ALICE)
    hand.play((ALICE, Win()))
    costly, good, _win = hand.review(ALICE).decisions
    assert costly.marks == ("costly",) and costly.score == 0.0
    assert (str(chosen(costly).tile), chosen(costly).shanten) == ("4p", 1)
    assert (str(costly.best[0].tile), costly.best[0].shanten, costly.best[0].effective) == ("2z", 0, 8)
    assert good.step == hand.step_of(ALICE, D("2z")) and good.marks == () and good.score == 1.0
    assert (str(chosen(good).tile), chosen(good).shanten, chosen(good).effective) == ("2z", 0, 7)
    summary = hand.review(ALICE).summary
    assert (summary.efficiency, summary.discards, summary.costly) == (50, 2, 1)
    assert summary.line == "efficiency 50%, 1 costly discard"


def test_a_winning_draw_discarded_is_a_win_passed_up():
    # Ready on 3p/6p, she draws 6p and throws it; her next draw, 3p, wins. Throwing 6p keeps her ready
    # on 3p/6p (4 + 3 in sight: 7 tiles), but throwing 1m (or 9m) was better: 23456789m waits on
    # 1m/4m/7m, 3 + 3 + 3 = 9 tiles. So that discard scores 7/9 and the hand 89% (mean of 1 and 7/9).
    hand = story(live="7s7s9s6p" + "9s9s7s3p").play((ALICE, D("2z"))).until_turn(ALICE)
    hand.play((ALICE, D("6p"))).until_turn(ALICE).play((ALICE, Win()))
    _first, passed, _win = hand.review(ALICE).decisions
    assert passed.marks == ("win_passed",) and passed.drawn == "6p" and passed.shanten == -1
    assert [(str(c.tile), c.shanten, c.effective) for c in passed.best[:2]] == [("1m", 0, 9), ("9m", 0, 9)]
    assert (chosen(passed).shanten, chosen(passed).effective, passed.score) == (0, 7, 0.778)
    summary = hand.review(ALICE).summary
    assert summary.wins_passed == 1 and summary.line == "efficiency 89%, 0 costly discards, 1 win passed up"


def test_a_forced_discard_is_not_scored():
    # The seat reviewed is Bob: he only ever throws the tile he drew, with a full choice each time.
    hand = story().play((ALICE, D("2z"))).until_turn(ALICE).play((ALICE, Win()))
    bob = hand.review(1)
    assert [d.action["type"] for d in bob.decisions] == ["discard"]
    assert bob.decisions[0].score is not None and bob.summary.discards == 1
