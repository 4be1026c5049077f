"""Beat on every host, one schedules: the Redis lock of config.beat elects it and hands over when it dies."""

from __future__ import annotations

import time
import uuid

import pytest

from config.beat import BeatLock, SingleBeatScheduler
from config.celery import app


@pytest.fixture
def key() -> str:
    """A lock of this test's own (a browser test's beat may hold the real one in the same Redis)."""
    return f"beat-leader-test-{uuid.uuid4().hex}"


@pytest.fixture
def beats(settings, key):
    def make(seconds: float = 5) -> BeatLock:
        return BeatLock(settings.REDIS_URL, seconds, key=key)

    return make


def test_one_beat_holds_the_lock_and_keeps_it(beats):
    first, second = beats(), beats()
    assert first.hold()
    assert not second.hold()
    assert first.hold()  # renewed by its holder
    assert not second.hold()


def test_a_clean_stop_hands_over_at_once(beats):
    first, second = beats(), beats()
    assert first.hold()
    first.release()
    assert second.hold()
    assert not first.hold()


def test_a_dead_holders_lock_expires_and_another_beat_takes_over(beats):
    first, second = beats(seconds=0.3), beats(seconds=0.3)
    assert first.hold()
    time.sleep(0.5)  # the holder was killed: no renewal
    assert second.hold()
    assert not first.hold()  # when it comes back it stands by


def test_a_beat_that_cannot_reach_redis_does_not_schedule(key):
    assert not BeatLock("redis://127.0.0.1:1/0", 5, key=key).hold()


def test_a_standing_by_scheduler_sends_nothing_and_checks_again_soon(settings, key, tmp_path):
    settings.BEAT_LOCK_SECONDS = 8
    holder = BeatLock(settings.REDIS_URL, 8, key=key)
    assert holder.hold()
    standby = SingleBeatScheduler(app=app, schedule_filename=str(tmp_path / "schedule"), lazy=True)
    standby.lock = BeatLock(settings.REDIS_URL, 8, key=key)
    assert standby.tick() == 2.0
    assert not standby.lock.held
