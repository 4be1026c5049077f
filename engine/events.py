"""What happened in a hand, with what each seat may see of it.

An `Event` has a public part everyone sees and a private part only `private_to`
sees (a drawn tile, a dealt hand, a concealed kong's tile). `Event.view(seat)`
merges the two for that seat; `view(None)` is the spectator's (public) view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; `kind` is the JSON tag ("draw", "discard", "win", ...)."""

    kind: str
    seat: int | None = None
    public: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] = field(default_factory=dict)
    private_to: int | None = None

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The event as `seat` sees it (None = spectator: public only)."""
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat, **self.public}
        if self.private and seat is not None and seat == self.private_to:
            data.update(self.private)
        return data

    def to_json(self) -> dict[str, Any]:
        """The full event (for the server's log and replays, never for a client)."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "public": dict(self.public),
            "private": dict(self.private),
            "private_to": self.private_to,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Event:
        return Event(data["kind"], data.get("seat"), dict(data["public"]), dict(data["private"]), data["private_to"])


def public(kind: str, seat: int | None = None, **data: Any) -> Event:
    """An event everyone sees in full."""
    return Event(kind, seat, data)


def private(kind: str, seat: int, hidden: dict[str, Any], **shown: Any) -> Event:
    """An event whose `hidden` part only `seat` sees."""
    return Event(kind, seat, shown, hidden, seat)
