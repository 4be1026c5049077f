"""Account pages: sign up, log in/out, profile, change password. Thin: forms and services do the work."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import ProfileForm, SignUpForm, ThrottledLoginForm
from accounts.models import User
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
    """The player's own page: who they are, and their display name to edit."""
    assert isinstance(request.user, User)
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("资料已保存。"))
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form, "profile_user": request.user})


class PasswordChangeView(auth_views.PasswordChangeView):
    """Change password; the current session stays logged in, other sessions end."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:profile")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("密码已修改。"))
        return response
