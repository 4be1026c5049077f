"""Operators manage users in the admin: search, the player's file, suspending, banning and lifting.

Sanctions go through `operations.services` (which deactivates the account,
closes its sockets at once and writes the audit log); this module only
collects the operator's input. Support staff may sanction but not edit users.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from coins.models import RiskPair
from operations import services
from operations.admin.risk import may_freeze
from operations.forms import ReasonForm, SanctionForm
from operations.models import SanctionKind
from operations.players import summary

SANCTION_PERMISSION = "operations.sanction_user"


class SanctionFilter(admin.SimpleListFilter):
    title = _("处罚")
    parameter_name = "sanction"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("suspend", _("暂停中")), ("ban", _("已封禁")), ("none", _("无"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        value = self.value()
        if value in ("suspend", "ban"):
            return queryset.filter(sanctions__lifted_at__isnull=True, sanctions__kind=value)
        if value == "none":
            return queryset.exclude(sanctions__lifted_at__isnull=True)
        return queryset


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("id", "username", "display_name", "email", "sanction", "is_staff", "date_joined", "last_login")
    list_filter = (SanctionFilter, "is_staff", "is_superuser", "groups")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        (_("平台资料"), {"fields": ("display_name",)}),
    )
    add_fieldsets = (
        *DjangoUserAdmin.add_fieldsets,
        (_("平台资料"), {"fields": ("display_name",)}),
    )
    change_form_template = "operations/user_change_form.html"
    readonly_fields = ("is_active",)  # set by suspending, banning and lifting, which the audit log records
    actions = ("sanction_selected",)

    @admin.display(description=_("处罚"))
    def sanction(self, obj: User) -> str:

        row = services.active_sanction(obj)
        return row.get_kind_display() if row else ""

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[User], search_term: str
    ) -> tuple[QuerySet[User], bool]:
        """Name and e-mail as usual; a number (or #number) also finds the user with that id."""
        found, duplicates = super().get_search_results(request, queryset, search_term)
        term = search_term.strip().lstrip("#")
        if term.isdigit():
            found = found | queryset.filter(pk=int(term))
        return found, duplicates

    def has_sanction_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(SANCTION_PERMISSION)

    @admin.action(description=_("暂停或封禁所选用户（需填写原因）"), permissions=["sanction"])
    def sanction_selected(self, request: HttpRequest, queryset: QuerySet[User]) -> HttpResponse | None:

        form = SanctionForm(request.POST if "apply" in request.POST else None)
        if not form.is_valid():
            context = {**self.admin_site.each_context(request), "form": form, "users": queryset}
            context |= {"opts": self.model._meta, "title": gettext("暂停或封禁"), "action": "sanction_selected"}
            return TemplateResponse(request, "operations/sanction_form.html", context)
        for user in queryset:
            self._sanction_one(request, user, form.cleaned_data)
        return None

    def _sanction_one(self, request: HttpRequest, user: User, data: dict[str, Any]) -> bool:

        try:
            services.sanction(user, data["kind"], data["reason"], by=request.user, days=data.get("days"))  # type: ignore[arg-type]
        except services.OperationRefused as error:
            self.message_user(request, f"{user}: {error}", messages.ERROR)
            return False
        done = gettext("%(user)s：已记录%(kind)s，其连接已关闭") % {
            "user": user,
            "kind": SanctionKind(data["kind"]).label,
        }
        self.message_user(request, done, messages.SUCCESS)
        return True

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view
        return [
            path("<int:user_id>/sanction/", view(self.sanction_view), name="accounts_user_sanction"),
            path("<int:user_id>/lift/", view(self.lift_view), name="accounts_user_lift"),
            *super().get_urls(),
        ]

    def sanction_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        """One user's suspend/ban form (linked from their page)."""

        if not self.has_sanction_permission(request):
            raise PermissionDenied
        user = get_object_or_404(User, pk=user_id)
        form = SanctionForm(request.POST or None)
        if request.method == "POST" and form.is_valid() and self._sanction_one(request, user, form.cleaned_data):
            return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[user.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "users": [user], "opts": self.model._meta}
        context["title"] = gettext("暂停或封禁 %(user)s") % {"user": user}
        return TemplateResponse(request, "operations/sanction_form.html", context)

    def lift_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        """Lift the user's suspension or ban, with a reason."""

        if not self.has_sanction_permission(request):
            raise PermissionDenied
        user = get_object_or_404(User, pk=user_id)
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                services.lift(user, form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]
            except services.OperationRefused as error:
                form.add_error(None, str(error))
            else:
                self.message_user(request, gettext("%(user)s：处罚已解除") % {"user": user}, messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[user.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "users": [user], "opts": self.model._meta}
        context["title"] = gettext("解除 %(user)s 的处罚") % {"user": user}
        return TemplateResponse(request, "operations/lift_form.html", context)

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The user's page, with the player's file: balance, bracket, hands, escapes, sanctions, title."""

        user = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if user is not None:
            extra["player"] = summary(user)
            extra["may_sanction"] = self.has_sanction_permission(request)
            extra["may_freeze"] = may_freeze(request)  # finance freezes from here too (风控), support sanctions
            if request.user.has_perm("coins.view_riskpair"):
                extra["risk_pairs"] = RiskPair.objects.filter(Q(first=user) | Q(second=user)).count()
        return super().change_view(request, object_id, form_url, extra)
