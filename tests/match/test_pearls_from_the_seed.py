"""【龙珠计算】凡是持有比赛专区通行证的玩家，在比赛专区房间胜出之后，都可以额外获得一定数量的龙珠，但输的玩家不扣除龙珠。

Each story settles a real guangdong sheet through the table's settlement (tables.services.settlement)."""

from __future__ import annotations

import pytest

from tables.services.settlement import settle_hand
from tests.match.conftest import CAPPED, CHICKEN, DOUBLE, LIABLE, pearls, sheet_of

pytestmark = pytest.mark.django_db


def test_a_pass_holder_who_wins_a_chicken_hand_earns_one(holders, finished_hand):
    assert settle_hand(finished_hand(sheet_of(CHICKEN)).pk) == "settled"
    assert pearls(holders[1]) == 1  # 鸡胡: 0 番, at least 1


def test_the_limit_caps_the_pearls_as_it_caps_the_fan(holders, finished_hand):
    settle_hand(finished_hand(sheet_of(CAPPED)).pk)
    assert pearls(holders[1]) == 3  # 4 番 capped at 3 (爆胡)


def test_losers_keep_their_pearls_and_earn_none(holders, finished_hand):
    settle_hand(finished_hand(sheet_of(CHICKEN)).pk)
    settle_hand(finished_hand(sheet_of(CAPPED)).pk)
    assert [pearls(p) for p in holders] == [0, 4, 0, 0]


def test_a_winner_without_a_pass_earns_none(players, season, finished_hand):
    from match.models import PearlEntry

    settle_hand(finished_hand(sheet_of(CHICKEN)).pk)
    assert PearlEntry.objects.count() == 0


def test_one_discard_two_winners_each_earn_their_own(holders, finished_hand):
    settle_hand(finished_hand(sheet_of(*DOUBLE)).pk)
    assert [pearls(p) for p in holders] == [0, 1, 2, 0]


def test_a_liable_payment_changes_no_ones_pearls_but_the_winners(holders, finished_hand):
    settle_hand(finished_hand(sheet_of(LIABLE)).pk)
    assert [pearls(p) for p in holders] == [0, 3, 0, 0]  # 碰碰胡 2 + 自摸 1; seat 3 pays, keeps its 0


def test_an_escaper_earns_none_even_if_the_bot_wins_for_them(holders, finished_hand):
    from tables.models import Escape

    hand = finished_hand(sheet_of(CHICKEN))
    Escape.objects.create(hand=hand, seat=1, user=holders[1], reason="left", penalized=True)
    settle_hand(hand.pk)
    assert pearls(holders[1]) == 0


def test_the_room_multiplier_multiplies(holders, finished_hand):
    from match.models import MatchRoom

    MatchRoom.objects.filter(room__variant="guangdong", room__base=10).update(multiplier=2)
    settle_hand(finished_hand(sheet_of(CAPPED)).pk)
    assert pearls(holders[1]) == 6


def test_a_room_outside_the_match_zone_gives_none(holders, finished_hand):
    from match.models import MatchRoom, PearlEntry

    MatchRoom.objects.filter(room__variant="guangdong", room__base=10).delete()
    settle_hand(finished_hand(sheet_of(CHICKEN)).pk)
    assert PearlEntry.objects.count() == 0


def test_a_draw_records_the_hand_for_each_holder_with_no_pearls(holders, finished_hand):
    from match.models import PearlEntry

    settle_hand(finished_hand(sheet_of()).pk)
    assert set(PearlEntry.objects.values_list("won", "pearls")) == {(False, 0)}
    assert PearlEntry.objects.count() == 4
