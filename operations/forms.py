"""Operator input forms: each asks for the reason the audit log records."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from operations.models import SanctionKind
from tables.models import HANJIN_OPTION, Room


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("原因"), widget=forms.Textarea(attrs={"rows": 2, "cols": 60}), max_length=500, strip=True
    )


class SanctionForm(ReasonForm):
    """Suspend for some days, or ban until lifted; the reason is shown to the player."""

    kind = forms.ChoiceField(label=_("处罚"), choices=SanctionKind.choices)
    days = forms.IntegerField(label=_("天数（暂停）"), min_value=1, max_value=3650, required=False)
    field_order = ("kind", "days", "reason")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("kind") == SanctionKind.SUSPEND and not data.get("days"):
            self.add_error("days", _("暂停需要填写天数"))
        return data


# Bounds an operator may set, in seconds: a player must have time to act, and a table must not hang for long.
ROOM_BOUNDS = {
    "turn_seconds": (5, 300),
    "claim_seconds": (3, 120),
    "grace_seconds": (10, 900),
    "bot_wait_seconds": (0, 600),
    "between_hands_seconds": (0, 120),
}
# The bots' think time at a table with a person, in milliseconds: long enough to see each move land.
THINK_BOUNDS = {"bot_think_min_ms": (0, 10_000), "bot_think_max_ms": (0, 15_000)}
BOT_FIELDS = ("bot_level", *THINK_BOUNDS)


class RoomForm(forms.ModelForm):
    """A room's timers and options (喊金), validated; the reason is recorded in the audit log."""

    hanjin = forms.BooleanField(label=_("喊金（庄家开局前指定金牌）"), required=False)
    reason = forms.CharField(label=_("原因"), widget=forms.Textarea(attrs={"rows": 2}), max_length=500)

    class Meta:
        model = Room
        fields = ("name", *ROOM_BOUNDS, *BOT_FIELDS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "hanjin" in self.fields:
            self.fields["hanjin"].initial = bool((self.instance.options or {}).get(HANJIN_OPTION))
        for name, (low, high) in ROOM_BOUNDS.items():
            field = self.fields.get(name)
            if field is None:
                continue  # a read-only view of the room
            field.validators.extend([MinValueValidator(low), MaxValueValidator(high)])
            field.widget.attrs.update({"min": low, "max": high})
            field.help_text = format_lazy(_("{help}（{low}–{high} 秒）"), help=field.help_text, low=low, high=high)
        for name, (low, high) in THINK_BOUNDS.items():
            field = self.fields.get(name)
            if field is None:
                continue
            field.validators.extend([MinValueValidator(low), MaxValueValidator(high)])
            field.widget.attrs.update({"min": low, "max": high})

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        low, high = data.get("bot_think_min_ms"), data.get("bot_think_max_ms")
        if low is not None and high is not None and low > high:
            self.add_error("bot_think_max_ms", _("思考时间上限不能小于下限"))
        return data

    def options(self) -> dict[str, Any]:
        """The room's options after this edit: the other options kept, 喊金 under the engine's name."""
        kept = {k: v for k, v in (self.instance.options or {}).items() if k not in (HANJIN_OPTION, "hanjin")}
        return {**kept, HANJIN_OPTION: bool(self.cleaned_data.get("hanjin"))}
