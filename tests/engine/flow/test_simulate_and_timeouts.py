"""`simulate`: bots play whole hands, the same seed gives the same summary; a timed-out claim is a pass."""

import json
import random

from engine import bot
from engine.actions import Pass
from engine.cli import main
from engine.cli_simulate import simulate
from engine.hand import Phase
from tests.engine.flow.harness import ALICE, BOB, D, deal, play

BOB_CHOWS = "23m" + "5p8p" + "2s5s8s" + "1z2z3z4z6z7z" + "9m9p1s"


def without_timing(summary):
    return {k: v for k, v in summary.items() if k != "timing"}


def test_the_same_seed_gives_the_same_summary_and_the_coins_sum_to_zero():
    first = simulate("nanping", 4, "same", base=10)
    second = simulate("nanping", 4, "same", base=10)
    assert without_timing(first) == without_timing(second)
    assert first["hands"] == 4 and first["coins_sum"] == 0 and sum(first["coins"]) == 0
    assert (first["illegal_actions"], first["error_count"], first["unbalanced_hands"]) == (0, 0, 0)
    assert first["wins_total"] + first["draws"] == 4


def test_the_cli_prints_one_json_summary(capsys):
    assert main(["simulate", "--variant", "pinghe", "--hands", "2", "--seed", "cli", "--balance", "500"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["variant"] == "pinghe" and summary["hands"] == 2
    assert sum(summary["final_balances"]) == 4 * 500


def test_an_unknown_variant_is_a_usage_error(capsys):
    assert main(["simulate", "--variant", "riichi", "--hands", "1"]) == 2
    assert "riichi" in capsys.readouterr().err


def test_a_claim_not_answered_in_time_is_a_pass_and_a_turn_is_played_by_the_bot():
    state = deal("pinghe", {BOB: BOB_CHOWS})
    turn_action = bot.on_timeout(state, ALICE, random.Random(1))
    assert turn_action.type == "discard"
    state = play(state, (ALICE, D("1m")))
    assert state.phase == Phase.CLAIM
    assert bot.on_timeout(state, BOB, random.Random(1)) == Pass()
