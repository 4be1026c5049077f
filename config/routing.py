"""WebSocket URL routes, collected from the apps."""

from django.urls import URLPattern, URLResolver

from accounts.routing import websocket_urlpatterns as accounts_ws

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    *accounts_ws,
]
