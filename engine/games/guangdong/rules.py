"""广东鸡平胡 (`guangdong`)'s rule pieces: shared/seeds/004_f2f2bafceaf8d134.txt and RULINGS.md.

The pure rule decisions only this game makes: seat and round winds (门风/风圈), the next
dealership and round, who is liable (包) for a self-draw, and which first-turn win
(天胡/人胡/地胡) a win is. The game itself is built in engine/games/guangdong/__init__.py,
which builds on this module and on its flow (engine.games.guangdong.flow).
docs/rules/guangdong.md is the prose version.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.games.guangdong.fans import FirstTurn
from engine.sheet import Meld, MeldKind
from engine.tiles import DRAGONS, EAST, WINDS, Tile

N_SEATS = 4


# ---------------------------------------------------------------------------
# Winds and dealership


def seat_wind(seat: int, dealer: int) -> Tile:
    """门风: the dealer is 东, then 南 西 北 in playing order."""
    return Tile(WINDS[(seat - dealer) % N_SEATS])


@dataclass(frozen=True, slots=True)
class Dealership:
    """Who deals next, the round wind (风圈), and the seat that dealt first in this cycle."""

    dealer: int
    round_wind: Tile
    first_dealer: int
    streak: int = 1  # 连庄 count: 1 for a first dealership

    @staticmethod
    def start(first_dealer: int) -> Dealership:
        """The first hand: the 东 seat deals in the 东 round."""
        return Dealership(first_dealer, Tile(EAST), first_dealer)

    def next(self, winners: Sequence[int]) -> Dealership:
        """After a hand with these winners (empty: 流局).

        The dealer keeps the deal on a draw or when among the winners (一炮多响 included);
        otherwise the next seat deals, and when the deal comes back to the cycle's first
        dealer one round (一圈) is over and the round wind moves on (北 wraps to 东).
        """
        if not winners or self.dealer in winners:
            return Dealership(self.dealer, self.round_wind, self.first_dealer, self.streak + 1)
        dealer = (self.dealer + 1) % N_SEATS
        wind = self.round_wind
        if dealer == self.first_dealer:
            wind = Tile(WINDS[(WINDS.index(wind.kind) + 1) % len(WINDS)])
        return Dealership(dealer, wind, self.first_dealer)


# ---------------------------------------------------------------------------
# 包: who pays a self-draw for all three


def liable_after_claim(
    claimer: int,
    discarder: int,
    melds_after: Sequence[Meld],
    liabilities: Mapping[int, int],
) -> int | None:
    """The seat liable for `claimer`'s self-draw after claiming `discarder`'s tile, or None.

    `melds_after` are the claimer's melds including the one just made; `liabilities` maps
    each winner-to-be to their liable seat so far. The first liability stands. 12 tiles
    down (the fourth set, made on this discard) makes the discarder liable unless they already are for
    someone else (包先不包后). Claiming the fourth wind set (大四喜) or the third dragon
    set (大三元) makes the discarder liable too.
    """
    if claimer in liabilities:
        return liabilities[claimer]
    if _completes_big_winds_or_dragons(melds_after):
        return discarder
    if len(melds_after) == 4 and discarder not in liabilities.values():
        return discarder
    return None


def _completes_big_winds_or_dragons(melds: Sequence[Meld]) -> bool:
    last = melds[-1]
    if last.kind == MeldKind.CHOW or last.concealed:
        return False
    honor_sets = [m.tiles[0].kind for m in melds if m.kind != MeldKind.CHOW]
    if last.tiles[0].kind in WINDS:
        return sum(1 for k in honor_sets if k in WINDS) == len(WINDS)
    if last.tiles[0].kind in DRAGONS:
        return sum(1 for k in honor_sets if k in DRAGONS) == len(DRAGONS)
    return False


# ---------------------------------------------------------------------------
# First-turn wins


def first_turn_win(
    *,
    winner: int,
    dealer: int,
    self_draw: bool,
    discarder: int | None,
    winner_draws: int,
    dealer_discards: int,
    any_claim: bool,
) -> FirstTurn:
    """Which of 天胡/人胡/地胡 (as this document defines them) a win is, if any.

    `discarder`: the seat whose discard was won on (None for a self-draw);
    `winner_draws`: tiles the winner has drawn from the wall after the deal (the dealer's
    14th dealt tile is not a draw); `dealer_discards`: discards the dealer has made;
    `any_claim`: someone has chowed, ponged or konged this hand.
    """
    if any_claim:
        return FirstTurn.NONE
    if winner == dealer:
        return FirstTurn.TIANHU if self_draw and dealer_discards == 0 else FirstTurn.NONE
    if not self_draw:
        first_discard = discarder == dealer and dealer_discards == 1
        return FirstTurn.RENHU if first_discard and winner_draws == 0 else FirstTurn.NONE
    return FirstTurn.DIHU if winner_draws == 1 else FirstTurn.NONE
