"""What a game is: the `Variant` data the shared hand flow reads, and the `Game` that registers it.

A variant is data, not code paths: the hand state machine (engine/hand/) reads
these fields and never asks `if variant == ...`. A game's package (engine/games/<id>/) builds
its `Game(Variant(...))`, and `engine.games` registers it on import; its functions
(settle, 点炮 points, flow hooks, extras) are held as direct references, imported by the
game's package, so a game that lacks one fails at import or registration, not silently later.
A game whose flow differs names its `engine.hand.FlowHooks` subclass in `flow`.

This module sits below the hand flow: it imports nothing of `engine.hand` (not even for
types), so the flow may import the variants without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from typing import Any

from engine.tiles import FLOWERS, NON_FLOWER_TILES, Tile
from engine.variants.style import Style


class GoldDiscard(IntEnum):
    """When a gold (金) may be discarded."""

    NEVER = 0  # no gold in this game
    YOUJIN_ONLY = 1  # pinghe: only to enter or stay in 双游 (a lone gold left waiting)
    FREE = 2  # nanping: any time, but nobody may win on, chow or pong it


class Furiten(IntEnum):
    """What passing on a discard win costs."""

    NONE = 0
    UNTIL_OWN_DRAW = 1  # 先弃后和 (nanping): no discard win until the passer's next draw
    SAME_TILE_UNTIL_ACTION = 2  # 漏胡 (guangdong): not on that tile until a pong/chow/kong/draw


class EscapeSharing(IntEnum):
    """How an escaper's penalty (逃跑惩罚, `Variant.escape_penalty_bases` × base) reaches the others."""

    # Every other seat of the game gets the same whole share: pinghe/nanping 12 = 4 × 3, erren 12 × 1.
    EACH_OTHER_EQUALLY = 0
    # Shared equally by the others; a remainder that does not divide goes to the seat after the
    # escaper (guangdong: -50 分 × base).
    SHARED_REMAINDER_TO_NEXT = 1


class MissingRule(LookupError):
    """A game lacks a function every game must have (its settlement)."""


@dataclass(frozen=True, slots=True)
class GoldRules:
    """The gold (金, 财神) wildcard rules of a gold game."""

    discard: GoldDiscard
    # 点炮/抢杠胡 only with at most this many golds in hand (pinghe 0, nanping 1).
    discard_win_max_golds: int
    # With at least this many golds, a plain 自摸 is not enough: only 游金 or better (pinghe 3).
    youjin_only_from_golds: int | None
    # 三金倒 only on the seat's first turn (pinghe 起手三金倒) or at any turn (nanping).
    sanjindao_first_turn_only: bool
    # 四金倒 as its own win (pinghe, 记分等同于双游); nanping has only 三金倒.
    sijindao: bool
    # 喊金: the dealer may name the gold before the deal when the table option is on.
    named_gold_option: bool
    # engine.sheet.WinType names of the 游金 levels: 单游, 双游, then the level a gold
    # drawn in 双游 ends the hand at (pinghe 四游, nanping 三游).
    you_levels: tuple[str, ...] = ("YOUJIN", "SHUANGYOU", "SANYOU")
    # 000 §9(9): a 单吊 or 对对胡 hand entering 游金 is in the 双游 state at once (pinghe).
    special_youjin_is_shuangyou: bool = False
    # 开金 counts the opening dice (pinghe: 开门时骰子数) or a new throw after 补花 (nanping).
    opening_dice: bool = False


@dataclass(frozen=True, slots=True)
class DeadWall:
    """How many tiles stay undrawn: the exhaustive-draw (流局/臭庄) threshold.

    reserve = base + per_exposed_kong * exposed kongs + per_concealed_kong * concealed kongs
              + per_flower_point * flower points (nanping: 4 flowers = 1 point, each further +1).
    """

    base: int
    per_exposed_kong: int = 0
    per_concealed_kong: int = 0
    per_flower_point: int = 0


@dataclass(frozen=True, slots=True)
class Variant:
    """A game's rules as data. `id` is the name used everywhere (code, URLs, API)."""

    id: str
    name_zh: str
    n_seats: int
    has_flowers: bool
    dealer_tiles: int  # 庄家 starting tiles (17 / 14)
    other_tiles: int  # 闲家 starting tiles (16 / 13)
    shape_names: tuple[str, ...]  # names of engine.shapes.Shape members that win
    gold: GoldRules | None = None
    chow: bool = True  # chow only ever from the player on the left (the previous seat)
    multiple_discard_winners: bool = False  # 一炮多响
    rob_added_kong: bool = True  # 抢杠胡 on an added kong
    rob_concealed_kong: bool = False  # 抢暗杠 / 抢杠自摸: guess a concealed kong before one's draw
    # A wrong 抢暗杠 guess ends the hand (nanping 诈胡) or is a penalty on the sheet and play goes on (pinghe).
    wrong_guess_ends_hand: bool = True
    furiten: Furiten = Furiten.NONE
    discard_win_min_points: int = 0  # pinghe 点炮 needs 3 分
    # counts those 分: (concealed incl. win tile, melds, flowers, *, win_tile, gold) -> int
    discard_win_points: Callable[..., int] | None = None
    dead_wall: DeadWall = DeadWall(0)
    # nanping: in the last N drawable tiles a winning draw wins automatically and a
    # discard that lets another win makes the discarder pay everything (包).
    last_tiles_auto_win: int = 0
    fenbing: bool = False  # 分饼 (nanping)
    tianhu: bool = False  # 天胡 as its own win type
    qiangjin: bool = False  # 抢金 (天听)
    exchange_phase: bool = False  # erren 换牌 after the deal
    # 逃跑惩罚 (RULINGS.md "Escape"): this many × base, shared as `escape_sharing` says;
    # engine.payments.escape_penalty reads these two fields and nothing else.
    escape_penalty_bases: int = 12
    escape_sharing: EscapeSharing = EscapeSharing.EACH_OTHER_EQUALLY
    base_fan: tuple[tuple[str, int], ...] = ()  # documentary: win type -> 番, for views and docs
    # The settle function, (WinContext or the game's own result) -> SettlementSheet; a game
    # without one is refused by `engine.variants.register`.
    scoring: Callable[..., Any] | None = None
    extra: tuple[tuple[str, Any], ...] = field(default=())  # variant-specific data for its own modules
    # The variant's hooks into the shared hand flow: its engine.hand.FlowHooks subclass (or
    # any factory of one; engine.hand.flow_hooks checks what it builds); None for the shared
    # flow alone. Typed loosely so that this module need not import the hand flow.
    flow: Callable[[], object] | None = None

    def __post_init__(self) -> None:
        if self.n_seats < 2:
            raise ValueError(f"variant {self.id!r}: a game needs at least two seats")
        if self.discard_win_min_points and self.discard_win_points is None:
            raise MissingRule(f"variant {self.id!r}: a 点炮 minimum needs its points counter (discard_win_points)")
        if self.escape_sharing == EscapeSharing.EACH_OTHER_EQUALLY and self.escape_penalty_bases % (self.n_seats - 1):
            raise ValueError(
                f"variant {self.id!r}: an escape penalty of {self.escape_penalty_bases} bases"
                f" does not give each of {self.n_seats - 1} other seats an equal whole share"
            )

    @property
    def tile_set(self) -> tuple[Tile, ...]:
        """All tiles of the game, four of each kind (+ one of each flower)."""
        base = tuple(t for t in NON_FLOWER_TILES for _ in range(4))
        return base + (FLOWERS if self.has_flowers else ())

    @property
    def shapes(self) -> frozenset[Any]:
        """The winning shapes as engine.shapes.Shape members."""
        return _shapes(self.shape_names)

    def hand_size(self, seat: int, dealer: int) -> int:
        return self.dealer_tiles if seat == dealer else self.other_tiles

    @property
    def escape_share_bases(self) -> int:
        """EACH_OTHER_EQUALLY: the bases each other seat receives from an escaper."""
        return self.escape_penalty_bases // (self.n_seats - 1)

    def settle_function(self) -> Callable[..., Any]:
        """The game's settle function; `MissingRule` if it has none."""
        if self.scoring is None:
            raise MissingRule(f"variant {self.id!r} has no settle function (Variant.scoring)")
        return self.scoring

    def discard_win_points_function(self) -> Callable[..., int] | None:
        """The 点炮 points counter, None when the game has no 点炮 minimum."""
        return self.discard_win_points

    def option(self, name: str, default: Any = None) -> Any:
        return _extra_map(self.extra).get(name, default)


@dataclass(frozen=True, slots=True)
class Game:
    """One game as the engine plugs it in: what its package (engine/games/<id>/) hands the registry.

    `rules` is what the shared hand flow, the tables and the bots read (`engine.variants.get`);
    `read_situation` is the `score` CLI's reader of the game's own situation JSON (a mapping ->
    SettlementSheet), None for the gold games' shared form (engine.cli_score.situation_from_json);
    `style` is how its money and rules bend the bots' and the review's judgement (engine.judge),
    None for the default."""

    rules: Variant
    read_situation: Callable[[Any], Any] | None = None
    style: Style | None = None

    @property
    def id(self) -> str:
        return self.rules.id


@cache
def _extra_map(extra: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return dict(extra)


@cache
def _shapes(names: tuple[str, ...]) -> frozenset[Any]:
    """The Shape members named (built once per variant: a seat's shapes are asked at every step)."""
    from engine.shapes import Shape

    return frozenset(Shape[name] for name in names)
