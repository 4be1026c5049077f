"""The client's address and scheme behind a load balancer, believed only from trusted proxies.

Behind HAProxy or nginx every request's peer is the proxy, so the log-in and sign-up throttles
(accounts.throttle, keyed on `REMOTE_ADDR`) would count every player as one address. The proxy
appends the address it saw to `X-Forwarded-For`; but anyone can send that header, so it is read
only when the peer is a configured proxy (`TRUSTED_PROXIES`: addresses or networks), and then
from the right: the client's address is the last one in the chain that is not itself a trusted
proxy (whatever the client wrote further left is its own claim). daphne's `--proxy-headers`
believed the leftmost entry from any peer, so a guesser could pick a fresh "address" per attempt:
it is no longer used. `X-Forwarded-Proto` from a trusted proxy sets the scope's scheme (https/wss
when the proxy terminated TLS). Applies to HTTP and WebSocket scopes alike.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
SECURE_SCHEMES = {"http": "https", "websocket": "wss"}


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    """`TRUSTED_PROXIES` parsed once (an address is a network of one); a bad entry fails loudly."""
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries if entry.strip())


def trusted(address: str, networks: Iterable[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(peer: str, forwarded_for: str | None, networks: tuple[Network, ...]) -> str:
    """The client's address: the peer, or, when the peer is a trusted proxy, the rightmost entry of
    X-Forwarded-For that is not a trusted proxy (the leftmost if all are; the peer if none is valid)."""
    if not forwarded_for or not trusted(peer, networks):
        return peer
    chain = [entry.strip().strip("[]") for entry in forwarded_for.split(",") if entry.strip()]
    for entry in reversed(chain):
        if not trusted(entry, networks):
            return entry if _valid(entry) else peer
    return chain[0] if chain and _valid(chain[0]) else peer


def _valid(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    """A header's values joined as one comma list (a proxy may send several lines)."""
    values = [value.decode("latin1") for key, value in scope.get("headers", []) if key == name]
    return ",".join(values) if values else None


def forwarded_scope(scope: dict[str, Any], networks: tuple[Network, ...]) -> dict[str, Any]:
    """The scope as the client made it: its address, and the scheme the proxy was reached by."""
    peer = scope.get("client")
    if not peer or not trusted(peer[0], networks):
        return scope
    scope = dict(scope)
    address = client_address(peer[0], _header(scope, b"x-forwarded-for"), networks)
    if address != peer[0]:
        scope["client"] = (address, 0)
    proto = (_header(scope, b"x-forwarded-proto") or "").split(",")[-1].strip().lower()
    if proto in ("https", "wss"):
        scope["scheme"] = SECURE_SCHEMES.get(scope["type"], scope.get("scheme"))
    return scope


class TrustedProxyHeaders:
    """ASGI middleware, outermost: rewrite the scope's client (and scheme) from a trusted proxy's headers."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] in SECURE_SCHEMES:
            scope = forwarded_scope(scope, _networks(tuple(settings.TRUSTED_PROXIES)))
        return await self.application(scope, receive, send)
