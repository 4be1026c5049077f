"""Coin farming (风控), with a scripted ring: 甲 (`jia`) opens private erren tables; 乙 (`yi`), his feeder,
joins, escapes mid-hand and loses, hand after hand, so the coins flow to 甲; then 乙 asks for relief.

The ring's hands are scripted rows at real private tables; their coins move through the real settlement
and escape-penalty postings. Relief needs hands in public rooms since the last claim, so the feeder is
refused; the beat task scores the pair on top, the one-sided flow and the hands listed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from coins.models import CoinPolicy, RiskPair
from coins.risk import score_pairs
from coins.services import PublicHandsNeeded, claim_relief, public_hands_since_relief, relief_status
from ledger import services as ledger
from tables.models import Hand
from tables.services.settlement import post_hand_settlement
from tests.coins.ring import finished_hand, public_hand, ring_hand, same_browser, table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _farming_policy() -> None:
    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=2, risk_min_hands=3, risk_window_days=7)


@pytest.fixture
def jia(make_player, funded):
    return funded(make_player("jia", "甲"), 1000)


@pytest.fixture
def yi(make_player, funded):
    return funded(make_player("yi", "乙"), 170)


def test_the_ring_drains_the_feeder_and_his_relief_is_refused(jia, yi):
    for _lap in range(4):
        ring_hand(jia, yi)
    assert ledger.balance_of(yi) < (ledger.minimum_to_sit() or 0)
    status = relief_status(yi)
    assert isinstance(status.refusal, PublicHandsNeeded)
    assert "公共房间打完 2 局" in str(status.refusal) and "已打 0 局" in str(status.refusal)
    with pytest.raises(PublicHandsNeeded):
        claim_relief(yi)


def test_hands_in_public_rooms_since_the_last_claim_earn_the_next(jia, yi):
    for _lap in range(4):
        ring_hand(jia, yi)
    public_hand(yi)
    assert isinstance(relief_status(yi).refusal, PublicHandsNeeded)
    public_hand(yi)
    claim_relief(yi)  # two public hands: paid
    assert public_hands_since_relief(yi, 2) == 0  # and the count starts again


def test_hands_before_the_last_claim_and_private_ones_do_not_count(yi):
    finished_hand(table(private=False, variant="pinghe"), [yi.pk, -1, -2, -3], bots=(1, 2, 3), ago=timedelta(days=400))
    finished_hand(table(private=True), [yi.pk, -1], bots=(1,))
    assert public_hands_since_relief(yi, 2) == 0
    public_hand(yi)
    assert public_hands_since_relief(yi, 2) == 1


def test_a_hand_a_bot_played_for_him_from_the_deal_does_not_count(yi):
    for _ in range(2):
        finished_hand(table(private=False, variant="pinghe"), [yi.pk, -1, -2, -3], bots=(0, 1, 2, 3))
    assert public_hands_since_relief(yi, 2) == 0


def test_the_beat_task_puts_the_ring_on_top_with_its_hands(jia, yi, make_player, funded):
    ring = [ring_hand(jia, yi) for _lap in range(4)]
    lan, mei = funded(make_player("lan", "阿兰"), 1000), funded(make_player("mei", "阿梅"), 1000)
    for lap in range(6):  # friends who win and lose in turn
        hand = finished_hand(table(private=True), [lan.pk, mei.pk])
        post_hand_settlement(str(hand.pk), [lan.pk, mei.pk], [(lap % 2, 1 - lap % 2, 40)])
    for _ in range(2):  # too few hands together to be scored
        finished_hand(table(private=False, variant="pinghe"), [jia.pk, lan.pk, -1, -2], bots=(2, 3))
    assert score_pairs() == 2
    top, fair = RiskPair.objects.all()
    assert (top.first, top.second) == (jia, yi)
    assert top.hands_together == top.private_hands == 4 and top.one_sidedness == 1.0
    assert top.to_first == 170 - ledger.balance_of(yi) and top.to_second == 0
    assert top.score == 4.0 and sorted(top.hands) == sorted(h.pk for h in ring)
    assert (fair.first, fair.second) == (lan, mei) and fair.one_sidedness == 0.0 and fair.score == 0.0


def test_hands_outside_the_window_are_not_scored(jia, yi):
    for _lap in range(4):
        Hand.objects.filter(pk=ring_hand(jia, yi).pk).update(finished_at=timezone.now() - timedelta(days=8))
    assert score_pairs() == 0


def test_the_beat_runs_the_scoring():
    import coins.tasks  # noqa: F401 - registers the task
    from config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["coins-score-pairs"]
    assert entry["task"] == "coins.tasks.score_pairs" and entry["task"] in app.tasks


def test_a_ring_from_one_browser_is_marked(jia, yi):
    same_browser(jia, yi)
    for _lap in range(4):
        ring_hand(jia, yi)
    score_pairs()
    assert RiskPair.objects.get().shared_client
