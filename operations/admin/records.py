"""The audit log and the sanctions, read-only and filterable."""

from __future__ import annotations

from django.contrib import admin

from operations.admin.base import ReadOnlyAdmin
from operations.models import AuditEntry, Sanction


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """Every operator action: who, when, what (to which record) and why. Nobody can edit or delete it."""

    list_display = ("at", "actor", "action", "target_type", "target_repr", "subject", "reason")
    list_filter = ("action", "target_type", ("actor", admin.RelatedOnlyFieldListFilter), "at")
    search_fields = ("target_repr", "target_id", "reason", "actor__username", "subject__username", "subject__email")
    date_hierarchy = "at"
    list_select_related = ("actor", "subject")


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    """Suspensions and bans (made and lifted from the user's page, so the audit log records them)."""

    list_display = ("user", "kind", "reason", "until", "created_by", "created_at", "lifted_at", "lifted_by")
    list_filter = ("kind", ("lifted_at", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("user__username", "user__display_name", "user__email", "reason")
    list_select_related = ("user", "created_by", "lifted_by")
