"""The admin edits room timers and options and the bracket table: validated, audited, and from the next hand on."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from engine.hand import HandState, Phase
from ledger.models import Bracket
from operations.models import AuditAction, AuditEntry
from tables.models import Hand, Room

pytestmark = pytest.mark.django_db


def room_form(**changes: object) -> dict[str, object]:
    form: dict[str, object] = {
        "name": "",
        "turn_seconds": 20,
        "claim_seconds": 8,
        "grace_seconds": 60,
        "bot_wait_seconds": 15,
        "between_hands_seconds": 15,
        "bot_level": "normal",
        "bot_think_min_ms": 800,
        "bot_think_max_ms": 2000,
        "reason": "玩家反馈 players asked for more time",
    }
    form.update(changes)
    return {k: v for k, v in form.items() if v is not None}


def pinghe_10() -> Room:
    return Room.objects.get(variant="pinghe", base=10)


def test_the_admin_changes_timers_and_hanjin_and_it_is_recorded(as_staff, boss, brackets):
    room = pinghe_10()
    response = as_staff(boss).post(f"/admin/tables/room/{room.pk}/change/", room_form(turn_seconds=30, hanjin="on"))
    assert response.status_code == 302
    room.refresh_from_db()
    assert (room.turn_seconds, room.options) == (30, {"named_gold": True})  # the engine's name for 喊金
    entry = AuditEntry.objects.get(action=AuditAction.ROOM_CHANGE)
    assert entry.actor == boss and entry.reason == "玩家反馈 players asked for more time"
    assert entry.detail["changes"] == {
        "turn_seconds": {"from": 20, "to": 30},
        "options": {"from": {}, "to": {"named_gold": True}},
    }


@pytest.mark.parametrize(
    ("field", "value"),
    [("turn_seconds", 2), ("turn_seconds", 5000), ("claim_seconds", 0), ("grace_seconds", 5), ("reason", "")],
)
def test_out_of_bounds_settings_are_refused(as_staff, boss, brackets, field, value):
    room = pinghe_10()
    response = as_staff(boss).post(f"/admin/tables/room/{room.pk}/change/", room_form(**{field: value}))
    assert response.status_code == 200  # the form again, with the error
    room.refresh_from_db()
    assert (room.turn_seconds, room.claim_seconds, room.grace_seconds) == (20, 8, 60)
    assert not AuditEntry.objects.exists()


@pytest.mark.parametrize("role", ["li", "cai"])
def test_support_and_finance_may_only_look_at_rooms(request, as_staff, brackets, role):
    client = as_staff(request.getfixturevalue(role))
    room = pinghe_10()
    assert client.get(f"/admin/tables/room/{room.pk}/change/").status_code == 200
    assert client.post(f"/admin/tables/room/{room.pk}/change/", room_form(turn_seconds=30)).status_code == 403
    room.refresh_from_db()
    assert room.turn_seconds == 20


def test_a_running_hand_keeps_its_base_and_options(as_staff, boss, running_table):
    hand = Hand.objects.get(table=running_table, status="playing")
    client = as_staff(boss)
    client.post(f"/admin/tables/room/{running_table.room_id}/change/", room_form(hanjin="on"))
    rows = [(b.pk, b.min_balance, b.max_balance, 20 if b.base == 10 else b.base) for b in Bracket.objects.all()]
    assert client.post("/admin/ledger/bracket/table/", bracket_post(rows)).status_code == 302
    hand.refresh_from_db()
    running_table.room.refresh_from_db()
    assert (hand.base, hand.options) == (10, {})  # the running hand is untouched
    assert running_table.room.base == 20  # the room moved with its bracket: the next deal is at 20
    assert running_table.room.options == {"named_gold": True}


def bracket_post(
    rows: Sequence[tuple[int | None, int, int | None, int]], reason: str = "年度调整 yearly review"
) -> dict:
    data: dict[str, object] = {
        "audit-reason": reason,
        "form-TOTAL_FORMS": len(rows),
        "form-INITIAL_FORMS": sum(1 for r in rows if r[0]),
        "form-MAX_NUM_FORMS": 1000,
    }
    for n, (pk, low, high, base) in enumerate(rows):
        data |= {f"form-{n}-id": pk or "", f"form-{n}-min_balance": low, f"form-{n}-max_balance": high or ""}
        data[f"form-{n}-base"] = base
    return data


def current() -> list[tuple[int | None, int, int | None, int]]:
    return [(b.pk, b.min_balance, b.max_balance, b.base) for b in Bracket.objects.order_by("min_balance")]


def test_a_new_top_bracket_gets_rooms_and_the_change_is_recorded(as_staff, boss, brackets):
    rows = current()
    pk, low, _high, base = rows[-1]
    rows[-1] = (pk, low, 9_999_999, base)
    rows.append((None, 10_000_000, None, 100_000))
    assert as_staff(boss).post("/admin/ledger/bracket/table/", bracket_post(rows)).status_code == 302
    assert Room.objects.filter(base=100_000).count() == 4
    entry = AuditEntry.objects.get(action=AuditAction.BRACKET_CHANGE)
    assert entry.reason == "年度调整 yearly review"
    assert {"id": None, "min": 10_000_000, "max": None, "base": 100_000} not in entry.detail["before"]
    assert any(row["base"] == 100_000 for row in entry.detail["after"])


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda rows: rows.__setitem__(0, (rows[0][0], 160, 2000, 10)), "之间有空档"),
        (lambda rows: rows.__setitem__(0, (rows[0][0], 160, 3500, 10)), "重叠"),
        (lambda rows: rows.__setitem__(1, (rows[1][0], 3001, 6000, 5)), "底必须递增"),
    ],
)
def test_a_broken_table_is_refused_and_nothing_changes(as_staff, boss, brackets, change, error):
    before = current()
    rows = list(before)
    change(rows)
    response = as_staff(boss).post("/admin/ledger/bracket/table/", bracket_post(rows))
    assert error in response.content.decode()
    assert current() == before and not AuditEntry.objects.exists()


def test_the_bracket_table_needs_a_reason(as_staff, boss, brackets):
    rows = current()
    rows[0] = (rows[0][0], 160, 3000, 20)
    response = as_staff(boss).post("/admin/ledger/bracket/table/", bracket_post(rows, reason=""))
    assert response.status_code == 200
    assert Bracket.objects.get(min_balance=160).base == 10


@pytest.mark.parametrize("role", ["li", "cai"])
def test_support_and_finance_may_not_change_brackets(request, as_staff, brackets, role):
    rows = current()
    rows[0] = (rows[0][0], 160, 3000, 20)
    client = as_staff(request.getfixturevalue(role))
    assert client.post("/admin/ledger/bracket/table/", bracket_post(rows)).status_code == 403
    assert Bracket.objects.get(min_balance=160).base == 10


def test_hanjin_set_in_the_admin_reaches_the_next_deal(as_staff, boss, ming):
    """With 喊金 on, the next hand opens with the dealer naming the gold (engine phase NAME_GOLD)."""
    from tests.admin.conftest import deal_with_bots

    room = pinghe_10()
    as_staff(boss).post(f"/admin/tables/room/{room.pk}/change/", room_form(hanjin="on"))
    table = deal_with_bots(ming)
    hand = Hand.objects.get(table=table, number=1)
    assert hand.options == {"named_gold": True}
    state = HandState.from_json(hand.state)
    assert state.phase == Phase.NAME_GOLD and hand.dealer in state.to_act  # the dealer (阿明) names the gold


def test_a_bracket_inserted_in_the_middle_shifts_the_others_in_one_save(as_staff, boss, brackets):
    """Bounds move onto each other's old values (3001 → 6001 → ...): no transient clash while saving."""
    rows = current()
    (pk0, low0, _, base0), (pk1, *_), (pk2, _, high2, base2) = rows[:3]
    edited = [
        (pk0, low0, 3000, base0),
        (pk1, 6001, 10000, 60),  # was [3001, 6000] → 50
        (pk2, 10001, high2, base2),  # was [6001, 30000] → 100
        *rows[3:],
        (None, 3001, 6000, 50),  # the new bracket takes the old range
    ]
    response = as_staff(boss).post("/admin/ledger/bracket/table/", bracket_post(edited))
    assert response.status_code == 302, re.findall(r"errorlist.*?</ul>", response.content.decode(), re.S)
    got = {(low, high, base) for _, low, high, base in current()}
    assert {(3001, 6000, 50), (6001, 10000, 60), (10001, 30000, 100)} <= got
    assert Room.objects.filter(base=60).count() == 4  # bracket 1's rooms moved from 50 to 60...
    assert Room.objects.filter(base=50).count() == 4  # ...and the new bracket got rooms at 50
