"""CPU's log and terminal in words: never a raw event, never "1 cycles"."""

from __future__ import annotations

from hacktable.engine.contract import Event
from hacktable.games.cpu import text

STATE = {"names": ["alice", "bruno"]}


def test_a_timeout_reads_as_a_sentence():
    said = text.describe(Event("timeout", {}), STATE)
    assert said == "Time ran out: what was waiting takes its default."
    assert "{" not in said


def test_one_cycle_is_a_cycle():
    said = text.describe(Event("cloud", {"seat": 0, "cycles": 1}), STATE)
    assert said == "alice borrows 1 cycle from the cloud."
    assert text._n(1, "cycle") == "1 cycle" and text._n(3, "cycle") == "3 cycles"
