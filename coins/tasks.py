"""The coins app's beat task: score the pairs of accounts that keep sitting together (coins.risk)."""

from __future__ import annotations

from celery import shared_task

from coins import risk


@shared_task(name="coins.tasks.score_pairs")
def score_pairs() -> int:
    """Re-score the 风控 pairs over the coin policy's window."""
    return risk.score_pairs()
