from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("账号")

    def ready(self) -> None:
        from django.contrib import admin
        from django.contrib.auth.signals import user_logged_in

        from accounts import api_auth  # noqa: F401  (registers the personal tokens' OpenAPI scheme)
        from accounts.forms import ThrottledAdminLoginForm
        from accounts.services import on_login

        # The admin's form words the log-in throttle's refusal (the throttle itself is in authenticate()).
        admin.site.login_form = ThrottledAdminLoginForm
        # 风控: the address and device cookie of every log-in and sign-up (accounts.services.record_sighting).
        user_logged_in.connect(on_login, dispatch_uid="accounts.sightings")
