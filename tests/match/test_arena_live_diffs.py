"""The standings an arena's watchers get: a push at most once a second however many hands settle, and each push
carries only the rows that changed (a diff against the last snapshot, numbered), so hundreds of watchers cost one
small group send a second."""

from __future__ import annotations

import time

import pytest

from match import arena, arena_live
from match.arena_live import diff
from match.models import ArenaEntry


def row(user: int, points: int = 0, hands: int = 0) -> dict[str, int]:
    return {"u": user, "p": points, "h": hands}


@pytest.mark.parametrize(
    ("before", "after", "changed", "gone"),
    [
        ([row(1), row(2)], [row(1), row(2)], [], []),  # nothing moved: an empty diff
        ([row(1), row(2)], [row(2, 3, 1), row(1)], [row(2, 3, 1)], []),  # one hand scored: one row
        ([row(1)], [row(1), row(2)], [row(2)], []),  # a player joined
        ([row(1), row(2)], [row(2)], [], [1]),  # a row no longer there (an operator removed it)
    ],
)
def test_a_push_carries_only_what_changed(before, after, changed, gone):
    assert diff(before, after) == (changed, gone)


def test_many_changes_in_a_second_queue_one_push(players, arena_of, monkeypatch):
    queued: list[int] = []
    monkeypatch.setattr("match.tasks.push_arena.apply_async", lambda args, countdown: queued.append(args[0]))
    the_arena = arena_of()
    assert arena_live.announce(the_arena.pk) and not arena_live.announce(the_arena.pk)
    assert queued == [the_arena.pk]


def test_versions_follow_each_other_and_the_snapshot_is_what_a_new_page_gets(players, arena_of, monkeypatch):
    sent: list[dict] = []

    async def group_send(group: str, message: dict) -> None:
        sent.append(message)

    monkeypatch.setattr("match.arena_live.get_channel_layer", lambda: type("L", (), {"group_send": group_send}))
    the_arena = arena_of()
    for player in players:
        arena.join(player, the_arena)  # not paired here: on_commit does not run in this test
    assert arena_live.full_frame(the_arena.pk)["version"] == 0
    ArenaEntry.objects.filter(user=players[1]).update(points=3, hands=1, reached_at=1)
    assert arena_live.push(the_arena.pk) == 1
    assert arena_live.push(the_arena.pk, time.time() + arena_live.MIN_GAP) == 0
    assert [(m["base"], m["version"], [r["n"] for r in m["rows"]]) for m in sent] == [(0, 1, ["小芳"]), (1, 2, [])]
    frame = arena_live.full_frame(the_arena.pk)
    assert frame["version"] == 2 and frame["rows"][0]["n"] == "小芳"


def test_a_push_too_soon_after_the_last_send_is_put_off(players, arena_of, monkeypatch):
    """A push that ran late, then the next one on time: the second waits until MIN_GAP after the first's send,
    so no watcher gets two within a second, whatever the worker's delays."""
    sent: list[dict] = []
    requeued: list[float] = []

    async def group_send(group: str, message: dict) -> None:
        sent.append(message)

    monkeypatch.setattr("match.arena_live.get_channel_layer", lambda: type("L", (), {"group_send": group_send}))
    monkeypatch.setattr("match.tasks.push_arena.apply_async", lambda args, countdown: requeued.append(countdown))
    the_arena = arena_of()
    monkeypatch.setattr("match.pushes.time.time", lambda: 1000.0)
    assert arena_live.push(the_arena.pk) == 0 and len(sent) == 1
    assert arena_live.push(the_arena.pk, now=1000.4) == -1  # 0.4 s after the send: put off
    assert len(sent) == 1 and requeued == [pytest.approx(arena_live.MIN_GAP - 0.4)]
    assert arena_live.push(the_arena.pk, now=1000.0 + arena_live.MIN_GAP) == 0 and len(sent) == 2
