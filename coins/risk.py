"""风控: pairs of accounts that keep sitting together while the coins flow one way (coin farming).

There is no transfer between players, but play moves coins: a feeder account can lose its welcome
grant and its relief to a friend at a private table, again and again. `score_pairs` (the beat
task `coins.tasks.score_pairs`) reads the finished hands of the policy's window, and for every
two people who shared a hand adds up the hands they shared and the coins that went from one to
the other in them (the hand's settlement and escape penalties: its ledger postings), then writes
one `RiskPair` row per pair seen together at least `risk_min_hands` times, scored
hands together x one-sidedness, and marked when the two logged in from one address or one
browser (`accounts.services.accounts_sharing_a_client`). The operators read the top pairs and their hands
(`shared_hands`) on the admin's 风控 page, and may freeze an account from there.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import combinations

from django.db import transaction
from django.utils import timezone

from accounts.services import accounts_sharing_a_client
from coins.models import CoinPolicy, RiskPair
from ledger.models import Posting
from tables.models import Hand, HandStatus

CHUNK = 500  # hands whose postings are read in one query
HANDS_KEPT = 50  # hand ids stored per pair, for the operators to open


@dataclass(slots=True)
class PairTally:
    """What two accounts (first < second) shared in the window."""

    hands: list[int] = field(default_factory=list)
    private_hands: int = 0
    to_first: int = 0
    to_second: int = 0

    def add(self, hand_id: int, private: bool, net_first: int, net_second: int) -> None:
        self.hands.append(hand_id)
        self.private_hands += private
        if net_first > 0 > net_second:
            self.to_first += min(net_first, -net_second)
        elif net_second > 0 > net_first:
            self.to_second += min(net_second, -net_first)

    @property
    def score(self) -> float:
        moved = self.to_first + self.to_second
        one_sided = abs(self.to_first - self.to_second) / moved if moved else 0.0
        return len(self.hands) * one_sided


def people(hand: Hand) -> list[int]:
    """The accounts that played `hand` themselves (house bots' seats excluded), in seat order."""
    bots = set(hand.bots or [])
    return [int(user_id) for seat, user_id in enumerate(hand.players) if seat not in bots and user_id is not None]


def _hands(since: datetime) -> Iterator[list[Hand]]:
    hands = Hand.objects.filter(status=HandStatus.FINISHED, finished_at__gte=since).order_by("-finished_at")
    batch: list[Hand] = []
    for hand in hands.select_related("table").only("players", "bots", "table__private").iterator(chunk_size=CHUNK):
        if len(people(hand)) >= 2:
            batch.append(hand)
        if len(batch) == CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def _nets(hands: list[Hand]) -> dict[tuple[int, int], int]:
    """(hand id, user id) -> the coins the user won (+) or lost (-) in the hand, all its transactions."""
    references = {f"hand:{hand.pk}": hand.pk for hand in hands}
    postings = Posting.objects.filter(transaction__reference__in=references, account__user__isnull=False)
    nets: dict[tuple[int, int], int] = defaultdict(int)
    for reference, user_id, amount in postings.values_list("transaction__reference", "account__user_id", "amount"):
        nets[(references[reference], user_id)] += amount
    return nets


def tally(batches: Iterable[list[Hand]]) -> dict[tuple[int, int], PairTally]:
    pairs: dict[tuple[int, int], PairTally] = defaultdict(PairTally)
    for hands in batches:
        nets = _nets(hands)
        for hand in hands:
            for first, second in combinations(sorted(set(people(hand))), 2):
                net_first, net_second = nets.get((hand.pk, first), 0), nets.get((hand.pk, second), 0)
                pairs[(first, second)].add(hand.pk, hand.table.private, net_first, net_second)
    return pairs


def score_pairs(now: datetime | None = None) -> int:
    """Score every pair seen together in the policy's window; replace the `RiskPair` rows. How many were written."""
    now = now or timezone.now()
    policy = CoinPolicy.current()
    pairs = tally(_hands(now - timedelta(days=policy.risk_window_days)))
    kept = {pair: t for pair, t in pairs.items() if len(t.hands) >= policy.risk_min_hands}
    sharing = accounts_sharing_a_client({user_id for pair in kept for user_id in pair})
    rows = [
        RiskPair(first_id=first, second_id=second, hands_together=len(t.hands), private_hands=t.private_hands,
                 to_first=t.to_first, to_second=t.to_second, score=t.score, hands=t.hands[:HANDS_KEPT],
                 shared_client=frozenset((first, second)) in sharing, scored_at=now)
        for (first, second), t in kept.items()
    ]  # fmt: skip
    with transaction.atomic():
        RiskPair.objects.all().delete()
        RiskPair.objects.bulk_create(rows)
    return len(rows)


@dataclass(frozen=True, slots=True)
class SharedHand:
    """One hand a pair shared, with the coins each of the two won (+) or lost (-) in it."""

    hand: Hand
    first: int
    second: int


def shared_hands(pair: RiskPair) -> list[SharedHand]:
    """The pair's stored hands, newest first, each with what the two won or lost in it (the 风控 page)."""
    found = Hand.objects.filter(pk__in=pair.hands).select_related("table__room").defer("state")
    by_id = {hand.pk: hand for hand in found}
    hands = [by_id[pk] for pk in pair.hands if pk in by_id]
    nets = _nets(hands)
    return [SharedHand(h, nets.get((h.pk, pair.first_id), 0), nets.get((h.pk, pair.second_id), 0)) for h in hands]
