"""A screen's recent events are kept per viewer and brought up to date entry by entry; at
every step they must be exactly what working them out afresh gives (the viewer's own
events, their own numbers, the same words), and never another viewer's."""

from __future__ import annotations

import pytest
from tests.server.test_delta import live_match

from hacktable.engine.contract import GM, SPECTATOR
from hacktable.games import all_games
from hacktable.server import presenter


def afresh(live, viewer, recent):
    match = live.match
    seen = match.events_for(viewer, last=recent) if viewer != GM else match.events[-recent:]
    return [{"seq": match.number_for(viewer, seq), "kind": event.kind,
             "text": match.game.describe(event, match.state)} for seq, event in seen]


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_kept_recent_events_are_what_a_fresh_look_finds(game_id):
    live, log = live_match(game_id)
    viewers = [*range(len(live.seats)), SPECTATOR, GM]
    grew = 0
    for number, entry in enumerate(log[:300]):
        live.match.apply_entry(entry)
        for index, viewer in enumerate(viewers):
            if number % 7 == index:  # some viewers skip screens, as idle ones do
                continue
            kept = presenter.recent_events(live, viewer, 12)
            assert kept == afresh(live, viewer, 12), (
                f"{game_id}: {viewer!r}'s events after entry {entry.seq}")
            grew += len(kept)
    assert grew > 0
