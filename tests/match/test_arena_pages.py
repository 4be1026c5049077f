"""An arena's pages: the event page before, during and after the arena (countdown data, fee and prizes, the
standings with ranked and unranked rows, figures, flames, the reader's row pinned, the podium), its join and
withdraw buttons (a refusal is a message and changes nothing), the match zone's list of arenas, the lobby
card and the player's record; and the page's socket: the standings whole on connecting, then diffs."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from config.asgi import application
from ledger import services as ledger
from match import arena, arena_end, arena_live
from match.arena_views import shown_rows
from match.models import Arena, ArenaEntry, ArenaPlace, ArenaScore, ArenaStatus, ArenaTable, EntryState
from tests.match.conftest import CHICKEN, sheet_of
from tests.tables.conftest import OUR_ORIGIN, session_cookie_for

pytestmark = pytest.mark.django_db


def page_of(client: Any, user: Any, arena_id: int) -> str:
    client.force_login(user)
    reply = client.get(f"/match/arenas/{arena_id}/")
    assert reply.status_code == 200
    return reply.content.decode()


def row_of(html: str, user_id: int, pinned: bool = False) -> str:
    """The standings row of `user_id` (the pinned copy on top, or the one in its place)."""
    rows = re.findall(r'<tr class="([^"]*)" data-user="(\d+)"[^>]*>(.*?)</tr>', html, re.S)
    found = [body for cls, user, body in rows if int(user) == user_id and ("pinned" in cls) == pinned]
    assert found, f"no row for {user_id}"
    return found[0]


def score(the_arena: Any, hand: Any, seat: int, user: Any, points: int, doubled: bool = False) -> None:
    ArenaScore.objects.create(
        arena=the_arena, hand=hand, seat=seat, user=user, won=points > 0, fan=points, doubled=doubled, points=points
    )


# --- the event page -----------------------------------------------------------------------


def test_a_scheduled_arena_shows_its_start_fee_prizes_and_the_join_button(client, players, arena_of):
    starts = timezone.now() + timedelta(hours=2)
    the_arena = arena_of(status=ArenaStatus.SCHEDULED, starts_at=starts, entry_fee=100, prizes=[3000, 1000, 500])
    html = page_of(client, players[0], the_arena.pk)
    assert f'data-starts-at="{starts.isoformat()}"' in html and 'data-status="scheduled"' in html
    assert 'id="arena-join"' in html and "报名参赛" in html and 'id="arena-withdraw"' not in html
    assert "100 游戏币" in html  # the fee
    assert re.findall(r'<li data-rank="\d">.*?(\d+) 游戏币</li>', html) == ["3000", "1000", "500"]
    assert "至少 3 局才进入排名" in html and "还没有人报名" in html
    assert 'id="arena-podium" hidden' in html


def test_a_running_arena_ranks_rows_with_the_minimum_hands_and_pins_the_readers_row(
    client, players, arena_of, finished_hand
):
    ming, fang, wang, zhen = players
    the_arena = arena_of(min_hands=2)
    for player in players:
        ArenaEntry.objects.create(arena=the_arena, user=player, state=EntryState.WAITING)
    hand = finished_hand(sheet_of(CHICKEN))
    second = finished_hand(sheet_of(CHICKEN))
    # 小芳: two wins in a row (the second doubled, the flame); 老王 one win in one hand (unranked); 阿明, 阿珍 0.
    score(the_arena, hand, 1, fang, 1)
    score(the_arena, second, 1, fang, 2, doubled=True)
    score(the_arena, hand, 2, wang, 3)
    for seat, player in ((0, ming), (3, zhen)):
        score(the_arena, hand, seat, player, 0)
        score(the_arena, second, seat, player, 0)
    ArenaEntry.objects.filter(user=fang).update(points=3, hands=2, wins=2, streak=2, reached_at=2)
    ArenaEntry.objects.filter(user=wang).update(points=3, hands=1, wins=1, streak=1, reached_at=3)
    ArenaEntry.objects.filter(user__in=[ming, zhen]).update(hands=2)

    html = page_of(client, zhen, the_arena.pk)
    ranks = re.findall(r'<tr class="[^"]*" data-user="(\d+)"[^>]*>\s*<td class="num rank">([^<]*)</td>', html)
    assert ranks == [
        (str(zhen.pk), "3"), (str(fang.pk), "1"), (str(ming.pk), "2"), (str(zhen.pk), "3"), (str(wang.pk), "–"),
    ]  # fmt: skip
    assert "(你)" in row_of(html, zhen.pk, pinned=True)
    fang_row = row_of(html, fang.pk)
    assert "🔥" in fang_row and '<span class="fig">1</span><span class="fig doubled">2</span>' in fang_row
    assert "🔥" not in row_of(html, wang.pk)
    assert 'id="arena-withdraw"' in html and 'data-status="running"' in html


def test_shown_rows_rank_the_tie_by_fewer_hands_then_who_got_there_first():
    rows = [
        {"u": 1, "n": "a", "p": 5, "h": 4, "k": 9, "s": 0, "r": []},
        {"u": 2, "n": "b", "p": 5, "h": 3, "k": 9, "s": 3, "r": []},
        {"u": 3, "n": "c", "p": 5, "h": 3, "k": 4, "s": 0, "r": []},
        {"u": 4, "n": "d", "p": 9, "h": 1, "k": 1, "s": 0, "r": []},
    ]
    shown = shown_rows(rows, 3, me=1)
    assert [(r["u"], r["rank"], r.get("pinned", False)) for r in shown] == [
        (1, 3, True), (3, 1, False), (2, 2, False), (1, 3, False), (4, None, False),
    ]  # fmt: skip
    assert [r["flame"] for r in shown] == [False, False, True, False, False]


def test_a_finished_arena_shows_the_podium_with_the_prizes(client, players, arena_of, make_player):
    the_arena = arena_of(status=ArenaStatus.FINISHING, min_hands=1, prizes=[300, 200, 100])
    for n, player in enumerate(players):
        ArenaEntry.objects.create(arena=the_arena, user=player, points=10 - n, hands=2, reached_at=n + 1)
    assert arena_end.finish(the_arena.pk)
    watcher = make_player("kan", "阿看")
    html = page_of(client, watcher, the_arena.pk)
    assert 'id="arena-podium"' in html and 'id="arena-podium" hidden' not in html
    podium = re.findall(r'<li class="place p(\d)" data-user="(\d+)".*?<span class="prize">(\d+) 游戏币</span>', html)
    assert podium == [(str(n), str(players[n - 1].pk), prize) for n, prize in ((1, "300"), (2, "200"), (3, "100"))]
    assert 'id="arena-join"' not in html and 'id="arena-withdraw"' not in html
    assert 'data-status="finished"' in html


# --- joining and withdrawing ----------------------------------------------------------------


def test_join_then_withdraw_through_the_buttons(client, players, arena_of):
    ming = players[0]
    the_arena = arena_of(status=ArenaStatus.SCHEDULED, starts_at=timezone.now() + timedelta(hours=1), entry_fee=100)
    client.force_login(ming)
    reply = client.post(f"/match/arenas/{the_arena.pk}/join/")
    assert reply.status_code == 302 and reply["Location"] == f"/match/arenas/{the_arena.pk}/"
    entry = ArenaEntry.objects.get(arena=the_arena, user=ming)
    assert entry.state == EntryState.WAITING and ledger.balance_of(ming) == 1900
    html = client.get(reply["Location"]).content.decode()
    assert 'id="arena-withdraw"' in html and "已报名：开始后会自动带你入座" in html

    client.post(f"/match/arenas/{the_arena.pk}/withdraw/")
    entry.refresh_from_db()
    assert entry.state == EntryState.WITHDRAWN
    html = client.get(f"/match/arenas/{the_arena.pk}/").content.decode()
    assert "继续参赛" in html
    client.post(f"/match/arenas/{the_arena.pk}/join/")  # resumes, without a second fee
    entry.refresh_from_db()
    assert entry.state == EntryState.WAITING and ledger.balance_of(ming) == 1900


def test_refusals_are_messages_and_change_nothing(client, players, arena_of, make_player):
    ming = players[0]
    over = arena_of(status=ArenaStatus.FINISHED, starts_at=timezone.now() - timedelta(hours=3))
    dear = arena_of(entry_fee=5000, prizes=[1])
    client.force_login(ming)

    reply = client.post(f"/match/arenas/{over.pk}/join/", follow=True)
    assert "这场竞技场已经结束，不能再报名。" in reply.content.decode()
    reply = client.post(f"/match/arenas/{dear.pk}/join/", follow=True)
    assert "报名费 5000 游戏币，你的余额只有 2000。" in reply.content.decode()
    reply = client.post(f"/match/arenas/{dear.pk}/withdraw/", follow=True)
    assert "你没有报名这场竞技场。" in reply.content.decode()
    assert not ArenaEntry.objects.filter(user=ming).exists() and ledger.balance_of(ming) == 2000
    assert client.get(f"/match/arenas/{dear.pk}/join/").status_code == 405  # POST only


def test_a_stranger_to_the_site_is_sent_to_log_in(client, arena_of):
    the_arena = arena_of()
    reply = client.get(f"/match/arenas/{the_arena.pk}/")
    assert reply.status_code == 302 and "/accounts/login/" in reply["Location"]


# --- discovery -----------------------------------------------------------------------------


def test_the_zone_lists_running_scheduled_and_lately_finished_arenas(client, players, arena_of):
    now = timezone.now()
    running = arena_of(name="正在打")
    coming = arena_of(name="晚上打", status=ArenaStatus.SCHEDULED, starts_at=now + timedelta(hours=3))
    lately = arena_of(name="刚打完", status=ArenaStatus.FINISHED, starts_at=now - timedelta(hours=3))
    lately.finished_at = now - timedelta(hours=2)
    lately.save()
    long_ago = arena_of(name="上个月", status=ArenaStatus.FINISHED, starts_at=now - timedelta(days=30))
    long_ago.finished_at = now - timedelta(days=30)
    long_ago.save()
    arena_of(name="取消了", status=ArenaStatus.CANCELLED)
    client.force_login(players[0])
    html = client.get("/match/").content.decode()
    listed = re.findall(r'<tr class="arena-row (\w+)[^"]*" data-arena="(\d+)">', html)
    assert listed == [
        ("running", str(running.pk)), ("scheduled", str(coming.pk)), ("finished", str(lately.pk)),
    ]  # fmt: skip
    assert f'href="/match/arenas/{coming.pk}/"' in html and "晚上打" in html and "上个月" not in html


def test_the_lobby_card_points_at_the_running_arena_or_the_next(client, players, arena_of):
    client.force_login(players[0])
    coming = arena_of(name="晚上打", status=ArenaStatus.SCHEDULED, starts_at=timezone.now() + timedelta(hours=3))
    card = client.get("/tables/").content.decode()
    assert 'id="lobby-arena"' in card and f"/match/arenas/{coming.pk}/" in card and "开始" in card
    running = arena_of(name="正在打")
    card = client.get("/tables/").content.decode()
    assert f"/match/arenas/{running.pk}/" in card and "竞技场进行中" in card
    elsewhere = arena_of(name="别的房间", base=50, starts_at=timezone.now() - timedelta(minutes=5))
    card = client.get("/tables/").content.decode()
    assert f"/match/arenas/{running.pk}/" in card and "别的房间" not in card  # the player's own room first
    Arena.objects.filter(pk=running.pk).update(status=ArenaStatus.FINISHED)
    Arena.objects.filter(pk=coming.pk).update(status=ArenaStatus.CANCELLED)
    assert f"/match/arenas/{elsewhere.pk}/" in client.get("/tables/").content.decode()  # else any room's


def test_the_record_shows_the_players_arena_podium_finishes(client, players, arena_of):
    ming, fang = players[:2]
    the_arena = arena_of(name="周末杯", status=ArenaStatus.FINISHED)
    ArenaPlace.objects.create(arena=the_arena, rank=2, user=ming, points=7, hands=5, wins=3, prize=400)
    ArenaPlace.objects.create(arena=the_arena, rank=4, user=fang, points=1, hands=5, wins=1, prize=0)
    client.force_login(ming)
    mine = client.get("/accounts/profile/").content.decode()
    assert 'id="arena-podium-record"' in mine and "周末杯" in mine and "第 2 名" in mine and "400 游戏币" in mine
    client.force_login(fang)
    assert 'id="arena-podium-record"' not in client.get("/accounts/profile/").content.decode()


# --- the page's socket -------------------------------------------------------------------------


async def open_arena(user: Any, arena_id: int) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost"), (b"origin", OUR_ORIGIN), (b"cookie", await session_cookie_for(user))]
    socket = WebsocketCommunicator(application, f"/ws/match/arenas/{arena_id}/", headers=headers)
    connected, _code = await socket.connect(timeout=10)
    assert connected
    return socket


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery", "fresh_channel_layer")
async def test_the_socket_sends_the_standings_whole_then_diffs(players, arena_of):
    later = timezone.now() + timedelta(hours=1)
    the_arena = await sync_to_async(arena_of)(status=ArenaStatus.SCHEDULED, starts_at=later)
    for player in players[:2]:
        await sync_to_async(arena.join)(player, the_arena)  # scheduled: nobody is seated yet
    socket = await open_arena(players[0], the_arena.pk)
    full = await socket.receive_json_from(timeout=5)
    assert full["type"] == "arena_full" and full["head"]["status"] == "scheduled"
    assert {r["u"] for r in full["rows"]} == {players[0].pk, players[1].pk}

    def fang_scores() -> None:
        ArenaEntry.objects.filter(arena=the_arena, user=players[1]).update(points=4, hands=1, wins=1, streak=1)

    await sync_to_async(fang_scores)()
    await sync_to_async(arena_live.push)(the_arena.pk, time.time() + arena_live.MIN_GAP)  # past the joins' push
    diff = await socket.receive_json_from(timeout=5)
    assert diff["type"] == "arena_diff" and diff["base"] == full["version"] and diff["version"] == full["version"] + 1
    assert [(r["u"], r["p"], r["h"]) for r in diff["rows"]] == [(players[1].pk, 4, 1)] and diff["gone"] == []

    await socket.send_json_to({"type": "full"})  # a page that saw a gap asks again
    again = await socket.receive_json_from(timeout=5)
    assert again["type"] == "arena_full" and again["version"] == diff["version"]
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_a_table_page_asks_which_arena_its_table_was_part_of(client, players, arena_of):
    the_arena = arena_of()
    for player in players:
        arena.join(player, the_arena, address=f"10.0.0.{player.pk}")
    table = ArenaTable.objects.get(arena=the_arena).table
    client.force_login(players[0])
    answer = client.get(f"/match/arenas/table/{table.pk}.json").json()
    assert answer == {"arena": the_arena.pk, "url": f"/match/arenas/{the_arena.pk}/", "more": True, "status": "running"}
    Arena.objects.filter(pk=the_arena.pk).update(starts_at=timezone.now() - timedelta(hours=2))  # time is up
    assert client.get(f"/match/arenas/table/{table.pk}.json").json()["more"] is False
    assert client.get("/match/arenas/table/999999.json").json() == {"arena": None}


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_the_event_page_asks_where_its_player_was_seated(client, players, arena_of):
    the_arena = arena_of()
    client.force_login(players[0])
    assert client.get(f"/match/arenas/{the_arena.pk}/me.json").json() == {"state": None, "url": None}
    for player in players:  # the fourth joins while three wait: seated at once (before the page is drawn)
        arena.join(player, the_arena, address=f"10.0.0.{player.pk}")
    table = ArenaTable.objects.get(arena=the_arena).table
    answer = client.get(f"/match/arenas/{the_arena.pk}/me.json").json()
    assert answer == {"state": "playing", "url": f"/tables/t/{table.pk}/"}
    html = client.get(f"/match/arenas/{the_arena.pk}/").content.decode()
    assert 'data-entry-state="playing"' in html and f'id="arena-resume" href="/tables/t/{table.pk}/"' in html
