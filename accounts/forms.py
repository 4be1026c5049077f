"""Account forms: sign up, throttled log-in, profile edit."""

from __future__ import annotations

import math
from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.models import PersonalToken, User
from accounts.services import login_refusal
from accounts.throttle import LoginThrottle

THROTTLED_MESSAGE = _("登录失败次数过多，请 %(minutes)d 分钟后再试。")


class SignUpForm(UserCreationForm):
    """A new player: username, display name (Chinese allowed), password twice."""

    class Meta:
        model = User
        fields = ("username", "display_name")
        labels = {"username": _("用户名"), "display_name": _("昵称")}
        help_texts = {"display_name": _("牌桌上显示的名字，可用中文（最多 32 个字符）。")}


class ThrottleMessageMixin(AuthenticationForm):
    """Say "too many attempts" (with the minutes to wait) instead of "wrong password" when locked.

    The throttle itself is enforced in `authenticate()` (accounts.throttle), for every form and
    endpoint; this only words the refusal: checked before the password, so a locked attempt
    learns nothing, even with the right password, and again after a refusal, since an attempt
    of a parallel burst is refused unchecked by its reservation.
    """

    error_messages = {**AuthenticationForm.error_messages, "throttled": THROTTLED_MESSAGE}

    def clean(self) -> dict[str, Any]:
        if locked := self.throttled_error():
            raise locked
        return super().clean()

    def throttled_error(self) -> ValidationError | None:
        """The "too many attempts" error when this attempt's username and address are locked."""
        wait = LoginThrottle.for_request(self.cleaned_data.get("username"), self.request).wait_seconds()
        if not wait:
            return None
        params = {"minutes": math.ceil(wait / 60)}
        return ValidationError(self.error_messages["throttled"], code="throttled", params=params)

    def get_invalid_login_error(self) -> ValidationError:
        return self.throttled_error() or super().get_invalid_login_error()


class ThrottledAdminLoginForm(ThrottleMessageMixin, AdminAuthenticationForm):
    """The admin's log-in form (`admin.site.login_form`), under the same throttle."""


class ThrottledLoginForm(ThrottleMessageMixin, AuthenticationForm):
    """The site's log-in form."""

    def get_invalid_login_error(self) -> ValidationError:
        """A suspended or banned player who knows their password is told why (the registered checks);
        never while locked, since those checks read the password too."""
        if locked := self.throttled_error():
            return locked
        notice = login_refusal(self.cleaned_data.get("username") or "", self.cleaned_data.get("password") or "")
        if notice:
            return ValidationError(notice, code="inactive")
        return super().get_invalid_login_error()


class ProfileForm(forms.ModelForm):
    """What a player may change about themselves."""

    class Meta:
        model = User
        fields = ("display_name", "email")
        labels = {"display_name": _("昵称"), "email": _("邮箱")}

    def clean_display_name(self) -> str:
        return str(self.cleaned_data["display_name"]).strip()


class PersonalTokenForm(forms.ModelForm):
    """A new personal API token: its name, and whether it may claim relief and buy (else read-only)."""

    class Meta:
        model = PersonalToken
        fields = ("name", "may_spend")
        labels = {"name": _("令牌名称"), "may_spend": _("允许领救济金和购买")}
        help_texts = {
            "name": _("例如“记账脚本”，方便以后辨认和撤销。"),
            "may_spend": _("不勾选则只能读取钱包和流水。"),
        }

    def clean_name(self) -> str:
        return str(self.cleaned_data["name"]).strip()
