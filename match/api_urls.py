"""/api/v1/match/ routes."""

from django.urls import URLPattern, URLResolver, path

from match import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("match/", api.MatchStatusView.as_view(), name="api-match"),
    path("match/pass/", api.PassView.as_view(), name="api-match-pass"),
]
