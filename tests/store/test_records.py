"""A record after a write keeps every field but the log's and the clock's."""

from __future__ import annotations

from dataclasses import fields, replace

from hacktable.store.records import MatchRecord


def test_a_moved_record_is_the_record_with_its_clock_replaced():
    """`moved` is written out field by field for speed: a field added to the record and
    left out of it would be lost on the next move, so every field is set apart here."""
    record = MatchRecord(id=7, code="ABCD", game="rexfurum", options={"rounds": 3},
                         seed="s", status="lobby", host_token="h", created_at=1.5, seq=2,
                         phase_key="p", deadline_at=9.0, remaining=4.0, bot_pace=0.5,
                         referee=True, start_when_full=True)
    assert {f.name for f in fields(MatchRecord)} == set(record.__slots__)
    moved = record.moved(5, "playing", "q", None, 3.0)
    assert moved == replace(record, seq=5, status="playing", phase_key="q",
                            deadline_at=None, remaining=3.0)
    for field in fields(MatchRecord):  # no field of the record has its default here
        if field.name not in ("seq", "status", "phase_key", "deadline_at", "remaining"):
            assert getattr(moved, field.name) == getattr(record, field.name) != field.default
