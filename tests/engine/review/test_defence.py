"""Defence against a declared (报听) hand: the careful discard (the normal bot's own, engine.judge's
`best_discard`) is marked defensive, not costly, and the efficient one that feeds the danger is
marked risky (erren, worked out with the judgement's figures).

Bob declares ready on a lone 6z, letting 2m go. Alice, 3-shanten (12m 45m 78m 12p, the 11z
pair, lone 5s 3z 4z and the 9s she drew), may throw a lone tile (3-shanten, 16 live 进张:
3m 6m 9m 3p) or break a block (4-shanten). Against a hand sure to be ready (报听) the judgement
reads each tile by the wait shapes that win on it, weighed by the live copies they need: a lone
honour 0.036, 9s 0.084, 5s 0.16 (a middle tile: every two-sided and closed wait), Bob's own 2m
0.022, 1z 0.016 (Alice holds two: only the last two copies are left to wait on). So far from ready
against a 报听 the erren bot folds (弃和) and throws the safest tile, breaking the 11z pair:
defensive. Breaking 12m with Bob's 2m instead gives up a step for a tile that is not the safest:
costly. Throwing 5s keeps the best efficiency but is ten times as likely to deal in as the
careful choice: risky.
"""

import pytest

from engine.actions import Action
from engine.review import Decision, HandReview, Replay, review
from tests.engine.erren.table import ALICE, BOB, DECLARE, KEEP, WIN, D, table
from tests.engine.flow.harness import play
from tests.engine.review.story import chosen

ALICE_HAND, BOB_HAND = "12m45m78m12p11z5s3z4z7z", "456p789p456s789s6z"


def reviewed(tile: str, seat: int = ALICE) -> HandReview:
    """The hand with Alice's answer to Bob's 报听 (Bob then draws 6z and wins), reviewed for `seat`."""
    start, _ = table(ALICE_HAND, BOB_HAND, live="2m9s6z", avoid="6z")
    moves: list[tuple[int, Action]] = [(ALICE, KEEP), (BOB, KEEP), (ALICE, D("7z")), (BOB, DECLARE("2m"))]
    moves += [(ALICE, D(tile)), (BOB, WIN)]
    assert play(start, *moves).finished
    replay = Replay("erren", "story", tuple((s, a.to_json()) for s, a in moves), options=start.options, base=10)
    return review(replay, seat)


def alices_answer(tile: str) -> Decision:
    return next(d for d in reviewed(tile).decisions if d.step == 5)


def test_breaking_the_honour_pair_against_the_declared_hand_is_defensive():
    answer = alices_answer("1z")
    assert answer.marks == ("defensive",) and answer.score == 0.0
    assert (chosen(answer).shanten, chosen(answer).danger) == (4, 0.016)
    assert answer.careful is not None and answer.careful.tile == chosen(answer).tile
    assert [(str(c.tile), c.shanten, c.effective, c.danger) for c in answer.best] == [
        ("3z", 3, 16, 0.036),
        ("4z", 3, 16, 0.036),
        ("9s", 3, 16, 0.084),
    ]


def test_giving_up_a_step_for_a_tile_that_is_not_the_safest_is_costly():
    answer = alices_answer("2m")
    assert answer.marks == ("costly",) and answer.score == 0.0
    assert answer.careful is not None and str(answer.careful.tile) == "1z"


@pytest.mark.parametrize(("tile", "marks"), [("5s", ("risky",)), ("3z", ()), ("9s", ())])
def test_an_efficient_discard_is_risky_only_when_far_likelier_to_deal_in_than_the_careful_one(tile, marks):
    answer = alices_answer(tile)
    assert answer.score == 1.0 and answer.marks == marks


def test_a_declaration_lets_its_tile_go_and_is_judged_as_a_discard():
    # Bob's 报听 lets the 2m he drew go: ready on 6z, 3 live (he holds one). Letting 6z go instead would
    # wait on 2m, 3 live too: both are best choices (score 1), neither can deal in (Alice, one tile
    # thrown, is read as far from ready). The careful choice lets 6z go: the 2m wait keeps 断幺九.
    declared = next(d for d in reviewed("2m", BOB).decisions if d.action["type"] == "declare")
    assert (str(chosen(declared).tile), chosen(declared).shanten, chosen(declared).effective) == ("2m", 0, 3)
    assert declared.score == 1.0 and [str(c.tile) for c in declared.best[:2]] == ["2m", "6z"]
    assert declared.careful is not None and str(declared.careful.tile) == "6z"
