"""The coin policy (welcome grant, relief 救济金) in the admin: one row, edited by `finance` with a reason.

Saving goes through `operations.services.change_coin_policy`, which writes the
audit entry in the same transaction; sign-ups and claims read the row afresh,
so a change applies at once.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from coins.models import POLICY_FIELDS, CoinPolicy
from operations.services import change_coin_policy


class CoinPolicyForm(forms.ModelForm):
    reason = forms.CharField(
        label=_("修改原因"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500, help_text=_("记入操作记录")
    )

    class Meta:
        model = CoinPolicy
        fields = POLICY_FIELDS


@admin.register(CoinPolicy)
class CoinPolicyAdmin(admin.ModelAdmin):
    form = CoinPolicyForm
    list_display = ("__str__", *POLICY_FIELDS, "updated_at", "updated_by")
    readonly_fields = ("updated_at", "updated_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # one row, made by the migration

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        """There is one policy: open it."""
        policy = CoinPolicy.current()
        return HttpResponseRedirect(reverse("admin:coins_coinpolicy_change", args=[policy.pk]))

    def save_model(self, request: HttpRequest, obj: CoinPolicy, form: Any, change: bool) -> None:
        changes = {name: form.cleaned_data[name] for name in POLICY_FIELDS}
        change_coin_policy(changes, form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]
