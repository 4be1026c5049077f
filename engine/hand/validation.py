"""Why an action is illegal now: one validator per action type, and the queries they share (chows, kongs to guess)."""

from __future__ import annotations

from collections.abc import Callable

from engine import hand_rules as rules
from engine.actions import (
    Action,
    CannotKong,
    CannotPong,
    Chow,
    ChowNotFromLeft,
    ClaimNotOffered,
    Discard,
    GoldDiscardForbidden,
    Kong,
    MustDiscardDrawnTile,
    NamedGoldInvalid,
    NameGold,
    NoSuchChow,
    NoSuchKong,
    NoTilesLeft,
    Pass,
    Pong,
    QiangJin,
    QiangjinNotAllowed,
    RobConcealedKong,
    TileNotInHand,
    Win,
    WinOnDiscardedGold,
)
from engine.hand.draft import Draft
from engine.hand.opening import gold_allows, qiangjin_drops
from engine.hand.state import HandState, Phase, SeatState, shuangyou_seat_of
from engine.hand.wins import best_win_type
from engine.sheet import MeldKind, WinType
from engine.tiles import ALL_TILES, BAIBAN, N_ALL_KINDS, N_KINDS, NON_FLOWER_TILES, Tile, format_tiles
from engine.variants import GoldDiscard, Variant


def validate_name_gold(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, NameGold)
    if action.tile.is_flower:
        raise NamedGoldInvalid()


def validate_discard(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, Discard)
    _check_discard(state, seat, action.tile, state.shuangyou_seat)


def _check_discard(state: HandState, seat: int, tile: Tile, shuangyou_seat: int | None) -> None:
    """Why `seat` may not discard `tile` now, `shuangyou_seat` being `state.shuangyou_seat` (read once
    by a caller checking every tile of the hand)."""
    s = state.seats[seat]
    if tile not in s.hand:
        raise TileNotInHand(f"{tile} is not in the hand")
    sy = shuangyou_seat
    if sy is not None and sy != seat and tile != s.drawn:
        raise MustDiscardDrawnTile()
    gold = rules.is_gold(tile, state.gold)
    if gold and _gold_discard_restricted(state) and not _leaves_lone_gold(state, seat, tile):
        raise GoldDiscardForbidden()


def discard_test(
    state: HandState, seat: int, shuangyou_seat: int | None
) -> tuple[list[int], Callable[[Tile], bool] | None]:
    """`_check_discard` as a test, the seat's facts read once (a turn's legal actions ask it of
    every tile kind in the hand): the hand's `kind_counts` (a tile of a kind it holds none of is
    refused) and the test of the tiles it holds (True exactly when `_check_discard` raises
    nothing), or None when every tile it holds may go (only "in the hand" can refuse: the test is
    then a read by index, where searching the hand compares the tile with each one held)."""
    s = state.seats[seat]
    hand, drawn = s.hand, s.drawn
    held = kind_counts(hand)
    forced = shuangyou_seat is not None and shuangyou_seat != seat
    gold = state.gold if _gold_discard_restricted(state) else None  # a gold discard needs 游金
    if not forced and (gold is None or not held[gold.kind]):
        return held, None

    def allowed(tile: Tile) -> bool:
        if forced and tile is not drawn:  # tiles are interned: `is` is `==`
            return False
        return tile is not gold or gold is None or _leaves_lone_gold(state, seat, tile)

    return held, allowed


def _gold_discard_restricted(state: HandState) -> bool:
    """A gold may be discarded only into 游金 (the variant's gold rule)."""
    gold_rules = state.rules.gold
    return gold_rules is not None and gold_rules.discard == GoldDiscard.YOUJIN_ONLY


def _leaves_lone_gold(state: HandState, seat: int, tile: Tile) -> bool:
    s = state.seats[seat]
    rest = list(s.hand)
    rest.remove(tile)
    return rules.lone_gold_wait(rest, state.gold, rules.shapes_for(state.rules, s.melds))


def validate_kong(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, Kong)
    if state.phase == Phase.CLAIM:
        _validate_claim(state, seat, "kong")
        if state.drawable <= 0:
            raise NoTilesLeft()
        return
    if kong_kind(state, seat, action.tile) is None:
        raise CannotKong(f"no kong of {action.tile} now")
    if state.drawable <= 0:
        raise NoTilesLeft()


def kong_kind(state: HandState, seat: int, tile: Tile) -> str | None:
    """ "concealed" (暗杠), "added" (加杠) or None. No kongs while another seat is in 双游."""
    s = state.seats[seat]
    sy = state.shuangyou_seat
    if (sy is not None and sy != seat) or rules.is_gold(tile, state.gold) or tile.is_flower:
        return None
    if s.hand.count(tile) >= 4:
        return "concealed"
    if tile in s.hand and any(m.kind == MeldKind.PUNG and m.tiles[0] == tile for m in s.melds):
        return "added"
    return None


def _validate_claim(state: HandState, seat: int, kind: str) -> None:
    assert state.window is not None
    if kind not in state.window.offered(seat):
        if kind == "chow" and state.window.source is not None and seat != next_seat(state, state.window.source):
            raise ChowNotFromLeft()
        if state.window.tile is not None and rules.is_gold(state.window.tile, state.gold):
            raise WinOnDiscardedGold()
        raise {"pong": CannotPong, "kong": CannotKong}.get(kind, ClaimNotOffered)()


def _validate_pong(state: HandState, seat: int, action: Action) -> None:
    _validate_claim(state, seat, "pong")


def _validate_chow(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, Chow) and state.window is not None and state.window.tile is not None
    _validate_claim(state, seat, "chow")
    if tuple(sorted(action.tiles)) not in chow_pairs_of(state, seat, state.window.tile):
        raise NoSuchChow(f"{format_tiles(action.tiles)} with {state.window.tile} is not a run from the hand")


def _validate_pass(state: HandState, seat: int, action: Action) -> None:
    return None


def _validate_qiangjin(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, QiangJin)
    if action.tile not in qiangjin_drops(state, seat):
        raise QiangjinNotAllowed()


def validate_guess(state: HandState, seat: int, action: Action) -> None:
    assert isinstance(action, RobConcealedKong)
    if (action.seat, action.index) not in guessable_kongs(state, seat):
        raise NoSuchKong()


def _validate_win(state: HandState, seat: int, action: Action) -> None:
    best_win_type(state, seat)


VALIDATORS = {
    NameGold: validate_name_gold,
    Discard: validate_discard,
    Kong: validate_kong,
    Pong: _validate_pong,
    Chow: _validate_chow,
    Pass: _validate_pass,
    QiangJin: _validate_qiangjin,
    RobConcealedKong: validate_guess,
    Win: _validate_win,
}


def next_seat(state: HandState | Draft, seat: int) -> int:
    return (seat + 1) % len(state.seats)


def _face_tiles(gold: Tile | None, kind: int) -> tuple[Tile, ...]:
    """The tiles (never golds) that play as face `kind`: the face itself, or 白板 standing for
    the gold's face (at most one of them). Asked per kind, so a hand is searched, not walked."""
    return _FACE_TILES[_NO_GOLD if gold is None else gold.kind][kind]


def face_kinds_of(gold: Tile | None, kind: int) -> tuple[int, ...]:
    """The kinds of `_face_tiles`: a hand's count of each (`kind_counts`) is read by index."""
    return _FACE_KINDS[_NO_GOLD if gold is None else gold.kind][kind]


def near_kinds_of(gold: Tile | None, kind: int) -> tuple[int, ...]:
    """The kinds of the tiles (never golds) that play as a face `_near_faces` of face `kind`: a
    claim's quick tests read the hand's counts of these (made once per gold and face)."""
    return _NEAR_KINDS[_NO_GOLD if gold is None else gold.kind][kind]


def kind_counts(hand: tuple[Tile, ...]) -> list[int]:
    """How many tiles of each kind (flowers too) the hand holds, by kind: a claim's tests read a
    few kinds' counts by index, where searching the hand would compare each tile it holds."""
    counts = [0] * N_ALL_KINDS
    for t in hand:
        counts[t.kind] += 1
    return counts


def _faces_of(gold: Tile | None, kind: int) -> tuple[Tile, ...]:
    candidates = dict.fromkeys((ALL_TILES[kind], ALL_TILES[BAIBAN]))
    return tuple(t for t in candidates if not rules.is_gold(t, gold) and rules.face(t, gold).kind == kind)


def _near_faces(f: Tile) -> range:
    """The face kinds a tile of face `f` can share a block with: itself, and its suit within two."""
    if f.is_honor:
        return range(f.kind, f.kind + 1)
    first = f.kind - f.number + 1
    return range(max(first, f.kind - 2), min(first + 8, f.kind + 2) + 1)


# By the gold's kind (_NO_GOLD: no gold) and a face kind, read by index: no Tile is hashed.
_NO_GOLD = N_KINDS
_GOLDS: tuple[Tile | None, ...] = (*NON_FLOWER_TILES, None)
_FACE_TILES = tuple(tuple(_faces_of(gold, k) for k in range(N_KINDS)) for gold in _GOLDS)
_FACE_KINDS = tuple(tuple(tuple(t.kind for t in tiles) for tiles in row) for row in _FACE_TILES)
_NEAR_KINDS = tuple(
    tuple(tuple(t.kind for j in _near_faces(ALL_TILES[k]) for t in _face_tiles(gold, j)) for k in range(N_KINDS))
    for gold in _GOLDS
)


def matching_tiles(state: HandState, hand: tuple[Tile, ...], tile: Tile) -> list[Tile]:
    """Hand tiles (never golds) that play as the same face as `tile`, in hand order."""
    return [t for t in _face_tiles(state.gold, rules.face(tile, state.gold).kind) for _ in range(hand.count(t))]


def _matching_count(state: HandState, hand: tuple[Tile, ...], tile: Tile) -> int:
    """len(matching_tiles(...)), without the list."""
    return sum(map(hand.count, _face_tiles(state.gold, rules.face(tile, state.gold).kind)))


def chow_pairs_of(state: HandState, seat: int, tile: Tile) -> tuple[tuple[Tile, Tile], ...]:
    """Pairs of hand tiles (no golds) that make a run with the discard's face, sorted.

    A discard asks it for the next seat when the window opens, again for its legal actions and
    once per chow checked: the last answer is kept, by the hand (an immutable tuple, the same
    object while the seat's tiles do not change), the gold and the tile."""
    return hand_chow_pairs(state.seats[seat].hand, state.gold, tile)


def hand_chow_pairs(
    hand: tuple[Tile, ...], gold: Tile | None, tile: Tile, counts: list[int] | None = None
) -> tuple[tuple[Tile, Tile], ...]:
    """`chow_pairs_of` of a seat's hand (a rule step's draft asks it before its state is built), its
    `kind_counts` given when the caller has them."""
    last = _LastChowPairs.entry  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is hand and last[1] is gold and last[2] is tile:
        return last[3]
    pairs = _chow_pairs_of(hand, gold, tile, counts)
    _LastChowPairs.entry = (hand, gold, tile, pairs)
    return pairs


class _LastChowPairs:
    """The last `chow_pairs_of` answer (holding the hand keeps its identity from being reused)."""

    entry: tuple[tuple[Tile, ...], Tile | None, Tile, tuple[tuple[Tile, Tile], ...]] | None = None


def _chow_pairs_of(
    hand: tuple[Tile, ...], gold: Tile | None, tile: Tile, counts: list[int] | None = None
) -> tuple[tuple[Tile, Tile], ...]:
    """The pairs of `chow_pairs_of`, sorted: for each run through the discard's face (`_CHOW_RUNS`),
    the first hand tile playing as each of its two other faces (held: read from the hand's
    `kind_counts`). Runs differ in their faces and a tile plays as one face, so no pair comes twice."""
    runs = _CHOW_RUNS[rules.face(tile, gold).kind]
    if not runs:
        return ()
    held = kind_counts(hand) if counts is None else counts
    faces = _FACE_TILES[_NO_GOLD if gold is None else gold.kind]
    out = []
    for ka, kb in runs:
        a = b = None
        for t in faces[ka]:
            if held[t.kind]:
                a = t
                break
        if a is None:
            continue
        for t in faces[kb]:
            if held[t.kind]:
                b = t
                break
        if b is not None:
            out.append((a, b) if a.kind < b.kind else (b, a))
    if len(out) > 1:
        out.sort(key=_pair_kinds)  # as sorted() on the tiles (their order is their kinds')
    return tuple(out)


def _pair_kinds(pair: tuple[Tile, Tile]) -> tuple[int, int]:
    return pair[0].kind, pair[1].kind


def _chow_runs(kind: int) -> tuple[tuple[int, int], ...]:
    """The two other face kinds of each run (chow) through numbered face `kind`, lowest run first."""
    if kind >= 27:
        return ()  # honours and flowers make no runs
    number = kind % 9 + 1
    runs = []
    for lo in (number - 2, number - 1, number):
        if lo >= 1 and lo + 2 <= 9:
            others = [kind - number + n for n in (lo, lo + 1, lo + 2) if n != number]
            runs.append((others[0], others[1]))
    return tuple(runs)


_CHOW_RUNS = tuple(_chow_runs(k) for k in range(len(ALL_TILES)))


def _guess_targets(state: HandState, seat: int) -> list[tuple[int, int]]:
    """Other seats' concealed kongs, as (seat, meld index), where the variant lets `seat` guess one
    (抢暗杠): public facts only (not in 游金, nobody in 双游)."""
    return _guess_targets_of(state.rules, state.seats, seat)


def _guess_targets_of(
    rules_: Variant, seats: tuple[SeatState, ...] | list[SeatState], seat: int
) -> list[tuple[int, int]]:
    """`_guess_targets` from the variant and the seats (a rule step's draft has them, unfrozen)."""
    if not rules_.rob_concealed_kong or seats[seat].you >= 1 or shuangyou_seat_of(seats) is not None:
        return []
    return [
        (other, i)
        for other in range(len(seats))
        if other != seat
        for i, m in enumerate(seats[other].melds)
        if m.is_concealed_kong
    ]


def may_be_asked_to_guess(d: Draft, seat: int) -> bool:
    """Whether the 抢暗杠 window opens before `seat` draws: on the public facts alone."""
    return bool(_guess_targets_of(d.variant_rules, d.seats, seat))


def guessable_kongs(state: HandState, seat: int) -> list[tuple[int, int]]:
    """Other seats' concealed kongs this seat may guess (抢暗杠): only when ready and not in 游金."""
    rules_ = state.rules
    s = state.seats[seat]
    targets = _guess_targets(state, seat)
    if not targets or not gold_allows(rules_, rules.gold_count(s.hand, state.gold), WinType.QIANG_ANGANG):
        return []
    if not rules.is_ready(s.hand, state.gold, rules.shapes_for(rules_, s.melds)):
        return []
    return targets


def validate(state: HandState, seat: int, action: Action) -> None:
    """Raise the IllegalAction subclass saying why `seat` may not take `action` now (the shared rules only)."""
    validator = VALIDATORS.get(type(action))
    if validator is not None:
        validator(state, seat, action)
