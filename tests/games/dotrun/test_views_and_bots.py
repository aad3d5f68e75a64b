"""Views, notation, bots and the hidden-information re-deal."""

from __future__ import annotations

import json
import random

import pytest

from hacktable.engine import Match, Rejected
from hacktable.games.dotrun import tasking
from hacktable.games.dotrun.actions import Answer, Draw, Hack, Place, Run, Start, parse
from hacktable.games.dotrun.bots import CrewBot
from hacktable.games.dotrun.strategy import SKILLS, Skill
from hacktable.sim.runner import play_match

from .helpers import ADA, BRUNO, CHIARA, GAME, NAMES, plan, stack, table


def test_notation():
    assert parse("hack o3-m2") == Hack("o3-m2")
    assert parse("Left") == Place("left")
    assert parse("start o4") == Start("o4")
    assert parse("answer ab cd") == Answer("ab cd")
    with pytest.raises(Rejected, match="could not read 'jump'"):
        parse("jump")
    with pytest.raises(Rejected, match="takes nothing after it"):
        parse("draw 3")


def test_action_json_round_trip_and_refusals():
    for action in (Hack("o3-m2"), Run(), Draw(), Place("right"), Answer("x"), Start("o1")):
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    for bad in ({"do": "draw", "x": 1}, {"do": "hack"}, {"do": "hack", "path": 3}, [], {}):
        with pytest.raises(Rejected):
            GAME.action_from_json(bad)


def test_gm_sees_everything_spectator_what_is_public():
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "hold")
    stack(match, "cd")
    match.submit(BRUNO, Draw())
    assert match.view("gm")["state"]["hands"][BRUNO] == "cd"
    assert match.view("spectator")["holding"][BRUNO] is True
    assert "hand" not in match.view("spectator")
    with pytest.raises(Rejected):
        match.view(9)


def test_redeal_keeps_what_a_seat_may_see():
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "run", "hold")
    stack(match, "cd", "touch")
    match.submit(BRUNO, Draw())
    match.submit(BRUNO, Place("left"))
    match.submit(CHIARA, Draw())
    rng = random.Random(1)
    for seat in range(4):
        other = GAME.redeal(match.state, seat, rng)
        assert json.dumps(GAME.view(other, seat)) == json.dumps(match.view(seat))
        GAME.check_invariants(other)


def test_preview_reveals_nothing_and_changes_nothing():
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "hold")
    before = json.dumps(match.state, sort_keys=True)
    events = GAME.preview(match.state, BRUNO, Draw())
    assert json.dumps(match.state, sort_keys=True) == before
    assert all(e.audience == (BRUNO,) and "card" not in json.dumps(e.data) for e in events)
    with pytest.raises(Rejected):
        GAME.preview(match.state, ADA, Draw())


def test_placeholder_tasks_are_solvable_from_their_public_part():
    """The bots' solver works from what the hacker's screen shows."""
    task = tasking.CODE.generate("red", "inner", random.Random(3), {})
    answer = tasking.CODE.solve(task["kind"], task["public"])
    assert tasking.CODE.check(task, answer) and len(task["secret"]["answer"]) == 8
    assert not tasking.CODE.check(task, "nope")
    assert isinstance(tasking.CODE, tasking.TaskSource)


def test_hacker_skill_is_the_chance_of_the_right_answer():
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "hold")
    prompt = match.prompts()[ADA]
    sure = CrewBot(Skill((1.0, 1.0, 1.0), {}, 10), tasking.CODE)
    never = CrewBot(Skill((0.0, 0.0, 0.0), {}, 10), tasking.CODE)
    right = match.state["tasks"][ADA]["public"]["code"]
    assert sure.act(match.view(ADA), prompt, None, random.Random(1)) == Answer(right)
    assert never.act(match.view(ADA), prompt, None, random.Random(1)) == Answer("")
    assert SKILLS["expert"].chance("red", "inner") > SKILLS["novice"].chance("red", "inner")


def test_runner_bot_keeps_only_the_next_card_of_its_row():
    """Placed cards cannot be looked at, so the bot fills its chosen row left to right."""
    match = table(["o0", "o3", "o2", "o4"])
    plan(match, "o3-m2", "run", "hold", "hold")
    bot = CrewBot()
    row = bot.row(match.view(BRUNO))
    assert "cd" in row  # Bruno stands on the start of the path Ada hacks
    stack(match, row[0])
    match.submit(BRUNO, Draw())
    assert bot.act(match.view(BRUNO), match.prompts()[BRUNO], None,
                   random.Random(0)) == Place("right")


@pytest.mark.parametrize("players", [3, 4, 6])
def test_bot_games_end(players):
    bots = ["crew", "expert", "novice"] * 2
    played = play_match(GAME, bots[:players], {"tasks": "code"}, seed=players)
    assert played.finished and not played.bot_errors
    assert played.match.state["turn"] <= 9


def test_a_person_can_play_with_bot_teammates():
    """Bots keep choices people already made and take their own part around them."""
    match = Match(GAME, NAMES[:4], {"tasks": "code", "start": "random"}, 3)
    match.submit(ADA, Run())
    bot = CrewBot()
    for seat in (1, 2, 3):
        action = bot.act(match.view(seat), match.prompts()[seat], None, random.Random(seat))
        match.submit(seat, action)
    assert match.state["plans"][ADA] == {"do": "run"}
    assert match.state["phase"] == "stress"


@pytest.mark.parametrize("terminal", ["o0", "o3", "o6", "o9"])
def test_bots_solve_the_tasks_they_hack_with_the_chance_their_personality_claims(terminal):
    """Seed 6: each colour's task (red Mugtome, blue recording, green DNA, orange any) is
    what a hacker must do; a bot in a hacker's seat solves it, blue included, with its
    `Skill` chance. It hears a recording through its own seat's media only (issue 15)."""
    bot, solved, tries = CrewBot(SKILLS["crew"]), 0, 40
    others = [s for s in ("o1", "o2", "o4", "o5") if s != terminal][:3]
    for seed in range(tries):
        match = table([terminal, *others], seed=seed, tasks="seed")
        path = match.prompts()[ADA].data["hackable"][0]
        plan(match, path, "hold", "hold", "hold")
        bot.media = lambda media_id, match=match: GAME.media(match.state, ADA, media_id)
        action = bot.act(match.view(ADA), match.prompts()[ADA], None, random.Random(seed))
        match.submit(ADA, action)
        match.close_phase()
        solved += match.state["last_hack"][ADA]["success"]
    colour = GAME.view(match.state, "spectator")["board"]["terminals"][terminal]
    chance = SKILLS["crew"].chance(colour, "outer")
    assert chance * tries - 6 <= solved <= tries, (colour, solved)


def test_a_bot_hears_only_its_own_recording():
    match = table(["o3", "o0", "o1", "o2"], seed=2, tasks="seed")
    plan(match, match.prompts()[ADA].data["hackable"][0], "hold", "hold", "hold")
    assert match.view(ADA)["task"]["kind"] == "audio"
    own = match.view(ADA)["task"]["public"]["audio"]["id"]
    assert GAME.media(match.state, BRUNO, own) is None  # Bruno's bot cannot read Ada's seat
    deaf = CrewBot(Skill((1.0, 1.0, 1.0), {}, 10))
    assert deaf.act(match.view(ADA), match.prompts()[ADA], None, random.Random(0)) == Answer("")


def test_bot_crews_win_a_plausible_share_with_the_seed_tasks():
    """Issue 15: with the default tasks crew bots won 0-1 game in 200, blue hacks being
    given up. With ears for their own recordings they win about as often as with typed
    codes (docs/rules/dotrun.md, "Bot simulations"), and their blue hacks succeed."""
    games, won, blue = 30, 0, {"tries": 0, "solved": 0}
    for seed in range(games):
        played = play_match(GAME, ["crew"] * 4, {}, seed=seed)
        assert played.finished and not played.bot_errors
        won += played.match.state["result"]["won"]
        for cell in played.match.state["task_stats"]["blue"].values():
            blue["tries"] += cell["tries"]
            blue["solved"] += cell["solved"]
    assert 1 <= won <= games // 2
    assert blue["tries"] and blue["solved"] / blue["tries"] >= 0.7
