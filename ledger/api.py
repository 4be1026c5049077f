"""REST wallet API (/api/v1/): the caller's balance and transactions, operator grants/debits.

Views only translate HTTP to `ledger.services`. Errors are JSON
`{"error": {"code": ..., "message": ..., "details": ...}}`. Operator endpoints need
an `Idempotency-Key` header with Stripe's semantics: the same key and body replay
the first response and move nothing; the same key with another body is a 422.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.generics import GenericAPIView, ListAPIView
from rest_framework.pagination import CursorPagination
from rest_framework.parsers import JSONParser
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle, ScopedRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from accounts.models import User
from config.api_errors import error_body
from ledger import services
from ledger.amounts import StrictIntegerField
from ledger.descriptions import Described, describe
from ledger.idempotency import IDEMPOTENCY_HEADER, Unprocessable, respond_once
from ledger.models import Posting, TransactionKind

OPERATE_PERMISSION = "ledger.operate_coins"


# --- errors -------------------------------------------------------------------------

ERROR_SCHEMA = inline_serializer(
    "Error",
    {
        "error": inline_serializer(
            "ErrorBody",
            {
                "code": serializers.CharField(),
                "message": serializers.CharField(),
                "details": serializers.JSONField(required=False),
            },
        )
    },
)


class LedgerAPIView(APIView):
    """Errors take the one JSON shape through the project-wide handler (config.api_errors)."""

    throttle_classes: tuple[type[BaseThrottle], ...] = (UserRateThrottle,)


# --- the caller's wallet -------------------------------------------------------------


class BracketSerializer(serializers.Serializer):
    min_balance = serializers.IntegerField()
    max_balance = serializers.IntegerField(allow_null=True)
    base = serializers.IntegerField(help_text="底: the stake of the room this balance admits")


class WalletSerializer(serializers.Serializer):
    user_id = serializers.IntegerField()
    balance = serializers.IntegerField()
    bracket = BracketSerializer(allow_null=True, help_text="null: balance too small to sit (under 160)")
    can_sit = serializers.BooleanField()


def caller(request: Request) -> User:
    """The authenticated user (the views' permissions have already refused anonymous callers)."""
    user = request.user
    if not isinstance(user, User):
        raise exceptions.NotAuthenticated()
    return user


def wallet_data(user: User) -> dict[str, Any]:
    balance = services.balance_of(user)
    bracket = services.bracket_for_balance(balance)
    shown = None if bracket is None else BracketSerializer(bracket).data
    return {"user_id": user.pk, "balance": balance, "bracket": shown, "can_sit": bracket is not None}


class WalletView(LedgerAPIView):
    """The caller's balance and the stake bracket it admits."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(responses={200: WalletSerializer, 401: ERROR_SCHEMA, 403: ERROR_SCHEMA, 429: ERROR_SCHEMA})
    def get(self, request: Request) -> Response:
        return Response(WalletSerializer(wallet_data(caller(request))).data)


class EntrySerializer(serializers.ModelSerializer):
    """One transaction as seen from the caller's account."""

    transaction_id = serializers.IntegerField(source="transaction.id")
    kind = serializers.ChoiceField(choices=TransactionKind.choices, source="transaction.kind")
    reference = serializers.CharField(source="transaction.reference")
    reason = serializers.CharField(source="transaction.reason")
    created_at = serializers.DateTimeField(source="transaction.created_at")
    description = serializers.SerializerMethodField(help_text="what it was, in the caller's language")
    hand_id = serializers.SerializerMethodField(help_text="the hand it settled, or null")
    replay = serializers.SerializerMethodField(help_text="the hand's replay page, or null")

    class Meta:
        model = Posting
        fields = (
            "transaction_id", "kind", "reference", "description", "hand_id", "replay",
            "amount", "balance_after", "reason", "created_at",
        )  # fmt: skip

    def _described(self, posting: Posting) -> Described:
        described: dict[int, Described] = self.context.get("described", {})
        return described.get(posting.pk) or describe([posting], posting.account.user_id or 0)[0]

    def get_description(self, posting: Posting) -> str:
        return self._described(posting).text

    def get_hand_id(self, posting: Posting) -> int | None:
        return self._described(posting).hand_id

    def get_replay(self, posting: Posting) -> str | None:
        path = self._described(posting).replay
        request = self.context.get("request")
        return (request.build_absolute_uri(path) if request is not None else path) if path else None


class NewestFirst(CursorPagination):
    ordering = "-id"
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def decode_cursor(self, request: Request) -> Any:
        """A malformed cursor is the client's mistake: 400, not DRF's default 404 (nor a 500 from a
        forged position: DRF does not check that the position is an id)."""
        try:
            decoded = super().decode_cursor(request)
        except exceptions.NotFound as error:
            raise exceptions.ValidationError({"cursor": [str(error.detail)]}) from error
        if decoded is not None and decoded.position is not None and not _is_id(str(decoded.position)):
            raise exceptions.ValidationError({"cursor": [self.invalid_cursor_message]})
        return decoded


def _is_id(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 18


class TransactionListView(ListAPIView):
    """The caller's own transactions, newest first, filterable by kind and date (inclusive, server time zone)."""

    permission_classes = (IsAuthenticated,)
    serializer_class = EntrySerializer
    pagination_class = NewestFirst
    throttle_classes = (UserRateThrottle,)

    @extend_schema(
        parameters=[
            OpenApiParameter("kind", OpenApiTypes.STR, enum=TransactionKind.values),
            OpenApiParameter("since", OpenApiTypes.DATE, description="on or after this date"),
            OpenApiParameter("until", OpenApiTypes.DATE, description="on or before this date"),
        ],
        responses={200: EntrySerializer(many=True), 400: ERROR_SCHEMA, 401: ERROR_SCHEMA, 429: ERROR_SCHEMA},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[Posting]:
        account = services.account_for(caller(self.request))
        postings = Posting.objects.filter(account=account).select_related("transaction", "account")
        return _filtered(postings, self.request.query_params)

    def get_serializer(self, *args: Any, **kwargs: Any) -> Any:
        """A page is described in one go (one query for its hands), not posting by posting."""
        if args and isinstance(args[0], list):
            page: list[Posting] = args[0]
            described = describe(page, caller(self.request).pk)
            kwargs.setdefault("context", self.get_serializer_context())["described"] = {
                p.pk: d for p, d in zip(page, described, strict=True)
            }
        return super().get_serializer(*args, **kwargs)


class FilterSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=TransactionKind.choices, required=False)
    since = serializers.DateField(required=False)
    until = serializers.DateField(required=False)


def _filtered(postings: QuerySet[Posting], params: Any) -> QuerySet[Posting]:
    filters = FilterSerializer(data={k: params[k] for k in ("kind", "since", "until") if k in params})
    filters.is_valid(raise_exception=True)
    data = filters.validated_data
    if "kind" in data:
        postings = postings.filter(transaction__kind=data["kind"])
    if "since" in data:
        postings = postings.filter(transaction__created_at__date__gte=data["since"])
    if "until" in data:
        postings = postings.filter(transaction__created_at__date__lte=data["until"])
    return postings


# --- operator endpoints -----------------------------------------------------------------


class IsOperator(BasePermission):
    message = _("只有运营人员可以发放或扣除游戏币。")

    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.has_perm(OPERATE_PERMISSION))


class AdjustSerializer(serializers.Serializer):
    user_id = StrictIntegerField(min_value=1)
    amount = StrictIntegerField(min_value=1, max_value=10**12, help_text="whole coins")
    reason = serializers.CharField(max_length=500, allow_blank=False, trim_whitespace=True)

    def validate_user_id(self, value: int) -> int:
        if not get_user_model().objects.filter(pk=value).exists():
            raise serializers.ValidationError(_("没有这个用户"))
        return value


class TransactionSerializer(serializers.Serializer):
    transaction_id = serializers.IntegerField(source="id")
    kind = serializers.ChoiceField(choices=TransactionKind.choices)
    user_id = serializers.IntegerField()
    amount = serializers.IntegerField()
    balance_after = serializers.IntegerField()
    reason = serializers.CharField()
    created_at = serializers.DateTimeField()


class OperatorAdjustView(LedgerAPIView, GenericAPIView):
    """Base of the grant and debit endpoints (operators only, Idempotency-Key required)."""

    permission_classes = (IsOperator,)
    parser_classes = (JSONParser,)  # one body format, so the request fingerprint is well defined
    serializer_class = AdjustSerializer
    throttle_classes = (UserRateThrottle, ScopedRateThrottle)
    throttle_scope = "ledger_operator"
    kind: str = TransactionKind.GRANT

    def post(self, request: Request) -> Response:
        caller(request)
        return respond_once(request, lambda key: self._perform(request, key))

    def _perform(self, request: Request, key: str) -> tuple[dict[str, Any], int]:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)  # invalid requests are not remembered (as Stripe)
        data = serializer.validated_data
        move = services.grant if self.kind == TransactionKind.GRANT else services.debit
        ledger_key = f"api:{request.user.pk}:{key}"
        try:
            txn = move(data["user_id"], data["amount"], by=caller(request), reason=data["reason"], key=ledger_key)
        except services.IdempotencyConflict as error:
            raise Unprocessable(str(error)) from error
        except services.LedgerError as error:
            return error_body(error.code, str(error)), status.HTTP_409_CONFLICT
        return _transaction_body(txn, data["user_id"]), status.HTTP_201_CREATED


def _transaction_body(txn: Any, user_id: int) -> dict[str, Any]:
    posting = txn.postings.get(account__user_id=user_id)
    row = {
        "id": txn.id,
        "kind": txn.kind,
        "user_id": user_id,
        "amount": posting.amount,
        "balance_after": posting.balance_after,
        "reason": txn.reason,
        "created_at": txn.created_at,
    }
    return dict(TransactionSerializer(row).data)


OPERATOR_RESPONSES = {
    201: TransactionSerializer,
    400: ERROR_SCHEMA,
    401: ERROR_SCHEMA,
    403: ERROR_SCHEMA,
    409: OpenApiResponse(ERROR_SCHEMA, description="refused by the ledger, e.g. insufficient_funds"),
    422: OpenApiResponse(ERROR_SCHEMA, description="Idempotency-Key reused with a different request"),
    429: ERROR_SCHEMA,
}


class GrantView(OperatorAdjustView):
    """Grant coins to a user from the issuance account."""

    kind = TransactionKind.GRANT

    @extend_schema(parameters=[IDEMPOTENCY_HEADER], request=AdjustSerializer, responses=OPERATOR_RESPONSES)
    def post(self, request: Request) -> Response:
        return super().post(request)


class DebitView(OperatorAdjustView):
    """Debit coins from a user back to the issuance account (refused with 409 if it would overdraw)."""

    kind = TransactionKind.DEBIT

    @extend_schema(parameters=[IDEMPOTENCY_HEADER], request=AdjustSerializer, responses=OPERATOR_RESPONSES)
    def post(self, request: Request) -> Response:
        return super().post(request)
