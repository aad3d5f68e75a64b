"""The `hacktable` command as a person uses it."""

import json

import pytest
from typer.testing import CliRunner

from hacktable.cli import app
from hacktable.games import all_games

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

    told = runner.invoke(app, ["replay", str(log), "--reveal"], env={"COLUMNS": "200"})
    assert told.exit_code == 0, told.output
    assert "Player sent orders: protect Player, embezzle Ada" in told.output
    assert "The gamemaster's ledger, in words" in told.output and "seat 0" not in told.output

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


def _turns_played(log_path, game_id):
    """Replay a saved terminal game: the phases it went through and who acted."""
    from hacktable.engine import Match as Replayed
    from hacktable.games import get_game

    saved = json.loads(log_path.read_text())
    assert saved["game"] == game_id
    match = Replayed.from_json(saved, get_game(game_id))
    replay = Replayed(match.game, match.seats, match.options, match.seed)
    phases, actors = [replay.game.phase_key(replay.state)], []
    for entry in match.log:
        replay.apply_entry(entry)
        if entry.kind == "action":
            actors.append(entry.seat)
        key = replay.game.phase_key(replay.state)
        if key != phases[-1]:
            phases.append(key)
    return phases, actors


TERMINAL_SCRIPTS = {
    # seat 1 is the GM: start the mission, then rule (a runner waiting on the GM is answered
    # before the turn can end: a line that does not fit is refused and the next one read)
    "runners": "start\n" + ("check 1 dex 12\ncheck 2 dex 12\nprice 1 1\nprice 2 1\npass\n"
                            * 4),
    "dotrun_companion": "skip\npass\n" * 4,  # choosing has no clock: choose, then wait
}
"""What the person types in each game; by default "pass" (let the clock run out)."""


@pytest.mark.parametrize("game", all_games(), ids=[game.id for game in all_games()])
def test_every_game_plays_whole_turns_in_the_terminal(game, tmp_path):
    """`hacktable play` with scripted input: the person plays or passes a few times, the
    bots play their turns in between, and the phases go on (issue 14: terminal play works
    for every registered game)."""
    log = tmp_path / "match.json"
    players = min(game.max_seats, max(game.min_seats, 3))
    typed = TERMINAL_SCRIPTS.get(game.id, "pass\n" * 6) + "quit\n"
    result = runner.invoke(app, ["play", game.id, "--players", str(players), "--seed", "7",
                                 "--save", str(log)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    phases, actors = _turns_played(log, game.id)
    assert len(phases) >= 4, phases
    assert any(seat != 0 for seat in actors), "the bots never moved"


def test_cpu_in_the_terminal_takes_many_moves_a_turn_and_bots_play(tmp_path):
    """CPU, §4 "There is only one phase to your turn, in which you spend your cycles. Once
    you have no free cycles remaining your turn ends": a person makes several moves in one
    turn, and the bots play their own turns."""
    log = tmp_path / "match.json"
    typed = "download\ndownload\nload 1\nidle all\n" + "idle all\n" * 3 + "quit\n"
    result = runner.invoke(app, ["play", "cpu", "--players", "2", "--bots", "aggressive",
                                 "--seed", "11", "-o", "first_player=seat1",
                                 "--save", str(log)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Player downloads a card." in result.output
    assert "Player loads" in result.output and "Player idles" in result.output
    saved = json.loads(log.read_text())
    mine = [e for e in saved["log"] if e["kind"] == "action" and e["seat"] == 0]
    theirs = [e for e in saved["log"] if e["kind"] == "action" and e["seat"] == 1]
    assert [e["payload"]["do"] for e in mine[:4]] == ["download", "download", "load", "idle"]
    assert len(theirs) >= 3
    phases, _ = _turns_played(log, "cpu")
    assert sum(1 for key in phases if key.startswith("turn") and " " not in key[5:]) >= 3


def test_rex_furum_in_the_terminal_prints_each_round_report_once():
    """Each new round shows that round's report (the letter a player by mail gets), not
    every earlier round's report again."""
    result = runner.invoke(app, ["play", "rexfurum", "--seed", "4", "-o", "rounds=3",
                                 "--save", "/dev/null"], input="pass\n" * 4)
    assert result.exit_code == 0, result.output
    for header in ("REX FURUM: round 1 of 3", "REX FURUM: round 2 of 3",
                   "REX FURUM: round 3 of 3", "REX FURUM: final report"):
        assert result.output.count(header) == 1, header
    assert "board" in result.output  # the whole history stays a word away


def scarecity_at_the_brink():
    """A Scare-City match in phases 2–3 where seat 0 claimed a card costing all its $."""
    from hacktable.engine import Match
    from hacktable.games import get_game
    from hacktable.games.scarecity.cards import program

    match = Match(get_game("scarecity"), ["Ada", "Bruno"], None, 3)
    state = match.state
    state["players"][0]["city"] = []
    card = state["shop"][0]
    state["players"][0]["money"] = program(card).cost
    state["ranking"] = [1, 0]
    from hacktable.games.scarecity.claims import open_claims

    open_claims(state, [])
    match.submit_json(0, {"do": "claim", "card": card})
    while state["phase"] == "claim":
        match.submit_json(state["claim_turn"], {"do": "pass"})
    return match, card


@pytest.mark.parametrize("answer", [True, False])
def test_the_terminal_asks_before_a_move_that_puts_you_out(monkeypatch, answer):
    """Scare-City: "If a player ever ends up with $0 or less … they are out": the engine
    refuses such a move unconfirmed, and the terminal asks instead of just refusing."""
    import typer

    from hacktable import cli

    match, card = scarecity_at_the_brink()
    asked: list[str] = []
    monkeypatch.setattr(typer, "prompt", lambda *a, **k: f"buy {card}")
    monkeypatch.setattr(typer, "confirm", lambda text, **k: asked.append(text) or answer)
    result = cli._ask(match, match.prompts()[0], 0)
    assert asked == ["Do it anyway?"]
    assert result == ("moved" if answer else "again")
    assert match.state["plans"][0]["buy"] == ([card] if answer else [])
