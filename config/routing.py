"""WebSocket URL routes, collected from the apps."""

from django.urls import URLPattern, URLResolver

from accounts.routing import websocket_urlpatterns as accounts_ws
from tables.routing import websocket_urlpatterns as tables_ws

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *accounts_ws,
    *tables_ws,
]
