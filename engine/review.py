"""Hand review (牌谱分析): after a hand, where one seat could have played better.

`review(replay, seat)` replays a finished hand (a `Replay`: rules, seed, options and the
actions in order) and judges each of the seat's own decisions from what that seat could
see at the time (`engine.review_sight`, built from `engine.view`), never from the revealed
hands or the wall:

- a discard: the choice against the best choices by efficiency (shanten 向听, then the
  live effective tiles 有效牌, golds counted) and how risky it was (deal-in estimate);
  a discard that raised the shanten or kept under 3/4 of the best effective tiles is
  *costly*, unless it was the careful player's choice (`engine.judge.best_discard`, the
  normal bot's discard, weighing the deal-in risk): then it is *defensive*; a discard at least RISKY_FROM likely
  to deal in, twice as likely as the careful choice, is *risky*;
- a win passed up (a 胡 or 抢金 offered and not taken), unless the discard instead entered
  游金 or went up a level (单游 -> 双游): that trade is the 游金 mark's, not a miss;
- a claim (吃/碰/杠) taken or refused that changed the shanten;
- in the gold games, 游金/双游 chances kept, entered or lost.

A summary closes the hand: efficiency (the mean score of the discards that had a
choice), the costly discards, the wins passed up ("efficiency 86%, 2 costly discards").
The judging questions (shanten, 进张, danger, the careful player's discard) go to
`engine.judge`, the judgement the normal bot plays by: the careful choice is the bot's own
`best_discard` with the game's style, and a discard's danger is the bot's reading, so the review
and the bot agree on what a good move is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any

from engine import hand_rules as rules
from engine import judge
from engine.actions import Action, Chow, Discard, IllegalAction, Kong, Pass, Pong, QiangJin, Win, action_from_json
from engine.hand import HandState, legal_actions, only_pass, pass_for_idle_seats, replay_apply, start_hand
from engine.review_sight import Sight, sight_of
from engine.shapes import Shape
from engine.sheet import Meld, MeldKind
from engine.tiles import Tile, format_tiles
from engine.variants import get as get_variant
from engine.view import view

__all__ = [
    "COSTLY_BELOW",
    "Choice",
    "Decision",
    "HandReview",
    "Replay",
    "ReplayError",
    "Summary",
    "review",
    "review_seats",
]

COSTLY_BELOW = 0.75  # a discard keeping less than this share of the best effective tiles is costly
RISKY_FROM = 0.12  # a discard this likely to deal in is risky ...
RISKY_OVER_CAREFUL = 2.0  # ... when the careful player's choice was at most half as risky
BEST_SHOWN = 3  # the top choices kept in a decision's record


class ReplayError(ValueError):
    """A replay document that cannot be read or replayed (the message says why)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A hand as data: replaying `actions` ((seat, action JSON) in order) from the deal rebuilds it.

    The JSON document (`python -m engine review FILE`) is
    `{"variant", "seed", "options", "dealer", "streak", "base", "actions": [[seat, {action}], ...]}`
    (`options`, `dealer`, `streak`, `base` optional); an action may also be written
    `{"seat": 0, "type": "discard", "tile": "5m"}` as the replay page lists them.
    """

    variant: str
    seed: str
    actions: tuple[tuple[int, Mapping[str, Any]], ...]
    options: Mapping[str, Any] | None = None
    dealer: int = 0
    streak: int = 1
    base: int = 1

    @staticmethod
    def from_json(data: Any) -> Replay:
        if not isinstance(data, Mapping):
            raise ReplayError("a replay is a JSON object")
        for key in ("variant", "seed", "actions"):
            if key not in data:
                raise ReplayError(f"a replay needs {key!r}")
        if not isinstance(data["actions"], list):
            raise ReplayError("'actions' is a list of [seat, action] pairs")
        return Replay(
            variant=str(data["variant"]),
            seed=str(data["seed"]),
            actions=tuple(_seat_action(i, a) for i, a in enumerate(data["actions"], start=1)),
            options=data.get("options") or None,
            dealer=_int(data, "dealer", 0),
            streak=_int(data, "streak", 1),
            base=_int(data, "base", 1),
        )


def _int(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ReplayError(f"{key!r} must be an integer")
    return value


def _seat_action(step: int, item: Any) -> tuple[int, Mapping[str, Any]]:
    if isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[1], Mapping):
        seat, action = item
    elif isinstance(item, Mapping) and "seat" in item:
        seat, action = item["seat"], {k: v for k, v in item.items() if k not in ("seat", "source")}
    else:
        raise ReplayError(f"action {step}: expected [seat, action] or an action with a 'seat'")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise ReplayError(f"action {step}: the seat must be an integer")
    return seat, action


# ---------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Choice:
    """One way to play a discard decision: what stays (shanten, effective tiles) and its risk."""

    tile: Tile
    shanten: int
    effective: int
    danger: float
    youjin: bool = False  # leaves the 游金 wait (a lone gold: any draw wins)

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": str(self.tile),
            "shanten": self.shanten,
            "effective": self.effective,
            "danger": self.danger,
            "youjin": self.youjin,
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat. `step` is the action's number in the hand (the replay page's step).

    `marks` name what the review points out: costly, defensive, risky, win_passed,
    claim_lowered, claim_no_gain, claim_refused, youjin_entered, youjin_kept, youjin_lost,
    shuangyou_entered, shuangyou_passed."""

    step: int
    phase: str
    action: dict[str, Any]
    hand: str
    drawn: str | None
    shanten: int | None  # before the decision (3k+1 equivalent)
    after: int | None  # after it (for claims and kongs)
    chosen: Choice | None
    best: tuple[Choice, ...]  # the top BEST_SHOWN by efficiency
    careful: Choice | None  # what a careful player throws here (efficiency against the deal-in risk)
    score: float | None  # discard efficiency 0..1; None when there was nothing to compare
    marks: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "phase": self.phase,
            "action": self.action,
            "hand": self.hand,
            "drawn": self.drawn,
            "shanten": self.shanten,
            "after": self.after,
            "chosen": self.chosen.to_json() if self.chosen else None,
            "best": [c.to_json() for c in self.best],
            "careful": self.careful.to_json() if self.careful else None,
            "score": self.score,
            "marks": list(self.marks),
        }


@dataclass(frozen=True, slots=True)
class Summary:
    """The hand in one line: efficiency over the discards with a choice, and the counts."""

    efficiency: int | None  # percent
    decisions: int
    discards: int
    costly: int
    risky: int
    wins_passed: int
    claims: int
    youjin_lost: int

    @property
    def line(self) -> str:
        parts = [f"efficiency {self.efficiency}%" if self.efficiency is not None else "no discard choices"]
        parts.append(_count(self.costly, "costly discard", "costly discards"))
        if self.wins_passed:
            parts.append(_count(self.wins_passed, "win passed up", "wins passed up"))
        if self.youjin_lost:
            parts.append(_count(self.youjin_lost, "游金 chance lost", "游金 chances lost"))
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "efficiency": self.efficiency,
            "decisions": self.decisions,
            "discards": self.discards,
            "costly": self.costly,
            "risky": self.risky,
            "wins_passed": self.wins_passed,
            "claims": self.claims,
            "youjin_lost": self.youjin_lost,
            "line": self.line,
        }


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@dataclass(frozen=True, slots=True)
class HandReview:
    """The review of one seat's hand."""

    variant: str
    seat: int
    decisions: tuple[Decision, ...]
    summary: Summary

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "seat": self.seat,
            "summary": self.summary.to_json(),
            "decisions": [d.to_json() for d in self.decisions],
        }


# ---------------------------------------------------------------- walking the hand


def review(replay: Replay, seat: int) -> HandReview:
    """Review `seat`'s decisions in a finished hand (ReplayError if it does not replay or finish)."""
    return review_seats(replay, (seat,))[seat]


def review_seats(replay: Replay, seats: Iterable[int]) -> dict[int, HandReview]:
    """Each of `seats`' review, from one walk through the hand (a replay costs about as much as judging
    one seat's decisions, so reviewing four seats walks once, not four times). ReplayError as `review`."""
    rules_ = get_variant(replay.variant)
    wanted = tuple(dict.fromkeys(seats))
    for seat in wanted:
        if not 0 <= seat < rules_.n_seats:
            raise ReplayError(f"{replay.variant} has seats 0..{rules_.n_seats - 1}, not {seat}")
    judged: dict[int, list[Decision]] = {seat: [] for seat in wanted}
    for seat, step, sight, action, after in _walk(replay, wanted):
        judged[seat].append(_judge(step, sight, action, after))
    return {seat: HandReview(replay.variant, seat, tuple(d), _summary(tuple(d))) for seat, d in judged.items()}


def _walk(replay: Replay, seats: tuple[int, ...]) -> Iterable[tuple[int, int, Sight, Action, int]]:
    """(seat, step, the seat's sight before, its action, its 游金 level after) for each decision of `seats`."""
    state = _start(replay)
    for step, (actor, data) in enumerate(replay.actions, start=1):
        action = _parse(step, data)
        if not isinstance(action, Pass) and only_pass(state, actor):
            state = pass_for_idle_seats(state).state  # a log from before every window asked every seat
        # A pass that was the seat's only choice (a window put to it by position) is no decision.
        before = _decision_sight(state, actor) if actor in seats else None
        state = _apply(state, step, actor, action)
        if before is not None:
            yield actor, step, before, action, state.seats[actor].you  # the seat's own level: public
    if not state.finished:
        raise ReplayError(f"the hand is not over after {len(replay.actions)} actions")


def _decision_sight(state: HandState, seat: int) -> Sight | None:
    """The seat's Sight when it has a decision to make (None when passing is its only choice).

    The same value as `sight_of(view(state, seat), judge.sight(state, seat))` (story test
    tests/engine/review/test_fast_review_equals_the_straightforward_one.py), read from the state's fields the seat's own
    view shows (its hand, draw, melds, 游金 level and legal actions, the phase, the gold, the claim
    tile) instead of formatting the whole table as JSON and parsing the seat's part back: the same
    facts, so the review still sees only what the seat could see."""
    legal = legal_actions(state, seat)
    passing_only = state.window is not None and legal == [Pass()]
    if passing_only and seat in state.to_act:
        return None  # only_pass: the table passes for it
    own = state.seats[seat]
    window = state.window
    return Sight(
        variant=state.variant,
        seat=seat,
        phase=state.phase.name.lower(),
        hand=tuple(sorted(own.hand, key=_KIND)),
        drawn=own.drawn if own.drawn else None,
        melds=tuple(Meld(m.kind, tuple(sorted(m.tiles, key=_KIND)), bool(m.concealed)) for m in own.melds),
        gold=state.gold,
        you=int(own.you),
        legal=() if passing_only else tuple(legal),
        claim_tile=window.tile if window is not None and window.tile else None,
        judged=judge.sight(state, seat),
    )


_KIND = attrgetter("kind")


def _view_sight(state: HandState, seat: int) -> Sight | None:
    """`_decision_sight` the long way: the seat's view as JSON, read back (the reference)."""
    if only_pass(state, seat):
        return None
    return sight_of(view(state, seat), judge.sight(state, seat))


def _start(replay: Replay) -> HandState:
    try:
        return start_hand(
            replay.variant,
            seed=replay.seed,
            dealer=replay.dealer,
            streak=replay.streak,
            base=replay.base,
            options=dict(replay.options or {}),
        ).state
    except (KeyError, ValueError) as exc:
        raise ReplayError(f"cannot deal this hand: {exc}") from None


def _parse(step: int, data: Mapping[str, Any]) -> Action:
    try:
        return action_from_json(data)
    except IllegalAction as exc:
        raise ReplayError(f"action {step}: {exc}") from None


def _apply(state: HandState, step: int, actor: int, action: Action) -> HandState:
    try:
        return replay_apply(state, actor, action).state
    except (IllegalAction, ValueError) as exc:
        raise ReplayError(f"action {step} ({actor}: {action.to_json()}) does not replay: {exc}") from None


# ---------------------------------------------------------------- judging one decision


def _judge(step: int, sight: Sight, action: Action, you_after: int) -> Decision:
    marks: list[str] = []
    if _win_passed(sight, action, you_after):
        marks.append("win_passed")
    if isinstance(action, Win) and _shuangyou_open(sight):
        marks.append("shuangyou_passed")
    shanten = _shanten_now(sight)
    chosen: Choice | None = None
    careful: Choice | None = None
    best: tuple[Choice, ...] = ()
    score: float | None = None
    after: int | None = None
    let_go = _tile_let_go(sight, action)
    if let_go is not None:
        chosen, best, careful, score, youjin = _judge_discard(sight, let_go, marks)
        marks += _youjin_marks(sight, chosen, best, you_after, youjin)
    elif isinstance(action, Chow | Pong | Kong):
        after = _shanten_after_meld(sight, action)
        if shanten is not None and after is not None and sight.phase != "turn":
            marks.append("claim_lowered" if after < shanten else "claim_no_gain")
    elif isinstance(action, Pass) and sight.phase == "claim":
        after = _best_claim(sight)
        if shanten is not None and after is not None and after < shanten:
            marks.append("claim_refused")
    return Decision(
        step=step,
        phase=sight.phase,
        action=action.to_json(),
        hand=_hand_text(tuple(map(_KIND, sight.hand))),
        drawn=str(sight.drawn) if sight.drawn else None,
        shanten=shanten,
        after=after,
        chosen=chosen,
        best=best,
        careful=careful,
        score=score,
        marks=tuple(dict.fromkeys(marks)),
    )


def _tile_let_go(sight: Sight, action: Action) -> Tile | None:
    """The tile a turn action lets go, judged as a discard: a discard, or a variant's action that
    discards as it declares (erren's 报听 names the tile it lets go, which is a legal discard too)."""
    if sight.phase != "turn" or isinstance(action, Kong):
        return None
    if isinstance(action, Discard):
        return action.tile
    tile = getattr(action, "tile", None)
    return tile if isinstance(tile, Tile) and Discard(tile) in sight.legal else None


def _win_passed(sight: Sight, action: Action, you_after: int) -> bool:
    """A 胡 or 抢金 was offered and not taken (a discard that entered 游金 or went up a level
    traded the win for a bigger one: the 游金 marks say so instead)."""
    offered = any(isinstance(a, Win | QiangJin) for a in sight.legal)
    raised = isinstance(action, Discard) and you_after > sight.you
    return offered and not isinstance(action, Win | QiangJin) and not raised


@lru_cache(maxsize=4096)
def _hand_text(kinds: tuple[int, ...]) -> str:
    """format_tiles of a hand by its tile kinds (a seat's hand is shown again at each of its claims)."""
    return format_tiles(map(Tile, kinds))


def _shanten_now(sight: Sight) -> int | None:
    """The hand's shanten as a 3k+1 hand would count it (a 3k+2 hand: after its best discard)."""
    if len(sight.hand) % 3 == 0:
        return None  # mid-exchange (erren) or before the deal's last tile: nothing to measure
    return _shanten_of(tuple(map(_KIND, sight.hand)), sight.gold, sight.shapes)


@lru_cache(maxsize=4096)
def _shanten_of(kinds: tuple[int, ...], gold: Tile | None, shapes: frozenset[Shape]) -> int:
    """judge.shanten by tile kinds: a seat's hand is measured again at each of its claims."""
    return judge.shanten(tuple(map(Tile, kinds)), gold, shapes)


def _judge_discard(
    sight: Sight, tile: Tile, marks: list[str]
) -> tuple[Choice, tuple[Choice, ...], Choice | None, float | None, Mapping[Tile, bool]]:
    """The chosen discard against every legal one: ranked by efficiency (shanten, then 进张),
    and the careful player's choice (`judge.best_discard`, the normal bot's discard, weighing the
    deal-in risk). Both come from one reading of the hand (`judge.Discards`: each discard's shanten
    and danger counted once, its 进张 only for the choices shown, the chosen one and the careful one)."""
    candidates = {a.tile for a in sight.legal if isinstance(a, Discard)} | {tile}
    judged = judge.Discards(sight.judged, candidates)
    youjin = _youjin_of(sight, judged.steps)
    chosen = _choice(judged.choice(tile), youjin)
    shown = tuple(chosen if c.tile == tile else _choice(c, youjin) for c in judged.ranked(BEST_SHOWN))
    top = shown[0]
    careful = _choice(judged.careful(), youjin) if len(candidates) > 1 else None
    score = None if careful is None else _score(chosen, top)
    if score is not None and score < COSTLY_BELOW:
        defensive = careful is not None and careful.tile == tile and chosen.danger < top.danger
        marks.append("defensive" if defensive else "costly")
    if careful is not None and chosen.danger >= max(RISKY_FROM, RISKY_OVER_CAREFUL * careful.danger):
        marks.append("risky")
    return chosen, shown, careful, score, youjin


def _youjin_of(sight: Sight, shanten: Mapping[Tile, int] | None = None) -> dict[Tile, bool]:
    """Per tile, memoized for one decision: discarding it leaves the 游金 wait (a lone gold). A hand
    left without a gold never does, so only a hand holding one asks the waits; nor does one left
    short of ready (`shanten`, when known, of the hand each discard leaves: 游金 is a ready hand)."""
    gold = sight.gold
    if gold is None or gold not in sight.hand:
        return _NO_YOUJIN
    return _YoujinMemo(sight, shanten or {})


class _YoujinMemo(dict[Tile, bool]):
    """tile -> the hand less that tile has the 游金 wait, asked once per tile."""

    def __init__(self, sight: Sight, shanten: Mapping[Tile, int]) -> None:
        super().__init__()
        self.sight = sight
        self.shanten = shanten

    def __missing__(self, tile: Tile) -> bool:
        sight = self.sight
        if self.shanten.get(tile, 0) > 0:
            value = False
        else:
            value = rules.lone_gold_wait(rules.without(sight.hand, tile), sight.gold, sight.shapes)
        self[tile] = value
        return value


class _NoYoujin(dict[Tile, bool]):
    def __missing__(self, tile: Tile) -> bool:
        return False


_NO_YOUJIN = _NoYoujin()


def _choice(judged: judge.DiscardChoice, youjin: Mapping[Tile, bool]) -> Choice:
    return Choice(judged.tile, judged.shanten, judged.effective, round(judged.danger, 3), youjin[judged.tile])


def _score(chosen: Choice, top: Choice) -> float:
    """1.0 for a best choice; 0 for one that raised the shanten; else the share of the best's effective tiles."""
    if chosen.shanten > top.shanten:
        return 0.0
    if top.effective == 0:
        return 1.0
    return round(min(1.0, chosen.effective / top.effective), 3)


# ---------------------------------------------------------------- 游金 / 双游


def _youjin_marks(
    sight: Sight, chosen: Choice, best: Sequence[Choice], you_after: int, youjin: Mapping[Tile, bool]
) -> list[str]:
    """游金 (a lone gold waiting: any draw wins) entered, kept, or given up when a discard had it."""
    if sight.gold is None or get_variant(sight.variant).gold is None:
        return []
    if you_after >= 2 and sight.you < 2:
        return ["shuangyou_entered"]
    if you_after >= 1:
        return ["youjin_kept" if sight.you >= 1 else "youjin_entered"]
    could = sight.you >= 1 or any(c.youjin for c in best) or _any_youjin(sight, youjin)
    return ["youjin_lost"] if could else []


def _any_youjin(sight: Sight, youjin: Mapping[Tile, bool]) -> bool:
    """Some legal discard would have left the 游金 wait (`youjin`: the decision's answers by tile)."""
    return any(youjin[a.tile] for a in sight.legal if isinstance(a, Discard))


def _shuangyou_open(sight: Sight) -> bool:
    """In 单游 with a gold just drawn, discarding it (双游) was open instead of winning now."""
    drawn = sight.drawn
    return sight.you == 1 and drawn is not None and sight.is_gold(drawn) and Discard(drawn) in sight.legal


# ---------------------------------------------------------------- claims and kongs


def _shanten_after_meld(sight: Sight, action: Chow | Pong | Kong) -> int | None:
    """The shanten once the set is declared (3k+1 equivalent): the hand less the tiles it takes."""
    meld, used = _meld_of(sight, action)
    rest = list(sight.hand)
    for tile in used:
        if tile not in rest:
            return None
        rest.remove(tile)
    if len(rest) % 3 == 0:
        return None
    shapes = rules.shapes_for(get_variant(sight.variant), (*sight.melds, meld))
    return judge.shanten(rest, sight.gold, shapes)


def _meld_of(sight: Sight, action: Chow | Pong | Kong) -> tuple[Meld, list[Tile]]:
    """The set a claim or kong declares and the concealed tiles it takes (吃/碰 two, 明杠 three,
    暗杠 four, 加杠 one)."""
    if isinstance(action, Chow):
        claimed = sight.claim_tile or action.tiles[0]
        return Meld(MeldKind.CHOW, tuple(sorted((*action.tiles, claimed)))), list(action.tiles)
    tile = action.tile if isinstance(action, Kong) else (sight.claim_tile or sight.hand[0])
    face = rules.face(tile, sight.gold)
    same = [t for t in sight.hand if not sight.is_gold(t) and rules.face(t, sight.gold) == face]
    if isinstance(action, Pong):
        return Meld(MeldKind.PUNG, (tile,) * 3), same[:2]
    added = any(m.kind == MeldKind.PUNG and rules.face(m.tiles[0], sight.gold) == face for m in sight.melds)
    taken = same[:1] if added and sight.phase == "turn" else same[:4] if sight.phase == "turn" else same[:3]
    return Meld(MeldKind.KONG, (tile,) * 4, concealed=sight.phase == "turn" and not added), taken


def _best_claim(sight: Sight) -> int | None:
    """The lowest shanten a claim on offer would have reached (None if none was offered)."""
    reached = [_shanten_after_meld(sight, a) for a in sight.legal if isinstance(a, Chow | Pong | Kong)]
    values = [v for v in reached if v is not None]
    return min(values) if values else None


# ---------------------------------------------------------------- the summary


def _summary(decisions: Sequence[Decision]) -> Summary:
    scored = [d.score for d in decisions if d.score is not None]
    marks = [m for d in decisions for m in d.marks]
    return Summary(
        efficiency=round(100 * sum(scored) / len(scored)) if scored else None,
        decisions=len(decisions),
        discards=len(scored),
        costly=marks.count("costly"),
        risky=marks.count("risky"),
        wins_passed=marks.count("win_passed"),
        claims=marks.count("claim_lowered") + marks.count("claim_no_gain"),
        youjin_lost=marks.count("youjin_lost"),
    )
