"""A socket's close is quick bookkeeping on the socket's server: when the last person at a table goes,
the bots' moves become a task due now (tables.tasks.play_due_bot), which the worker runs, instead of
the rest of the hand being played inside the close. Under a burst of closes daphne kills a close that
takes over 10 s, and its bookkeeping never runs (issue 17's capacity run: phantom seats).

Story: the four players connect and hand their seats to 托管, then close one after another (a
disconnected player who had not asked for 托管 keeps the seat: see test_a_blip_keeps_the_seat.py).
The last close makes no move and queues the bots' task; the task plays the hand to its end. The
deal is scattered, so the hand is still running when the last socket closes.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery import current_app

from tables.models import Hand, HandStatus
from tables.services import actions, jobs, presence

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_last_close_leaves_the_bots_to_the_worker(
    four_players, seat_at_table, scattered_deal, monkeypatch, settings
):
    settings.TABLES_BOT_PACING = True  # while the last player watches, the bots take their think time
    queued: list[tuple[tuple[int, ...], object]] = []
    task = current_app.tasks[jobs.PLAY_DUE_BOT]
    monkeypatch.setattr(task, "apply_async", lambda args, eta: queued.append((tuple(args), eta)))
    table = seat_at_table(four_players, "pinghe", options=scattered_deal)
    for player in four_players:
        presence.connected(table.pk, player.pk)
    for player in four_players:  # 托管 everywhere; the last player still watches the bots play, paced
        actions.set_auto(table.pk, player.pk, True)
    for player in four_players[:-1]:
        presence.disconnected(table.pk, player.pk)
    hand = Hand.objects.get(table=table, status=HandStatus.PLAYING)
    version, queued[:] = hand.state_version, []

    presence.disconnected(table.pk, four_players[-1].pk)

    hand.refresh_from_db()
    assert hand.state_version == version  # no move made in the close
    assert queued == [((hand.pk, version), hand.bot_due)] and hand.bot_due is not None
    assert actions.play_due_bot(hand.pk, version, hand.bot_due + timedelta(milliseconds=1))
    hand.refresh_from_db()
    assert hand.status == HandStatus.FINISHED  # nobody watching: the worker's task plays it out at once
