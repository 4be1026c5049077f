"""Each test gets its own cache namespace, so throttle counters never leak between tests or runs."""

import uuid

import pytest


@pytest.fixture(autouse=True)
def private_cache_namespace(settings):
    caches = {name: dict(config) for name, config in settings.CACHES.items()}
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches
