"""However a socket's consumer ends (closed by the browser, or cancelled before its
``disconnect`` ran), it leaves the count of open sockets (``twentynine_sockets_open``) and
the presence rows this process renews; and one account holds at most its share of them."""

from __future__ import annotations

import asyncio
import contextlib
import doctest
from typing import Any

from channels.db import database_sync_to_async

from accounts.models import User
from game.table import socket_cap
from game.table.errors import CLOSE_TOO_MANY
from game.table.presence_renewal import renewer
from tests.table.conftest import Open, TableClient, session_cookie
from tests.table.test_dashboard_socket import open_dashboard
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


async def test_an_account_holds_at_most_its_share_of_sockets_and_gets_one_back_when_one_closes(
    open_table: Open, players: list[User], settings: Any
) -> None:
    """One account's table and dashboard sockets count together; the one over the cap is
    closed with 4429 before it joins the table (nobody hears of it), and closing one frees a
    place. Another account is not affected."""
    settings.WEBSOCKETS_PER_USER = 2
    first = await open_table(players[0])
    board = await open_dashboard(players[0])
    refused = TableClient(first.game_id, await database_sync_to_async(session_cookie)(players[0]))
    connected, _ = await refused.connect()
    assert connected  # accepted, then closed with the code
    assert await refused.closed_with() == CLOSE_TOO_MANY
    assert refused.frames == []
    refused_board = await open_dashboard(players[0])
    assert await refused_board.close_code() == CLOSE_TOO_MANY
    assert socket_cap.held(players[0].pk) == 2
    other = await open_table(players[1])  # another account has its own places
    await board.communicator.disconnect()
    again = await open_table(players[0])
    assert again.state["version"] >= first.state["version"]
    for client in (first, other, again):
        await client.close()
    assert socket_cap.held(players[0].pk) == 0


def test_the_caps_own_example_holds() -> None:
    """socket_cap's docstring: the next socket over the cap is refused, a closed one frees a
    place, and an account with none open is forgotten."""
    assert doctest.testmod(socket_cap).failed == 0
