"""WebSocket routes of the match zone."""

from django.urls import URLPattern, URLResolver, path

from match.consumers import ArenaConsumer, StandingsConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/match/seasons/<int:season_id>/", StandingsConsumer.as_asgi()),
    path("ws/match/arenas/<int:arena_id>/", ArenaConsumer.as_asgi()),
]
