"""A blue task's recording over HTTP: only the hacker it was dealt to gets it, and its URL
gives no digit of the passcode away.

On the default board the blue outer terminal is o3 and path o1-m1 is blue, so a player who
starts on o3 and hacks o1-m1 gets a blue (audio) task from the outer ring."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.server.helpers import assert_refused, gm_state, screen
from tests.services import Api, Server, TestClock, open_table


@pytest.fixture(scope="module")
def lone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("media")
    process = Server(f"sqlite:///{folder / 'hacktable.db'}", TestClock(folder / "clock"))
    yield process.start()
    process.stop()


def test_only_the_blue_hacker_gets_the_recording(lone: Server) -> None:
    table = open_table(lone.url, ["ann", "bob", "cat"], {"start": "choose"}, game="dotrun",
                       referee=True)
    act = f"/api/matches/{table.code}/act"
    for seat, space in enumerate(("o3", "o0", "o6")):
        table.seats[seat].ok("POST", act, {"action": {"do": "start", "space": space}})
    table.seats[0].ok("POST", act, {"action": {"do": "hack", "path": "o1-m1"}})
    table.seats[1].ok("POST", act, {"action": {"do": "hold"}})
    table.seats[2].ok("POST", act, {"action": {"do": "hold"}})

    view = screen(table.seats[0], table.code)["view"]
    assert view["phase"] == "stress" and view["task"]["kind"] == "audio"
    media_id = view["task"]["public"]["audio"]["id"]
    url = f"/api/matches/{table.code}/media/{media_id}"
    answer = gm_state(table)["tasks"][0]["secret"]["answer"]
    # The room code is the table's own (it may hold digits); what names the recording holds
    # none at all, so no digit of the passcode can be read from the URL.
    assert answer.isdigit() and not any(ch.isdigit() for ch in media_id)
    assert answer not in url

    got = table.seats[0].get(url)
    assert got.status_code == 200, got.text
    assert got.headers["content-type"].startswith("audio/wav")
    assert got.content[:4] == b"RIFF" and got.content[8:12] == b"WAVE"

    for other in (table.seats[1], Api(lone.url)):
        refused = other.get(url)
        sentence = assert_refused(refused, 404)
        assert sentence.endswith(".") and " " in sentence
        assert answer not in refused.text
