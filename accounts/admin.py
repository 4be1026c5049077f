"""Operators manage users in the admin: display names, and banning (which also disconnects)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import User
from accounts.services import ban_user


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = ("username", "display_name", "email", "is_active", "is_staff", "date_joined", "last_login")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        ("Platform", {"fields": ("display_name",)}),
    )
    add_fieldsets = (
        *DjangoUserAdmin.add_fieldsets,
        ("Platform", {"fields": ("display_name",)}),
    )
    actions = ("ban_and_disconnect",)

    @admin.action(description="Ban (deactivate) and disconnect selected users")
    def ban_and_disconnect(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        for user_id in queryset.values_list("pk", flat=True):
            ban_user(user_id, "account disabled by an operator")
        messages.success(request, f"{queryset.count()} user(s) banned and disconnected.")
