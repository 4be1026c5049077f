"""One JSON error shape for every failure under /api/: `{"error": {"code", "message", "details"?}}`.

Two doors lead here, and both use `api_error_response`:
- `json_exception_handler` is DRF's EXCEPTION_HANDLER (settings.REST_FRAMEWORK): what a view raises.
- `ApiErrorMiddleware` catches what never reaches a DRF view or escapes it: a path no URL matches
  (Django's HTML 404), a body Django refuses to read (400/413), an unexpected exception (500).
Infrastructure failures are not the client's fault and not a bug either: Redis down is a 503
with Retry-After, so clients back off and retry.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework import exceptions, status
from rest_framework.response import Response

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
RETRY_AFTER_SECONDS = 5
# Codes for statuses that reach the middleware without an exception (e.g. Django's own 404 page).
STATUS_CODES = {
    400: ("bad_request", _("无法理解这个请求。")),
    403: ("permission_denied", _("你没有执行此操作的权限。")),
    404: ("not_found", _("未找到。")),
    405: ("method_not_allowed", _("不允许使用此方法。")),
    413: ("too_large", _("请求体太大。")),
    500: ("server_error", _("服务器出错了。")),
    503: ("service_unavailable", _("服务暂时不可用，请稍后重试。")),
}


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"
    default_detail = STATUS_CODES[413][1]


class ServiceUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "service_unavailable"
    default_detail = STATUS_CODES[503][1]


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "message": message}
    if details is not None:
        body["details"] = details
    return {"error": body}


def as_api_exception(exc: BaseException) -> exceptions.APIException | None:
    """The client-facing meaning of an exception, or None for a bug (answered 500)."""
    if isinstance(exc, exceptions.APIException):
        return exc
    if isinstance(exc, Http404):
        return exceptions.NotFound()
    if isinstance(exc, DjangoPermissionDenied):
        return exceptions.PermissionDenied()
    if isinstance(exc, RequestDataTooBig):
        return PayloadTooLarge()
    if isinstance(exc, SuspiciousOperation):
        return exceptions.ParseError(_("请求格式有误，已拒绝。"))
    if isinstance(exc, RecursionError):
        return exceptions.ParseError(_("JSON 请求体嵌套太深。"))
    if isinstance(exc, RedisConnectionError | RedisTimeoutError):
        log.error("API: Redis is unreachable: %s", exc)
        return ServiceUnavailable()
    return None


def api_error_response(exc: exceptions.APIException) -> tuple[dict[str, Any], int, dict[str, str]]:
    """(body, status, headers) of a client-facing error."""
    headers: dict[str, str] = {}
    wait = getattr(exc, "wait", None)
    if isinstance(exc, exceptions.Throttled) and wait:
        headers["Retry-After"] = str(int(wait))
    if isinstance(exc, ServiceUnavailable):
        headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        headers["WWW-Authenticate"] = 'Token realm="api"'
    if isinstance(exc, exceptions.ValidationError):
        return error_body("invalid", str(_("请求无效。")), exc.detail), exc.status_code, headers
    codes = exc.get_codes()
    body = error_body(codes if isinstance(codes, str) else "error", str(exc.detail))
    return body, exc.status_code, headers


def json_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler: every API error in the one shape; None (a 500) for bugs."""
    api_exc = as_api_exception(exc)
    if api_exc is None:
        return None  # a real bug: ApiErrorMiddleware logs it and answers a JSON 500
    body, code, headers = api_error_response(api_exc)
    return Response(body, status=code, headers=headers)


def json_response(body: dict[str, Any], code: int, headers: dict[str, str] | None = None) -> HttpResponse:
    response = JsonResponse(body, status=code, json_dumps_params={"ensure_ascii": False})
    for name, value in (headers or {}).items():
        response[name] = value
    return response


class ApiErrorMiddleware:
    """Under /api/: exceptions and non-JSON error pages become the JSON error shape."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(API_PREFIX) or response.status_code < 400 or _is_json(response):
            return response
        code, message = STATUS_CODES.get(response.status_code, ("error", response.reason_phrase))
        headers = {name: response[name] for name in ("Allow", "Retry-After") if response.has_header(name)}
        return json_response(error_body(code, str(message)), response.status_code, headers)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not request.path.startswith(API_PREFIX):
            return None
        api_exc = as_api_exception(exc)
        if api_exc is None:
            log.exception("API: unhandled error on %s %s", request.method, request.path)
            name, message = STATUS_CODES[500]
            return json_response(error_body(name, str(message)), 500)
        body, status_code, headers = api_error_response(api_exc)
        return json_response(body, status_code, headers)


def _is_json(response: HttpResponse) -> bool:
    return str(response.get("Content-Type", "")).startswith("application/json")
