"""The player's wallet page: balance, stake bracket, recent transactions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from ledger import services
from ledger.models import Posting

RECENT = 20


@login_required
def wallet(request: HttpRequest) -> HttpResponse:
    account = services.account_for(request.user)  # type: ignore[arg-type]
    bracket = services.bracket_for_balance(account.balance)
    recent = Posting.objects.filter(account=account).select_related("transaction")[:RECENT]
    context = {"account": account, "bracket": bracket, "recent": recent, "min_to_sit": services.minimum_to_sit()}
    return render(request, "ledger/wallet.html", context)
