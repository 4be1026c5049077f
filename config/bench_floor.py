"""The bare Channels group broadcast, served only for `bench/table_load.py` (BENCH_FLOOR=1).

`/ws/bench/floor/<group>/`: a socket joins the group; a `{"type": "send", "id": ...}`
from any member is sent to the whole group (one `group_send`, every member gets
`{"type": "msg", ...}`) and acked to the sender. It goes through the same ASGI
stack as the table socket (origin check, session lookup, channel layer), so the
benchmark can put a table action next to the cheapest thing the stack can do.
"""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer


class BroadcastFloorConsumer(AsyncJsonWebsocketConsumer):
    group: str

    async def connect(self) -> None:
        self.group = f"floor.{self.scope['url_route']['kwargs']['group']}"
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_json({"type": "joined"})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        message = {"type": "floor.msg", "id": content.get("id"), "payload": content.get("payload")}
        await self.channel_layer.group_send(self.group, message)
        await self.send_json({"type": "ack", "id": content.get("id")})

    async def floor_msg(self, message: dict[str, Any]) -> None:
        await self.send_json({"type": "msg", "id": message["id"], "payload": message["payload"]})
