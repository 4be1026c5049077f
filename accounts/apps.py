from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("账号")

    def ready(self) -> None:
        from django.contrib import admin
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from accounts import throttle
        from accounts.forms import ThrottledAdminLoginForm

        admin.site.login_form = ThrottledAdminLoginForm

        # One log-in throttle for every way to log in (accounts.throttle).
        user_login_failed.connect(throttle.record_failure, dispatch_uid="accounts.throttle.failure")
        user_logged_in.connect(throttle.clear_on_login, dispatch_uid="accounts.throttle.success")
