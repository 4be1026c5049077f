"""Lobby, rooms, tables, hand history and replays."""

from django.urls import path

from tables import views

app_name = "tables"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("rooms/<int:room_id>/", views.room, name="room"),
    path("rooms/<int:room_id>/quick-seat/", views.quick_seat, name="quick_seat"),
    path("rooms/<int:room_id>/private/", views.create_private, name="create_private"),
    path("private/join/", views.join_private, name="join_private"),
    path("t/<int:table_id>/", views.table, name="table"),
    path("t/<int:table_id>/leave/", views.leave, name="leave"),
    path("history/", views.history, name="history"),
    path("hands/<int:hand_id>/replay/", views.replay, name="replay"),
    path("hands/<int:hand_id>/replay.json", views.replay_file, name="replay_file"),
]
