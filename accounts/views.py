"""Account pages: sign up, log in/out, profile, change password. Thin: forms and services do the work."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import PersonalTokenForm, ProfileForm, SignUpForm, ThrottledLoginForm
from accounts.models import PersonalToken, User
from accounts.services import log_out
from accounts.signals import signed_up
from accounts.throttle import SignupThrottle, client_ip


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in; each address may make `SIGNUP_LIMIT` accounts a window."""
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignUpForm(request.POST or None)
    throttle = SignupThrottle(client_ip(request))
    if request.method == "POST" and throttle.exhausted():
        return _too_many_sign_ups(request, form)
    if request.method == "POST" and form.is_valid():
        if not throttle.reserve():  # atomic: parallel sign-ups share the limit
            return _too_many_sign_ups(request, form)
        try:
            with transaction.atomic():  # the account and its welcome grant (signed_up) together
                user = form.save()
                signed_up.send(sender=User, user=user, request=request)
        except BaseException:
            throttle.give_back()
            raise
        login(request, user, backend="accounts.throttle.ThrottledModelBackend")
        messages.success(request, _("注册成功，欢迎 %(name)s！") % {"name": user.shown_name})
        return redirect("accounts:profile")
    return render(request, "accounts/signup.html", {"form": form})


def _too_many_sign_ups(request: HttpRequest, form: SignUpForm) -> HttpResponse:
    form.add_error(None, _("这个网络地址注册的账号太多了，请稍后再试。"))
    return render(request, "accounts/signup.html", {"form": form}, status=429)


class LoginView(auth_views.LoginView):
    """Log in, refused for a while after repeated wrong passwords (see accounts.throttle)."""

    form_class = ThrottledLoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    """Log out (POST only, CSRF-protected) and close this user's WebSockets."""
    log_out(request)
    messages.info(request, _("已退出登录。"))
    return redirect("home")


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """The player's own page: who they are, their display name to edit, their API tokens."""
    assert isinstance(request.user, User)
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("资料已保存。"))
        return redirect("accounts:profile")
    return _profile_page(request, form=form)


def _profile_page(request: HttpRequest, status: int = 200, **context: Any) -> HttpResponse:
    assert isinstance(request.user, User)
    context.setdefault("form", ProfileForm(instance=request.user))
    context.setdefault("token_form", PersonalTokenForm())
    context.update(profile_user=request.user, tokens=request.user.personal_tokens.all())
    return render(request, "accounts/profile.html", context, status=status)


@login_required
@require_POST
def create_token(request: HttpRequest) -> HttpResponse:
    """Make a personal API token and show it, this once (only its digest is kept)."""
    assert isinstance(request.user, User)
    form = PersonalTokenForm(request.POST)
    if not form.is_valid():
        return _profile_page(request, status=400, token_form=form)
    token, raw = PersonalToken.issue(request.user, form.cleaned_data["name"], form.cleaned_data["may_spend"])
    response = _profile_page(request, new_token=raw, new_token_name=token.name)
    response["Cache-Control"] = "no-store"  # the secret must not linger in a cache
    return response


@login_required
@require_POST
def revoke_token(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of the player's own tokens (another's is not found)."""
    token = get_object_or_404(PersonalToken, pk=token_id, user=request.user)
    token.delete()
    messages.success(request, _("令牌“%(name)s”已撤销。") % {"name": token.name})
    return redirect("accounts:profile")


class PasswordChangeView(auth_views.PasswordChangeView):
    """Change password; the current session stays logged in, other sessions end."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:profile")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("密码已修改。"))
        return response
