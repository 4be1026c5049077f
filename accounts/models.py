"""The platform's user model (custom from the first migration)."""

from __future__ import annotations

from typing import Any

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
