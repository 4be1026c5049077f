"""The channel layer: channels_redis's publish/subscribe layer, each published message decoded once
per process.

A table's batch is one PUBLISH, and the layer hands the same received bytes to every socket of the
table on this process; the stock layer decodes them once per socket (each `receive` deserializes).
A batch carries every audience's part of its events (a `prompt` holds the whole hand view), so its
msgpack decoding was a tenth of a daphne process's CPU at a busy table, four times over. Here the
sockets share one decoding of the same bytes object.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer

RECENT = 32  # decoded messages kept: enough for every socket of a process to take its copy


class SharedDecodingPubSubLayer(RedisPubSubChannelLayer):
    """`RedisPubSubChannelLayer` whose `deserialize` decodes a given bytes object once.

    The cache is keyed by the bytes object's identity (the layer fans one received object out to
    every subscribed socket), never by equal contents, and keeps a reference to it, so an identity
    cannot be reused while cached. Each caller gets its own top-level dict; nested values are shared
    and must be read, not changed (the consumers only read the messages they receive)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._recent: deque[tuple[bytes, dict[str, Any]]] = deque(maxlen=RECENT)
        self._recent_lock = threading.Lock()  # one layer serves every event loop of the process

    def deserialize(self, message: bytes) -> dict[str, Any]:
        with self._recent_lock:
            for raw, decoded in reversed(self._recent):
                if raw is message:
                    return dict(decoded)
        decoded = super().deserialize(message)
        with self._recent_lock:
            self._recent.append((message, decoded))
        return dict(decoded)
