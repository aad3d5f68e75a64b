"""Beyond the seed: a hacker at a terminal gets a real task from ./Run's generators; the
server checks the answer and the GM sees success or failure."""

import pytest
from tests.games.runners.helpers import DAMIEN, GM, LUKE, Table, mission

from hacktable.engine.errors import Rejected
from hacktable.games.dotrun.tasks.generate import solve
from hacktable.games.runners import GAME


def test_a_hacker_solves_a_task_and_the_gm_sees_it():
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table.gm(do="hack", seat=LUKE, colour="green", ring=0)
    task = table.view(LUKE)["hack"]["task"]
    assert task["kind"] == "dna" and "answer" not in task
    assert table.view(DAMIEN)["hack"] is None and table.view("spectator")["hack"] is None
    with pytest.raises(Rejected, match="still working"):
        table.gm(do="hack", seat=LUKE, colour="red")
    table.act(LUKE, do="answer", answer=solve(task))
    assert table.view(GM)["tasks"]["3"]["solved"] is True
    assert table.view(LUKE)["hack"]["solved"] is True


def test_a_wrong_answer_fails_and_a_recording_is_only_for_its_hacker():
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table.gm(do="hack", seat=LUKE, colour="blue", ring=0)
    audio = table.view(LUKE)["hack"]["task"]["public"]["audio"]["id"]
    assert GAME.media(table.state, LUKE, audio)["renderer"] == "speech-under-noise"
    assert GAME.media(table.state, DAMIEN, audio) is None
    assert GAME.media(table.state, "spectator", audio) is None
    right = table.state["tasks"]["3"]["task"]["answer"]
    wrong = "".join(str((int(d) + 1) % 10) for d in right)
    table.act(LUKE, do="answer", answer=wrong)
    assert table.view(GM)["tasks"]["3"]["solved"] is False


def test_a_malformed_answer_is_refused_and_an_empty_one_gives_up():
    """Beyond the seed (runners.md, "Hackers' tasks"): the task is ./Run's, so its answer
    box is too. A slip ("343" for a 4-digit passcode) is refused with a sentence and
    changes nothing; only a well-formed answer is final; an empty one gives up."""
    table = Table()
    mission(table, [6, 6, 6, 1, 1, 1, 2, 2, 2])
    table.gm(do="hack", seat=LUKE, colour="blue", ring=0)
    assert table.view(LUKE)["hack"]["task"]["public"]["digits"] == 4
    before = repr(table.state)
    with pytest.raises(Rejected, match="4 digits and you typed 3"):
        table.act(LUKE, do="answer", answer="343")
    assert repr(table.state) == before
    table.act(LUKE, do="answer", answer="")
    assert table.view(GM)["tasks"]["3"]["solved"] is False
    assert table.view(LUKE)["hack"]["answer"] == ""
    table.gm(do="hack", seat=LUKE, colour="green", ring=1)
    task = table.view(LUKE)["hack"]["task"]
    with pytest.raises(Rejected, match="One letter at a time"):
        table.act(LUKE, do="answer", answer=task["public"]["reading"])
    table.act(LUKE, do="answer", answer=solve(task))
    assert table.view(LUKE)["hack"]["solved"] is True
