"""A socket's tasks: the one that ends first closes the socket, and an end other than the
client leaving is written to the server's log, so a player who lost their screen to a
fault leaves a trace of why."""

from __future__ import annotations

import asyncio
import logging

import pytest
from fastapi import WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from hacktable.server.socket import _until_one_ends


async def _fails() -> None:
    raise RuntimeError("the pump tripped")


async def _client_left() -> None:
    raise WebSocketDisconnect(1001)


async def _sent_after_it_left() -> None:
    raise WebSocketDisconnected('Cannot call "send" once a close message has been sent.')


async def _waits() -> None:
    await asyncio.sleep(3600)


def _run(*works) -> list[asyncio.Task[None]]:
    async def main() -> list[asyncio.Task[None]]:
        tasks = [asyncio.create_task(work()) for work in works]
        await _until_one_ends(tasks)
        return tasks

    return asyncio.run(main())


def test_a_task_that_fails_is_logged_and_its_sibling_ended(caplog: pytest.LogCaptureFixture):
    with caplog.at_level(logging.ERROR, logger="hacktable.server.socket"):
        tasks = _run(_fails, _waits)
    assert tasks[1].cancelled()  # the socket's other work does not outlive it
    [record] = [r for r in caplog.records if r.name == "hacktable.server.socket"]
    assert "_fails" in record.getMessage() and "the pump tripped" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError


@pytest.mark.parametrize("leaving", [_client_left, _sent_after_it_left])
def test_a_client_that_leaves_is_not_a_fault(caplog: pytest.LogCaptureFixture, leaving):
    with caplog.at_level(logging.DEBUG, logger="hacktable.server.socket"):
        tasks = _run(leaving, _waits)
    assert tasks[1].cancelled()
    assert not [r for r in caplog.records if r.name == "hacktable.server.socket"]
