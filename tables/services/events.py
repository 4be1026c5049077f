"""Versioned table events: stored once for every audience, broadcast only after commit.

The channel layer delivers at most once and may drop messages, so it only
carries copies: the `TableEvent` rows are the truth, and a client that sees a
gap in the versions asks for `events_since(version)`.

An event is its public view plus, per seat told something else, a small delta
(tables.view_delta). Every socket at a table (seats and spectators) is in one
group, `tbl.<id>.ev`, and a committed batch is ONE message to it:
`{"type": "table.events", "from": v0, "to": v1, "events": [{"version", "public", "seats"}, ...]}`.
Each consumer builds what its own seat (or a spectator) may see from it
(`visible`) and sends only that: another seat's part never leaves the server.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from tables import rows
from tables.models import Hand, Table, TableEvent
from tables.view_delta import seat_view, split

log = logging.getLogger(__name__)

PUBLIC = "public"
View = dict[str, Any] | None


def table_group(table_id: int) -> str:
    """Every socket at the table, seats and spectators: batches go here, each consumer filters its part."""
    return f"tbl.{table_id}.ev"


def audience_keys(n_seats: int) -> list[str]:
    """The audiences of an event: one key per seat, then the public one."""
    return [str(seat) for seat in range(n_seats)] + [PUBLIC]


def same_for_all(n_seats: int, view: dict[str, Any]) -> dict[str, View]:
    """Views for an event everybody may see in full (seats, results, revealed seeds)."""
    shared = dict(view)  # one object for all: stored once, no delta to compute (view_delta.split)
    return dict.fromkeys(audience_keys(n_seats), shared)


def per_seat(n_seats: int, view_of: Callable[[int | None], View]) -> dict[str, View]:
    """Views built by `view_of(seat)`; `view_of(None)` is the public one."""
    views: dict[str, View] = {str(seat): view_of(seat) for seat in range(n_seats)}
    views[PUBLIC] = view_of(None)
    return views


class EventRecorder:
    """Collects one transaction's events on a locked table; stores them and publishes them after commit.

    The caller must hold the table row locked (select_for_update) so versions
    are handed out without gaps or duplicates. `finish` writes all the events
    in one INSERT and the table's version in one UPDATE.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.first_version = table.version + 1
        self.rows: list[TableEvent] = []

    def add(self, kind: str, views: Mapping[str, View], hand: Hand | None = None) -> TableEvent:
        self.table.version += 1
        public, seats = split(dict(views), PUBLIC)
        row = TableEvent(table=self.table, version=self.table.version, hand=hand, kind=kind, public=public, seats=seats)
        self.rows.append(row)
        return row

    def finish(self) -> None:
        """Store the events and the table's version; publish the batch once the transaction commits."""
        if not self.rows:
            return
        rows.insert(TableEvent, self.rows)
        rows.update(self.table, ["version"])
        table_id, batch = self.table.pk, list(self.rows)
        self.rows = []
        # robust: a failed broadcast must not fail the committed action; clients resync on gaps
        transaction.on_commit(lambda: publish(Broadcast.of(table_id, batch)), robust=True)


def wire(row: TableEvent) -> dict[str, Any]:
    """An event as the channel layer carries it: every audience's part (for consumers, never for a client)."""
    return {"version": row.version, "public": row.public, "seats": row.seats}


def visible(events: Iterable[dict[str, Any]], seat: int | None, after: int = 0) -> list[dict[str, Any]]:
    """Of `wire` events after version `after`, what the seat (None = spectators) may see, tagged with versions."""
    out = []
    for event in events:
        if event["version"] <= after:
            continue
        view = seat_view(event["public"], event["seats"], seat)
        if view is not None:
            out.append({"version": event["version"], **view})
    return out


@dataclass(frozen=True, slots=True)
class Broadcast:
    """One committed batch of a table's events: one message for the table's group."""

    table_id: int
    first: int  # the first version of the batch: collected batches are sent in version order
    message: dict[str, Any]

    @classmethod
    def of(cls, table_id: int, rows: list[TableEvent]) -> Broadcast:
        first, last = rows[0].version, rows[-1].version
        message = {"type": "table.events", "from": first, "to": last, "events": [wire(row) for row in rows]}
        return cls(table_id, first, message)

    async def send(self) -> None:
        """Hand the message to the channel layer (from the event loop; best effort: clients resync on gaps)."""
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            await layer.group_send(table_group(self.table_id), self.message)
        except Exception:  # the events are committed: a client that misses them resyncs
            log.exception("broadcast of table %s failed", self.table_id)


_outbox = threading.local()


@contextmanager
def collecting() -> Iterator[list[Broadcast]]:
    """Within the block, committed batches of this thread are collected instead of sent.

    The table sockets run their database work in a thread pool (tables.dbpool) and send the
    collected batches from the event loop afterwards: a database thread never waits on the
    channel layer. Everyone else (the worker, HTTP views) sends at once after the commit.
    """
    collected: list[Broadcast] = []
    previous = getattr(_outbox, "batches", None)
    _outbox.batches = collected
    try:
        yield collected
    finally:
        _outbox.batches = previous


def publish(broadcast: Broadcast) -> None:
    """A committed batch: into the current outbox if a socket's database call is collecting, else sent now."""
    batches = getattr(_outbox, "batches", None)
    if batches is not None:
        batches.append(broadcast)
        return
    if get_channel_layer() is not None:
        async_to_sync(broadcast.send)()


def events_since(
    table_id: int, version: int, seat: int | None, limit: int = 500
) -> tuple[list[dict[str, Any]], int] | None:
    """The events after `version` the seat may see and the last version they cover.

    None when more than `limit` are missing: the client gets a full state instead.
    """
    rows = TableEvent.objects.filter(table_id=table_id, version__gt=version).order_by("version")
    found: list[dict[str, Any]] = [dict(e) for e in rows.values("version", "public", "seats")[: limit + 1]]
    if len(found) > limit:
        return None
    return visible(found, seat), (found[-1]["version"] if found else version)
