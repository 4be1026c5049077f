"""Two accounts from one browser try a coin friends' room's code at the same moment, on PostgreSQL: the
seating rule is checked with the table row locked, so the second sees the first seated and is refused;
they never end up side by side."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.conf import settings

from coins.models import CoinPolicy
from tables.errors import SharedClient
from tables.models import Seat
from tables.services import friends, seating
from tests.coins.ring import public_hand, same_browser
from tests.concurrency import together

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not settings.DB_IS_POSTGRES, reason="needs PostgreSQL (row locks, real concurrency)"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def players(make_player, funded) -> list[Any]:
    """甲 (the host), then 丙 and 丁, who log in from one browser; each has played a public hand (N = 1)."""
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=1)
    people = [funded(make_player(u, n), 1000) for u, n in (("jia", "甲"), ("bing", "丙"), ("ding", "丁"))]
    for person in people:
        public_hand(person)
    same_browser(*people[1:])
    return people


@pytest.mark.parametrize("lap", range(3))
def test_two_accounts_from_one_browser_joining_at_once_never_sit_together(players, lap):
    jia, bing, ding = players
    room = friends.create(jia, friends.Choices(variant="pinghe", length=4, stakes="coins"))
    code = str(room.invite_code)
    results = together(lambda: seating.join_by_code(bing, code), lambda: seating.join_by_code(ding, code))
    assert Counter(type(r).__name__ for r in results) == {"Table": 1, SharedClient.__name__: 1}
    seated = set(Seat.objects.filter(table=room, user__isnull=False).values_list("user_id", flat=True))
    assert seated in ({jia.pk, bing.pk}, {jia.pk, ding.pk})
