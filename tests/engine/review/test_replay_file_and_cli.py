"""`python -m engine review FILE` prints the review JSON of a replay file; bad input is one clear error."""

import json
import re

import pytest

from engine.actions import Discard, Win
from engine.cli import main
from engine.review import Replay, ReplayError, review
from engine.tiles import Tile
from tests.engine.review.story import ALICE, Story

HANDS = ["123m456m789m45p11z2z", "258m258p258s3456z", "258m258p258s3457z", "258m258p258s3467z"]


@pytest.fixture
def hand() -> Story:
    story = Story("guangdong", HANDS, live="7s7s9s6p")
    return story.play((ALICE, Discard(Tile.parse("2z")))).until_turn(ALICE).play((ALICE, Win()))


def document(hand: Story) -> dict:
    actions = [list(a) for a in hand.actions]
    return {"variant": "guangdong", "seed": "story", "options": hand.options, "actions": actions}


def test_the_cli_prints_the_same_review_as_the_engine(hand, tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(document(hand)), encoding="utf-8")
    assert main(["review", str(path), "--seat", "0"]) == 0
    assert json.loads(capsys.readouterr().out) == review(hand.replay, ALICE).to_json()
    assert main(["review", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)["reviews"]
    assert [r["seat"] for r in printed] == [0, 1, 2, 3] and printed[0]["summary"]["efficiency"] == 100


def test_actions_may_be_written_as_the_replay_page_lists_them(hand):
    steps = [{"seat": seat, "source": "player", **action} for seat, action in hand.actions]
    listed = Replay.from_json({**document(hand), "actions": steps})
    assert review(listed, ALICE) == review(hand.replay, ALICE)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": None}, "a replay needs 'seed'"),
        ({"actions": {"0": "x"}}, "'actions' is a list"),
        ({"actions": [[0, "discard"]]}, "action 1: expected [seat, action]"),
        ({"dealer": "east"}, "'dealer' must be an integer"),
        ({"actions": [[0, {"type": "fly"}]]}, "action 1: unknown action type"),
        ({"actions": [[2, {"type": "discard", "tile": "1m"}]]}, "action 1 (2: "),
        ({"actions": []}, "the hand is not over after 0 actions"),
    ],
)
def test_a_bad_replay_is_refused_with_the_reason(hand, change, message):
    data = {k: v for k, v in {**document(hand), **change}.items() if v is not None}
    with pytest.raises(ReplayError, match=re.escape(message)):
        review(Replay.from_json(data), ALICE)


def test_the_cli_reports_bad_input_on_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    assert main(["review", str(path)]) == 2
    assert main(["review", str(tmp_path / "missing.json")]) == 2
    path.write_text(json.dumps({"variant": "riichi", "seed": "s", "actions": []}), encoding="utf-8")
    assert main(["review", str(path)]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 3 and all(e.startswith("error: ") for e in errors)
    assert "not JSON" in errors[0] and "cannot read" in errors[1] and "riichi" in errors[2]


def test_a_seat_the_variant_does_not_have_is_refused(hand):
    with pytest.raises(ReplayError, match=r"guangdong has seats 0\.\.3, not 4"):
        review(hand.replay, 4)
