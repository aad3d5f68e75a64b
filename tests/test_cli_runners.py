"""Rules for Runners in the terminal (`hacktable play runners`): a person as the GM is asked
whenever a bot runner waits on them, mid-turn, and a turn does not end before they answer;
a person may play a runner against a bot GM (`--seat`); the GM reads each roll once."""

from __future__ import annotations

from typer.testing import CliRunner

from hacktable.cli import app
from hacktable.engine import Match
from hacktable.games import get_game

runner = CliRunner()


def play(tmp_path, typed: str, *args: str) -> tuple[str, Match]:
    log = tmp_path / "match.json"
    result = runner.invoke(app, ["play", "runners", "--players", "2", *args,
                                 "--save", str(log)], input=typed + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output, Match.loads(log.read_text(), get_game)


def test_a_bot_runners_request_is_answered_by_the_person_mid_turn(tmp_path):
    # Seed 5: Mica (a bot) readies "pull the alarm" on her first turn; the GM, a person,
    # passes once, is asked again, and prices it: `price 1 1` answers it in her turn.
    output, match = play(tmp_path, "start\npass\nprice 1 1\npass\n", "--seed", "5")
    assert "waits for your answer" in output
    assert "The GM says that takes 1 s" in output
    assert "Mica readies an action (1 s)." in output
    assert "not waiting for a price" not in output
    kinds = [(e.kind, e.seat, (e.payload or {}).get("do")) for e in match.log]
    priced = kinds.index(("action", 0, "price"))
    assert ("timeout", None, None) not in kinds[:priced], "the turn waited for the GM"


def test_the_gm_reads_each_roll_once_and_the_turn_waits_for_the_ruling(tmp_path):
    # Seed 7: Mica (a bot) spends her 3 seconds on a careful check; her turn stays open
    # until the GM rules on it, then ends.
    output, match = play(tmp_path, "start\npass\ncheck 1 dex 12\npass\n", "--seed", "7")
    assert output.count("Mica rolls a Dexterity check") == 1
    ruled = next(i for i, e in enumerate(match.log) if e.kind == "action" and e.seat == 0
                 and e.payload.get("do") == "check")
    assert all(e.kind != "timeout" for e in match.log[:ruled])
    check = next(r for r in match.state["rolls"] if r["kind"] == "check")
    assert (check["seat"], check["round"], check["modifier"]) == (1, 1, 5), "in her turn"


def test_a_person_plays_a_runner_against_a_bot_gm(tmp_path):
    typed = "\n" + "check careful the lock\npass\n" * 4
    output, match = play(tmp_path, typed, "--seed", "3", "--seat", "1", "--name", "Nova")
    assert "you are Nova (seat 1)" in output
    mine = [e for e in match.log if e.kind == "action" and e.seat == 1]
    assert any(e.payload.get("do") == "check" for e in mine)
    ruled = [e for e in match.log if e.kind == "action" and e.seat == 0
             and e.payload.get("do") == "check" and e.payload.get("seat") == 1]
    assert ruled, "the bot GM ruled on the person's check"
    assert "Mica rolls a" in output


def test_the_seat_must_be_at_the_table(tmp_path):
    result = runner.invoke(app, ["play", "runners", "--players", "2", "--seat", "2"],
                           input="quit\n")
    assert result.exit_code == 2 and "Pick your seat from 0 to 1" in result.output
