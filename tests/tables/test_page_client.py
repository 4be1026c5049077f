"""The table page's own JavaScript client plays a hand: static/tables/table.js runs under Node with a small
DOM stand-in against a real daphne, and a "player" clicks the buttons it renders until the result shows.

Needs a server process sharing the test database, hence PostgreSQL (and Node with its WebSocket)."""

from __future__ import annotations

import shutil
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from tests.tables.conftest import session_cookie_for
from tests.tables.test_multiprocess_postgres import ROOT, stack  # noqa: F401 - the fixture

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True), pytest.mark.timeout(180)]
CHECK = Path(__file__).parent / "js" / "table_client_check.mjs"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_a_player_plays_a_hand_through_the_table_page_client(stack, funded, make_player, room):  # noqa: F811
    from tables.models import Hand
    from tables.services import seating

    ming = funded(make_player("ming", "阿明"))
    table = seating.quick_seat(ming, room("pinghe", 10, turn_seconds=120, claim_seconds=120))
    assert seating.fill_with_bots(table.pk, timezone.now() + timedelta(seconds=table.room.bot_wait_seconds + 1))
    port = stack.daphne("daphne-page")
    stack.worker("worker-page")
    cookie = async_to_sync(session_cookie_for)(ming).decode()
    args = ["node", "--experimental-websocket", str(CHECK), str(ROOT / "static/tables/table.js")]
    run = subprocess.run(
        [*args, f"127.0.0.1:{port}", f"/ws/tables/{table.pk}/", cookie], capture_output=True, text=True, timeout=150
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "hand played to its end" in run.stdout
    assert Hand.objects.get(table=table, number=1).status == "finished"
