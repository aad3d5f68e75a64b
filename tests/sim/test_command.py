"""`hacktable simulate` as a designer uses it: tables on success, one sentence on bad input."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from hacktable.sim.command import simulate

app = typer.Typer()
app.command("simulate")(simulate)


@app.callback()
def _group() -> None:
    """Keeps `simulate` a subcommand, as in the real `hacktable` app."""


runner = CliRunner()
WIDE = {"COLUMNS": "120"}


def test_a_small_run_prints_every_table_and_writes_the_json(tmp_path):
    out = tmp_path / "summary.json"
    result = runner.invoke(app, ["simulate", "rexfurum", "--games", "20", "--workers", "1",
                                 "--json-out", str(out)], env=WIDE)
    assert result.exit_code == 0, result.output
    for title in ("Win rate by personality", "Win rate by seat", "Final score (money)",
                  "Rounds (closed phases) per game", "How often each action was used"):
        assert title in result.output
    for bot in ("loyal", "embezzler", "crasher", "opportunist"):
        assert bot in result.output
    assert "20/20" in result.output and "No bot errors." in result.output
    document = json.loads(out.read_text())
    assert document["games"] == 20 and document["players"] == 6
    shares = [row["win_share"] for row in document["summary"]["win_rates"]]
    assert sum(shares) == pytest.approx(1.0)


def test_options_and_bots_reach_the_games():
    result = runner.invoke(app, ["simulate", "rexfurum", "--games", "4", "--workers", "1",
                                 "--players", "4", "--bots", "random-legal,opportunist",
                                 "-o", "rounds=3", "--option", "early_close=true"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "options rounds=3, early_close=true" in result.output
    assert "random-legal" in result.output
    assert "│     4 │        4 │    3 │   3 │      3 │   3 │" in result.output


@pytest.mark.parametrize(("arguments", "sentence"), [
    (["chess"], "There is no game called 'chess'"),
    (["rexfurum", "--players", "3"], "Rex Furum is played by 4 to 10 players, not 3."),
    (["rexfurum", "--players", "11"], "Rex Furum is played by 4 to 10 players, not 11."),
    (["rexfurum", "--bots", "loyal,saint"], "Rex Furum has no bot called 'saint'"),
    (["rexfurum", "-o", "rounds"], "Write options as name=value, not 'rounds'."),
    (["rexfurum", "-o", "colour=red"], "Unknown option 'colour'"),
    (["rexfurum", "-o", "rounds=many"], "Option rounds must be a whole number"),
    (["rexfurum", "-o", "rounds=0"], "Option rounds must be at least 1."),
    (["rexfurum", "--games", "0"], "Play at least one game, not 0."),
    (["rexfurum", "--workers", "-1"], "Workers must be 0 (one per CPU) or more, not -1."),
    (["rexfurum", "--json-out", "/no/such/folder/x.json"], "There is no folder"),
])
def test_bad_input_exits_2_with_one_sentence_and_no_traceback(arguments, sentence):
    defaults = [word for name, value in (("--games", "1"), ("--workers", "1"))
                if name not in arguments for word in (name, value)]
    result = runner.invoke(app, ["simulate", *arguments, *defaults], env=WIDE)
    assert result.exit_code == 2, result.output
    assert sentence in result.output
    assert "Traceback" not in result.output
    assert "simulating" not in result.output
    assert isinstance(result.exception, SystemExit)
