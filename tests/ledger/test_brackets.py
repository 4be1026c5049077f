"""Stake brackets 麻将底注: seeded from the pinghe document, editable only as a whole consistent table."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from ledger.models import Bracket, validate_bracket_table
from ledger.services import bracket_for_balance, minimum_to_sit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "balance, base",
    [
        (0, None),
        (159, None),  # 160以下 无法游戏
        (160, 10),
        (3000, 10),
        (3001, 50),
        (6000, 50),
        (6001, 100),
        (30000, 100),
        (30001, 500),
        (60001, 1000),
        (300000, 1000),
        (300001, 5000),
        (600001, 10000),
        (3000000, 10000),
        (3000001, 50000),  # 封顶50000底
        (10**12, 50000),
    ],
)
def test_the_seeded_table_admits_a_balance_to_its_room(balance, base):
    bracket = bracket_for_balance(balance)
    assert (bracket.base if bracket else None) == base


def test_under_160_cannot_sit():
    assert minimum_to_sit() == 160


def rows(*bounds: tuple[int, int | None, int]) -> list[Bracket]:
    return [Bracket(min_balance=low, max_balance=high, base=base) for low, high, base in bounds]


@pytest.mark.parametrize(
    "table, message",
    [
        (rows((160, 3000, 10), (3002, None, 50)), "空档"),
        (rows((160, 3001, 10), (3001, None, 50)), "重叠"),
        (rows((160, 3000, 50), (3001, None, 10)), "递增"),
        (rows((160, 3000, 10), (3001, 6000, 50)), "上限"),
        (rows((160, None, 10), (3001, None, 50)), "上限"),
    ],
)
def test_an_inconsistent_table_is_refused(table, message):
    with pytest.raises(ValidationError, match=message):
        validate_bracket_table(table)


def test_a_consistent_table_passes():
    validate_bracket_table(rows((100, 999, 5), (1000, None, 20)))


def test_editing_one_bracket_is_checked_against_the_others():
    first = Bracket.objects.get(min_balance=160)
    first.max_balance = 2000  # would leave 2001..3000 without a room
    with pytest.raises(ValidationError, match="空档"):
        first.check_against_table()
    first.max_balance = 3000
    first.base = 20
    first.check_against_table()
