"""The operations dashboard, an admin page (staff with the `view_dashboard` permission)."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger.models import TransactionKind
from match.seasons import dashboard_seasons
from operations import charts, metrics
from tables.models import VARIANT_CHOICES

# The kinds shown on the coins chart, grouped as operators think of them. A list, not a dict:
# a lazily translated name hashes differently in each language.
COIN_GROUPS: list[tuple[str | Promise, tuple[str, ...]]] = [
    (_("结算"), (TransactionKind.HAND_SETTLEMENT,)),  # 分饼 is a charge on the hand's sheet
    (_("罚分"), (TransactionKind.ESCAPE_PENALTY,)),
    (_("发放"), (TransactionKind.GRANT,)),
    (_("新手礼包"), (TransactionKind.WELCOME_GRANT,)),
    (_("救济金"), (TransactionKind.RELIEF,)),
    (_("机器人备用金"), (metrics.HOUSE_GRANT,)),
    (_("比赛通行证"), (TransactionKind.MATCH_PASS,)),
    (_("比赛奖金"), (TransactionKind.MATCH_PRIZE,)),
    (_("扣除"), (TransactionKind.DEBIT,)),
    (_("冲正"), (TransactionKind.REVERSAL,)),
]
# Coins created out of the issuance account, by who decided it: operators, the platform's rules, the house.
ISSUED_KINDS = {TransactionKind.GRANT, TransactionKind.WELCOME_GRANT, TransactionKind.RELIEF, metrics.HOUSE_GRANT}


def _grouped(by_kind: dict[str, metrics.Series], only: set[str] | None = None) -> dict[str, metrics.Series]:
    """Each group's coins per day (named in the active language); `only`: the groups of those kinds."""
    out = {}
    for name, kinds in COIN_GROUPS:
        if only is not None and not set(kinds) <= only:
            continue
        rows = [by_kind[k] for k in kinds]
        out[str(name)] = [(rows[0][i][0], sum(r[i][1] for r in rows)) for i in range(len(rows[0]))]
    return out


def dashboard(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perm("operations.view_dashboard"):
        raise PermissionDenied
    data = metrics.dashboard()
    coins = _grouped(data.coins_by_kind)
    issued = _grouped(data.coins_by_kind, ISSUED_KINDS)
    names = dict(VARIANT_CHOICES)
    variants = [(str(names.get(v, v)), n) for v, n in data.tables_by_variant]
    context = {
        **admin.site.each_context(request),
        "title": gettext("运营仪表盘"),
        "data": data,
        "open_tables": [(str(names.get(v, v)), n) for v, n in data.open_tables_by_variant],
        "match_seasons": dashboard_seasons(),
        "coins_totals": [(name, sum(v for _, v in series)) for name, series in coins.items()],
        "issued_totals": [(name, sum(v for _, v in series)) for name, series in issued.items()],
        "charts": {
            "tables": charts.bar_chart(variants, gettext("各玩法运行中的牌桌"), gettext("桌")),
            "hands": charts.bar_chart(data.hands_per_hour, gettext("每小时牌局（24 小时）"), gettext("局")),
            "coins": charts.stacked_chart(coins, gettext("每日游戏币流动（按类型）"), gettext("游戏币")),
            "issued": charts.stacked_chart(issued, gettext("每日发放游戏币（按类型）"), gettext("游戏币")),
            "escapes": charts.bar_chart(data.escapes_per_day, gettext("每日逃跑"), gettext("次")),
        },
    }
    return TemplateResponse(request, "operations/dashboard.html", context)
