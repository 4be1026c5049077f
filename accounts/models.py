"""The platform's user model (custom from the first migration)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player or operator. `display_name` is shown at tables (Chinese allowed)."""

    display_name = models.CharField(_("昵称"), max_length=32, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def shown_name(self) -> str:
        """The name other players see."""
        return self.display_name or self.username
