"""The `hacktable` command as a person uses it."""

import json

from typer.testing import CliRunner

from hacktable.cli import app

runner = CliRunner()


def test_games_lists_rex_furum_with_its_players_options_and_bots():
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Rex Furum" in result.output and "4-10 players" in result.output
    for option in ("rounds", "round_minutes", "action_points", "early_close"):
        assert option in result.output
    assert "loyal" in result.output and "crasher" in result.output


def test_play_takes_orders_explains_a_bad_word_and_saves_a_replayable_log(tmp_path):
    log = tmp_path / "match.json"
    typed = "protect self embezle ada\nprotect self embezzle ada\npass\npass\n"
    result = runner.invoke(app, ["play", "rexfurum", "--seed", "4", "-o", "rounds=3",
                                 "--save", str(log)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Could not read 'embezle' after 'protect self'" in result.output
    assert "Did you mean 'embezzle'" in result.output
    assert "Round 1 orders received: protect Player, embezzle Ada (2 of 3 action points)" in (
        result.output)
    assert "REX FURUM: final report" in result.output
    saved = json.loads(log.read_text())
    assert saved["game"] == "rexfurum" and len(saved["log"]) > 3

    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0, replayed.output
    assert "Gamemaster" in replayed.output and "salary" in replayed.output
    assert "Dear Ada" in replayed.output

    only_amy = runner.invoke(app, ["replay", str(log), "--seat", "ada", "--no-gm"])
    assert "Dear Ada" in only_amy.output and "Dear Player" not in only_amy.output
    assert "Ledger" not in only_amy.output


def test_bad_input_gets_one_sentence_and_exit_status_2(tmp_path):
    cases = [
        ["play", "chess"],
        ["play", "rexfurum", "--players", "2"],
        ["play", "rexfurum", "-o", "rounds=0"],
        ["play", "rexfurum", "--bots", "genius"],
        ["replay", str(tmp_path / "missing.json")],
    ]
    for args in cases:
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 2, (args, result.output)
        assert "Error:" in result.output and "Traceback" not in result.output
