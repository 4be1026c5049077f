"""The wallet API's door for players' personal tokens (accounts.models.PersonalToken).

`Authorization: Token mjp_...` (or `Bearer mjp_...`). A key without the personal prefix is left
to the next authentication class (operators' DRF tokens, the browser's session). A read-only
token may only read (GET, HEAD, OPTIONS); a token made with "relief and purchases" ticked may
also call the views that declare `personal_token_may_spend = True` (claiming relief). No
personal token can call the operator endpoints' writes.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request

from accounts.models import TOKEN_PREFIX, PersonalToken

KEYWORDS = (b"token", b"bearer")
LAST_USED_PRECISION = timedelta(minutes=1)  # at most one write a minute per token


def _personal_key(request: Request) -> str | None:
    parts = get_authorization_header(request).split()
    if len(parts) != 2 or parts[0].lower() not in KEYWORDS:
        return None
    key = parts[1].decode("latin1")
    return key if key.startswith(TOKEN_PREFIX) else None


def _check_scope(token: PersonalToken, request: Request) -> None:
    if request.method in SAFE_METHODS:
        return
    view = (request.parser_context or {}).get("view")
    if not (token.may_spend and getattr(view, "personal_token_may_spend", False)):
        raise exceptions.PermissionDenied(_("这个令牌没有这项权限（只读，或不能用于此操作）。"))


def _mark_used(token: PersonalToken) -> None:
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
        PersonalToken.objects.filter(pk=token.pk).update(last_used_at=now)


class PersonalTokenAuthentication(BaseAuthentication):
    """Authenticate a player by a personal token, within its scope."""

    def authenticate(self, request: Request) -> tuple[Any, PersonalToken] | None:
        key = _personal_key(request)
        if key is None:
            return None
        token = PersonalToken.find(key)
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("令牌无效或已撤销。"))
        _check_scope(token, request)
        _mark_used(token)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return 'Token realm="api"'


class PersonalTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """How the OpenAPI document (/api/docs/) describes personal tokens."""

    target_class = "accounts.api_auth.PersonalTokenAuthentication"
    name = "personalToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A personal token from your profile page: `Token mjp_...`. Read-only unless made "
            "with 'relief and purchases' ticked.",
        }
