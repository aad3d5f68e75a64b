"""Housekeeping: what a long-running table forgets. Matches over (or never started) for
longer than the operator keeps them are removed, so old room codes stop answering; matches
nobody here has watched or moved for a while leave this process's memory (rebuilt from the
store on the next request). The deadline loop (`deadlines.py`) runs both."""

from __future__ import annotations

import asyncio

from hacktable.server.table import Table


async def expire(table: Table, keep_days: float) -> int:
    """Remove matches over (or never started) for longer than `keep_days` since they were
    created, so old room codes stop answering; returns how many went."""
    if keep_days <= 0:
        return 0
    ids = await table.store.expire(table.clock.now() - keep_days * 86400)
    for match_id in ids:
        table.forget(match_id)
    return len(ids)


def evict_idle(table: Table, idle_seconds: float) -> int:
    """Forget matches nobody here has watched or moved for a while: their copy is rebuilt
    from the store on the next request, so a long-running process does not keep every
    match it ever loaded. Returns how many were forgotten."""
    now = asyncio.get_running_loop().time()
    idle = [match_id for match_id, live in table.matches.held().items()
            if not live.watchers and not live.lock.locked()
            and (live.bots_task is None or live.bots_task.done())
            and now - live.used_at > idle_seconds]
    for match_id in idle:
        table.forget(match_id)
    return len(idle)
