"""The replay speaks to players: the table's only-choice passes are marked so the page can skip them (not
labelled as a bot's play), the steps count turns for seeking, bots are 机器人 n in Chinese and Bot n in English,
金 is a gold game's only, and no developer command line is shown. Holds for any deal."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from engine.actions import Pass, action_from_json
from tables.services.replay import replay_steps
from tests.conftest import hand_played_by_bots

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["pinghe", "guangdong"])
def played(request, make_player, funded):
    ming = funded(make_player("ming", "阿明"), 1000)
    return ming, hand_played_by_bots(ming, request.param)


def embedded(page: str, name: str) -> object:
    found = re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', page, re.S)
    assert found, name
    return json.loads(found.group(1))


def test_answered_passes_are_marked_and_turns_counted(played):
    _ming, hand = played
    steps, _check = replay_steps(hand, 0)
    actions = [s["action"] for s in steps[1:]]
    assert all(isinstance(action_from_json({"type": a["type"]}), Pass) for a in actions if a["answered"])
    discards = [s["turn"] for s in steps if s["action"] and s["action"]["type"] == "discard"]
    assert discards == list(range(1, len(discards) + 1))


def test_the_page_names_bots_in_its_language_and_shows_no_command_line(client, played):
    ming, hand = played
    client.force_login(ming)
    url = reverse("tables:replay", args=[hand.pk])
    page = client.get(url).content.decode()
    assert "python -m engine" not in page
    names = embedded(page, "replay-names")
    assert names == ["阿明", "机器人 2", "机器人 3", "机器人 4"]
    game = embedded(page, "replay-game")
    assert game == {"gold": hand.variant != "guangdong", "flowers": hand.variant != "guangdong", "seat": 0,
                    "bots": [1, 2, 3]}  # fmt: skip
    client.cookies["django_language"] = "en"
    page = client.get(url).content.decode()
    assert embedded(page, "replay-names") == ["阿明", "Bot 2", "Bot 3", "Bot 4"]
    assert "机器人" not in page
