"""`/api/v1/match/`: the caller's pass, 龙珠 this season and rank; `/api/v1/match/pass/` buys the pass.

POST takes an `Idempotency-Key` handled by the API's one mechanism (`ledger.idempotency.respond_once`):
a retry replays the first answer. A refusal is a 409 whose `code` says why (`no_season`,
`pass_already_held`, `pass_revoked`, `insufficient_funds`) and moves nothing.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.parsers import JSONParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.models import User
from config.api_errors import error_body
from ledger.api import ERROR_SCHEMA, LedgerAPIView, caller
from ledger.idempotency import IDEMPOTENCY_HEADER, respond_once
from match import passes, seasons
from match.models import MatchPass, Season

REFUSAL_CODES = ", ".join(c.code for c in (passes.NoSeason, passes.AlreadyHeld, passes.PassRevoked, passes.TooPoor))


class SeasonSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ("id", "name", "starts_at", "ends_at", "pass_price", "prizes")


class PassSerializer(serializers.ModelSerializer):
    season = serializers.IntegerField(source="season_id")
    transaction_id = serializers.IntegerField(allow_null=True)
    valid = serializers.BooleanField()

    class Meta:
        model = MatchPass
        fields = ("season", "source", "price", "transaction_id", "created_at", "valid")


class MatchStatusSerializer(serializers.Serializer):
    season = SeasonSerializer(allow_null=True, help_text="the season running now, null between seasons")
    pass_ = PassSerializer(allow_null=True, help_text="the caller's pass for it, null if none")
    pearls = serializers.IntegerField(help_text="龙珠 earned this season")
    hands = serializers.IntegerField(help_text="match-room hands played this season with the pass")
    wins = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True, help_text="place in the standings, null without a pass")

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        fields["pass"] = fields.pop("pass_")  # "pass" is a keyword in Python
        return fields


def status_data(user: User) -> dict[str, Any]:
    season = seasons.current_season()
    held = passes.pass_of(user, season)
    row = seasons.row_of(seasons.live_standings(season), user.pk) if season else None
    return {
        "season": season, "pass": held, "pearls": row.pearls if row else 0, "hands": row.hands if row else 0,
        "wins": row.wins if row else 0, "rank": row.rank if row else None,
    }  # fmt: skip


class MatchStatusView(LedgerAPIView):
    """The match zone for the caller: the season, their pass, their 龙珠 and place."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(responses={200: MatchStatusSerializer, 401: ERROR_SCHEMA, 429: ERROR_SCHEMA})
    def get(self, request: Request) -> Response:
        return Response(MatchStatusSerializer(status_data(caller(request))).data)


class PassView(LedgerAPIView, GenericAPIView):
    """Buy the current season's pass (通行证) at its price: one per player and season."""

    permission_classes = (IsAuthenticated,)
    parser_classes = (JSONParser,)
    serializer_class = PassSerializer

    @extend_schema(
        parameters=[IDEMPOTENCY_HEADER],
        request=None,
        responses={
            201: PassSerializer,
            400: OpenApiResponse(ERROR_SCHEMA, description="the Idempotency-Key header is missing"),
            401: ERROR_SCHEMA,
            409: OpenApiResponse(ERROR_SCHEMA, description=f"refused, nothing moved; code: {REFUSAL_CODES}"),
            422: OpenApiResponse(ERROR_SCHEMA, description="Idempotency-Key reused with a different request"),
            429: ERROR_SCHEMA,
        },
    )
    def post(self, request: Request) -> Response:
        caller(request)
        return respond_once(request, lambda _key: self._buy(caller(request)))

    def _buy(self, user: User) -> tuple[dict[str, Any], int]:
        try:
            held = passes.buy_pass(user)
        except passes.PassRefused as refusal:
            return error_body(refusal.code, str(refusal)), status.HTTP_409_CONFLICT
        return dict(PassSerializer(held).data), status.HTTP_201_CREATED
