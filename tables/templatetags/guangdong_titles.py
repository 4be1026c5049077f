"""`{% guangdong_title user %}`: the player's 广东鸡平胡 等级 and cumulative score, for the profile."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import ngettext

from engine.games.guangdong.titles import player_title
from tables.titles import guangdong_score, title_name

register = template.Library()


@register.simple_tag
def guangdong_title(user: Any) -> SafeString:
    score = guangdong_score(user.pk)
    points = ngettext("%(score)s 分", "%(score)s 分", score) % {"score": score}
    return format_html('<span id="guangdong-title">{}</span> ({})', title_name(player_title(score)), points)
