"""IdentityMemo: a hit is exactly what a miss computes, for this very record and key."""

from __future__ import annotations

from hacktable.engine.memo import IdentityMemo


def test_the_same_record_and_key_render_once():
    memo: IdentityMemo[str] = IdentityMemo()
    record = {"round": 1}
    calls = []

    def render() -> str:
        calls.append(1)
        return f"letter {record['round']}"

    assert memo(record, "k", render) == memo(record, "k", render) == "letter 1"
    assert len(calls) == 1


def test_an_equal_record_or_another_key_is_rendered_afresh():
    memo: IdentityMemo[str] = IdentityMemo()
    first, twin = {"round": 1}, {"round": 1}
    assert memo(first, "k", lambda: "a") == "a"
    assert memo(twin, "k", lambda: "b") == "b"  # equal content, another record
    assert memo(first, "other", lambda: "c") == "c"  # the rendering depends on the key


def test_it_keeps_at_most_its_size_oldest_out():
    memo: IdentityMemo[int] = IdentityMemo(size=2)
    records = [{"n": n} for n in range(3)]
    for n, record in enumerate(records):
        memo(record, None, lambda n=n: n)
    assert memo(records[0], None, lambda: 99) == 99  # forgotten
    assert memo(records[2], None, lambda: 99) == 2  # kept
