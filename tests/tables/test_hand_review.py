"""The hand review (牌谱分析) of a played hand: made by a task after settlement and stored, opened
instantly from the replay page and the history, shown only to the seat's player and operators.

The hand is played by bots (阿明 on 托管), so it may end at any point, even at its opening:
every check here holds for any outcome.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from engine.cli import main
from engine.review import Replay, review
from tables.models import HandReview
from tables.services.review import replay_document, store_reviews
from tests.conftest import hand_played_by_bots

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished_hand(make_player, funded):
    ming = funded(make_player("ming", "阿明"), 1000)
    return ming, hand_played_by_bots(ming)


def embedded_review(page: str):
    start = page.index('<script id="replay-review" type="application/json">') + len(
        '<script id="replay-review" type="application/json">'
    )
    return json.loads(page[start : page.index("</script>", start)])


def test_the_settled_hand_has_a_stored_review_of_the_players_seat_only(finished_hand):
    ming, hand = finished_hand
    seat = hand.seat_of(ming.pk)
    assert hand.settled
    stored = HandReview.objects.get(hand=hand)  # the bots' seats are not reviewed
    assert stored.seat == seat
    expected = review(Replay.from_json(replay_document(hand)), seat).to_json()
    assert stored.data == expected and stored.efficiency == expected["summary"]["efficiency"]
    assert store_reviews(hand.pk) == 0  # a second run stores nothing more


def test_the_replay_page_shows_the_players_own_review_beside_the_steps(client, finished_hand):
    ming, hand = finished_hand
    client.force_login(ming)
    page = client.get(reverse("tables:replay", args=[hand.pk])).content.decode()
    shown = embedded_review(page)
    assert shown["seat"] == hand.seat_of(ming.pk) and shown == HandReview.objects.get(hand=hand).data
    assert 'id="review-summary"' in page and "tables/review.js" in page
    assert f'data-costly="{shown["summary"]["costly"]}"' in page


def test_a_player_never_opens_another_seats_review(client, finished_hand, make_player):
    ming, hand = finished_hand
    other = (hand.seat_of(ming.pk) + 1) % 4
    HandReview.objects.create(hand=hand, seat=other, data={"seat": other, "summary": {}, "decisions": []})
    client.force_login(ming)
    page = client.get(reverse("tables:replay", args=[hand.pk]) + f"?seat={other}").content.decode()
    assert embedded_review(page)["seat"] == hand.seat_of(ming.pk)
    client.force_login(make_player("stranger", "路人"))
    assert client.get(reverse("tables:replay", args=[hand.pk])).status_code == 302
    assert client.get(reverse("tables:replay_file", args=[hand.pk])).status_code == 403


def test_an_operator_may_open_any_reviewed_seat(client, finished_hand, make_player):
    ming, hand = finished_hand
    operator = make_player("op", "运营", is_staff=True)
    client.force_login(operator)
    seat = hand.seat_of(ming.pk)
    page = client.get(reverse("tables:replay", args=[hand.pk]) + f"?seat={seat}").content.decode()
    assert embedded_review(page)["seat"] == seat


def test_a_review_not_made_yet_is_asked_for_when_opened(client, finished_hand):
    ming, hand = finished_hand
    HandReview.objects.filter(hand=hand).delete()  # as if the task after settlement was lost
    client.force_login(ming)
    page = client.get(reverse("tables:replay", args=[hand.pk])).content.decode()
    assert 'id="review-pending"' in page and embedded_review(page) is None
    assert HandReview.objects.filter(hand=hand, seat=hand.seat_of(ming.pk)).exists()  # the task ran (eagerly)
    assert 'id="review-summary"' in client.get(reverse("tables:replay", args=[hand.pk])).content.decode()


def test_the_history_links_the_review_with_its_efficiency(client, finished_hand):
    ming, hand = finished_hand
    client.force_login(ming)
    history = client.get(reverse("tables:history")).content.decode()
    assert reverse("tables:replay", args=[hand.pk]) + "#review" in history
    efficiency = HandReview.objects.get(hand=hand).efficiency
    assert (f"效率 {efficiency}%" if efficiency is not None else "分析") in history


def test_the_replay_file_gives_the_same_review_on_the_command_line(client, finished_hand, tmp_path, capsys):
    ming, hand = finished_hand
    client.force_login(ming)
    response = client.get(reverse("tables:replay_file", args=[hand.pk]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    path = tmp_path / "hand.json"
    path.write_bytes(response.content)
    seat = hand.seat_of(ming.pk)
    assert main(["review", str(path), "--seat", str(seat)]) == 0
    assert json.loads(capsys.readouterr().out) == HandReview.objects.get(hand=hand).data


def test_the_summary_is_worded_in_the_players_language(client, finished_hand):
    ming, hand = finished_hand
    client.force_login(ming)
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    summary = HandReview.objects.get(hand=hand).data["summary"]
    page = client.get(reverse("tables:replay", args=[hand.pk])).content.decode()
    costly = "1 costly discard" if summary["costly"] == 1 else f"{summary['costly']} costly discards"
    assert costly in page and "Hand review" in page
    assert (f"efficiency {summary['efficiency']}%" if summary["efficiency"] is not None else "no discards") in page
