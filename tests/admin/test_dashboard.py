"""The dashboard: players online, tables per variant, hands per hour, coins per day by kind, escapes per day."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from ledger import services as ledger
from operations import metrics

pytestmark = pytest.mark.django_db


def test_the_figures_count_what_happened(cai, ming, fang, running_table):
    from tables.models import Seat

    Seat.objects.filter(table=running_table, user=ming).update(connections=1)  # 阿明's socket is open
    ledger.grant(fang, 70, by=cai, reason="活动 event", key="dash-1")
    data = metrics.dashboard()
    assert data.players_online == 1 and data.players_seated == 1
    assert dict(data.tables_by_variant) == {"pinghe": 1, "nanping": 0, "erren": 0, "guangdong": 0}
    # in the last hour's bucket (or the one before, when the clock struck the hour in between)
    assert sum(n for _, n in data.hands_per_hour[-2:]) == 1 and sum(n for _, n in data.hands_per_hour) == 1
    today = timezone.localdate().strftime("%m-%d")
    assert dict(data.coins_by_kind["grant"])[today] == 70  # the operator's grant
    house = dict(data.coins_by_kind["house_grant"])[today]
    # the players' starting coins; the bots' floats come with the hand's settlement (tables.services.settlement)
    assert house == 2 * 1000
    assert dict(data.escapes_per_day)[today] == 0


def test_an_escape_shows_on_the_day(ming, running_table):
    from tables.services import seating

    seating.leave(ming, running_table.pk, confirmed=True)
    today = timezone.localdate().strftime("%m-%d")
    assert dict(metrics.dashboard().escapes_per_day)[today] == 1


def test_the_page_draws_inline_svg_and_loads_nothing_from_elsewhere(as_staff, li, ming, running_table):
    page = as_staff(li).get("/admin/dashboard/").content.decode()
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg" class="chart"') == 5
    assert 'aria-label="各玩法运行中的牌桌' in page and "每日游戏币流动" in page
    assert "每日发放游戏币" in page
    external = [url for url in re.findall(r'(?:src|href)="([^"]+)"', page) if url.startswith(("http:", "https:", "//"))]
    assert external == []


def test_the_admin_index_links_the_dashboard(as_staff, cai):
    assert 'id="dashboard-link"' in as_staff(cai).get("/admin/").content.decode()
