"""A new hand: the wall and dice, the deal in stacks, opening flower replacement and the turned-up gold."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from operator import attrgetter
from typing import Any

from engine.events import private, public
from engine.hand.draft import Draft
from engine.hand.hooks import flow_hooks
from engine.hand.opening import open_play
from engine.hand.state import HandState, Phase, Progress, SeatState, Source
from engine.tiles import N_KINDS, Tile, format_tiles, parse_tiles
from engine.variants import Variant
from engine.variants import get as get_variant
from engine.wall import Wall, derive_rng, roll_dice

_KIND = attrgetter("kind")

# Options every variant's deal reads: a scripted wall, dice and gold dice (engine.hand_script),
# and the seats' coin balances (the balance floor, engine.hand.finish).
SHARED_OPTIONS = frozenset({"wall", "dice", "gold_dice", "balances"})


def known_options(variant: str) -> frozenset[str]:
    """The option names `new_hand(variant, options=...)` reads (UnknownVariant for a bad name):
    the shared ones, 喊金 (`named_gold`) where the variant offers it, and its flow's own."""
    rules_ = get_variant(variant)
    named = {"named_gold"} if rules_.gold is not None and rules_.gold.named_gold_option else set()
    return SHARED_OPTIONS | named | flow_hooks(rules_).table_options


def new_hand(
    variant: str,
    *,
    seed: str,
    dealer: int = 0,
    streak: int = 1,
    base: int = 1,
    options: Mapping[str, object] | None = None,
) -> HandState:
    """Shuffle, roll, and deal (or wait for 喊金 when the table option `named_gold` is on)."""
    return start_hand(variant, seed=seed, dealer=dealer, streak=streak, base=base, options=options).state


def start_hand(
    variant: str,
    *,
    seed: str,
    dealer: int = 0,
    streak: int = 1,
    base: int = 1,
    options: Mapping[str, object] | None = None,
) -> Progress:
    """`new_hand` with the deal's events (dice, each seat's dealt tiles, flowers, the gold).

    Option `wall` (mpsz, in wall order: live end first) replaces the seeded shuffle
    and `dice` the seeded dice: scripted hands for tests and puzzles.
    """
    rules_ = get_variant(variant)
    opts = dict(options or {})
    if not 0 <= dealer < rules_.n_seats or streak < 1 or base < 1:
        raise ValueError(f"bad hand parameters: dealer={dealer} streak={streak} base={base}")
    tiles, dice = _wall_and_dice(rules_, seed, opts)
    state = HandState(
        variant=variant,
        seed=seed,
        dealer=dealer,
        streak=streak,
        base=base,
        options=opts,
        wall=tiles,
        front=0,
        back=len(tiles),
        dice=dice,
        gold=None,
        indicator=None,
        seats=tuple(SeatState() for _ in range(rules_.n_seats)),
        phase=Phase.NAME_GOLD,
        turn=dealer,
        source=Source.DEAL,
    )
    named = rules_.gold is not None and rules_.gold.named_gold_option and bool(opts.get("named_gold"))
    if named:
        return Progress(state, (public("name_gold", dealer),))
    d = deal_tiles(Draft(state))
    return Progress(d.freeze(), tuple(d.events))


def _wall_and_dice(rules_: Variant, seed: str, opts: Mapping[str, Any]) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    if "wall" in opts:
        tiles = parse_tiles(str(opts["wall"]))
        if sorted(tiles) != sorted(rules_.tile_set):
            raise ValueError("a scripted wall must hold exactly the variant's tile set")
        dice = opts.get("dice", (1, 1))
        return tiles, tuple(int(x) for x in dice)  # type: ignore[attr-defined]
    wall = Wall.shuffled(seed, flowers=rules_.has_flowers)
    return wall.tiles, wall.dice


def deal_tiles(d: Draft) -> Draft:
    """Deal in stacks (4 tiles a seat a round, 4 rounds, the dealer one more), replace flowers, turn up the gold."""
    rules_ = d.variant_rules
    d.emit(public("dice", d.dealer, dice=list(d.dice)))
    hands: list[list[Tile]] = [[] for _ in range(d.n)]
    order = [(d.dealer + k) % d.n for k in range(d.n)]

    def need(seat: int) -> int:
        return rules_.hand_size(seat, d.dealer) - len(hands[seat])

    def take(seat: int, count: int) -> None:
        hands[seat].extend(d.wall[d.front : d.front + count])
        d.front += count

    while all(need(s) >= 4 for s in order):  # two stacks (4 tiles) a seat a round
        for s in order:
            take(s, 4)
    while any(need(s) for s in order):  # then single tiles; the dealer's last is the 跳牌
        for s in order:
            if need(s):
                take(s, 1)
    for s in order:
        d.set_seat(s, hand=tuple(sorted(hands[s], key=_KIND)))  # by kind: ints compare in C
    for s in order:
        d.emit(private("deal", s, {"tiles": format_tiles(d.seats[s].hand)}, count=len(d.seats[s].hand)))
    if rules_.has_flowers:
        _replace_opening_flowers(d, order)
    if rules_.gold is not None and d.gold is None:
        _turn_up_gold(d)
    if not flow_hooks(rules_).after_deal(d):
        open_play(d)
    return d


def _replace_opening_flowers(d: Draft, order: list[int]) -> None:
    """补花 in rounds from the dealer; a flower drawn as a replacement waits for the next round."""
    while any(t.kind >= N_KINDS for s in order for t in d.seats[s].hand):  # a flower held
        for s in order:
            flowers = [t for t in d.seats[s].hand if t.kind >= N_KINDS]
            if not flowers:
                continue
            kept = [t for t in d.seats[s].hand if t.kind < N_KINDS]
            new = []
            for _ in flowers:
                new.append(d.wall[d.back - 1])
                d.back -= 1
            d.set_seat(s, hand=tuple(sorted(kept + new, key=_KIND)), flowers=d.seats[s].flowers + tuple(flowers))
            d.emit(
                private(
                    "flowers",
                    s,
                    {"drawn": format_tiles(new, sort=False)},
                    flowers=format_tiles(flowers, sort=False),
                    count=len(flowers),
                )
            )


def _turn_up_gold(d: Draft) -> None:
    """开金: count the dice from the replacement end; a flower is put back and the dice thrown again."""
    assert d.variant_rules.gold is not None
    throws = _gold_throws(d, reuse_opening=d.variant_rules.gold.opening_dice)
    for pair in throws:
        index = d.back - sum(pair)
        tile = d.wall[index]
        d.emit(public("gold_dice", d.dealer, dice=list(pair), tile=str(tile), flower=tile.is_flower))
        if not tile.is_flower:
            d.gold, d.indicator = tile, index
            d.emit(public("gold", None, tile=str(tile)))
            return
    raise RuntimeError("no non-flower tile could be turned up as gold")


def _gold_throws(d: Draft, *, reuse_opening: bool) -> Iterator[tuple[int, int]]:
    """The dice for 开金: the opening throw (pinghe) or a new one (nanping), re-thrown on a flower.

    Scripted hands give the throws as option `gold_dice`; otherwise they come from the seed."""
    if reuse_opening:
        yield (d.dice[0], d.dice[1])
    scripted = d.options.get("gold_dice")
    if scripted is not None:
        for pair in scripted:
            yield (int(pair[0]), int(pair[1]))
        return
    rng = derive_rng(d.seed, "gold")
    for _ in range(64):
        yield roll_dice(rng)
