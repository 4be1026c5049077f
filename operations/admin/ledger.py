"""Operator admin: read-only ledger, CSV export, grant/debit form, reversal action, bracket table.

Every movement made here goes through `ledger.services` and records who did it
and why; nothing in the ledger can be edited or deleted from the admin.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.forms import BaseModelFormSet, modelformset_factory
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ledger import services
from ledger.amounts import StrictIntegerFormField
from ledger.models import Account, Bracket, Posting, Transaction, TransactionKind, validate_bracket_table
from operations.admin.base import ReadOnlyAdmin, csv_response
from operations.services import BracketRow, save_bracket_table

OPERATE_PERMISSION = "ledger.operate_coins"


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    list_display = ("id", "__str__", "kind", "balance", "created_at")
    list_filter = ("kind", "created_at")
    search_fields = ("user__username", "user__display_name", "code")
    actions = ("export_csv",)

    @admin.action(description=_("导出所选账户（CSV）"))
    def export_csv(self, request: HttpRequest, queryset: QuerySet[Account]) -> HttpResponse:
        rows = ((a.id, a.kind, a.code or "", a.user_id or "", a.balance, a.created_at.isoformat()) for a in queryset)
        return csv_response("accounts", ("id", "kind", "code", "user_id", "balance", "created_at"), rows)


class PostingInline(admin.TabularInline):
    model = Posting
    fields = ("account", "amount", "balance_after")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class AdjustForm(forms.Form):
    """Grant or debit coins for a user; the hidden key makes a double submit harmless."""

    user = forms.ModelChoiceField(label=_("用户"), queryset=get_user_model().objects.order_by("username"))
    direction = forms.ChoiceField(
        label=_("方向"), choices=[(TransactionKind.GRANT, _("发放")), (TransactionKind.DEBIT, _("扣除"))]
    )
    amount = StrictIntegerFormField(label=_("数额"), min_value=1, max_value=10**12)
    reason = forms.CharField(label=_("原因"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500)
    key = forms.CharField(widget=forms.HiddenInput)


class ReverseForm(forms.Form):
    reason = forms.CharField(label=_("原因"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500)


@admin.register(Transaction)
class TransactionAdmin(ReadOnlyAdmin):
    list_display = ("id", "kind", "reference", "created_by", "reason", "created_at", "reversed")
    list_filter = ("kind", "created_at", ("created_by", admin.RelatedOnlyFieldListFilter))
    search_fields = ("reference", "idempotency_key", "reason")
    date_hierarchy = "created_at"
    readonly_fields = (
        "kind",
        "reference",
        "idempotency_key",
        "created_by",
        "reason",
        "detail",
        "reverses",
        "created_at",
    )
    exclude = ("fingerprint",)
    inlines = (PostingInline,)
    actions = ("export_csv", "reverse_selected")
    change_list_template = "admin/ledger/transaction/change_list.html"

    @admin.display(boolean=True, description=_("已冲正"))
    def reversed(self, obj: Transaction) -> bool:
        return hasattr(obj, "reversed_by")

    @admin.action(description=_("导出所选交易（CSV，每条记账一行）"))
    def export_csv(self, request: HttpRequest, queryset: QuerySet[Transaction]) -> HttpResponse:
        postings = Posting.objects.filter(transaction__in=queryset).select_related("transaction", "account")
        header = (
            "transaction",
            "kind",
            "reference",
            "created_at",
            "created_by",
            "reason",
            "account",
            "amount",
            "after",
        )
        rows = (_posting_row(p) for p in postings.order_by("transaction_id", "id"))
        return csv_response("transactions", header, rows)

    @admin.action(description=_("冲正所选交易"), permissions=["operate"])
    def reverse_selected(self, request: HttpRequest, queryset: QuerySet[Transaction]) -> HttpResponse | None:
        form = ReverseForm(request.POST if "apply" in request.POST else None)
        if not form.is_valid():
            context = {**self.admin_site.each_context(request), "form": form, "transactions": queryset}
            context |= {"opts": self.model._meta, "title": gettext("冲正交易")}
            return TemplateResponse(request, "admin/ledger/transaction/reverse.html", context)
        for txn in queryset:
            self._reverse_one(request, txn, form.cleaned_data["reason"])
        return None

    def _reverse_one(self, request: HttpRequest, txn: Transaction, reason: str) -> None:
        try:
            reversal = services.reverse(txn, by=request.user, reason=reason)  # type: ignore[arg-type]
        except services.LedgerError as error:
            self.message_user(request, f"{txn}: {error}", messages.ERROR)
        else:
            done = gettext("%(txn)s 已由 %(reversal)s 冲正") % {"txn": txn, "reversal": reversal}
            self.message_user(request, done, messages.SUCCESS)

    def has_operate_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(OPERATE_PERMISSION)

    def get_urls(self) -> list[URLPattern]:
        adjust = path("adjust/", self.admin_site.admin_view(self.adjust_view), name="ledger_transaction_adjust")
        return [adjust, *super().get_urls()]

    def adjust_view(self, request: HttpRequest) -> HttpResponse:
        """The grant/debit form; posts through `services.grant` / `services.debit`."""
        if not self.has_operate_permission(request):
            raise PermissionDenied
        form = AdjustForm(request.POST or None, initial={"key": uuid.uuid4().hex})
        if request.method == "POST" and form.is_valid():
            done = self._adjust(request, form)
            if done is not None:
                return HttpResponseRedirect(reverse("admin:ledger_transaction_change", args=[done.pk]))
        context = {**self.admin_site.each_context(request), "form": form, "opts": self.model._meta}
        context["title"] = gettext("发放或扣除游戏币")
        return TemplateResponse(request, "admin/ledger/transaction/adjust.html", context)

    def _adjust(self, request: HttpRequest, form: AdjustForm) -> Transaction | None:
        data = form.cleaned_data
        move = services.grant if data["direction"] == TransactionKind.GRANT else services.debit
        key = f"admin:{request.user.pk}:{data['key']}"
        try:
            txn = move(data["user"], data["amount"], by=request.user, reason=data["reason"], key=key)  # type: ignore[arg-type]
        except services.LedgerError as error:
            form.add_error(None, str(error))
            return None
        self.message_user(request, gettext("%(txn)s 已入账") % {"txn": txn}, messages.SUCCESS)
        return txn


def _posting_row(p: Posting) -> tuple[object, ...]:
    t = p.transaction
    return (
        t.id,
        t.kind,
        t.reference,
        t.created_at.isoformat(),
        t.created_by_id or "",
        t.reason,
        p.account,
        p.amount,
        p.balance_after,
    )


class BracketTableFormSet(BaseModelFormSet):  # type: ignore[type-arg]
    """The whole bracket table edited at once, so bounds can move without a transient gap."""

    def clean(self) -> None:
        super().clean()
        if any(self.errors):
            return
        rows = [
            f.instance
            for f in self.forms
            if f.instance.min_balance is not None and not (self.can_delete and f.cleaned_data.get("DELETE", False))
        ]
        try:
            validate_bracket_table(rows)
        except ValidationError as error:
            raise ValidationError(error.messages) from error


class BracketForm(forms.ModelForm):
    """One bracket edited alone (e.g. its base): it must still fit the stored table."""

    reason = forms.CharField(
        label=_("原因"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500, help_text=_("记入操作记录")
    )

    class Meta:
        model = Bracket
        fields = ("min_balance", "max_balance", "base")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors:
            fields = {name: data.get(name) for name in ("min_balance", "max_balance", "base")}
            Bracket(pk=self.instance.pk, **fields).check_against_table()
        return data


class BracketRowForm(forms.ModelForm):
    """A row of the whole-table edit. Bounds may move onto another row's old value (a bracket inserted in the
    middle shifts the rest), so a row is not checked against the stored rows: the formset checks the new table."""

    class Meta:
        model = Bracket
        fields = ("min_balance", "max_balance", "base")

    def validate_unique(self) -> None:
        return None


BracketTable = modelformset_factory(Bracket, form=BracketRowForm, formset=BracketTableFormSet, extra=1, can_delete=True)


@admin.register(Bracket)
class BracketAdmin(admin.ModelAdmin):
    """Stake brackets 麻将底注. Edit the whole table at once (link on the list page)."""

    list_display = ("min_balance", "max_balance", "base")
    form = BracketForm
    change_list_template = "admin/ledger/bracket/change_list.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # adding or removing a bracket changes its neighbours: use the table view

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Bracket, form: Any, change: bool) -> None:
        """Through the operations service: rooms follow a changed base, and the audit log records why."""

        rows = [BracketRow(b.pk, b.min_balance, b.max_balance, b.base) for b in Bracket.objects.exclude(pk=obj.pk)]
        rows.append(BracketRow(obj.pk, obj.min_balance, obj.max_balance, obj.base))
        save_bracket_table(rows, [], form.cleaned_data["reason"], by=request.user)  # type: ignore[arg-type]

    def get_urls(self) -> list[URLPattern]:
        table = path("table/", self.admin_site.admin_view(self.table_view), name="ledger_bracket_table")
        return [table, *super().get_urls()]

    def table_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_change_permission(request):
            raise PermissionDenied
        formset = BracketTable(request.POST or None, queryset=Bracket.objects.order_by("min_balance"))
        why = ReverseForm(request.POST or None, prefix="audit")  # the reason, for the audit log
        if request.method == "POST" and formset.is_valid() and why.is_valid():
            self._save_table(request, formset, why.cleaned_data["reason"])
            self.message_user(request, gettext("底注表已保存"), messages.SUCCESS)
            return HttpResponseRedirect(reverse("admin:ledger_bracket_changelist"))
        context = {**self.admin_site.each_context(request), "formset": formset, "opts": self.model._meta}
        context["why"] = why
        context["title"] = gettext("麻将底注")
        return TemplateResponse(request, "admin/ledger/bracket/table.html", context)

    def _save_table(self, request: HttpRequest, formset: Any, reason: str) -> None:
        """Through the operations service: rooms follow changed bases, and the audit log records why."""

        rows, deleted = [], []
        for form in formset.forms:
            data = form.cleaned_data
            if not data or data.get("min_balance") is None:
                continue
            pk = form.instance.pk
            if data.get("DELETE"):
                deleted.append(pk)
            else:
                rows.append(BracketRow(pk, data["min_balance"], data.get("max_balance"), data["base"]))
        save_bracket_table(rows, [pk for pk in deleted if pk], reason, by=request.user)  # type: ignore[arg-type]
