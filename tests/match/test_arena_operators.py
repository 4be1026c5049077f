"""Operators run arenas from the admin: finance schedules one (fee and prizes), every change is audited; support
reads but may not change them; cancelling refunds the fees and is audited; the accounts joined from one client
address are shown flagged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ledger import services as ledger
from match import arena
from match.models import Arena, ArenaStatus
from operations.models import AuditAction, AuditEntry
from tables.models import Room

pytestmark = pytest.mark.django_db


NO_ENTRIES = {"entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0"}  # the read-only entries' management form


def arena_form(**changes: object) -> dict[str, object]:
    start = timezone.localtime(timezone.now() + timedelta(days=1))
    room = Room.objects.get(variant="guangdong", base=10)
    data = {
        "name": "周末竞技场", "room": room.pk, "starts_at_0": start.strftime("%Y-%m-%d"),
        "starts_at_1": start.strftime("%H:%M:%S"), "minutes": 60, "entry_fee": 100, "prizes": "[3000, 1000]",
        "pool_split": "[50, 30, 20]", "min_hands": 3, "bot_wait_seconds": 30, "reason": "周末活动", **NO_ENTRIES,
    }  # fmt: skip
    data.update(changes)
    return data


def test_finance_schedules_an_arena_audited(client, cai, match_rooms):
    client.force_login(cai)
    reply = client.post("/admin/match/arena/add/", arena_form())
    assert reply.status_code == 302, reply.content.decode()[:3000]
    made = Arena.objects.get(name="周末竞技场")
    assert (made.entry_fee, made.prizes, made.status) == (100, [3000, 1000], ArenaStatus.SCHEDULED)
    assert AuditEntry.objects.filter(action=AuditAction.ARENA_CHANGE, reason="周末活动").exists()


def test_support_reads_arenas_but_cannot_schedule_them(client, li, match_rooms):
    client.force_login(li)
    assert client.get("/admin/match/arena/").status_code == 200
    assert client.post("/admin/match/arena/add/", arena_form()).status_code == 403
    assert not Arena.objects.exists()


def test_a_pool_split_over_100_percent_is_refused(client, cai, match_rooms):
    client.force_login(cai)
    reply = client.post("/admin/match/arena/add/", arena_form(pool_split="[80, 30]"))
    assert reply.status_code == 200 and "100%" in reply.content.decode()
    assert not Arena.objects.exists()


def test_cancelling_in_the_admin_refunds_the_fees_audited(client, cai, players, arena_of):
    the_arena = arena_of(entry_fee=100)
    for player in players:
        arena.join(player, the_arena, address="198.51.100.7")
    client.force_login(cai)
    page = client.get(f"/admin/match/arena/{the_arena.pk}/change/").content.decode()
    shown = arena.address_digest("198.51.100.7")[:8]  # a digest, never the address itself
    assert f"{shown}…: ming, fang, wang, zhen" in page and "198.51.100.7" not in page
    data = {"cancel": "on", "reason": "服务器维护", **NO_ENTRIES}
    reply = client.post(f"/admin/match/arena/{the_arena.pk}/change/", data)
    assert reply.status_code == 302, reply.content.decode()[:3000]
    the_arena.refresh_from_db()
    assert the_arena.status == ArenaStatus.CANCELLED
    assert [ledger.balance_of(p) for p in players] == [2000] * 4
    assert AuditEntry.objects.filter(action=AuditAction.ARENA_CANCEL, reason="服务器维护").exists()
