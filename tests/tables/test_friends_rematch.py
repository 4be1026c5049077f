"""再来一场 (rematch) after a friends' session's final account: the people at its last hand are asked to play
another with the same players and settings. Asking is accepting; it starts when everyone has accepted (a
new session, seated as before, its first hand dealt); one who declines, or leaves for another table, calls
it off; it expires as a waiting room does. The session's table is told of every change. Each refusal says
why and changes nothing: not a player of the session, a session not played out, a rematch already started,
one called off or expired, and, in a coin room, a player whose balance left the room's bracket."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tables.friends import fill, open_room, play_out, short_sessions

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures(short_sessions.__name__)]


def refused(act) -> tuple[str, str]:
    """The code and the words of a refusal."""
    from tables.errors import TableError

    with pytest.raises(TableError) as refusal:
        act()
    return refusal.value.code, refusal.value.reason


def played_session(host, friends_, **choices):
    """`host` opens a 1-hand erren room (points unless said), `friends_` join, and they play it out."""
    from tables.models import FriendRoom

    table = fill(open_room(host, "erren", 1, **choices), friends_)
    play_out(table, [host, *friends_])
    friend = FriendRoom.objects.get(table=table)
    assert friend.ending == "finished"
    return friend


def test_when_everyone_accepts_a_new_session_starts_with_the_same_players_and_settings(ming, fang, funded, rooms):
    from tables.models import FriendRoom, Hand, Rematch, Seat, TableEvent
    from tables.services import friends

    funded(ming), funded(fang)
    options = (("swap_probability", 0.1), ("pick_probability", 0.2))
    old = played_session(ming, [fang], options=options, spectators_allowed=True)

    asked = friends.propose_rematch(old.pk, fang.pk)  # the friend asks: asking is accepting
    assert (asked.status, asked.accepted, asked.waiting_for) == ("pending", [fang.pk], [ming.pk])
    assert sorted(asked.players) == sorted([ming.pk, fang.pk])
    assert friends.rematch_panel(old, ming.pk)["may_answer"] and not friends.rematch_panel(old, fang.pk)["may_answer"]

    started = friends.answer_rematch(asked.pk, ming.pk, accept=True)
    assert started.status == "started" and started.started_id is not None
    new = FriendRoom.objects.select_related("table").get(pk=started.started_id)
    settings_of = lambda f: (f.host_id, f.length, f.unit, f.stakes, f.bots_allowed, f.spectators_allowed)  # noqa: E731
    assert settings_of(new) == settings_of(old) == (ming.pk, 1, "hands", "points", False, True)
    assert new.table.room_id == old.table.room_id and new.table.options == old.table.options
    assert new.table.private and new.table.invite_code != old.table.invite_code
    seated = set(Seat.objects.filter(table=new.table, user__isnull=False).values_list("user_id", flat=True))
    assert seated == {ming.pk, fang.pk}
    assert Hand.objects.filter(table=new.table, number=1).exists()  # full and everyone ready: dealt
    told = [e.view_for(None) for e in TableEvent.objects.filter(table=old.table, kind="rematch").order_by("version")]
    assert [(v or {}).get("status") for v in told] == ["pending", "started"]
    assert (told[-1] or {})["table"] == new.table_id
    assert Rematch.objects.get(pk=asked.pk).started_id == new.pk


def test_a_session_played_with_bots_starts_again_with_bots(four_players, room, scattered_deal):
    from tables.models import FriendRoom, Hand, Seat
    from tables.services import between_hands, friends

    ming, fang, _wang, _zhen = four_players
    room("pinghe", 10, options=scattered_deal)
    table = fill(open_room(ming, "pinghe", 1, bots_allowed=True), [fang])
    between_hands.start_with_bots(table.pk, ming.pk)
    play_out(table, [ming, fang])
    old = FriendRoom.objects.get(table=table)

    friends.propose_rematch(old.pk, ming.pk)
    started = friends.answer_rematch(old.rematches.get().pk, fang.pk, accept=True)
    assert started.started_id is not None
    new_table = FriendRoom.objects.get(pk=started.started_id).table
    assert Seat.objects.filter(table=new_table, is_bot=True).count() == 2
    assert Hand.objects.filter(table=new_table, number=1).exists()


def test_asking_twice_or_after_another_asked_is_accepting_the_same_rematch(ming, fang, funded, rooms):
    from tables.models import Rematch
    from tables.services import friends

    funded(ming), funded(fang)
    old = played_session(ming, [fang])
    first = friends.propose_rematch(old.pk, ming.pk)
    assert friends.propose_rematch(old.pk, ming.pk).pk == first.pk  # asking again changes nothing
    assert friends.propose_rematch(old.pk, fang.pk).status == "started"  # the other asks: both accepted
    assert Rematch.objects.count() == 1


def test_only_a_player_of_the_session_may_ask_or_answer(ming, fang, make_player, funded, rooms):
    from tables.models import Rematch
    from tables.services import friends

    funded(ming), funded(fang)
    stranger = funded(make_player("wang", "老王"))
    old = played_session(ming, [fang])
    assert refused(lambda: friends.propose_rematch(old.pk, stranger.pk))[0] == "not_in_session"
    assert not Rematch.objects.exists()
    asked = friends.propose_rematch(old.pk, ming.pk)
    assert refused(lambda: friends.answer_rematch(asked.pk, stranger.pk, accept=True))[0] == "not_in_session"
    assert refused(lambda: friends.answer_rematch(asked.pk, stranger.pk, accept=False))[0] == "not_in_session"
    asked.refresh_from_db()
    assert (asked.status, asked.accepted) == ("pending", [ming.pk])


def test_a_session_not_played_out_cannot_be_played_again(ming, fang, make_player, funded, rooms):
    from tables.models import FriendRoom, Rematch
    from tables.services import friends

    running = fill(open_room(funded(ming), "erren", 2), [funded(fang)])  # full: its first hand is dealt
    friend = FriendRoom.objects.get(table=running)
    assert refused(lambda: friends.propose_rematch(friend.pk, fang.pk))[0] == "session_not_over"
    stranger = funded(make_player("wang", "老王"))
    assert refused(lambda: friends.propose_rematch(friend.pk, stranger.pk))[0] == "not_in_session"

    waiting = open_room(stranger, "erren", 2)
    friends.close(waiting.pk, stranger.pk)  # closed by its host before it started
    closed = FriendRoom.objects.get(table=waiting)
    assert refused(lambda: friends.propose_rematch(closed.pk, stranger.pk))[0] == "session_not_over"
    assert not Rematch.objects.exists()


def test_a_rematch_that_started_refuses_more_answers_and_asks(ming, fang, funded, rooms):
    from tables.services import friends

    funded(ming), funded(fang)
    old = played_session(ming, [fang])
    asked = friends.propose_rematch(old.pk, ming.pk)
    friends.answer_rematch(asked.pk, fang.pk, accept=True)
    assert refused(lambda: friends.propose_rematch(old.pk, fang.pk))[0] == "rematch_started"
    assert refused(lambda: friends.answer_rematch(asked.pk, fang.pk, accept=False))[0] == "rematch_started"
    assert refused(lambda: friends.answer_rematch(asked.pk, ming.pk, accept=True))[0] == "rematch_started"


def test_one_who_declines_calls_it_off_for_everyone(ming, fang, funded, rooms):
    from tables.models import Seat, TableEvent
    from tables.services import friends

    funded(ming), funded(fang)
    old = played_session(ming, [fang])
    asked = friends.propose_rematch(old.pk, ming.pk)
    friends.answer_rematch(asked.pk, fang.pk, accept=False)
    asked.refresh_from_db()
    assert (asked.status, asked.ended_by_id) == ("declined", fang.pk)
    code, words = refused(lambda: friends.answer_rematch(asked.pk, ming.pk, accept=True))
    assert code == "rematch_declined" and "小芳" in words
    assert not Seat.objects.filter(user__in=[ming, fang]).exclude(table=old.table).exists()  # nobody was seated
    last = TableEvent.objects.filter(table=old.table, kind="rematch").latest("version").view_for(0) or {}
    assert last["status"] == "declined"
    again = friends.propose_rematch(old.pk, fang.pk)  # a new one may be asked for
    assert again.pk != asked.pk and again.status == "pending"


def test_one_who_sits_at_another_table_leaves_and_calls_it_off(ming, fang, funded, rooms):
    from tables.models import Room
    from tables.services import friends, seating

    funded(ming), funded(fang)
    old = played_session(ming, [fang])
    asked = friends.propose_rematch(old.pk, ming.pk)
    seating.quick_seat(fang, Room.objects.get(variant="pinghe", base=10))
    asked.refresh_from_db()
    assert (asked.status, asked.ended_by_id) == ("left", fang.pk)
    code, words = refused(lambda: friends.answer_rematch(asked.pk, ming.pk, accept=True))
    assert code == "rematch_declined" and "小芳" in words and "别的牌桌" in words
    code, words = refused(lambda: friends.propose_rematch(old.pk, ming.pk))  # she is still over there
    assert code == "already_seated" and "小芳" in words


def test_a_rematch_not_accepted_in_time_expires(ming, fang, funded, rooms):
    from tables.services import friends
    from tables.services.sweeper import sweep_now

    funded(ming), funded(fang)
    old = played_session(ming, [fang])
    asked = friends.propose_rematch(old.pk, ming.pk)
    later = timezone.now() + timedelta(minutes=31)
    assert refused(lambda: friends.answer_rematch(asked.pk, fang.pk, True, later))[0] == "rematch_expired"
    asked.refresh_from_db()
    assert asked.status == "pending"  # the refusal changed nothing: the sweeper ends it
    assert sweep_now(later)["rematches"] == 1
    asked.refresh_from_db()
    assert asked.status == "expired"
    assert refused(lambda: friends.answer_rematch(asked.pk, fang.pk, accept=True))[0] == "rematch_expired"


def test_a_coin_rematch_refuses_while_a_player_is_out_of_the_rooms_bracket(ming, fang, funded, rooms):
    from tables.models import Rematch
    from tables.services import friends

    funded(ming), funded(fang)
    old = played_session(ming, [fang], stakes="coins")  # base 10: balances 160 to 3000
    funded(fang, 4000)  # now in the base-50 bracket
    code, words = refused(lambda: friends.propose_rematch(old.pk, ming.pk))
    assert code == "wrong_bracket" and "小芳" in words and "底 10" in words
    assert not Rematch.objects.exists()


def test_a_coin_rematch_already_asked_refuses_the_acceptance_that_would_start_it(ming, fang, funded, rooms):
    from tables.services import friends

    funded(ming), funded(fang)
    old = played_session(ming, [fang], stakes="coins")
    asked = friends.propose_rematch(old.pk, ming.pk)
    funded(fang, 4000)
    code, words = refused(lambda: friends.answer_rematch(asked.pk, fang.pk, accept=True))
    assert code == "wrong_bracket" and "小芳" in words
    asked.refresh_from_db()
    assert (asked.status, asked.accepted, asked.started_id) == ("pending", [ming.pk], None)


def test_a_points_rematch_admits_any_balance_but_not_a_suspended_account(ming, fang, funded, rooms):
    from tables.services import friends

    old = played_session(funded(ming), [fang])  # 小芳 has no coins at all: points rooms admit anyone
    asked = friends.propose_rematch(old.pk, fang.pk)
    fang.is_active = False
    fang.save(update_fields=["is_active"])
    code, words = refused(lambda: friends.answer_rematch(asked.pk, ming.pk, accept=True))
    assert code == "account_disabled" and "小芳" in words
    fang.is_active = True
    fang.save(update_fields=["is_active"])
    assert friends.answer_rematch(asked.pk, ming.pk, accept=True).status == "started"
