"""/api/v1/ routes the tables add to the wallet API: a hand's sheet."""

from django.urls import URLPattern, URLResolver, path

from tables import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("wallet/hands/<int:hand_id>/sheet/", api.HandSheetView.as_view(), name="api-hand-sheet"),
]
