"""The platform's user model (custom from the first migration)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, ClassVar

from django.conf import settings as django_settings
from django.contrib.auth.models import AbstractUser
from django.db import models, transaction
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player or operator. `display_name` is shown at tables (Chinese allowed)."""

    display_name = models.CharField(_("昵称"), max_length=32, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saving a new password ends the account's other ways in, whoever changed it and how
        (the player's form, the admin, `manage.py changepassword`, a shell): see
        `accounts.services.password_changed`. A hasher upgrade on log-in is not a change."""
        changed = getattr(self, "_password", None) is not None and not self._state.adding
        with transaction.atomic():
            super().save(*args, **kwargs)
            if changed:
                from accounts.services import password_changed

                password_changed(self.pk)

    @property
    def shown_name(self) -> str:
        """The name other players see."""
        return self.display_name or self.username


TOKEN_PREFIX = "mjp_"  # tells a personal token from an operator's DRF token at a glance (and to the API)


class PersonalToken(models.Model):
    """A player's own API token (个人令牌): named, stored only as a digest, read-only unless `may_spend`.

    The token itself is shown once, when made (`issue`); the API finds it by its SHA-256 digest
    (a random 256-bit secret needs no slow hash). Revoked by the player, and all of them when
    the password changes (`accounts.services.password_changed`)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="personal_tokens")
    name = models.CharField(_("名称"), max_length=64)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    hint = models.CharField(_("开头"), max_length=12, editable=False, help_text=_("令牌的前几位，用于辨认"))
    may_spend = models.BooleanField(_("可领救济金和购买"), default=False)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("上次使用"), null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        verbose_name = _("个人 API 令牌")
        verbose_name_plural = _("个人 API 令牌")

    def __str__(self) -> str:
        return f"{self.name} ({self.hint}…)"

    @staticmethod
    def digest_of(raw: str) -> str:
        return hashlib.sha256(raw.encode()).hexdigest()

    @classmethod
    def issue(cls, user: User, name: str, may_spend: bool = False) -> tuple[PersonalToken, str]:
        """A new token for `user`: the row and the secret, which is never stored and never shown again."""
        raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name, digest=cls.digest_of(raw), hint=raw[:10], may_spend=may_spend)
        return token, raw

    @classmethod
    def find(cls, raw: str) -> PersonalToken | None:
        return cls.objects.select_related("user").filter(digest=cls.digest_of(raw)).first()


class ClientSighting(models.Model):
    """A client address or device cookie an account logged in from (风控: accounts sharing one client).

    Only a keyed digest of the value is kept (`ClientSighting.digest_of`): enough to tell that two
    accounts came from the same address or browser, without storing the address itself."""

    ADDRESS, DEVICE = "address", "device"
    KINDS = ((ADDRESS, _("网络地址")), (DEVICE, _("设备")))

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="client_sightings")
    kind = models.CharField(_("类型"), max_length=8, choices=KINDS)
    digest = models.CharField(max_length=64, db_index=True)
    first_seen = models.DateTimeField(_("首次出现"), auto_now_add=True)
    last_seen = models.DateTimeField(_("最近出现"), auto_now=True)

    class Meta:
        verbose_name = _("登录来源")
        verbose_name_plural = _("登录来源")
        constraints: ClassVar[list[Any]] = [
            models.UniqueConstraint(fields=["user", "kind", "digest"], name="accounts_one_sighting_per_client"),
        ]

    @staticmethod
    def digest_of(kind: str, value: str) -> str:
        key = f"client-sighting:{kind}:{django_settings.SECRET_KEY}".encode()
        return hmac.new(key, value.encode(), hashlib.sha256).hexdigest()
