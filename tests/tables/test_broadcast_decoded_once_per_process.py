"""A table's batch is published once and every socket of a process gets it: the process decodes it
once (config.channel_layer.SharedDecodingPubSubLayer), each socket still gets its own message dict,
and a later message with the same contents is a new message (decoded again, never confused with the
old one by its contents)."""

from __future__ import annotations

import pytest
from channels.layers import get_channel_layer

from config.channel_layer import SharedDecodingPubSubLayer

pytestmark = [pytest.mark.timeout(30), pytest.mark.usefixtures("fresh_channel_layer")]


class Counting:
    """The layer's serializer, counting its decodings."""

    def __init__(self, inner) -> None:
        self.inner, self.decoded = inner, 0

    def serialize(self, message):
        return self.inner.serialize(message)

    def deserialize(self, raw):
        self.decoded += 1
        return self.inner.deserialize(raw)


async def test_three_sockets_share_one_decoding_of_a_batch():
    layer = get_channel_layer()
    assert isinstance(layer, SharedDecodingPubSubLayer)
    layer._serializer = counting = Counting(layer._serializer)
    sockets = [await layer.new_channel() for _ in range(3)]
    for socket in sockets:
        await layer.group_add("tbl.test.ev", socket)
    batch = {"type": "table.events", "from": 1, "to": 2, "events": [{"version": 1, "public": {"a": "五万"}}]}

    await layer.group_send("tbl.test.ev", batch)
    got = [await layer.receive(socket) for socket in sockets]
    assert got == [batch] * 3
    assert counting.decoded == 1
    assert got[0] is not got[1]  # a socket may add to its own copy's top level

    await layer.group_send("tbl.test.ev", batch)  # the same contents again: another message
    again = [await layer.receive(socket) for socket in sockets]
    assert again == [batch] * 3 and counting.decoded == 2
    for socket in sockets:
        await layer.group_discard("tbl.test.ev", socket)
