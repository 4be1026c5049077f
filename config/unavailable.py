"""Redis down: any request that needs it answers 503 with `Retry-After`, never a 500.

Redis holds what the site cannot do without: the log-in and sign-up throttles (an attempt
that cannot be counted is refused rather than let through unthrottled: fail closed), the
live tables' channel layer and the caches the lobby reads. One middleware catches the
client's connection error wherever a view meets it and answers the 503 page in the page's
language (or, under /api/, the API's JSON error). Pages that never touch Redis keep working.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from config.api_errors import (
    API_PREFIX,
    RETRY_AFTER_SECONDS,
    STATUS_CODES,
    ServiceUnavailable,
    api_error_response,
    json_response,
)

log = logging.getLogger(__name__)
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)


def unavailable_page(request: HttpRequest) -> HttpResponse:
    """The 503 page (JSON under /api/), with the seconds after which to retry."""
    if request.path.startswith(API_PREFIX):
        body, status, headers = api_error_response(ServiceUnavailable())
        return json_response(body, status, headers)
    context = {"title": _("服务暂时不可用"), "message": STATUS_CODES[503][1], "retry_after": RETRY_AFTER_SECONDS}
    response = render(request, "error.html", context, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class RedisUnavailableMiddleware:
    """Answer 503 to a request whose view could not reach Redis."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not isinstance(exc, REDIS_DOWN):
            return None
        log.error("Redis is unreachable (%s %s): %s", request.method, request.path, exc)
        return unavailable_page(request)
