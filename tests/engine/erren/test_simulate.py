"""`python -m engine simulate --variant erren`: bots play whole hands, coins sum to zero."""

import json

from engine.cli import main


def run_simulate(capsys, *args):
    assert main(["simulate", "--variant", "erren", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_bots_play_erren_hands_cleanly(capsys):
    summary = run_simulate(capsys, "--hands", "12", "--base", "10")
    assert summary["hands"] == 12 and summary["error_count"] == 0 and summary["illegal_actions"] == 0
    assert summary["coins_sum"] == 0 and summary["unbalanced_hands"] == 0


def test_bots_play_with_both_table_options_on(capsys):
    summary = run_simulate(
        capsys, "--hands", "12", "--option", "swap_probability=0.3", "--option", "pick_probability=0.3"
    )
    assert summary["error_count"] == 0 and summary["coins_sum"] == 0


def test_a_malformed_option_is_a_usage_error(capsys):
    assert main(["simulate", "--variant", "erren", "--hands", "1", "--option", "nonsense"]) == 2
