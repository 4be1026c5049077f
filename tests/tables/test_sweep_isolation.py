"""One table the sweeper cannot handle (here a hand whose stored state no longer loads) is logged and
counted; every other table still gets its timeout, grace period and deal in the same sweep."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tests.conftest import deal_running_with_bots


def test_a_broken_table_does_not_stop_the_sweep_for_the_others(ming, fang, funded, room, caplog):
    from tables.models import Hand, Seat
    from tables.services.sweeper import sweep_now

    room("pinghe", 10)
    broken_table = deal_running_with_bots(funded(ming))
    healthy_table = deal_running_with_bots(funded(fang))
    assert broken_table.pk != healthy_table.pk
    broken = Hand.objects.get(table=broken_table, status="playing")
    Hand.objects.filter(pk=broken.pk).update(state={"not": "a hand"})  # swept first: the lower id

    # Both deadlines and both grace periods (neither player ever opened a socket) are long past.
    done = sweep_now(timezone.now() + timedelta(minutes=5))
    assert done["failed"] == 2  # the broken table's timeout and its player's grace period
    assert done["timeouts"] == 1  # the healthy table's
    assert Seat.objects.get(table=healthy_table, user=fang).auto  # 托管: the bot played 小芳's turn
    assert not Seat.objects.get(table=broken_table, user=ming).auto  # that transaction rolled back
    assert f"fire_deadline({broken.pk}," in caplog.text
