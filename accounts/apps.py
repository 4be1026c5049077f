from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.contrib import admin
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from accounts import throttle
        from accounts.forms import ThrottledAdminLoginForm

        admin.site.login_form = ThrottledAdminLoginForm

        # One log-in throttle for every way to log in (accounts.throttle).
        user_login_failed.connect(throttle.record_failure, dispatch_uid="accounts.throttle.failure")
        user_logged_in.connect(throttle.clear_on_login, dispatch_uid="accounts.throttle.success")
