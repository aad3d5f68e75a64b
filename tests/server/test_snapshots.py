"""A long match loads from its latest snapshot and goes on as if it had been replayed."""

from __future__ import annotations

from fastapi.testclient import TestClient

from hacktable.server.app import create_app
from hacktable.server.settings import Settings


def _play(client: TestClient, code: str, seat_token: str, rounds: int) -> None:
    host = {"Authorization": f"Bearer {client.host_token}"}  # type: ignore[attr-defined]
    for _ in range(rounds):
        client.post(f"/api/matches/{code}/act", json={"text": "protect self"},
                    headers={"Authorization": f"Bearer {seat_token}"})
        client.post(f"/api/matches/{code}/host/extend", json={"seconds": 1}, headers=host)


def _start(client: TestClient) -> tuple[str, dict]:
    """Ann and three bots at a started Rex Furum table: its room code and Ann's seat."""
    created = client.post("/api/matches", json={
        "game": "rexfurum", "seats": 4,
        "bots": {"1": "loyal", "2": "loyal", "3": "loyal"}}).json()
    code = created["code"]
    client.cookies.clear()
    seat = client.post(f"/api/matches/{code}/join", json={"seat": 0, "name": "Ann"}).json()
    client.cookies.clear()
    client.host_token = created["host_token"]  # type: ignore[attr-defined]
    client.post(f"/api/matches/{code}/host/start",
                headers={"Authorization": f"Bearer {created['host_token']}"})
    return code, seat


def test_a_restart_loads_the_snapshot_and_shows_the_same_screen(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", snapshot_every=5,
                        replay_limit=10)
    with TestClient(create_app(settings)) as client:
        code, seat = _start(client)
        _play(client, code, seat["token"], 8)
        headers = {"Authorization": f"Bearer {seat['token']}"}
        before = client.get(f"/api/matches/{code}/view", headers=headers).json()
    assert before["seq"] > 10
    with TestClient(create_app(settings)) as client:
        table = client.app.state.table
        after = client.get(f"/api/matches/{code}/view", headers=headers).json()
        live = table.matches.held()[next(iter(table.matches.held()))]
        # loaded from a snapshot: entries before it carry no events any more
        assert any(not events for _, events in live.match._produced)
        assert after["view"] == before["view"] and after["match"] == before["match"]
        assert after["seq"] == before["seq"]  # Ann's own numbering goes on from the snapshot
        moved = client.post(f"/api/matches/{code}/act", json={"text": "embezzle Ada"},
                            headers=headers)
        assert moved.status_code == 200, moved.text
        assert moved.json()["accepted"] == [before["seq"] + 1]


def test_a_log_far_from_the_replay_limit_stores_no_snapshot(tmp_path):
    """A log shorter than `replay_limit` is replayed, never read from a snapshot: storing
    one every few entries would only cost each of those moves the state's encoding."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite'}", snapshot_every=5,
                        replay_limit=30)
    with TestClient(create_app(settings)) as client:
        code, seat = _start(client)
        table = client.app.state.table
        match_id = next(iter(table.matches.held()))

        def seq_and_snapshot() -> tuple[int, object]:
            return client.portal.call(_seq_and_snapshot, table, match_id)

        seq, snapshot = seq_and_snapshot()
        while seq + settings.snapshot_every <= settings.replay_limit:
            assert snapshot is None, f"a snapshot at {seq} entries"
            _play(client, code, seat["token"], 1)
            seq, snapshot = seq_and_snapshot()
        _play(client, code, seat["token"], 3)
        seq, snapshot = seq_and_snapshot()
        assert snapshot is not None and seq > settings.replay_limit - settings.snapshot_every


async def _seq_and_snapshot(table, match_id: int) -> tuple[int, object]:
    record = await table.store.match(match_id)
    return record.seq, await table.store.latest_snapshot(match_id)
