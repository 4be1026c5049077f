"""Defence against a declared (报听) hand: the careful discard is marked defensive, not costly,
and the efficient one that feeds the danger is marked risky (erren, worked out by hand).

Bob declares ready on a lone 6z, letting 2m go. Alice, 3-shanten (12m 45m 78m 12p, the 11z
pair, lone 5s 3z 4z and the 9s she drew), may throw a lone tile (3-shanten, 16 live 进张:
3m 6m 9m 3p) or break 12m with Bob's own 2m (4-shanten). Against a hand sure to be ready
(报听) the evaluator rates a lone honour 0.08 to deal in, 9s 0.10, 5s 0.16 (a middle tile),
2m 0.039 (0.13 for a 2, times 0.3: it is in Bob's river). So far from ready the careful
player gives up the shanten and throws 2m: defensive. Throwing 5s keeps the best efficiency
but is four times as likely to deal in as the careful choice: risky.
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


def test_breaking_a_partial_run_with_the_declared_players_own_tile_is_defensive():
    answer = alices_answer("2m")
    assert answer.marks == ("defensive",) and answer.score == 0.0
    assert (chosen(answer).shanten, chosen(answer).danger) == (4, 0.039)
    assert answer.careful is not None and answer.careful.tile == chosen(answer).tile
    assert [(str(c.tile), c.shanten, c.effective, c.danger) for c in answer.best] == [
        ("3z", 3, 16, 0.08),
        ("4z", 3, 16, 0.08),
        ("9s", 3, 16, 0.1),
    ]


@pytest.mark.parametrize(("tile", "marks"), [("5s", ("risky",)), ("3z", ()), ("9s", ())])
def test_an_efficient_discard_is_risky_only_when_far_likelier_to_deal_in_than_the_careful_one(tile, marks):
    answer = alices_answer(tile)
    assert answer.score == 1.0 and answer.marks == marks


def test_a_declaration_lets_its_tile_go_and_is_judged_as_a_discard():
    # Bob's 报听 lets the 2m he drew go: ready on 6z, 3 live (he holds one). Letting 6z go instead would
    # wait on 2m, 3 live too, and a lone honour is the safer throw: both are best choices (score 1).
    declared = next(d for d in reviewed("2m", BOB).decisions if d.action["type"] == "declare")
    assert (str(chosen(declared).tile), chosen(declared).shanten, chosen(declared).effective) == ("2m", 0, 3)
    assert declared.score == 1.0 and [str(c.tile) for c in declared.best[:2]] == ["6z", "2m"]
