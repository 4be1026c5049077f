"""ASGI entry point: HTTP through Django, WebSockets through Channels.

WebSockets pass a same-origin check (host and port, config.websocket) and carry
the session user; consumers refuse anonymous users themselves. Behind a load balancer the
client's address and scheme come from its X-Forwarded-* headers, but only when the peer is one
of TRUSTED_PROXIES (config.proxy); run daphne without --proxy-headers.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.core.signals import request_finished  # noqa: E402
from django.db import connections  # noqa: E402

from config.gc_tuning import freeze_startup_objects  # noqa: E402
from config.proxy import TrustedProxyHeaders  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from config.websocket import SameOriginValidator  # noqa: E402


def close_request_connections(**_: object) -> None:
    """Under ASGI each HTTP request's sync code runs on a thread of its own: its connection cannot be
    reused by the next request, so it closes with the request whatever DB_CONN_MAX_AGE says (the
    persistent connections are the table sockets' pool threads' and the workers', tables.dbpool).
    A connection inside a transaction is left alone (a test's wrapping transaction)."""
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            conn.close()


request_finished.connect(close_request_connections, dispatch_uid="asgi-close-request-connections")

application = TrustedProxyHeaders(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        }
    )
)
freeze_startup_objects()  # last: everything the process needs to serve is loaded
