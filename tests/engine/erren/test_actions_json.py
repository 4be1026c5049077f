"""erren's own actions travel as JSON like every other action; a bad one is a MalformedAction naming the field."""

import pytest

from engine.actions import MalformedAction, action_from_json
from tests.engine.erren.table import DECLARE, EXCHANGE, KEEP, PICK, SWAP


@pytest.mark.parametrize(
    "action, data",
    [
        (DECLARE("5m"), {"type": "declare", "tile": "5m"}),
        (PICK("1z"), {"type": "pick", "tile": "1z"}),
        (SWAP("321m"), {"type": "swap", "tiles": ["1m", "2m", "3m"]}),
        (EXCHANGE("9m1z"), {"type": "exchange", "tiles": ["9m", "1z"]}),
        (KEEP, {"type": "exchange", "tiles": []}),
    ],
)
def test_an_erren_action_round_trips_through_json(action, data):
    assert action.to_json() == data
    assert action_from_json(data) == action


@pytest.mark.parametrize(
    "data, message",
    [
        ({"type": "declare", "tile": "5x"}, "declare.tile"),
        ({"type": "pick"}, "pick needs 'tile'"),
        ({"type": "swap", "tiles": ["1m", "2m"]}, "exactly three tiles"),
        ({"type": "exchange", "tiles": "1m"}, "a list of tiles"),
    ],
)
def test_a_malformed_erren_action_names_its_fault(data, message):
    with pytest.raises(MalformedAction, match=message):
        action_from_json(data)
