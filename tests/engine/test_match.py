"""The match log: append-only, replayable bit for bit, randomness derived from (seed, seq)."""

import json

import pytest

from hacktable.engine import GM, Entry, Match, Rejected
from hacktable.engine.rng import derive_seed, rng_for
from hacktable.games import get_game

NAMES = ["Amy", "Bert", "Cleo", "Dmitri", "Ines"]


def new_match(seed=7, **options):
    return Match(get_game("rexfurum"), NAMES, options, seed)


def test_randomness_for_an_entry_depends_only_on_seed_and_seq():
    first = [rng_for(5, 3).random() for _ in range(2)]
    again = [rng_for(5, 3).random() for _ in range(2)]
    assert first == again
    assert rng_for(5, 4).random() != rng_for(5, 3).random()
    assert derive_seed(5, 3) != derive_seed(6, 3)


def test_the_seed_decides_the_setup():
    assert new_match(1).state == new_match(1).state
    deals = {json.dumps(new_match(seed).state["jobs"]) for seed in range(12)}
    assert len(deals) > 1


def test_accepted_actions_are_logged_in_order_and_rejected_ones_are_not():
    match = new_match()
    match.submit_text(0, "protect bert")
    with pytest.raises(Rejected):
        match.submit_text(1, "embezzle nobody")
    match.close_phase(at="2026-01-01T10:20:00Z")
    assert [(e.seq, e.kind, e.seat) for e in match.log] == [(1, "action", 0), (2, "timeout", None)]
    assert match.log[1].at == "2026-01-01T10:20:00Z"


def test_a_serialised_log_replays_to_the_same_state_and_events():
    match = new_match()
    match.submit_text(0, "protect bert embezzle cleo")
    match.submit_text(1, "backstab amy")
    match.close_phase()
    match.submit_text(2, "out amy")
    match.close_phase()
    rebuilt = Match.loads(match.dumps(), lambda _: match.game)
    assert rebuilt.state == match.state
    assert [e.event for e in rebuilt.events] == [e.event for e in match.events]
    assert rebuilt.view(GM) == match.view(GM)


def test_replay_refuses_entries_out_of_order():
    match = new_match()
    with pytest.raises(ValueError, match="out of order"):
        match.apply_entry(Entry(2, "timeout", None, None))


def test_unknown_seats_are_rejected():
    match = new_match()
    for seat in (-1, 5, "0", None, True):
        with pytest.raises(Rejected, match="no seat"):
            match.submit(seat, None)


def test_the_player_count_is_checked():
    with pytest.raises(Rejected, match="4 to 10 players"):
        Match(get_game("rexfurum"), NAMES[:3])


def test_events_for_a_viewer_are_only_those_addressed_to_them():
    match = new_match()
    match.submit_text(0, "protect bert")
    mine = match.events_for(0)
    assert mine and all(e.event.visible_to(0) for e in mine)
    assert not [e for e in match.events_for(1) if e.event.kind == "orders_received"]


def test_an_audience_may_name_spectators_beside_seats():
    """A cut of something one seat is told whole goes to everyone but that seat: the
    others by seat number, spectators by name."""
    from hacktable.engine.contract import GM, SPECTATOR, Event

    cut = Event("roll", {}, (1, 2, SPECTATOR))
    assert [cut.visible_to(v) for v in (0, 1, 2, SPECTATOR, GM)] == [False, True, True,
                                                                     True, True]
    assert not Event("note", {}, (0, 1)).visible_to(SPECTATOR)
    assert cut.to_json()["audience"] == [1, 2, "spectator"]


def test_an_unknown_game_is_named_in_the_error():
    with pytest.raises(Rejected, match="no game called 'chess'"):
        get_game("chess")


def test_a_match_restored_from_a_snapshot_goes_on_exactly_as_the_replayed_one():
    import json

    from hacktable.engine.match import Match
    from hacktable.games import get_game

    game = get_game("rexfurum")
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    live = Match(game, names, {"rounds": 4}, "snap")
    live.submit_text(0, "embezzle bob")
    live.submit_text(1, "protect self")
    live.close_phase()
    stored = json.loads(json.dumps(live.snapshot()))  # as a database's JSON column keeps it
    restored = Match.restore(game, names, {"rounds": 4}, "snap", stored, live.log)
    for match in (live, restored):
        match.submit_text(2, "crash alpha")
        match.close_phase()
    assert restored.state == live.state
    assert restored.view(0) == live.view(0)
    assert [e.to_json() for e in restored.log] == [e.to_json() for e in live.log]
