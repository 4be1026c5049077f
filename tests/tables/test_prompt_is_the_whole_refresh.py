"""A `prompt` carries everything a seat's page shows of the running hand: the engine's view, who acts
and by when, the seat's legal actions, the last discard and the player's hints (听牌). So a client
never fetches the whole state after an engine event: what the last prompt said is what a full
`state` would say. (The browser once asked for the whole state after every event; four times a
turn per player, rate-limited under load into a storm that closed its socket.)"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

SAME = ("state", "to_act", "deadline", "hand_version", "last_discard", "hints", "legal")


def last_prompt(table_id: int, seat: int | None) -> dict[str, Any]:
    from tables.services.events import events_since

    missed = events_since(table_id, 0, seat)
    assert missed is not None
    prompts = [e for e in missed[0] if e["type"] == "prompt"]
    assert prompts, "the running hand has prompted"
    return prompts[-1]


def as_the_prompt_says(prompt: dict[str, Any]) -> dict[str, Any]:
    return {**prompt, "state": prompt["hand"]}


def assert_prompts_match_the_state(table_id: int, seats: int) -> None:
    from tables.services.snapshot import snapshot

    for seat in [*range(seats), None]:
        full = snapshot(table_id, seat)["hand"]
        told = as_the_prompt_says(last_prompt(table_id, seat))
        keys = SAME if seat is not None else ("state", "to_act", "deadline", "hand_version", "last_discard")
        assert {k: told.get(k) for k in keys} == {k: full.get(k) for k in keys}, f"seat {seat}"


def first_asked(table_id: int, seats: int) -> tuple[int, list[dict[str, Any]]]:
    """The first seat with something to decide, and what it may do."""
    from tables.services.snapshot import snapshot

    offers = [(seat, snapshot(table_id, seat)["hand"]["legal"]) for seat in range(seats)]
    return next((seat, legal) for seat, legal in offers if legal)


def test_every_seat_is_told_by_its_prompt_what_a_full_state_shows(four_players, seat_at_table, scattered_deal):
    from tables.models import Table
    from tables.services import actions

    table = seat_at_table(four_players, "pinghe", options=scattered_deal)  # scattered: nobody wins early
    for step in range(12):  # the dealer's opening, discards, claim windows passed, draws
        assert_prompts_match_the_state(table.pk, 4)
        seat, legal = first_asked(table.pk, 4)
        move = next((a for a in legal if a["type"] == "pass"), None) or next(a for a in legal if a["type"] == "discard")
        actions.act(table.pk, four_players[seat].pk, f"step-{step}", move)
    assert Table.objects.get(pk=table.pk).status == "playing"


def test_a_bots_seat_is_not_sent_hints(four_players, seat_at_table, scattered_deal):
    from tables.services import between_hands

    table = seat_at_table(four_players[:1], "pinghe", options=scattered_deal)
    between_hands.start_with_bots(table.pk, four_players[0].pk)  # 和机器人开始: three bots, the deal
    assert "hints" in last_prompt(table.pk, 0)
    assert all("hints" not in last_prompt(table.pk, seat) for seat in (1, 2, 3))
