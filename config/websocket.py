"""The WebSocket handshake's gatekeepers: same origin (scheme, host AND port), and no unknown paths.

Channels' `AllowedHostsOriginValidator` compares only the Origin's host with ALLOWED_HOSTS,
so a page served by another program on the same host (`http://localhost:8001`) could open a
player's sockets with their cookie. `SameOriginValidator` requires the Origin to be this very
site: an origin listed exactly in CSRF_TRUSTED_ORIGINS (the configured public origin, e.g.
behind a proxy that rewrites Host), or the request's own origin - its scheme (https when the
socket came over TLS: scope scheme `wss`, which config.proxy takes from a trusted proxy's
X-Forwarded-Proto, or the SECURE_PROXY_SSL_HEADER the settings trust), the Host header's host (in
ALLOWED_HOSTS) and port (that scheme's default when Host names none). The expected port is
never taken from the Origin's own scheme: with `Host: 127.0.0.1` a plain socket accepts
`http://127.0.0.1` only, one behind a TLS proxy `https://127.0.0.1` only.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import SplitResult, urlsplit

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            try:
                return str(value.decode("latin1"))
            except UnicodeDecodeError:
                return None
    return None


def _origin_port(origin: SplitResult) -> int | None:
    try:
        return origin.port or DEFAULT_PORTS.get(origin.scheme)
    except ValueError:  # a port that is not a number
        return None


def same_origin(origin_header: str | None, host_header: str | None, secure: bool = False) -> bool:
    """Whether a handshake's Origin is this site, as named by its Host header and reached over TLS or not."""
    if not origin_header or not host_header:
        return False
    if origin_header.rstrip("/") in settings.CSRF_TRUSTED_ORIGINS:
        return True
    origin = urlsplit(origin_header.lower())
    host, port = split_domain_port(host_header.lower())
    if not host or not validate_host(host, settings.ALLOWED_HOSTS) or origin.hostname is None:
        return False
    scheme = "https" if secure else "http"
    if origin.scheme != scheme or origin.hostname.strip("[]") != host.strip("[]"):
        return False
    expected = int(port) if port.isdigit() else DEFAULT_PORTS[scheme]
    return _origin_port(origin) == expected


def is_secure(scope: dict[str, Any]) -> bool:
    """Whether the socket came over TLS: its scheme, or the proxy's header the settings trust."""
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy_header:
        return False
    name, value = proxy_header
    header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
    forwarded = _header(scope, header)
    return forwarded is not None and forwarded.split(",")[0].strip() == value


class SameOriginValidator:
    """ASGI middleware: refuse (HTTP 403) a WebSocket handshake from any other origin."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if same_origin(_header(scope, b"origin"), _header(scope, b"host"), is_secure(scope)):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


class NoSuchPath(AsyncWebsocketConsumer):
    """The last route: a path no app serves is refused at the handshake (HTTP 403), not a 500."""

    async def connect(self) -> None:
        await self.close()
