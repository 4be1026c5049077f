"""Issue 40's "done when": hands played at a table, dealt to order, each settled by the ledger, and for each seat
the card's 实付 = the ledger's change = the record's coins = the weekly leaderboard's; each seat's lines (both
languages) add up to what it paid. The hands: a short loser paying the dealer's double (pinghe 抢金), a dealer
win and its 连庄 streak (nanping 天胡 twice), a 包 with a short liable player (guangdong 大三元), and 一炮三响
(guangdong). 阿明 (seat 0) deals; all four are people with 1000 coins."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone

from engine.actions import Action, Discard, QiangJin
from engine.hand import HandState, Phase
from engine.hand_script import arrange
from ledger import services as ledger
from ledger.models import Posting
from tables import records
from tables.models import Hand, TableEvent
from tables.services import actions, between_hands
from tests.engine.flow.harness import ALICE, BOB, CAROL, DAVE, PASS, PONG, WIN, D, deal_options
from tests.engine.flow.test_opening_wins import ALICE_COMPLETE
from tests.engine.guangdong import table as guangdong
from tests.engine.guangdong.test_flow_several_winners import ROUND_THEN_9S, THREE_WAITING
from tests.tables.finished_hands import QIANGJIN

pytestmark = pytest.mark.django_db(transaction=True)


class Story:
    """Four people at a table playing a scripted deal through the table's own service, as their sockets would."""

    def __init__(self, table: Any, players: list[Any]) -> None:
        self.table, self.players = table, players

    def hand(self) -> Hand:
        return Hand.objects.filter(table=self.table).order_by("-number").first()  # type: ignore[return-value]

    def state(self) -> HandState:
        return HandState.from_json(self.hand().state)

    def play(self, *moves: tuple[int, Action]) -> None:
        for seat, action in moves:
            actions.act(self.table.pk, self.players[seat].pk, None, action.to_json())

    def everyone_passes(self) -> None:
        self.play(*((seat, PASS) for seat in self.state().to_act))

    def throw_drawn(self, *seats: int) -> None:
        """Each seat in turn discards what it drew; nobody claims it."""
        for seat in seats:
            state = self.state()
            drawn = state.seats[seat].drawn
            assert state.phase == Phase.TURN and state.turn == seat and drawn is not None
            self.play((seat, Discard(drawn)))
            if self.state().phase == Phase.CLAIM:
                self.everyone_passes()

    def next_hand(self) -> None:
        """Everyone readies (with a socket open: the absent stand up before a deal), and the hand is dealt."""
        self.table.seats.update(connections=1, last_seen=timezone.now())
        for player in self.players:
            between_hands.set_ready(self.table.pk, player.pk)


@pytest.fixture
def story(settings, four_players, seat_at_table):
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    settings.LEADERBOARD_MIN_HANDS = 1
    yield from _storytelling(four_players, seat_at_table)
    cache.clear()  # the leaderboard read here is cached: no other test may see it


def _storytelling(four_players, seat_at_table):

    def at(variant: str, options: dict[str, Any]) -> Story:
        return Story(seat_at_table(four_players, variant, options=options), four_players)

    yield at


# --- what every reader shows ------------------------------------------------------------------


def card_paid(hand: Hand) -> list[int]:
    """实付 on the live card: the `settled` event's sheet."""
    event = TableEvent.objects.get(table=hand.table, kind="settled", public__hand_id=hand.pk)
    return [row["paid"] for row in event.public["sheet"]["seats"]]


def ledger_change(hand: Hand) -> list[int]:
    moved = dict(
        Posting.objects.filter(transaction__idempotency_key=f"hand:{hand.pk}:settlement").values_list(
            "account__user_id", "amount"
        )
    )
    return [moved.get(user_id, 0) for user_id in hand.players]


def amounts(lines: list[str]) -> list[int]:
    """Each line's signed amount (its last signed figure; a total of nothing is "0")."""
    return [int((re.findall(r"([+−]\d+)", line) or ["0"])[-1].replace("−", "-")) for line in lines]


def assert_every_reader_agrees(hands: list[Hand]) -> None:
    by_variant: dict[str, dict[int, int]] = {}
    for hand in hands:
        hand.refresh_from_db()
        moved = ledger_change(hand)
        assert card_paid(hand) == moved == [records.outcome(hand, s).paid for s in range(4)], hand
        assert sum(moved) == 0
        assert hand.sheet is not None
        for code, words in hand.sheet["explained"].items():
            for seat, lines in enumerate(words["seats"]):
                assert sum(amounts(lines[:-1])) == amounts(lines[-1:])[0] == moved[seat], (code, lines)
        for seat, user_id in enumerate(hand.players):
            by_variant.setdefault(hand.variant, {}).setdefault(user_id, 0)
            by_variant[hand.variant][user_id] += moved[seat]
    cache.clear()  # the leaderboard is cached for a minute: read it as it is now
    board = records.weekly_leaderboard()
    for variant, totals in by_variant.items():
        assert {s.user_id: s.coins for s in board[variant]} == totals


def lines_of(hand: Hand, seat: int, language: str = "zh-hans") -> list[str]:
    hand.refresh_from_db()
    assert hand.sheet is not None
    return hand.sheet["explained"][language]["seats"][seat]


# --- the hands -------------------------------------------------------------------------------


def test_a_short_loser_pays_the_dealer_s_double_down_to_his_balance(story, four_players):
    table = story("pinghe", arrange("pinghe", dealer=0, hands=QIANGJIN, gold="8s"))
    ledger.debit(four_players[0], 995, by=None, reason="set up: 阿明 has 5 left", key="short")
    table.play((BOB, QiangJin(None)))
    hand = table.hand()
    assert lines_of(hand, ALICE)[:2] == [
        "抢金：底 10 × 2番 × 庄家 ×2 = −40（付给 小芳）",
        "余额不足，只付 5（少付 35）：+35",
    ]
    assert_every_reader_agrees([hand])


def test_the_dealer_wins_twice_and_the_streak_is_a_line_of_its_own(story):
    table = story("nanping", deal_options("nanping", {ALICE: ALICE_COMPLETE}))
    table.play((ALICE, WIN))
    table.everyone_passes()
    first = table.hand()
    assert first.settled and lines_of(first, BOB)[0] == "天胡：底 10 × 4番 × 连庄 ×2 = −80（付给 阿明）"
    table.next_hand()
    table.play((ALICE, WIN))
    table.everyone_passes()
    second = table.hand()
    assert second.number == 2 and second.streak == 2 and second.settled
    assert lines_of(second, BOB)[0] == "天胡：底 10 × 4番 × 连庄 ×3 = −120（付给 阿明）"
    assert lines_of(second, BOB, "en")[0].startswith("Heavenly hand (天胡): base 10 × 4 fan × dealer streak")
    assert_every_reader_agrees([first, second])


def test_the_feeder_of_the_third_dragon_is_liable_and_pays_what_he_has(story):
    bob = "55z66z77z123m99p4m1z"
    table = story("guangdong", guangdong.deal_options({ALICE: "5z", BOB: bob}, live="6z1p1s7z1p1s9m9p"))
    table.play((ALICE, D("5z")), (BOB, PONG), (BOB, D("1z")))
    table.play((CAROL, D("6z")), (BOB, PONG), (BOB, D("4m")))
    table.throw_drawn(CAROL, DAVE)
    table.play((ALICE, D("7z")), (BOB, PONG), (BOB, D("9p")))  # 阿明 feeds the third dragon: he is liable (包)
    table.throw_drawn(CAROL, DAVE, ALICE)
    table.play((BOB, WIN))
    hand = table.hand()
    lines = lines_of(hand, ALICE)
    assert lines[0] == "自摸(包)：底 10 × 64分（6番） × 包三家 ×3 = −1920（付给 小芳）"
    assert lines[1] == "余额不足，只付 1000（少付 920）：+920"
    assert_every_reader_agrees([hand])


def test_three_win_on_one_discard_and_each_is_a_line_of_the_discarder_s(story):
    table = story("guangdong", guangdong.deal_options(THREE_WAITING, live=ROUND_THEN_9S))
    table.play((ALICE, D("7z")))
    table.throw_drawn(BOB, CAROL, DAVE)
    table.play((ALICE, D("9s")), (BOB, WIN), (CAROL, WIN), (DAVE, WIN))
    hand = table.hand()
    lines = lines_of(hand, ALICE)
    assert len(lines) == 4 and all("一炮多响：3 家胡同一张牌" in line for line in lines[:3])
    assert amounts(lines) == [-80, -80, -80, -240]
    assert_every_reader_agrees([hand])
