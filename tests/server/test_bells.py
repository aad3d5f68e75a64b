"""The bell a match's sockets wait on, and its lock that rings it once let go."""

from __future__ import annotations

import asyncio

from hacktable.server.bells import Bell, MatchLock


def test_a_ring_wakes_every_waiter_and_only_those_waiting_then() -> None:
    async def scenario() -> list[str]:
        bell = Bell()
        woke: list[str] = []

        async def watcher(name: str) -> None:
            await bell.wait()
            woke.append(name)

        tasks = [asyncio.create_task(watcher(name)) for name in ("a", "b", "c")]
        await asyncio.sleep(0)
        assert bell.waiters == 3
        bell.ring()
        await asyncio.gather(*tasks)
        late = asyncio.create_task(watcher("late"))  # a ring before is not kept
        await asyncio.sleep(0)
        assert not late.done()
        bell.ring()
        await late
        return woke

    assert asyncio.run(scenario()) == ["a", "b", "c", "late"]


def test_a_cancelled_waiter_leaves_the_bell() -> None:
    async def scenario() -> int:
        bell = Bell()
        task = asyncio.create_task(bell.wait())
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return bell.waiters

    assert asyncio.run(scenario()) == 0


def test_news_told_under_the_lock_wakes_watchers_only_once_it_is_let_go() -> None:
    """A watcher woken while the mover still holds the match's lock would only queue for
    it: the bell rings as the lock is let go, and the watcher finds it free."""

    async def scenario() -> list[str]:
        lock, bell = MatchLock(), Bell()
        said: list[str] = []

        async def watcher() -> None:
            await bell.wait()
            said.append("woke, lock held" if lock.locked() else "woke, lock free")

        task = asyncio.create_task(watcher())
        await asyncio.sleep(0)
        async with lock:
            lock.when_free(bell.ring)
            await asyncio.sleep(0)
            said.append("still moving")
        await task
        return said

    assert asyncio.run(scenario()) == ["still moving", "woke, lock free"]


def test_news_told_with_the_lock_free_rings_at_once_and_twice_told_rings_once() -> None:
    rung: list[str] = []

    def ring() -> None:
        rung.append("ring")

    async def scenario() -> None:
        lock = MatchLock()
        lock.when_free(ring)
        assert rung == ["ring"]
        async with lock:
            lock.when_free(ring)
            lock.when_free(ring)
            assert rung == ["ring"]
        assert rung == ["ring", "ring"]

    asyncio.run(scenario())
