"""Whole numbers from clients, read strictly: `5`, `"5"` - never `"5_0"`, `"５"`, `"5.0"`, `" 5"` or `true`.

Python's `int()` (which DRF's and Django's integer fields call) accepts underscores
between digits and any Unicode decimal digit, so `"5_0"` became 50 coins and `"５"`
(full-width) 5. One rule for the wallet API and the admin's forms.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

_ASCII_DIGITS = re.compile(r"-?[0-9]+", re.ASCII)
MESSAGE = _("请输入由 ASCII 数字 (0-9) 组成的整数，例如 50。")


def strict_int(value: Any) -> int:
    """`value` as an int when it is one, or a string of ASCII digits; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(MESSAGE)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _ASCII_DIGITS.fullmatch(value):
        return int(value)
    raise ValueError(MESSAGE)


class StrictIntegerField(serializers.IntegerField):
    """DRF's IntegerField without int()'s leniency (see the module docstring)."""

    default_error_messages = {**serializers.IntegerField.default_error_messages, "invalid": MESSAGE}

    def to_internal_value(self, data: Any) -> int:
        try:
            strict_int(data)
        except ValueError:
            self.fail("invalid")
        return int(super().to_internal_value(data))


class StrictIntegerFormField(forms.IntegerField):
    """Django's forms.IntegerField without int()'s leniency (see the module docstring)."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            strict_int(value.strip() if isinstance(value, str) else value)
        except ValueError:
            raise ValidationError(MESSAGE, code="invalid") from None
        return super().to_python(value)
