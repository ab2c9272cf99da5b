"""However a socket's consumer ends (closed by the browser, or cancelled before its
``disconnect`` ran), it leaves the count of open sockets (``twentynine_sockets_open``) and
the presence rows this process renews."""

from __future__ import annotations

import asyncio
import contextlib

from accounts.models import User
from game.table.presence_renewal import renewer
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
    while renewer().sockets == {}:  # its presence is counted once its first messages are sent
        await client.receive()
    with contextlib.suppress(asyncio.TimeoutError):  # let it finish what it was sending
        while True:
            await client.receive(0.3)
    future = client.communicator.future
    future.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await future
    assert open_sockets() == before
    assert renewer().sockets == {}
