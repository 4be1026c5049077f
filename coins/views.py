"""The relief button's target (lobby and wallet): claim, say what happened, go back."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from coins import services


@login_required
@require_POST
def claim_relief(request: HttpRequest) -> HttpResponse:
    assert isinstance(request.user, User)
    try:
        txn = services.claim_relief(request.user)
    except services.ReliefRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("救济金 %(amount)d 游戏币已到账。") % {"amount": txn.detail.get("amount", 0)})
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure()):
        back = "ledger:wallet"
    return redirect(back)
