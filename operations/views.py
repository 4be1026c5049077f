"""The operations dashboard, an admin page (staff with the `view_dashboard` permission)."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from ledger.models import TransactionKind
from operations import charts, metrics

# The kinds shown on the coins chart, grouped as operators think of them.
COIN_GROUPS: dict[str, tuple[str, ...]] = {
    "settlement 结算": (TransactionKind.HAND_SETTLEMENT,),  # 分饼 is a charge on the hand's sheet
    "penalties 罚分": (TransactionKind.ESCAPE_PENALTY,),
    "grants 发放": (TransactionKind.GRANT,),
    "welcome grants 新手礼包": (TransactionKind.WELCOME_GRANT,),
    "relief 救济金": (TransactionKind.RELIEF,),
    "house bot floats 机器人备用金": (metrics.HOUSE_GRANT,),
    "debits 扣除": (TransactionKind.DEBIT,),
    "reversals 冲正": (TransactionKind.REVERSAL,),
}
# Coins created out of the issuance account, by who decided it: operators, the platform's rules, the house.
ISSUED_GROUPS = ("grants 发放", "welcome grants 新手礼包", "relief 救济金", "house bot floats 机器人备用金")


def _grouped(
    by_kind: dict[str, metrics.Series], names: tuple[str, ...] = tuple(COIN_GROUPS)
) -> dict[str, metrics.Series]:
    out = {}
    for name in names:
        kinds = COIN_GROUPS[name]
        rows = [by_kind[k] for k in kinds]
        out[name] = [(rows[0][i][0], sum(r[i][1] for r in rows)) for i in range(len(rows[0]))]
    return out


def dashboard(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perm("operations.view_dashboard"):
        raise PermissionDenied
    data = metrics.dashboard()
    coins = _grouped(data.coins_by_kind)
    issued = _grouped(data.coins_by_kind, ISSUED_GROUPS)
    context = {
        **admin.site.each_context(request),
        "title": "运营仪表盘 Operations dashboard",
        "data": data,
        "coins_totals": [(name, sum(v for _, v in series)) for name, series in coins.items()],
        "issued_totals": [(name, sum(v for _, v in series)) for name, series in issued.items()],
        "charts": {
            "tables": charts.bar_chart(data.tables_by_variant, "tables running per variant 运行中的牌桌", "tables"),
            "hands": charts.bar_chart(data.hands_per_hour, "hands per hour (24 h) 每小时牌局", "hands"),
            "coins": charts.stacked_chart(coins, "coins moved per day by kind 每日游戏币流动", "coins"),
            "issued": charts.stacked_chart(issued, "coins issued per day by kind 每日发放游戏币", "coins"),
            "escapes": charts.bar_chart(data.escapes_per_day, "escapes per day 每日逃跑", "escapes"),
        },
    }
    return TemplateResponse(request, "operations/dashboard.html", context)
