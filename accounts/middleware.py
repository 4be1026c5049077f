"""The device cookie: a random id a browser keeps, so 风控 can tell accounts that share one browser.

`DeviceCookieMiddleware` gives a browser without one a fresh id (`request.device_id` holds it from
the start of that very request, so a sign-up or log-in records it at once) and keeps it for two
years; it carries no personal data and is never shown. See `accounts.services.record_sighting`."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

DEVICE_COOKIE = "mj_device"
DEVICE_COOKIE_SECONDS = 2 * 365 * 24 * 3600
_VALID = re.compile(r"^[A-Za-z0-9_-]{20,64}$")


class DeviceCookieMiddleware:
    """Set `request.device_id` from the browser's cookie, or a new one (then set on the response)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        known = request.COOKIES.get(DEVICE_COOKIE, "")
        device_id = known if _VALID.match(known) else secrets.token_urlsafe(24)
        request.device_id = device_id  # type: ignore[attr-defined]
        response = self.get_response(request)
        if device_id != known and not request.path.startswith("/api/"):
            response.set_cookie(
                DEVICE_COOKIE, device_id, max_age=DEVICE_COOKIE_SECONDS, httponly=True, samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )  # fmt: skip
        return response
