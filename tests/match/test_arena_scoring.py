"""Arena points (match.arena_scoring): the 龙珠 rule (番 of the win, at least 1) for winners, 0 otherwise; the
second and later consecutive wins double (the flame); an escaper scores 0 and is paused; each (hand, seat) once.
Hands are the engine's own guangdong settlements (tests/match/conftest.py), settled as a table settles them."""

from __future__ import annotations

import pytest

from match import arena
from match.arena_scoring import points_for
from match.models import ArenaEntry, ArenaScore, ArenaTable, EntryState
from tables.models import Escape, Hand, TableStatus
from tables.services.settlement import settle_hand
from tests.match.conftest import CAPPED, CHICKEN, DOUBLE, sheet_of


@pytest.mark.parametrize(
    ("fan", "streak_before", "points", "doubled", "streak_after"),
    [
        (None, 0, 0, False, 0),  # not won
        (None, 3, 0, False, 0),  # a hand not won ends the streak
        (0, 0, 1, False, 1),  # 鸡胡 0 番: at least 1
        (3, 0, 3, False, 1),  # a first win
        (3, 1, 6, True, 2),  # the second consecutive win: doubled
        (2, 4, 4, True, 5),  # and every one after it
    ],
)
def test_points_for_a_hand(fan, streak_before, points, doubled, streak_after):
    assert points_for(fan, streak_before) == (points, doubled, streak_after)


@pytest.fixture
def seated(players, arena_of, finished_hand):
    """Factory: the four players, joined to one running arena, play a finished hand with `sheet` at an arena
    table; it is settled (the table closes, the players wait again). The hand."""
    the_arena = arena_of()
    for player in players:
        arena.join(player, the_arena)  # on_commit does not run here: nobody is paired by itself

    def play(sheet, escaper: int | None = None) -> Hand:
        hand = finished_hand(sheet)
        ArenaTable.objects.create(arena=the_arena, table=hand.table, players=hand.players)
        ArenaEntry.objects.filter(arena=the_arena).update(state=EntryState.PLAYING, table=hand.table)
        if escaper is not None:
            Escape.objects.create(hand=hand, seat=escaper, user_id=hand.players[escaper], reason="left")
        assert settle_hand(hand.pk) == "settled"
        return hand

    play.arena = the_arena  # type: ignore[attr-defined]
    return play


def totals(the_arena) -> dict[str, tuple[int, int, int, int]]:
    """username: (points, hands, wins, streak)."""
    return {
        e.user.username: (e.points, e.hands, e.wins, e.streak)
        for e in ArenaEntry.objects.filter(arena=the_arena).select_related("user")
    }


def test_a_win_scores_its_fan_and_a_streak_doubles(seated):
    seated(sheet_of(CHICKEN))  # seat 1 (小芳) 鸡胡: 0 番 → 1 point
    seated(sheet_of(CAPPED))  # seat 1 again: 3 番, the second win in a row → 6
    seated(sheet_of(*DOUBLE))  # seat 1 平胡 1 番 (third in a row → 2); seat 2 碰碰胡 2 番 (a first win → 2)
    assert totals(seated.arena) == {
        "ming": (0, 3, 0, 0),
        "fang": (1 + 6 + 2, 3, 3, 3),
        "wang": (2, 3, 1, 1),
        "zhen": (0, 3, 0, 0),
    }
    doubled = ArenaScore.objects.filter(arena=seated.arena, doubled=True).values_list("points", flat=True)
    assert sorted(doubled) == [2, 6]


def test_a_draw_ends_the_streak(seated):
    seated(sheet_of(CHICKEN))
    seated(sheet_of())  # 流局: nobody wins
    seated(sheet_of(CHICKEN))  # a first win again: 1, not doubled
    assert totals(seated.arena)["fang"] == (2, 3, 2, 1)


def test_an_escaper_scores_nothing_and_is_paused(seated):
    hand = seated(sheet_of(CAPPED), escaper=1)  # the winner's seat escaped: 托管 won it for them
    score = ArenaScore.objects.get(hand=hand, seat=1)
    assert (score.won, score.escaped, score.points) == (False, True, 0)
    states = dict(ArenaEntry.objects.filter(arena=seated.arena).values_list("user__username", "state"))
    assert states == {"ming": "waiting", "fang": "paused", "wang": "waiting", "zhen": "waiting"}


def test_the_table_closes_and_a_second_settlement_scores_nothing(seated):
    hand = seated(sheet_of(CHICKEN))
    assert hand.table.__class__.objects.get(pk=hand.table_id).status == TableStatus.CLOSED
    assert settle_hand(hand.pk) == "already settled"
    assert ArenaScore.objects.filter(hand=hand).count() == 4
    assert totals(seated.arena)["fang"] == (1, 1, 1, 1)
