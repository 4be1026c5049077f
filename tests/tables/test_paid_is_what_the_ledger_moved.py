"""Every coin shown is a coin moved (issue 40): a loser holding 5 coins owes 40 and pays 5, and every
reader — the live card's `settled` sheet, the stored sheet (replay, history), the player's record, the
weekly leaderboard and the balance chart — shows the 5 the ledger moved, not the 40 owed.

The deal is scripted (finished_hands.QIANGJIN): 小芳 (seat 1) robs the turned-up gold at the opening,
a 自摸 of 2番 at base 10, so the dealer 阿明 owes 40 and the other two 20 each. 阿明 is left with 5 coins
after the deal (an operator's debit), so the net balance floor (RULINGS "All variants") has him pay 5.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from engine.hand_script import arrange
from ledger import services as ledger
from tables.models import Hand
from tables.records import player_record, weekly_leaderboard
from tables.services import actions
from tests.tables.finished_hands import QIANGJIN

pytestmark = pytest.mark.django_db(transaction=True)

PAID = [-5, 45, -20, -20]  # 阿明 pays 5 of his 40; 小芳 gets 5 + 20 + 20
OWED = [-40, 80, -20, -20]


@pytest.fixture
def short_loser_hand(settings, four_players, seat_at_table) -> tuple[Hand, list[dict[str, Any]]]:
    """The hand played and settled; the `settled` event the table was told."""
    from tables.models import TableEvent

    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    settings.LEADERBOARD_MIN_HANDS = 1
    options = arrange("pinghe", dealer=0, hands=QIANGJIN, gold="8s")
    table = seat_at_table(four_players, "pinghe", options=options)
    hand = Hand.objects.get(table=table, number=1)
    assert hand.dealer == 0 and hand.players == [p.pk for p in four_players]
    ledger.debit(four_players[0], 995, by=None, reason="set up: 阿明 has 5 left", key="short")
    actions.act(table.pk, four_players[1].pk, "rob", {"type": "qiangjin", "tile": None})
    hand.refresh_from_db()
    assert hand.settled
    events = [e.public for e in TableEvent.objects.filter(table=table, kind="settled")]
    return hand, events


def test_the_ledger_moved_5_of_the_40_owed(short_loser_hand, four_players):
    assert [ledger.balance_of(p) for p in four_players] == [0, 1045, 980, 980]


def test_the_sheet_keeps_each_balance_after_the_hand_for_a_page_opened_later(short_loser_hand, four_players):
    from tables.services.snapshot import snapshot

    hand, events = short_loser_hand
    after = {"0": 0, "1": 1045, "2": 980, "3": 980}
    assert events[0]["balances"] == after
    assert snapshot(hand.table_id, 0)["last_result"]["sheet"]["balances_after"] == after  # the 余额 column


def test_the_live_card_is_told_what_was_paid(short_loser_hand):
    _hand, events = short_loser_hand
    sheet = events[0]["sheet"]
    assert sheet["posted"] and [row["paid"] for row in sheet["seats"]] == PAID
    assert [row["owed"] for row in sheet["seats"]] == OWED


def test_the_stored_sheet_is_what_was_paid(short_loser_hand):
    hand, _events = short_loser_hand
    assert [row["paid"] for row in hand.sheet["seats"]] == PAID
    assert {(t["payer"], t["paid"]) for t in hand.sheet["transfers"]} == {(0, 5), (2, 20), (3, 20)}


def test_the_replay_shows_what_was_paid(short_loser_hand, four_players):
    hand, _events = short_loser_hand
    page = logged_in(four_players[0]).get(f"/tables/hands/{hand.pk}/replay/").content.decode()
    assert 'data-paid="-5"' in page and 'data-paid="-40"' not in page


def test_history_shows_what_was_paid(short_loser_hand, four_players):
    page = logged_in(four_players[0]).get("/tables/history/").content.decode()
    assert 'data-paid="-5"' in page


def test_the_record_counts_what_was_paid(short_loser_hand, four_players):
    coins = [player_record(p.pk).total.coins for p in four_players]
    assert coins == PAID


def test_the_weekly_leaderboard_counts_what_was_paid(short_loser_hand, four_players):
    from django.core.cache import cache

    cache.clear()  # the week's board is cached for a minute: another test's may be there; read it as it is now
    board = {s.user_id: s.coins for s in weekly_leaderboard()["pinghe"]}
    assert [board[p.pk] for p in four_players] == PAID


def test_the_balance_chart_starts_from_the_real_balance_and_ends_at_the_ledger_s(short_loser_hand, four_players):
    series = player_record(four_players[0].pk).balance
    assert series[0][1] == 1000 and series[-1][1] == 0 == ledger.balance_of(four_players[0])


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- the sheet explains: every multiplier its own factor, the floor its own line, lines that add up ------

MING_ZH = ["抢金：底 10 × 2番 × 庄家 ×2 = −40（付给 小芳）", "余额不足，只付 5（少付 35）：+35", "合计 −5"]
MING_EN = [
    "Rob the gold (抢金): base 10 × 2 fan × dealer (庄家) ×2 = −40 (to 小芳)",
    "balance too low, pays only 5 (35 short): +35",
    "Total −5",
]
FANG_ZH = [  # the losers in playing order after the winner
    "抢金：底 10 × 2番 = +20（老王 付）",
    "抢金：底 10 × 2番 = +20（阿珍 付）",
    "抢金：底 10 × 2番 × 庄家 ×2 = +40（阿明 付）",
    "输家余额不足，少收 35：−35",
    "合计 +45",
]


def amounts(lines: list[str]) -> list[int]:
    """The signed amount each line ends its sum with (the last figure after '=' or '：')."""
    import re

    return [int(re.findall(r"([+−]\d+)", line)[-1].replace("−", "-")) for line in lines]


def test_each_seat_s_lines_add_up_to_what_it_paid(short_loser_hand):
    hand, events = short_loser_hand
    for code in ("zh-hans", "en"):
        words = hand.sheet["explained"][code]
        for seat, lines in enumerate(words["seats"]):
            assert sum(amounts(lines[:-1])) == amounts(lines[-1:])[0] == PAID[seat]
    assert events[0]["sheet"]["explained"] == hand.sheet["explained"]  # the live card's words are the replay's


def test_the_dealer_s_double_and_the_floor_are_lines_of_their_own(short_loser_hand):
    hand, _events = short_loser_hand
    zh, en = hand.sheet["explained"]["zh-hans"], hand.sheet["explained"]["en"]
    assert zh["seats"][0] == MING_ZH and en["seats"][0] == MING_EN
    assert zh["seats"][1] == FANG_ZH
    assert zh["rule"] is None and zh["notes"] == []  # a self-drawn win: no 点炮 rule to state


def test_the_replay_shows_the_same_lines_in_the_page_s_language(short_loser_hand, four_players):
    hand, _events = short_loser_hand
    client = logged_in(four_players[0])
    page = client.get(f"/tables/hands/{hand.pk}/replay/").content.decode()
    assert all(line in page for line in MING_ZH)
    client.cookies["django_language"] = "en"
    page = client.get(f"/tables/hands/{hand.pk}/replay/").content.decode()
    assert all(line in page for line in MING_EN) and "余额不足" not in page


def test_the_live_card_before_the_posting_reads_what_is_owed_in_words(short_loser_hand):
    """The hand_finished event's sheet (the card before the ledger posts) is worded too: no raw engine items."""
    from tables.models import TableEvent

    hand, _events = short_loser_hand
    finished = TableEvent.objects.get(table=hand.table, kind="hand_finished").public["sheet"]
    assert not finished.get("posted")
    zh, en = finished["explained"]["zh-hans"], finished["explained"]["en"]
    assert zh["seats"][0] == [MING_ZH[0], "合计 −40"] and en["seats"][0] == [MING_EN[0], "Total −40"]
    assert (zh["win_type"], en["win_type"]) == ("抢金", "Rob the gold (抢金)")
