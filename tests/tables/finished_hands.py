"""Finished hands for the record and leaderboard stories: real engine hands dealt to order
(engine.hand_script.arrange), played to their end and stored as the tables store a finished hand.

- pinghe, 抢金: the first seat after the dealer holds a ready hand and robs the turned-up gold at the
  opening (a self-drawn win, paid by all three others);
- guangdong, 食胡: the dealer discards 9s and the next seat wins on it (the dealer dealt in).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from engine.actions import Discard, QiangJin, Win
from engine.hand import HandState, apply, new_hand, pass_for_idle_seats
from engine.hand_script import arrange
from engine.sheet import with_posted_transfers
from engine.tiles import Tile
from tables.models import Hand, HandStatus, Room, Table

QIANGJIN = ["1357m1357p1357s1234z9s", "123456789m456p999s8s", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]
DIANPAO = ["1357m1357p1357s2z9s", "123456789m456p9s", "1357m1357p1357s5z", "2468m2468p2468s7z"]


def qiangjin_hand(streak: int = 1) -> HandState:
    state = new_hand("pinghe", seed="qj", dealer=0, streak=streak, base=10,
                     options=arrange("pinghe", dealer=0, hands=QIANGJIN, gold="8s"))  # fmt: skip
    return settled(apply(state, 1, QiangJin(None)).state)


def dianpao_hand(streak: int = 1) -> HandState:
    state = new_hand("guangdong", seed="dp", dealer=0, streak=streak, base=10,
                     options=arrange("guangdong", dealer=0, hands=DIANPAO))  # fmt: skip
    state = settled(apply(settled(state), 0, Discard(Tile.parse("9s"))).state)
    return settled(apply(state, 1, Win()).state)


def settled(state: HandState) -> HandState:
    """After the passes the table makes for seats with nothing to answer (as a table does at once)."""
    return pass_for_idle_seats(state).state


def store(state: HandState, players: list[Any], finished_at: Any = None) -> Hand:
    """The finished hand as the tables keep it once settled, every loser having paid in full (what a short
    loser sees is tests/tables/test_paid_is_what_the_ledger_moved.py's story); seats 2 and 3 are house bots."""
    room, _ = Room.objects.get_or_create(variant=state.variant, base=10)
    table = Table.objects.create(room=room)
    assert state.finished and state.sheet is not None
    return Hand.objects.create(
        table=table, number=1, variant=state.variant, base=10, seed=state.seed, commitment="-",
        dealer=state.dealer, streak=state.streak, players=[p.pk for p in players], bots=[2, 3],
        state=state.to_json(), status=HandStatus.FINISHED, settled=True, sheet=paid_in_full(state.sheet.to_json()),
        finished_at=finished_at or timezone.now(),
    )  # fmt: skip


def paid_in_full(sheet: dict[str, Any]) -> dict[str, Any]:
    return with_posted_transfers(sheet, sheet["transfers"])


def house_bots(make_player: Any) -> list[Any]:
    """Two house bot users (they sit in seats 2 and 3 of the stored hands)."""
    return [make_player("~bot1"), make_player("~bot2")]
