"""阿明's profile shows his 广东鸡平胡 等级, earned by the points of his finished guangdong hands."""

import pytest
from django.urls import reverse

from engine.games.guangdong.fans import WinWay
from engine.games.guangdong.scoring import GuangdongHand, Winner, settle
from engine.tiles import parse_tiles

pytestmark = pytest.mark.django_db


def finished_hand(table, number, players, sheet):
    from tables.models import Hand, HandStatus

    return Hand.objects.create(
        table=table,
        number=number,
        variant="guangdong",
        base=sheet.base,
        seed="s",
        commitment="c",
        dealer=sheet.dealer,
        streak=1,
        players=players,
        state={},
        status=HandStatus.FINISHED,
        sheet=sheet.to_json(),
    )


@pytest.fixture
def guangdong_table(room):
    from tables.models import Table

    return Table.objects.create(room=room("guangdong", 10))


def test_a_newcomer_is_zha_hu(client, ming):
    client.force_login(ming)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert '<span id="guangdong-title">炸胡</span> (0 分)' in page


def test_the_title_follows_the_points_won_and_paid(client, four_players, guangdong_table):
    ming, fang, wang, zhen = four_players
    players = [fang.pk, ming.pk, wang.pk, zhen.pk]  # 阿明 sits in seat 1
    flush = Winner(1, parse_tiles("123456789m22255m"), way=WinWay.SELF_DRAW)  # 清一色 自摸: 16 from each
    all_chows = Winner(3, parse_tiles("123456m456p78999s"), way=WinWay.DISCARD, from_seat=1)  # 阿明 pays 2
    finished_hand(guangdong_table, 1, players, settle(GuangdongHand(dealer=0, base=10, winners=(flush,))))
    finished_hand(guangdong_table, 2, players, settle(GuangdongHand(dealer=0, base=10, winners=(all_chows,))))
    client.force_login(ming)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert '<span id="guangdong-title">鸡胡</span> (46 分)' in page  # 3 × 16 - 2
