"""A disputed hand: its sheet, the ledger transaction it produced, the replay, and the seed commitment check."""

from __future__ import annotations

import hashlib

import pytest
from django.urls import reverse

from ledger.models import Transaction, TransactionKind

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("role", ["li", "cai", "boss"])
def test_every_role_reads_a_hands_record(request, as_staff, won_hand, role):
    client = as_staff(request.getfixturevalue(role))
    page = client.get(reverse("admin:tables_hand_change", args=[won_hand.pk])).content.decode()
    settlement = Transaction.objects.get(reference=f"hand:{won_hand.pk}", kind=TransactionKind.HAND_SETTLEMENT)
    assert 'id="hand-sheet"' in page and str(won_hand.sheet["seats"][0]["owed"]) in page
    assert reverse("admin:ledger_transaction_change", args=[settlement.pk]) in page
    assert reverse("tables:replay", args=[won_hand.pk]) in page
    assert hashlib.sha256(won_hand.seed.encode()).hexdigest() == won_hand.commitment
    assert won_hand.seed in page and "✓ 种子与承诺一致" in page and "✓ 种子加动作记录重放出本局" in page


def test_the_replay_opens_for_staff(as_staff, li, won_hand):
    page = as_staff(li).get(reverse("tables:replay", args=[won_hand.pk])).content.decode()
    assert "✓ 种子与承诺一致" in page


def test_the_hand_list_filters_by_variant_and_settled(as_staff, li, won_hand):
    client = as_staff(li)
    listing = client.get("/admin/tables/hand/?variant__exact=pinghe&settled__exact=1").content.decode()
    assert f"/admin/tables/hand/{won_hand.pk}/change/" in listing
    assert (
        f"/admin/tables/hand/{won_hand.pk}/change/"
        not in client.get("/admin/tables/hand/?variant__exact=erren").content.decode()
    )


def test_nobody_edits_or_deletes_a_hand(as_staff, boss, won_hand):
    client = as_staff(boss)
    page = client.get(reverse("admin:tables_hand_change", args=[won_hand.pk])).content.decode()
    assert 'name="sheet"' not in page
    assert client.post(reverse("admin:tables_hand_delete", args=[won_hand.pk])).status_code == 403


def test_the_record_links_each_reviewed_seats_review(as_staff, li, ming, won_hand):
    from tables.models import HandReview

    seat = won_hand.seat_of(ming.pk)
    review = HandReview.objects.get(hand=won_hand, seat=seat)  # made after the settlement; bots' seats are not
    page = as_staff(li).get(reverse("admin:tables_hand_change", args=[won_hand.pk])).content.decode()
    link = f"{reverse('tables:replay', args=[won_hand.pk])}?seat={seat}#review"
    assert link in page and f"效率 {review.efficiency if review.efficiency is not None else '—'}%" in page
    replay = as_staff(li).get(link).content.decode()
    assert f'"seat": {seat}' in replay and 'id="review-summary"' in replay
