"""Reading: the value the scorer works on; bad input is refused with a clear error."""

import pytest

from engine.games.guangdong.fans import HandShape, Reading, ScoringError


def test_a_reading_prints_back_in_mpsz():
    assert str(Reading.parse("123m 456p 789s 5555z 11z")) == "123m 456p 789s 5555z 11z"


@pytest.mark.parametrize(
    "text",
    [
        "123m 456p 789s 555z",  # no pair
        "123m 456p 789s 555z 11z 22z",  # two pairs
        "124m 456p 789s 555z 11z",  # 124m is not a set
        "123z 456p 789s 555z 11m",  # honours do not chow
        "123m 456p 789s 11z",  # three sets
    ],
)
def test_a_non_winning_reading_is_refused(text):
    with pytest.raises(ScoringError):
        Reading.parse(text)


def test_a_special_shape_needs_fourteen_tiles():
    with pytest.raises(ScoringError):
        Reading.parse("19m19p19s1234567z", HandShape.THIRTEEN_ORPHANS)
