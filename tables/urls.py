"""Lobby, rooms, tables, hand history and replays."""

from django.urls import path

from tables import friends_views, views

app_name = "tables"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("rooms/<int:room_id>/", views.room, name="room"),
    path("rooms/<int:room_id>/quick-seat/", views.quick_seat, name="quick_seat"),
    path("rooms/<int:room_id>/private/", views.create_private, name="create_private"),
    path("private/join/", views.join_private, name="join_private"),
    path("t/<int:table_id>/", views.table, name="table"),
    path("t/<int:table_id>/leave/", views.leave, name="leave"),
    path("friends/new/", friends_views.create, name="friends_new"),
    path("friends/<int:table_id>/", friends_views.waiting_room, name="friends_room"),
    path("friends/<int:table_id>/state.json", friends_views.waiting_state, name="friends_state"),
    path("friends/<int:table_id>/qr.svg", friends_views.qr, name="friends_qr"),
    path("friends/<int:table_id>/ready/", friends_views.ready, name="friends_ready"),
    path("friends/<int:table_id>/remove/<int:user_id>/", friends_views.remove, name="friends_remove"),
    path("friends/<int:table_id>/close/", friends_views.close, name="friends_close"),
    path("friends/<int:table_id>/start-bots/", friends_views.start_bots, name="friends_start_bots"),
    path("friends/<int:table_id>/totals.json", friends_views.totals, name="friends_totals"),
    path("friends/account/<int:friend_id>/", friends_views.account, name="friends_account"),
    path("friends/account/<int:friend_id>/rematch/", friends_views.rematch, name="friends_rematch"),
    path(
        "friends/account/<int:friend_id>/rematch/propose/",
        friends_views.rematch_propose,
        name="friends_rematch_propose",
    ),
    path("friends/rematch/<int:rematch_id>/answer/", friends_views.rematch_answer, name="friends_rematch_answer"),
    path("join/<str:code>/", friends_views.join, name="friends_join"),
    path("history/", views.history, name="history"),
    path("hands/<int:hand_id>/replay/", views.replay, name="replay"),
    path("hands/<int:hand_id>/replay.json", views.replay_file, name="replay_file"),
]
