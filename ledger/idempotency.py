"""Idempotency-Key for API writes (Stripe's semantics), decided once per key, atomically.

A write endpoint calls `respond_once(request, perform)`. The key's row is claimed
(inserted) first, in the same database transaction as the work, so a key's outcome
is decided exactly once even when requests with that key arrive together:
- the first request to insert the row runs `perform` and stores its answer (201 or a
  refusal such as a 409) in the same commit as the money it moved;
- a concurrent request with that key waits on the row (PostgreSQL: the unique index;
  SQLite: IMMEDIATE transactions serialize writers) and then replays the stored answer,
  or gets a 422 if its body differs; it never runs `perform`;
- an invalid request (400, raised by `perform`) rolls the claim back: it is not remembered.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response

from ledger.models import IdempotentResponse
from ledger.services import fingerprint

KEY_PATTERN = r"^[A-Za-z0-9_.:-]{1,120}$"
_KEY = re.compile(KEY_PATTERN, re.ASCII)
KEY_FORMAT = "1-120 characters from A-Z a-z 0-9 _ . : - (a UUID fits)"

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,
    pattern=KEY_PATTERN,
    description=(
        f"Unique per operation: {KEY_FORMAT}. Keys belong to the caller. A retry with the same key and body"
        " replays the first response (header Idempotent-Replayed: true) and moves nothing; the same key with"
        " another body is a 422. Requests with one key arriving together get one outcome."
    ),
)


class Unprocessable(exceptions.APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "idempotency_conflict"
    default_detail = _("这个 Idempotency-Key 已用于另一个请求。")


def idempotency_key(request: Request) -> str:
    """The request's Idempotency-Key header; a 400 when it is missing or not in KEY_FORMAT."""
    key = request.headers.get("Idempotency-Key", "")
    if not _KEY.fullmatch(key):
        raise exceptions.ValidationError({"Idempotency-Key": [_("必需的请求头：%(format)s") % {"format": KEY_FORMAT}]})
    return key


def respond_once(request: Request, perform: Callable[[str], tuple[dict[str, Any], int]]) -> Response:
    """Answer a write under its Idempotency-Key: `perform(key)` returns (body, status) or raises.

    The caller must be authenticated (keys are per user)."""
    key = idempotency_key(request)
    digest = fingerprint({"path": request.path, "body": request.data})
    with transaction.atomic():
        row, claimed = _claim(int(request.user.pk or 0), key, digest)
        if not claimed:
            return _replay(row, digest)
        body, code = perform(key)
        row.status_code, row.body = code, body
        row.save(update_fields=["status_code", "body"])
    return Response(body, status=code)


def _claim(owner_id: int, key: str, digest: str) -> tuple[IdempotentResponse, bool]:
    """Insert the key's row (ours to decide), or read the row another request committed."""
    try:
        with transaction.atomic():
            row = IdempotentResponse.objects.create(
                owner_id=owner_id, key=key, fingerprint=digest, status_code=status.HTTP_202_ACCEPTED, body={}
            )
        return row, True
    except IntegrityError:
        # The insert waited for the other transaction holding this key and it committed.
        return IdempotentResponse.objects.get(owner_id=owner_id, key=key), False


def _replay(stored: IdempotentResponse, digest: str) -> Response:
    if stored.fingerprint != digest:
        raise Unprocessable()
    return Response(stored.body, status=stored.status_code, headers={"Idempotent-Replayed": "true"})
