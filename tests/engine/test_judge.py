"""The judgement (engine.judge): 向听 and 进张 from what a seat sees, the danger of a discard, the careful discard.

Hands are written in mpsz. `seat_sight` builds what seat 0 sees at a four-seat table:
its hand, the others' rivers and melds, the gold.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import judge
from engine.hand import HandState, apply, new_hand
from engine.hand_rules import shapes_for
from engine.shapes import Shape, face_counts
from engine.sheet import Meld
from engine.tiles import N_KINDS, Tile, parse_tiles
from engine.variants import get as get_variant
from engine.waits import shanten_counts

STANDARD = frozenset({Shape.STANDARD})
PINGHE = get_variant("pinghe").shapes
GUANGDONG = get_variant("guangdong").shapes
ERREN = get_variant("erren").shapes


def seat_sight(
    hand: str,
    *,
    gold: str | None = None,
    rivers: tuple[str, ...] = ("", "", "", ""),
    melds: tuple[tuple[str, ...], ...] = ((), (), (), ()),
    you: tuple[int, ...] = (0, 0, 0, 0),
    declared: tuple[bool, ...] = (False, False, False, False),
    shapes: frozenset[Shape] = STANDARD,
    drawable: int = 60,
    turn: int = 0,
    share: float = 1.0,
    liability: bool = False,
) -> judge.Sight:
    """What seat 0 sees (a turned-up gold counted when `gold` is given)."""
    tiles = tuple(sorted(parse_tiles(hand)))
    river_tiles = tuple(parse_tiles(r) for r in rivers)
    exposed = tuple(tuple(Meld.parse(m) for m in ms) for ms in melds)
    seen = [0] * N_KINDS
    for t in (*tiles, *(t for r in river_tiles for t in r), *(t for ms in exposed for m in ms for t in m.tiles)):
        seen[t.kind] += 1
    gold_tile = Tile.parse(gold) if gold else None
    if gold_tile is not None:
        seen[gold_tile.kind] += 1
    return judge.Sight(
        seat=0,
        hand=tiles,
        melds=exposed[0],
        gold=gold_tile,
        shapes=shapes,
        seen=tuple(seen),
        rivers=river_tiles,
        exposed=exposed,
        meld_counts=tuple(len(ms) for ms in exposed),
        you=you,
        declared=declared,
        drawable=drawable,
        turn=turn,
        discard_win_share=share,
        liability=liability,
    )


# ---------------------------------------------------------------- 向听


@pytest.mark.parametrize(
    ("hand", "gold", "shapes", "expected"),
    [
        ("123m456p789s234s11z", None, STANDARD, -1),  # complete
        ("123m456p789s234s1z", None, STANDARD, 0),  # 单吊 on 1z
        ("123m456p789s24s1z3z", None, STANDARD, 1),
        ("19m19p19s1234567z", None, GUANGDONG, 0),  # 十三幺, ready on any of the thirteen
        ("1133557799m135z", None, ERREN, 1),  # 七对: five pairs, three singles
        ("1133557799m135z", None, STANDARD, 3),  # the same tiles without 七对
        ("123m456p789s234s5p", "5p", STANDARD, 0),  # a lone gold: the 游金 shape
        ("123m456p789s11z5z3s", "4s", STANDARD, 0),  # 白板 plays as the gold's face: 3s + 5z wait on 2s/5s
        ("123m456p789s11z6z3s", "4s", STANDARD, 1),  # 发 is no such stand-in
        ("115599m2266p3377s11z", None, PINGHE, 0),  # 对对胡: eight pairs, one to become the triplet
        ("115599m2266p3377s11z", None, STANDARD, 4),
    ],
)
def test_shanten_table(hand, gold, shapes, expected):
    tiles = parse_tiles(hand)
    gold_tile = Tile.parse(gold) if gold else None
    assert judge.shanten(tiles, gold_tile, shapes) == expected


# ---------------------------------------------------------------- 进张 from what the seat sees


def test_effective_tiles_are_the_live_copies_that_lower_shanten():
    sight = seat_sight("123m456p789s11z23m5s")
    eff = judge.efficiency(parse_tiles("123m456p789s11z23m"), sight)
    assert eff.shanten == 0
    assert eff.tiles == parse_tiles("14m")
    assert eff.count == 7  # three 1m (one is in the hand) and four 4m


def test_tiles_seen_in_rivers_and_melds_are_not_counted():
    sight = seat_sight("123m456p789s11z23m5s", rivers=("", "1m", "4m4m", ""), melds=((), (), (), ("111m",)))
    eff = judge.efficiency(parse_tiles("123m456p789s11z23m"), sight)
    assert eff.tiles == parse_tiles("4m")  # every 1m is seen (one held, three in a pong)
    assert eff.count == 2


def test_golds_and_baiban():
    """A gold draw always helps (a wildcard); 白板 plays as the gold's face (4s here), the gold itself as none."""
    sight = seat_sight("123m456p789s11z3s6z7z", gold="4s")
    eff = judge.efficiency(parse_tiles("123m456p789s11z3s6z"), sight)
    assert Tile.parse("4s") in eff.tiles  # the gold (three left after the turned-up one)
    assert Tile.parse("5z") in eff.tiles  # 白板 = 4s face: 3s + 5z is a partial 34s
    assert Tile.parse("2s") in eff.tiles
    counted = {t: 4 - sight.seen[t.kind] for t in eff.tiles}
    assert counted[Tile.parse("4s")] == 3


def test_rank_discards_puts_the_widest_wait_first():
    """From 23m45m + a lone 9p: throwing 9p keeps two two-sided shapes."""
    sight = seat_sight("123p456s789s2345m9p")
    best = judge.Discards(sight).ranked()[0]
    assert best.tile == Tile.parse("9p")
    assert best.shanten == 0
    assert best.tiles == parse_tiles("25m")  # 22+345m or 234+55m
    assert best.effective == 6  # three of each left: the fourth is in the hand


def straightforward_efficiency(tiles: list[Tile], sight: judge.Sight) -> judge.Efficiency:
    """Every live kind drawn in turn and the hand's 向听 read afresh (a gold drawn: a wildcard more)."""
    counts, golds = face_counts(tiles, sight.gold)
    in_play = sight.gold is not None
    now = shanten_counts(counts, golds, sight.shapes, gold_in_play=in_play)
    useful = []
    for kind in range(N_KINDS):
        if sight.seen[kind] >= 4:
            continue
        if sight.gold is not None and kind == sight.gold.kind:
            after = shanten_counts(counts, golds + 1, sight.shapes, gold_in_play=True)
        else:
            face = judge.face_kind(kind, sight.gold)
            if counts[face] >= 4:
                continue
            counts[face] += 1
            after = shanten_counts(counts, golds, sight.shapes, gold_in_play=in_play)
            counts[face] -= 1
        if after < now:
            useful.append(Tile(kind))
    return judge.Efficiency(now, tuple(useful), sum(sight.live(t) for t in useful))


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_effective_tiles_are_every_live_draw_that_lowers_shanten(variant):
    """On crowded random hands (few kinds: fours, pairs; golds, 白板), ready ones read from their waits."""
    rng = random.Random(f"efficiency-{variant}")
    rules = get_variant(variant)
    size = 16 if variant in ("pinghe", "nanping") else 13
    ready = 0
    for _ in range(400):
        kinds = rng.sample(range(N_KINDS), rng.randint(4, 12))
        wall = [Tile(k) for k in kinds for _ in range(4)]
        rng.shuffle(wall)
        gold = rng.choice([None, Tile(rng.choice(kinds)), Tile.parse("5z")]) if rules.gold else None
        tiles = wall[:size]
        if len(tiles) < size:
            continue
        sight = seat_sight(
            "".join(str(t) for t in wall[size : size + rng.randint(0, 6)]) or "1z",
            gold=str(gold) if gold else None,
            shapes=rng.choice([rules.shapes, STANDARD]),
        )
        sight = replace(
            sight, seen=tuple(min(4, n + sum(1 for t in tiles if t.kind == k)) for k, n in enumerate(sight.seen))
        )
        expected = straightforward_efficiency(tiles, sight)
        assert judge.efficiency(tiles, sight) == expected, (tiles, gold)
        ready += expected.shanten == 0
    assert ready > 5


# ---------------------------------------------------------------- danger


def risk(sight: judge.Sight, tile: Tile) -> float:
    """The danger of discarding `tile`, read with the sight's table (the default style)."""
    return judge.danger(sight, judge.table_for(sight), tile)


def test_a_tile_the_opponent_let_pass_is_nearly_safe():
    rivers = ("", "9s9s1z2z3z7p7p8p5m", "5s", "")  # seat 1 has thrown 9 tiles; seat 2 threw 5s after
    sight = seat_sight("123m456p789s11z23m5s", rivers=rivers, turn=0)
    assert risk(sight, Tile.parse("5s")) < risk(sight, Tile.parse("5p")) / 5


def test_honours_and_suji_are_safer_than_middle_tiles():
    sight = seat_sight("123m456p789s11z23m5s", rivers=("", "1m7m1z2z3z9s9s1p2p", "", ""))
    middle = risk(sight, Tile.parse("5p"))
    assert risk(sight, Tile.parse("4m")) < middle  # 筋: 1m and 7m thrown
    assert risk(sight, Tile.parse("6z")) < middle


def test_a_seat_in_youjin_never_wins_on_a_discard_and_shuangyou_stops_every_discard_win():
    rivers = ("", "1z2z3z4z9s9s1p7m2m", "1z2z3z4z9s9s1p7m2m", "1z2z3z4z9s9s1p7m2m")
    youjin = seat_sight("123m456p789s11z23m5s", rivers=rivers, you=(0, 1, 1, 1))
    assert risk(youjin, Tile.parse("5p")) == 0
    shuangyou = seat_sight("123m456p789s11z23m5s", rivers=rivers, you=(0, 2, 0, 0))
    assert risk(shuangyou, Tile.parse("5p")) == 0


def test_declared_ready_is_sure():
    sight = seat_sight("123m456p789s11z23m5s", rivers=("", "1z", "", ""), declared=(False, True, False, False))
    assert judge.readiness(judge.DEFAULT_STYLE, sight, 1) == 1.0
    assert judge.readiness(judge.DEFAULT_STYLE, sight, 2) < 0.1


def test_feeding_a_third_dragon_pong_is_a_liability_in_guangdong():
    melds = ((), ("555z", "666z"), (), ())
    sight = seat_sight("123m456p789s7z23m5s", melds=melds, liability=True)
    assert risk(sight, Tile.parse("7z")) > 0.5
    without = seat_sight("123m456p789s7z23m5s", melds=melds, liability=False)
    assert risk(without, Tile.parse("7z")) < 0.2


# ---------------------------------------------------------------- best discard


def careful(sight: judge.Sight, style: judge.Style = judge.DEFAULT_STYLE) -> judge.Choice:
    return judge.best_discard(sight, style, judge.table_for(sight, style), sorted(set(sight.hand)))[1]


def test_efficiency_when_nobody_threatens():
    sight = seat_sight("123p456s789s2345m9p")
    assert careful(sight).tile == Tile.parse("9p")


def test_fold_when_far_from_ready_against_a_declared_seat():
    """Three steps from ready against a 报听 seat: the tile it just let pass, not the useless-but-live 9p."""
    rivers = ("", "1z2z", "5p", "")
    sight = seat_sight("1m4m7m2p5p8p3s6s9s1z3z5z7z9p", rivers=rivers, declared=(False, True, False, False), turn=0)
    choice = careful(sight, replace(judge.DEFAULT_STYLE, fold_threat=0.95))
    assert choice.danger <= min(c.danger for c in judge.Discards(sight).ranked()) + 1e-9


# ---------------------------------------------------------------- the seat sees only its view


def _mid_hand(variant: str, seed: str, decisions: int) -> HandState:
    from engine import bot

    rng = random.Random(seed)
    state = new_hand(variant, seed=seed, dealer=0, streak=1, base=1, options={})
    for _ in range(decisions):
        if state.finished:
            break
        seat = state.to_act[0]
        state = apply(state, seat, bot.choose(state, seat, rng)).state
    return state


def scrambled(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same hand with everything hidden from `seat` dealt again: the others' concealed
    tiles and the live wall's order (the turned-up gold stays)."""
    others = [i for i in range(state.n_seats) if i != seat]
    wall = list(state.wall)
    positions = [i for i in range(state.front, state.back) if i != state.indicator]
    pool = [wall[i] for i in positions] + [t for i in others for t in state.seats[i].hand]
    rng.shuffle(pool)
    for i in positions:
        wall[i] = pool.pop()
    seats = list(state.seats)
    for i in others:
        s = seats[i]
        hand = tuple(sorted(pool.pop() for _ in s.hand))
        seats[i] = replace(s, hand=hand, drawn=None)
    return replace(state, wall=tuple(wall), seats=tuple(seats))


@pytest.mark.parametrize("variant", ["pinghe", "nanping", "guangdong", "erren"])
def test_sight_is_the_same_whatever_the_hidden_tiles(variant):
    rng = random.Random(variant)
    checked = 0
    for n in range(12):
        state = _mid_hand(variant, f"{variant}-{n}", 8 + 3 * n)
        if state.finished:
            continue  # a hand may end early (天胡, 三金倒, a 流局): nothing to see
        for seat in range(state.n_seats):
            assert judge.sight(state, seat) == judge.sight(scrambled(state, seat, rng), seat)
            checked += 1
    assert checked > 0


def test_sight_counts_what_the_seat_sees():
    """Own tiles, every river and shown meld, and the turned-up gold, whatever the hand came to."""
    state = _mid_hand("pinghe", "count", 20)
    sight = judge.sight(state, 0)
    assert sight.hand == tuple(sorted(state.seats[0].hand))
    assert sight.shapes == shapes_for(state.rules, state.seats[0].melds)
    shown = [*state.seats[0].hand, *(t for s in state.seats for t in s.river)]
    shown += [t for i, s in enumerate(state.seats) for m in s.melds if i == 0 or not m.concealed for t in m.tiles]
    for kind in range(N_KINDS):
        turned_up = int(state.gold is not None and state.indicator is not None and state.gold.kind == kind)
        assert sight.seen[kind] == min(4, sum(1 for t in shown if t.kind == kind) + turned_up)
