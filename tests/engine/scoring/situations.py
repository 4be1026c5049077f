"""Named players and finished-hand builders shared by the scoring tests.

Ann deals (seat 0); Bo, Cy and Di follow in playing order. Hands are mpsz.
"""

from engine.scoring.situation_json import meld
from engine.sheet import SeatTally, WinContext, WinType
from engine.tiles import Tile, parse_tiles

ANN, BO, CY, DI = 0, 1, 2, 3
SEATS = (ANN, BO, CY, DI)
BASE = 10
GOLD = "9s"


def finished(
    variant,
    win_type,
    winner,
    concealed="",
    *,
    win_tile=None,
    discarder=None,
    melds=(),
    flowers="",
    gold=GOLD,
    dealer=ANN,
    streak=1,
    base=BASE,
    tallies=None,
    fenbing=0,
    bao=None,
    balances=None,
    wrong_guesses=(),
):
    """A finished hand; melds are mpsz strings, a trailing "!" marks a 暗杠."""
    win_type = WinType.parse(win_type) if isinstance(win_type, str) else win_type
    parsed_melds = tuple(meld(m) for m in melds)
    return WinContext(
        variant=variant,
        n_seats=4,
        dealer=dealer,
        streak=streak,
        base=base,
        winner=winner,
        win_type=win_type,
        discarder=discarder,
        concealed=parse_tiles(concealed),
        melds=parsed_melds,
        flowers=parse_tiles(flowers),
        gold=Tile.parse(gold) if gold else None,
        win_tile=Tile.parse(win_tile) if win_tile else None,
        tallies=tuple(tallies) if tallies else (),
        fenbing=fenbing,
        bao=bao,
        balances=tuple(balances) if balances else None,
        wrong_guesses=tuple(wrong_guesses),
    )


def tallies(**by_seat):
    """Per-seat tallies from keyword seats: tallies(bo=SeatTally(flowers=4))."""
    names = {"ann": ANN, "bo": BO, "cy": CY, "di": DI}
    out = [SeatTally()] * 4
    for name, tally in by_seat.items():
        out[names[name]] = tally
    return out


def paid_to(sheet, receiver):
    """{payer: owed} of every transfer to `receiver`."""
    return {t.payer: t.owed for t in sheet.transfers if t.receiver == receiver}
