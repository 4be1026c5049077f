"""WebSocket routes of the accounts app."""

from django.urls import URLPattern, URLResolver, path

from accounts.consumers import NotifyConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/notify/", NotifyConsumer.as_asgi()),
]
