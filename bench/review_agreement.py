"""Benchmark: does the hand review recommend what the normal bot plays? The share of decisions agreeing.

    python bench/review_agreement.py [--hands 40] [--seed agree] [--variants pinghe,nanping,guangdong,erren]

Each hand is dealt from `SEED:i` and played by a `normal` bot in every seat (so every seat's discards are
the bot's own choices); then every seat is reviewed (`engine.review.review_seats`) and each of its discard
decisions with a choice (a discard, or erren's 报听 letting a tile go) is counted: it agrees when the
review's careful choice (`Decision.careful`) is the tile the bot let go. A bot's 游金 step (the discard
that enters 游金 or 双游, chosen before the discard is weighed) is counted apart: the review marks it
`youjin_entered` / `shuangyou_entered` instead. Prints, per game and over all, the decisions, the share
agreeing and the 游金 steps; exit status 1 when the share is under 95%.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import bot_levels  # noqa: E402  (the checkout's engine, after the path above)
from engine.hand import apply, start_hand  # noqa: E402
from engine.review import Replay, review_seats  # noqa: E402

VARIANTS = ("pinghe", "nanping", "guangdong", "erren")
GOAL = 0.95
YOUJIN_MARKS = {"youjin_entered", "shuangyou_entered", "youjin_kept"}


def played(variant: str, seed: str) -> Replay:
    """The replay of a hand every seat of which the normal bot plays (every action recorded, passes too)."""
    normal = bot_levels.get("normal")
    rng = random.Random(seed)
    state = start_hand(variant, seed=seed, dealer=0).state
    actions = []
    while not state.finished:
        seat = state.to_act[0]
        action = normal.choose(state, seat, rng)
        actions.append((seat, action.to_json()))
        state = apply(state, seat, action).state
    return Replay(variant, seed, tuple(actions))


def count(variant: str, hands: int, seed: str) -> tuple[int, int, int]:
    """(discard decisions with a choice, those agreeing, 游金 steps) over `hands` hands."""
    decisions = agreeing = youjin = 0
    for i in range(hands):
        replay = played(variant, f"{seed}:{i}")
        for hand_review in review_seats(replay, range(len(_seats(replay)))).values():
            for decision in hand_review.decisions:
                if decision.careful is None or decision.chosen is None:
                    continue
                if YOUJIN_MARKS & set(decision.marks):
                    youjin += 1
                    continue
                decisions += 1
                agreeing += decision.careful.tile == decision.chosen.tile
    return decisions, agreeing, youjin


def _seats(replay: Replay) -> range:
    return range(start_hand(replay.variant, seed=replay.seed, dealer=0).state.n_seats)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", default="agree")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args()
    total = agreed = 0
    for variant in args.variants.split(","):
        decisions, agreeing, youjin = count(variant, args.hands, args.seed)
        total, agreed = total + decisions, agreed + agreeing
        share = agreeing / decisions if decisions else float("nan")
        print(f"{variant:9} {decisions:6} discard decisions  agreeing {share:7.2%}  游金 steps apart {youjin}")
    share = agreed / total if total else float("nan")
    print(f"all games {total:6} discard decisions  agreeing {share:7.2%}  (goal >= {GOAL:.0%})")
    return 0 if share >= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
