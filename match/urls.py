"""/match/: the match zone (比赛专区)."""

from django.urls import path

from match import views

app_name = "match"
urlpatterns = [
    path("", views.zone, name="zone"),
    path("pass/", views.buy, name="buy"),
    path("seasons/<int:season_id>/", views.season, name="season"),
    path("hands/<int:hand_id>/pearls.json", views.hand_pearls, name="hand_pearls"),
]
