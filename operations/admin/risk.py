"""The 风控 page: pairs of accounts that keep sitting together while the coins flow one way, and the freeze.

The rows are written by the scoring beat task (`coins.tasks.score_pairs`), so the page only reads them:
nobody adds, changes or deletes one here. `finance` and `admin` read it (`coins.view_riskpair`; support
does not) and freeze or unfreeze an account from it (`coins.freeze_account`). A freeze is a ban with a
reason (`operations.services.freeze`, audited as `ban` naming the pair), not a mechanism of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from coins.models import RiskPair
from coins.risk import shared_hands
from ledger import services as ledger
from operations import services
from operations.admin.base import ReadOnlyAdmin
from operations.forms import ReasonForm
from operations.models import Sanction, SanctionKind

FREEZE_PERMISSION = "coins.freeze_account"


def may_freeze(request: HttpRequest) -> bool:
    return request.user.has_perm(FREEZE_PERMISSION)


def _frozen(field: str) -> Exists:
    bans = Sanction.objects.filter(user=OuterRef(field), kind=SanctionKind.BAN, lifted_at__isnull=True)
    return Exists(bans)


def account_link(user: User, frozen: bool) -> SafeString:
    """The account, linked to its admin page, marked when frozen."""
    url = reverse("admin:accounts_user_change", args=[user.pk])
    mark = format_html(' <strong class="frozen">{}</strong>', gettext("已冻结")) if frozen else ""
    return format_html('<a href="{}">{}</a> #{}{}', url, user, user.pk, mark)


@admin.register(RiskPair)
class RiskPairAdmin(ReadOnlyAdmin):
    """风控: the top pairs, highest score first; a pair's page lists its hands and offers the freeze."""

    list_display = ("score_shown", "first_account", "second_account", "hands_together", "private_hands",
                    "to_first", "to_second", "shared_client", "scored_at", "hands_link")  # fmt: skip
    list_display_links = ("score_shown",)
    list_filter = ("shared_client",)
    search_fields = ("first__username", "first__display_name", "second__username", "second__display_name")
    list_select_related = ("first", "second")
    exclude = ("hands",)  # listed with links on the pair's page
    actions = None
    change_form_template = "operations/riskpair_change_form.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[RiskPair]:
        return super().get_queryset(request).annotate(first_frozen=_frozen("first"), second_frozen=_frozen("second"))

    @admin.display(description=_("风险分"), ordering="score")
    def score_shown(self, obj: RiskPair) -> str:
        return f"{obj.score:.1f}"

    @admin.display(description=_("账号（前者）"), ordering="first")
    def first_account(self, obj: RiskPair) -> SafeString:
        return account_link(obj.first, bool(getattr(obj, "first_frozen", False)))

    @admin.display(description=_("账号（后者）"), ordering="second")
    def second_account(self, obj: RiskPair) -> SafeString:
        return account_link(obj.second, bool(getattr(obj, "second_frozen", False)))

    @admin.display(description=_("牌局"))
    def hands_link(self, obj: RiskPair) -> SafeString:
        url = reverse("admin:coins_riskpair_change", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, gettext("查看牌局"))

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        return super().changelist_view(request, {"title": gettext("风控：常同桌的账号对"), **(extra_context or {})})

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The pair's page: both accounts (balance, frozen or not, the freeze), then the hands they shared."""
        pair = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if pair is not None:
            frozen = {pair.first_id: getattr(pair, "first_frozen", False),
                      pair.second_id: getattr(pair, "second_frozen", False)}  # fmt: skip
            extra["accounts"] = [
                {"user": user, "balance": ledger.balance_of(user), "frozen": frozen[user.pk]}
                for user in (pair.first, pair.second)
            ]
            extra["shared"] = shared_hands(pair)
            extra["may_freeze"] = may_freeze(request)
            extra["title"] = gettext("风控：%(first)s 与 %(second)s") % {"first": pair.first, "second": pair.second}
        return super().change_view(request, object_id, form_url, extra)

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view
        return [
            path("freeze/<int:user_id>/", view(self.freeze_view), name="coins_riskpair_freeze"),
            path("unfreeze/<int:user_id>/", view(self.unfreeze_view), name="coins_riskpair_unfreeze"),
            *super().get_urls(),
        ]

    def _pair_of(self, request: HttpRequest, user: User) -> RiskPair | None:
        """The pair the operator came from (`?pair=`), which must hold `user`; None from the user's page."""
        pair_id = request.POST.get("pair") or request.GET.get("pair")
        if not pair_id:
            return None
        if not str(pair_id).isdigit():
            raise Http404
        pair = get_object_or_404(RiskPair, pk=int(pair_id))
        if user.pk not in (pair.first_id, pair.second_id):
            raise Http404
        return pair

    def _back(self, user: User, pair: RiskPair | None) -> HttpResponseRedirect:
        if pair is not None:
            return HttpResponseRedirect(reverse("admin:coins_riskpair_change", args=[pair.pk]))
        return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[user.pk]))

    def freeze_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        """Ask why, then freeze the account (a ban: logged out, stood up, no seat, relief or wallet API)."""
        return self._reasoned(
            request, user_id, "operations/freeze_form.html", gettext("冻结 %(user)s"),
            lambda user, reason, pair: services.freeze(user, reason, by=request.user, pair=pair),  # type: ignore[arg-type]
            gettext("%(user)s：账号已冻结，其连接已关闭"),
        )  # fmt: skip

    def unfreeze_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        """Ask why, then lift the freeze: the player may log in and sit again."""
        return self._reasoned(
            request, user_id, "operations/unfreeze_form.html", gettext("解除 %(user)s 的冻结"),
            lambda user, reason, pair: services.unfreeze(user, reason, by=request.user),  # type: ignore[arg-type]
            gettext("%(user)s：已解除冻结"),
        )  # fmt: skip

    def _reasoned(
        self,
        request: HttpRequest,
        user_id: int,
        template: str,
        title: str,
        act: Callable[[User, str, RiskPair | None], object],
        done: str,
    ) -> HttpResponse:
        """The reason form of a freeze or an unfreeze: on a valid POST `act`, tell `done` and go back."""
        if not may_freeze(request):
            raise PermissionDenied
        user = get_object_or_404(User, pk=user_id)
        pair = self._pair_of(request, user)
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                act(user, form.cleaned_data["reason"], pair)
            except services.OperationRefused as error:
                form.add_error(None, str(error))
            else:
                self.message_user(request, done % {"user": user}, messages.SUCCESS)
                return self._back(user, pair)
        return self._form(request, template, form, user, pair, title)

    def _form(
        self, request: HttpRequest, template: str, form: ReasonForm, user: User, pair: RiskPair | None, title: str
    ) -> TemplateResponse:
        context = {**self.admin_site.each_context(request), "form": form, "account": user, "pair": pair,
                   "opts": self.model._meta, "title": title % {"user": user}}  # fmt: skip
        return TemplateResponse(request, template, context)
