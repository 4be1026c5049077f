"""Content-Security-Policy on every response: the browser runs only our own script files.

The site needs no inline script (templates load modules from /static/), so `script-src 'self'`
turns an injected `<script>` or `onclick=` into a no-op. Styles allow 'unsafe-inline': the
API's Swagger UI and Redoc pages set styles at run time, and a style cannot run code.
WebSockets are named with the page's own host (ws: and wss:), since older browsers do not
count them as 'self'; a request whose Host is refused (the 400 for a bad Host) gets the policy
without them, so the refused host is never echoed. The middleware is the outermost, so every
response carries the policy: errors, redirects and what other middleware answers.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

POLICY = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)


def policy_for(request: HttpRequest) -> str:
    try:
        host = request.get_host()
    except DisallowedHost:
        return "; ".join((*POLICY, "connect-src 'self'"))
    return "; ".join((*POLICY, f"connect-src 'self' ws://{host} wss://{host}"))


class ContentSecurityPolicyMiddleware:
    """Add the policy to every response that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy_for(request)
        return response
