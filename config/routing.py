"""WebSocket URL routes, collected from the apps."""

from django.conf import settings
from django.urls import URLPattern, URLResolver, path, re_path

from accounts.routing import websocket_urlpatterns as accounts_ws
from config.websocket import NoSuchPath
from match.routing import websocket_urlpatterns as match_ws
from tables.routing import websocket_urlpatterns as tables_ws

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *accounts_ws,
    *tables_ws,
    *match_ws,
]

if settings.BENCH_FLOOR:  # bench/table_load.py's bare-broadcast baseline; never on in production
    from config.bench_floor import BroadcastFloorConsumer

    websocket_urlpatterns.append(path("ws/bench/floor/<slug:group>/", BroadcastFloorConsumer.as_asgi()))

websocket_urlpatterns.append(re_path(r"", NoSuchPath.as_asgi()))  # last: any other path is refused at the handshake
