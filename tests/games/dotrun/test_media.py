"""A blue task's recording is handed out by opaque id, to the hacker it was dealt to only.

Seed: "Blue — audio … the hacker listens and types it"; the answer never leaves the server,
so the spec that holds the spoken digits reaches the renderer and nobody's view.
"""

from __future__ import annotations

import json

import pytest
from tests.games.dotrun.helpers import GAME, plan, table

from hacktable import media


def blue_hack():
    """Ada on the outer blue terminal hacks the blue outer path; the others hold."""
    match = table(["o3", "o0", "o6", "o9"], tasks="seed")
    plan(match, "o1-m1", "hold", "hold", "hold")
    return match


def test_the_hacker_gets_a_spec_for_the_id_in_her_own_view():
    match = blue_hack()
    task = match.view(0)["task"]
    assert task["kind"] == "audio"
    media_id = task["public"]["audio"]["id"]
    found = GAME.media(match.state, 0, media_id)
    assert found["renderer"] == "speech-under-noise"
    assert found["spec"] == match.state["tasks"][0]["secret"]["hidden"]["audio"]
    assert GAME.media(match.state, "gm", media_id) == found


def test_nobody_else_gets_it_and_unknown_ids_get_nothing():
    match = blue_hack()
    media_id = match.view(0)["task"]["public"]["audio"]["id"]
    for viewer in (1, 2, 3, "spectator", 99):
        assert GAME.media(match.state, viewer, media_id) is None
    assert GAME.media(match.state, 0, media_id + "x") is None
    answer = match.state["tasks"][0]["secret"]["answer"]
    for viewer in (0, 1, "spectator"):
        assert answer not in json.dumps(match.view(viewer)).replace(" ", "")


def test_no_recording_once_the_stress_phase_is_over():
    match = blue_hack()
    media_id = match.view(0)["task"]["public"]["audio"]["id"]
    match.close_phase()
    assert GAME.media(match.state, 0, media_id) is None


def test_an_unknown_renderer_is_refused():
    with pytest.raises(media.UnknownRenderer):
        media.render("smell-o-vision", {})
