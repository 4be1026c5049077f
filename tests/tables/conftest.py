"""Fixtures for table stories: funded players, rooms, and socket clients that play.

Sockets go through the real ASGI application (session cookie, origin check,
routing) and the real channel layer (Redis); Celery runs eagerly, so a hand's
settlement task runs right after the commit that finishes the hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from engine.hand_script import arrange

OUR_ORIGIN = b"http://localhost"


@pytest.fixture(autouse=True)
def _table_stories(eager_celery, fresh_channel_layer) -> None:
    """Every story here: Celery runs eagerly (but for the multi-process test), and a fresh channel layer."""


@pytest.fixture(autouse=True)
def _new_accounts_sit_together(db) -> None:
    """The table stories seat fresh accounts together at private coin tables: the 风控 seating rule (a coin
    friends' room needs the coin policy's hands in public rooms first) is off here; its own stories are
    tests/coins/test_farming_seats.py."""
    from coins.models import CoinPolicy

    CoinPolicy.current()
    CoinPolicy.objects.filter(pk=1).update(relief_public_hands=0)


@pytest.fixture
def room(brackets):
    """Factory: the room of a variant at a base (seeded by a migration; recreated after a flush)."""
    from tables.models import Room

    def make(variant: str = "pinghe", base: int = 10, **settings: Any) -> Room:
        the_room, _ = Room.objects.get_or_create(variant=variant, base=base)
        for key, value in settings.items():
            setattr(the_room, key, value)
        the_room.save()
        return the_room

    return make


@pytest.fixture
def four_players(make_player, funded):
    """阿明, 小芳, 老王 and 阿珍, 1000 coins each (the base-10 bracket)."""
    names = [("ming", "阿明"), ("fang", "小芳"), ("wang", "老王"), ("zhen", "阿珍")]
    return [funded(make_player(u, n)) for u, n in names]


@sync_to_async
def session_cookie_for(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


class TableClient:
    """A player's (or spectator's) socket at a table, and what it has been told.

    `version` follows the protocol: the client's last seen table version.
    `legal` is this seat's current legal actions (from the last prompt).
    """

    def __init__(self, name: str, socket: WebsocketCommunicator, rng: random.Random | None = None) -> None:
        self.name, self.socket, self.rng = name, socket, rng or random.Random(name)
        self.received: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.version, self.seat, self.hand_version = 0, None, None
        self.legal: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self.next_id, self.behind = 0, False
        self.prompts = 0  # how many prompts (or states) this client has been given
        # (action id, its legal actions, `prompts` when it was sent): a rate-limited action is offered again
        self.refused_restores: tuple[str | None, list[dict[str, Any]], int] = (None, [], 0)

    @classmethod
    async def open(cls, user: Any, table_id: int, name: str | None = None) -> TableClient:
        headers = [(b"host", b"localhost"), (b"origin", OUR_ORIGIN), (b"cookie", await session_cookie_for(user))]
        socket = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
        connected, code = await socket.connect(timeout=10)
        assert connected, f"{name or user} could not connect ({code})"
        client = cls(name or str(user), socket)
        await client.expect("state")
        return client

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send_json_to(message)

    async def act(self, action: dict[str, Any], *, action_id: str | None = None, hand_version: Any = "auto") -> str:
        self.next_id += 1
        action_id = action_id or f"{self.name}-{self.next_id}"
        message: dict[str, Any] = {"type": "action", "id": action_id, "action": action}
        if hand_version == "auto":
            hand_version = self.hand_version
        if hand_version is not None:
            message["hand_version"] = hand_version
        self.refused_restores = (action_id, self.legal, self.prompts)
        self.legal = []  # answered: wait for the next prompt
        await self.send(message)
        return action_id

    async def receive(self, timeout: float = 5) -> dict[str, Any]:
        message = await self.socket.receive_json_from(timeout=timeout)
        self._note(message)
        return message

    async def expect(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """Receive until a message of type `kind` arrives (others are noted on the way)."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == kind:
                return message

    async def drain(self, timeout: float = 0.05) -> list[dict[str, Any]]:
        """Everything that arrives within `timeout` of quiet."""
        got = []
        # receive_nothing peeks; a receive that times out would cancel the application instance.
        while not await self.socket.receive_nothing(timeout, interval=0.005):
            got.append(await self.receive())
        return got

    def _note(self, message: dict[str, Any]) -> None:
        self.received.append(message)
        if message["type"] == "state":
            self.prompts += 1
            self.state, self.version, self.seat = message, message["version"], message["seat"]
            hand = message.get("hand") or {}
            self.legal, self.hand_version = list(hand.get("legal", [])), hand.get("hand_version")
        elif message["type"] == "error" and message.get("id") == self.refused_restores[0]:
            self._refused(message)
        elif message["type"] == "pong" and message["version"] > self.version:
            self.behind = True
        elif message["type"] == "events":
            assert message["from"] <= self.version + 1, f"{self.name}: gap {self.version} -> {message['from']}"
            for event in message["events"]:
                if event["version"] > self.version:
                    self.events.append(event)
                    self._apply(event)
            self.version = max(self.version, message["to"])

    def _apply(self, event: dict[str, Any]) -> None:
        if event["type"] == "prompt":
            self.prompts += 1
            self.legal, self.hand_version = list(event.get("legal", [])), event["hand_version"]
        elif event["type"] == "hand_finished":
            self.legal = []

    def _refused(self, error: dict[str, Any]) -> None:
        """Only a rate-limited action was never looked at: offer it again, unless a newer prompt came meanwhile.

        Any other refusal (stale_version, not_your_turn, ...) means the hand moved on: the next
        prompt says what to do. Restoring the old choices then would act on them again and again.
        """
        _, legal, prompts = self.refused_restores
        if error.get("code") == "rate_limited" and prompts == self.prompts:
            self.legal = legal

    async def sync(self, timeout: float = 10) -> None:
        """Barrier: return once this client has every event committed before the call (and the server has
        handled everything the client sent before it: a socket's messages are handled in order).

        The ping's pong carries the table's committed version; whatever is still missing is fetched with a
        resync rather than waited for, so the barrier does not depend on how fast broadcasts travel.
        """
        await self.send({"type": "ping"})
        target = (await self.expect("pong", timeout))["version"]
        if self.version < target:
            await self.send({"type": "resync", "since": self.version})
            while self.version < target:
                await self.receive(timeout)
        self.behind = False

    def seen(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e["type"] == kind]

    def choose(self) -> dict[str, Any]:
        """A simple human: win when possible, pass on claims, otherwise discard something legal."""
        by_type: dict[str, list[dict[str, Any]]] = {}
        for action in self.legal:
            by_type.setdefault(action["type"], []).append(action)
        for preferred in ("win", "pass", "discard"):
            if preferred in by_type:
                return self.rng.choice(by_type[preferred])
        return self.rng.choice(self.legal)

    async def heartbeat(self) -> None:
        """Ping; if the pong shows a newer table version than ours, ask for what we missed."""
        await self.send({"type": "ping"})
        await self.drain(0.05)
        if self.behind:
            self.behind = False
            await self.send({"type": "resync", "since": self.version})

    async def close(self) -> None:
        # Wait for the consumer's close bookkeeping to finish: cut short after the default 1 s (on a
        # loaded machine), its database work outlives the test and the teardown's flush finds the
        # database locked.
        await self.socket.disconnect(timeout=15)


async def sync_all(clients: list[TableClient]) -> None:
    """Every client has every committed event (see `TableClient.sync`)."""
    for client in clients:
        await client.sync()


def to_act(clients: list[TableClient]) -> TableClient:
    """The client asked to act now (call after `sync_all`, when every client's prompt is current)."""
    acting = [c for c in clients if c.legal]
    assert acting, f"nobody was asked to act: {[(c.name, c.version) for c in clients]}"
    return acting[0]


async def play_until(clients: list[TableClient], done: Callable[[], bool], quiet_seconds: float = 30) -> None:
    """Let every client answer its prompts until `done()`; fails if the table stays quiet too long first."""
    last_move = time.monotonic()
    while not done():
        moved = False
        for client in clients:
            moved = bool(await client.drain(0.02)) or moved
            if client.legal:
                await client.act(client.choose())
                moved = True
        if moved:
            last_move = time.monotonic()
        quiet = time.monotonic() - last_move
        if quiet > 2:  # like the browser: a heartbeat tells a client that missed a broadcast to resync
            for client in clients:
                await client.heartbeat()
        errors = [(c.name, m) for c in clients for m in c.received if m["type"] == "error"]
        assert quiet < quiet_seconds, f"the table went quiet: {errors[-3:]} {[(c.name, c.version) for c in clients]}"


@pytest.fixture
def seat_at_table(room):
    """Factory: seat the given players at a fresh private table of `variant` (a full table deals at once)."""
    from tables.services import seating

    def seat(players: list[Any], variant: str = "pinghe", **room_settings: Any) -> Any:
        the_room = room(variant, 10, **room_settings)
        table = seating.create_private(players[0], the_room)
        for player in players[1:]:
            seating.join_by_code(player, str(table.invite_code))
        table.refresh_from_db()
        return table

    return seat


# Every hand scattered (the rest of the wall in kind order): nobody can win in the first few rounds,
# whatever the seats choose. For stories that need a hand still running after some play: a secret
# seed can deal a hand that ends at its opening (天胡, 三金倒, 抢金) or on its first action.
SCATTERED_PINGHE = ["1357m1357p1357s1234z9s", "2468m2468p2468s1234z", "1357m1357p1357s5566z", "2468m2468p2468s5677z"]


@pytest.fixture
def scattered_deal(settings) -> dict[str, Any]:
    """The room `options` of a scripted pinghe deal of scattered hands (seat 0 deals, gold 9p)."""
    settings.TABLES_ALLOW_SCRIPTED_DEALS = True
    return arrange("pinghe", dealer=0, hands=SCATTERED_PINGHE, gold="9p")


async def bots_fill(table: Any) -> None:
    """The sweeper runs after the room's bot wait: bots take the empty seats and the hand is dealt."""
    from datetime import timedelta

    from django.utils import timezone

    from tables.services.sweeper import sweep_now

    wait = await sync_to_async(lambda: table.room.bot_wait_seconds)()
    later = timezone.now() + timedelta(seconds=wait + 1)
    done = await sync_to_async(sweep_now)(later)
    assert done["bots"] == 1


def finished(clients: list[TableClient], kind: str = "settled", count: int = 1) -> Callable[[], bool]:
    return lambda: all(len(c.seen(kind)) >= count for c in clients)
