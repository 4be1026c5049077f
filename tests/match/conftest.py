"""Match zone stories: four players at a guangdong match room, a season running now, and finished hands
scored by the engine's own guangdong settlement (engine.games.guangdong.scoring), stored as a table stores them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from engine.games.guangdong.fans import WinWay
from engine.games.guangdong.scoring import GuangdongHand, Winner, settle
from engine.sheet import Meld
from engine.tiles import parse_tiles
from tests.conftest import run_seed_migration


@pytest.fixture
def match_rooms(rooms) -> None:
    """Guangdong at every bracket in the match zone, as the match migration marks them."""
    run_seed_migration("match.migrations.0002_guangdong_match_rooms")


@pytest.fixture
def season(db):
    """This month's season: it started a day ago and ends in a week (pass price 500)."""
    from match.models import Season

    now = timezone.now()
    return Season.objects.create(name="测试赛季", starts_at=now - timedelta(days=1), ends_at=now + timedelta(days=7))


@pytest.fixture
def players(make_player, funded):
    """阿明, 小芳, 老王 and 阿珍, 2000 coins each (the base-10 bracket)."""
    names = [("ming", "阿明"), ("fang", "小芳"), ("wang", "老王"), ("zhen", "阿珍")]
    return [funded(make_player(u, n), 2000) for u, n in names]


@pytest.fixture
def holders(players, season):
    """Every player holds this season's pass (granted: no coins move)."""
    from match.models import MatchPass, PassSource

    for player in players:
        MatchPass.objects.create(user=player, season=season, source=PassSource.GRANTED, reason="story")
    return players


def winner(seat: int, hand: str, way: WinWay = WinWay.DISCARD, **kw: Any) -> Winner:
    melds = tuple(Meld.parse(m) for m in kw.pop("melds", ()))
    return Winner(seat, parse_tiles(hand), melds, way, **kw)


# 鸡胡 (0 番): chows and a pong in three suits, won on seat 0's discard of 9s.
CHICKEN = winner(1, "123m555p789s234s99s", from_seat=0, win_tile=parse_tiles("9s")[0])
# 碰碰胡 2 + 自摸 1 + 白板 pong 1 = 4, capped at 3 (爆胡).
CAPPED = winner(1, "111m999p555z777s99s", WinWay.SELF_DRAW, win_tile=parse_tiles("9s")[0])
# 一炮双响 on seat 0's 9s: seat 1's 平胡 (1 番) and seat 2's 碰碰胡 (2 番).
DOUBLE = (
    winner(1, "123m456m789m456p99s", from_seat=0, win_tile=parse_tiles("9s")[0]),
    winner(2, "111m999p777s333p99s", from_seat=0, win_tile=parse_tiles("9s")[0]),
)
# 包自摸: seat 1 self-draws with 12 tiles exposed; seat 3 fed the last set and pays for three. 碰碰胡 2 + 自摸 1.
LIABLE = winner(
    1, "99s", WinWay.SELF_DRAW, melds=("111m", "999p", "777s", "333p"), liable=3, win_tile=parse_tiles("9s")[0]
)


def sheet_of(*winners: Winner) -> dict[str, Any]:
    return settle(GuangdongHand(dealer=0, base=10, winners=tuple(winners))).to_json()


@pytest.fixture
def finished_hand(match_rooms, players) -> Callable[..., Any]:
    """Factory: a finished guangdong hand at a table of `room_base`'s room, ready for settlement."""
    from tables.models import Hand, HandStatus, Room, Table

    def make(sheet: dict[str, Any], room_base: int = 10, seated: Sequence[Any] | None = None) -> Hand:
        room = Room.objects.get(variant="guangdong", base=room_base)
        table = Table.objects.create(room=room)
        people = list(seated or players)
        return Hand.objects.create(
            table=table, number=1, variant="guangdong", base=10, seed="s", commitment="-", dealer=0, streak=1,
            players=[p.pk for p in people], bots=[], state={}, status=HandStatus.FINISHED, sheet=sheet,
            finished_at=timezone.now(),
        )  # fmt: skip

    return make


def pearls(user: Any) -> int:
    from django.db.models import Sum

    from match.models import PearlEntry

    return int(PearlEntry.objects.filter(user=user).aggregate(total=Sum("pearls"))["total"] or 0)


@pytest.fixture(autouse=True)
def _no_cached_standings() -> None:
    """Standings are cached a second by season id; test databases reuse ids."""
    from django.core.cache import cache

    cache.delete_many([f"match:standings:{n}" for n in range(1, 50)])
    cache.delete_many([f"match:pushed:{n}" for n in range(1, 50)])  # a season's last send (match.pushes)
    for prefix in ("arena:shown", "arena:push", "arena:pushed", "arena:pairing"):  # snapshots, debounces
        cache.delete_many([f"{prefix}:{n}" for n in range(1, 50)])
    cache.delete("arena:daily-made")


@pytest.fixture
def arena_of(match_rooms) -> Callable[..., Any]:
    """Factory: an arena in the guangdong base-10 match room, running since a minute ago (60 minutes) unless
    told otherwise; the fee and prizes as given."""
    from match.models import Arena, ArenaStatus
    from tables.models import Room

    def make(**fields: Any) -> Any:
        fields.setdefault("starts_at", timezone.now() - timedelta(minutes=1))
        fields.setdefault("status", ArenaStatus.RUNNING)
        fields.setdefault("name", "测试竞技场")
        room = Room.objects.get(variant="guangdong", base=fields.pop("base", 10))
        return Arena.objects.create(room=room, **fields)

    return make
