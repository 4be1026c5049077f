"""The WebSocket handshake's gatekeepers: same origin (host AND port), and no unknown paths.

Channels' `AllowedHostsOriginValidator` compares only the Origin's host with ALLOWED_HOSTS,
so a page served by another program on the same host (`http://localhost:8001`) could open a
player's sockets with their cookie. `SameOriginValidator` requires the Origin to be this very
site: the Host header's host and port (the Origin scheme's default port when Host names none,
as behind a TLS proxy), with the host in ALLOWED_HOSTS; or an origin listed exactly in
CSRF_TRUSTED_ORIGINS.
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


def same_origin(origin_header: str | None, host_header: str | None) -> bool:
    """Whether a handshake's Origin is this site, as named by its Host header."""
    if not origin_header or not host_header:
        return False
    if origin_header.rstrip("/") in settings.CSRF_TRUSTED_ORIGINS:
        return True
    origin = urlsplit(origin_header.lower())
    host, port = split_domain_port(host_header.lower())
    if not host or not validate_host(host, settings.ALLOWED_HOSTS) or origin.hostname is None:
        return False
    if origin.hostname.strip("[]") != host.strip("[]"):
        return False
    origin_port = _origin_port(origin)
    expected = int(port) if port.isdigit() else DEFAULT_PORTS.get(origin.scheme)
    return origin_port is not None and origin_port == expected


class SameOriginValidator:
    """ASGI middleware: refuse (HTTP 403) a WebSocket handshake from any other origin."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if same_origin(_header(scope, b"origin"), _header(scope, b"host")):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


class NoSuchPath(AsyncWebsocketConsumer):
    """The last route: a path no app serves is refused at the handshake (HTTP 403), not a 500."""

    async def connect(self) -> None:
        await self.close()
