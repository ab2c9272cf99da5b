"""The count of open table sockets (``twentynine_sockets_open``) comes back down however a
socket's consumer ends: closed by the browser, or cancelled before its ``disconnect`` ran."""

from __future__ import annotations

import asyncio
import contextlib

from accounts.models import User
from tests.table.conftest import Open
from twentynine import metrics


def open_sockets() -> float:
    return float(metrics.SOCKETS._value.get())


async def test_a_closed_socket_is_no_longer_counted(open_table: Open, players: list[User]) -> None:
    before = open_sockets()
    client = await open_table(players[0])
    assert open_sockets() == before + 1
    await client.communicator.disconnect()
    assert open_sockets() == before


async def test_a_cancelled_socket_is_no_longer_counted(
    open_table: Open, players: list[User]
) -> None:
    """Cancelled (as a server does with an application that outlives its connection) before
    it saw the browser leave: ``disconnect`` never runs, the count still comes down."""
    before = open_sockets()
    client = await open_table(players[0])
    assert open_sockets() == before + 1
    future = client.communicator.future
    future.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await future
    assert open_sockets() == before
