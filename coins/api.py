"""`/api/v1/relief/`: a broke player's relief (救济金) through the wallet API.

GET says whether the caller may claim now (and why not); POST claims, with an
`Idempotency-Key` handled by the API's one mechanism (`ledger.idempotency.respond_once`):
a key's outcome is decided once, and a retry replays it, a paid claim or a refusal alike. A refusal is a 409
whose `code` says why (`not_broke`, `relief_limit_reached`, `seated_at_running_hand`,
`relief_disabled`) and changes nothing.
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

from coins import services as coins
from config.api_errors import error_body
from ledger.api import ERROR_SCHEMA, LedgerAPIView, caller
from ledger.idempotency import IDEMPOTENCY_HEADER, respond_once

REFUSAL_CODES = ", ".join(
    c.code for c in (coins.NotBroke, coins.DailyLimitReached, coins.SeatedAtRunningHand, coins.ReliefDisabled)
)


class ReliefStatusSerializer(serializers.Serializer):
    claimable = serializers.BooleanField()
    refusal = serializers.CharField(allow_null=True, help_text=f"why not, when not claimable: {REFUSAL_CODES}")
    message = serializers.CharField(allow_blank=True, help_text="the reason in the player's language")
    amount = serializers.IntegerField(help_text="coins per claim")
    per_day = serializers.IntegerField(help_text="claims per day (the site's time zone)")
    left_today = serializers.IntegerField()
    balance = serializers.IntegerField()
    minimum_to_sit = serializers.IntegerField(allow_null=True)


class ReliefPaidSerializer(serializers.Serializer):
    transaction_id = serializers.IntegerField()
    kind = serializers.CharField()
    amount = serializers.IntegerField()
    balance_after = serializers.IntegerField()
    claimed_today = serializers.IntegerField()
    left_today = serializers.IntegerField()
    created_at = serializers.DateTimeField()


def status_data(status_: coins.ReliefStatus) -> dict[str, Any]:
    refusal = status_.refusal
    return {
        "claimable": refusal is None,
        "refusal": None if refusal is None else refusal.code,
        "message": "" if refusal is None else str(refusal),
        "amount": status_.amount,
        "per_day": status_.per_day,
        "left_today": status_.left_today,
        "balance": status_.balance,
        "minimum_to_sit": status_.minimum_to_sit,
    }


class ReliefView(LedgerAPIView, GenericAPIView):
    """Relief (救济金) for a player whose balance is below the minimum to sit."""

    permission_classes = (IsAuthenticated,)
    personal_token_may_spend = True  # a personal token made with "relief and purchases" may claim
    parser_classes = (JSONParser,)  # one body format, so the request fingerprint is well defined
    serializer_class = ReliefStatusSerializer

    @extend_schema(responses={200: ReliefStatusSerializer, 401: ERROR_SCHEMA, 429: ERROR_SCHEMA})
    def get(self, request: Request) -> Response:
        return Response(ReliefStatusSerializer(status_data(coins.relief_status(caller(request)))).data)

    @extend_schema(
        parameters=[IDEMPOTENCY_HEADER],
        request=None,
        responses={
            201: ReliefPaidSerializer,
            400: OpenApiResponse(ERROR_SCHEMA, description="the Idempotency-Key header is missing"),
            401: ERROR_SCHEMA,
            409: OpenApiResponse(ERROR_SCHEMA, description=f"refused, nothing paid; code: {REFUSAL_CODES}"),
            422: OpenApiResponse(ERROR_SCHEMA, description="Idempotency-Key reused with a different request"),
            429: ERROR_SCHEMA,
        },
    )
    def post(self, request: Request) -> Response:
        caller(request)
        return respond_once(request, lambda _key: self._claim(request))

    def _claim(self, request: Request) -> tuple[dict[str, Any], int]:
        user = caller(request)
        try:
            txn = coins.claim_relief(user)
        except coins.ReliefRefused as refusal:
            return error_body(refusal.code, str(refusal)), status.HTTP_409_CONFLICT
        posting = txn.postings.get(account__user=user)
        after = coins.relief_status(user)
        body = {
            "transaction_id": txn.pk,
            "kind": txn.kind,
            "amount": posting.amount,
            "balance_after": posting.balance_after,
            "claimed_today": after.claimed_today,
            "left_today": after.left_today,
            "created_at": txn.created_at,
        }
        return dict(ReliefPaidSerializer(body).data), status.HTTP_201_CREATED
