"""Versioned table events: stored filtered per seat, broadcast only after commit.

The channel layer delivers at most once and may drop messages, so it only
carries copies: the `TableEvent` rows are the truth, and a client that sees a
gap in the versions asks for `events_since(version)`.

Groups: `tbl.<id>.s<seat>` receives that seat's views, `tbl.<id>.pub` the
public view (spectators). Each broadcast is one message per group:
`{"type": "table.events", "from": v0, "to": v1, "events": [...]}` where the
events are the ones that group may see, each `{"version": v, **view}`.
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

from tables.models import Hand, Table, TableEvent

log = logging.getLogger(__name__)

PUBLIC = "public"
View = dict[str, Any] | None


def seat_group(table_id: int, seat: int) -> str:
    return f"tbl.{table_id}.s{seat}"


def public_group(table_id: int) -> str:
    return f"tbl.{table_id}.pub"


def audience_keys(n_seats: int) -> list[str]:
    """The keys of `TableEvent.views`: one per seat, then the public one."""
    return [str(seat) for seat in range(n_seats)] + [PUBLIC]


def same_for_all(n_seats: int, view: dict[str, Any]) -> dict[str, View]:
    """Views for an event everybody may see in full (seats, results, revealed seeds)."""
    return {key: dict(view) for key in audience_keys(n_seats)}


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
        row = TableEvent(table=self.table, version=self.table.version, hand=hand, kind=kind, views=dict(views))
        self.rows.append(row)
        return row

    def finish(self) -> None:
        """Store the events and the table's version; publish the batch once the transaction commits."""
        if not self.rows:
            return
        TableEvent.objects.bulk_create(self.rows)
        self.table.save(update_fields=["version"])
        table_id, rows = self.table.pk, list(self.rows)
        n_seats = self.table.room.n_seats
        self.rows = []
        # robust: a failed broadcast must not fail the committed action; clients resync on gaps
        transaction.on_commit(lambda: publish(Broadcast.of(table_id, n_seats, rows)), robust=True)


def batch_for(rows: Iterable[TableEvent], seat: int | None) -> list[dict[str, Any]]:
    """The events of `rows` the seat (None = spectators) may see, each tagged with its version."""
    out = []
    for row in rows:
        view = row.view_for(seat)
        if view is not None:
            out.append({"version": row.version, **view})
    return out


@dataclass(frozen=True, slots=True)
class Broadcast:
    """One committed batch of a table's events as channel-layer messages: `(group, message)` pairs."""

    table_id: int
    first: int  # the first version of the batch: collected batches are sent in version order
    messages: tuple[tuple[str, dict[str, Any]], ...]

    @classmethod
    def of(cls, table_id: int, n_seats: int, rows: list[TableEvent]) -> Broadcast:
        first, last = rows[0].version, rows[-1].version
        groups: list[tuple[str, int | None]] = [(seat_group(table_id, s), s) for s in range(n_seats)]
        groups.append((public_group(table_id), None))
        messages = tuple(
            (group, {"type": "table.events", "from": first, "to": last, "events": batch_for(rows, seat)})
            for group, seat in groups
        )
        return cls(table_id, first, messages)

    def message_for(self, group: str) -> dict[str, Any] | None:
        return next((message for name, message in self.messages if name == group), None)

    async def send(self) -> None:
        """Hand the messages to the channel layer (from the event loop; best effort: clients resync on gaps)."""
        layer = get_channel_layer()
        if layer is None:
            return
        for group, message in self.messages:
            try:
                await layer.group_send(group, message)
            except Exception:  # the events are committed: a client that misses them resyncs
                log.exception("broadcast of table %s to %s failed", self.table_id, group)


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
    rows = list(TableEvent.objects.filter(table_id=table_id, version__gt=version).order_by("version")[: limit + 1])
    if len(rows) > limit:
        return None
    return batch_for(rows, seat), (rows[-1].version if rows else version)
