"""/match/: the match zone (比赛专区)."""

from django.urls import path

from match import arena_views, views

app_name = "match"
urlpatterns = [
    path("", views.zone, name="zone"),
    path("pass/", views.buy, name="buy"),
    path("seasons/<int:season_id>/", views.season, name="season"),
    path("hands/<int:hand_id>/pearls.json", views.hand_pearls, name="hand_pearls"),
    path("arenas/<int:arena_id>/", arena_views.page, name="arena"),
    path("arenas/<int:arena_id>/join/", arena_views.join, name="arena_join"),
    path("arenas/<int:arena_id>/withdraw/", arena_views.withdraw, name="arena_withdraw"),
    path("arenas/<int:arena_id>/standings.json", arena_views.standings, name="arena_standings"),
    path("arenas/<int:arena_id>/me.json", arena_views.mine, name="arena_mine"),
    path("arenas/table/<int:table_id>.json", arena_views.table_arena, name="table_arena"),
]
