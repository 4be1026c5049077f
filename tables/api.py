"""/api/v1/wallet/hands/<id>/sheet/: a finished hand's settlement sheet, for the hand's own players.

The sheet as the table, the replay and history show it: each seat's name, what it owed and what the
ledger moved, and the lines worded at settlement (tables.sheet_text) in the caller's language
(the language cookie, then Accept-Language, as every /api/ answer). Other people's hands are 404:
the API does not say whether a hand exists.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from ledger.api import ERROR_SCHEMA, LedgerAPIView, caller
from tables.models import Hand, HandStatus
from tables.sheet_text import explain, shown_names, term
from tables.wallet_entries import hand_title


class SeatSheetSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="0-based seat index")
    name = serializers.CharField(help_text="the player as the table shows them (a house bot as 机器人 n / Bot n)")
    owed = serializers.IntegerField(help_text="what the scoring says the seat wins (+) or owes (-)")
    paid = serializers.IntegerField(allow_null=True, help_text="what the ledger moved; null until it has posted")
    lines = serializers.ListField(child=serializers.CharField(), help_text="each payment in words; the last, the total")


class HandSheetSerializer(serializers.Serializer):
    hand_id = serializers.IntegerField()
    title = serializers.CharField(help_text="e.g. 第 12 局 平和麻将 底 10")
    variant = serializers.CharField()
    base = serializers.IntegerField()
    your_seat = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    win_type = serializers.CharField(allow_null=True, help_text="how the hand was won, in the caller's language")
    total_fan = serializers.IntegerField()
    posted = serializers.BooleanField(help_text="true once the ledger has paid the hand: `paid` is what moved")
    seats = SeatSheetSerializer(many=True)
    rule = serializers.CharField(allow_null=True, help_text="the rule that makes every loser pay, where it applies")
    notes = serializers.ListField(child=serializers.CharField())
    replay = serializers.CharField(help_text="the hand's replay page")


def sheet_data(hand: Hand, seat: int) -> dict[str, Any]:
    """The hand's sheet, worded in the active language (stored words; worded now for an older sheet)."""
    sheet: dict[str, Any] = hand.sheet or {}
    language = "en" if (get_language() or "").startswith("en") else "zh-hans"
    names = shown_names(hand)
    words = (sheet.get("explained") or {}).get(language) or explain(sheet, names)
    posted = bool(sheet.get("posted"))
    rows = sheet.get("seats", [])
    seats = [
        {
            "seat": int(row["seat"]),
            "name": names[int(row["seat"])],
            "owed": int(row.get("owed", 0)),
            "paid": int(row["paid"]) if posted else None,
            "lines": list(words["seats"][n]) if n < len(words["seats"]) else [],
        }
        for n, row in enumerate(rows)
    ]
    win_type = sheet.get("win_type")
    return {
        "hand_id": hand.pk,
        "title": hand_title(hand),
        "variant": hand.variant,
        "base": hand.base,
        "your_seat": seat,
        "winner": sheet.get("winner"),
        "win_type": term(str(win_type)) if win_type else None,
        "total_fan": int(sheet.get("total_fan") or 0),
        "posted": posted,
        "seats": seats,
        "rule": words.get("rule"),
        "notes": list(words.get("notes", [])),
        "replay": reverse("tables:replay", args=[hand.pk]),
    }


class HandSheetView(LedgerAPIView):
    """One of the caller's finished hands: its settlement sheet in words."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses={
            200: HandSheetSerializer,
            # config.input_guard refuses control characters anywhere, this path's id included
            400: OpenApiResponse(ERROR_SCHEMA, description="the request holds control characters"),
            401: ERROR_SCHEMA,
            404: ERROR_SCHEMA,
            429: ERROR_SCHEMA,
        }
    )
    def get(self, request: Request, hand_id: int) -> Response:
        user = caller(request)
        hand = Hand.objects.filter(~Q(status=HandStatus.PLAYING), pk=hand_id, sheet__isnull=False).first()
        seat = hand.seat_of(user.pk) if hand is not None else None
        if hand is None or seat is None or seat in hand.bots:
            raise exceptions.NotFound(_("没有这一局的结算，或者这不是你的牌局。"))
        return Response(HandSheetSerializer(sheet_data(hand, seat)).data)
