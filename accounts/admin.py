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
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse

from accounts.models import User

SANCTION_PERMISSION = "operations.sanction_user"


class SanctionFilter(admin.SimpleListFilter):
    title = "sanction 处罚"
    parameter_name = "sanction"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("suspend", "suspended 暂停"), ("ban", "banned 封禁"), ("none", "none 无")]

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
        ("Platform", {"fields": ("display_name",)}),
    )
    add_fieldsets = (
        *DjangoUserAdmin.add_fieldsets,
        ("Platform", {"fields": ("display_name",)}),
    )
    change_form_template = "operations/user_change_form.html"
    readonly_fields = ("is_active",)  # set by suspending, banning and lifting, which the audit log records
    actions = ("sanction_selected",)

    @admin.display(description="sanction 处罚")
    def sanction(self, obj: User) -> str:
        from operations.services import active_sanction

        row = active_sanction(obj)
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

    @admin.action(description="Suspend or ban selected users (asks for a reason) 暂停/封禁", permissions=["sanction"])
    def sanction_selected(self, request: HttpRequest, queryset: QuerySet[User]) -> HttpResponse | None:
        from operations.forms import SanctionForm

        form = SanctionForm(request.POST if "apply" in request.POST else None)
        if not form.is_valid():
            context = {**self.admin_site.each_context(request), "form": form, "users": queryset}
            context |= {"opts": self.model._meta, "title": "Suspend or ban 暂停/封禁", "action": "sanction_selected"}
            return TemplateResponse(request, "operations/sanction_form.html", context)
        for user in queryset:
            self._sanction_one(request, user, form.cleaned_data)
        return None

    def _sanction_one(self, request: HttpRequest, user: User, data: dict[str, Any]) -> bool:
        from operations import services

        try:
            services.sanction(user, data["kind"], data["reason"], by=request.user, days=data.get("days"))  # type: ignore[arg-type]
        except services.OperationRefused as error:
            self.message_user(request, f"{user}: {error}", messages.ERROR)
            return False
        self.message_user(request, f"{user}: {data['kind']} recorded; their sockets were closed", messages.SUCCESS)
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
        from operations.forms import SanctionForm

        if not self.has_sanction_permission(request):
            raise PermissionDenied
        user = get_object_or_404(User, pk=user_id)
        form = SanctionForm(request.POST or None)
        if request.method == "POST" and form.is_valid() and self._sanction_one(request, user, form.cleaned_data):
            return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[user.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "users": [user], "opts": self.model._meta}
        context["title"] = f"Suspend or ban {user} 暂停/封禁"
        return TemplateResponse(request, "operations/sanction_form.html", context)

    def lift_view(self, request: HttpRequest, user_id: int) -> HttpResponse:
        """Lift the user's suspension or ban, with a reason."""
        from operations import services
        from operations.forms import ReasonForm

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
                self.message_user(request, f"{user}: sanction lifted", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:accounts_user_change", args=[user.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "users": [user], "opts": self.model._meta}
        context["title"] = f"Lift the sanction of {user} 解除处罚"
        return TemplateResponse(request, "operations/lift_form.html", context)

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """The user's page, with the player's file: balance, bracket, hands, escapes, sanctions, title."""
        from operations.players import summary

        user = self.get_object(request, object_id)
        extra = dict(extra_context or {})
        if user is not None:
            extra["player"] = summary(user)
            extra["may_sanction"] = self.has_sanction_permission(request)
        return super().change_view(request, object_id, form_url, extra)
