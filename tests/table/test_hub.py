"""A process subscribes once per game, however many of its sockets watch the game, and
every socket still gets each message once."""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.models import User
from game import broadcast
from game.models import Game
from tests.table.conftest import Open, TableClient, seat_everyone, session_cookie, settle


def subscribers(game: Game) -> set[str]:
    layer: Any = get_channel_layer()
    return set(layer.groups.get(broadcast.group_name(game.pk), {}))


async def test_it_subscribes_each_process_once_per_game_while_its_sockets_are_open(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    clients.append(await open_table(friend))
    assert len(subscribers(game)) == 1
    version = clients[0].state["version"]
    in_turn = next(c for c in clients[:4] if c.state["legal"])
    await in_turn.act(in_turn.state["legal"][0])
    await settle(clients, version + 1)
    for client in clients:
        assert await client.nothing_more()  # each socket got the change once
    for client in clients[:-1]:
        await client.close()
    assert len(subscribers(game)) == 1  # the spectator still watches
    await clients[-1].close()
    await asyncio.sleep(0.1)  # the hub unsubscribes in a task of its own
    assert subscribers(game) == set()


async def test_it_unsubscribes_a_socket_refused_at_the_door(game: Game, outsider: User) -> None:
    stranger = TableClient(game.pk, await database_sync_to_async(session_cookie)(outsider))
    connected, _ = await stranger.connect()
    assert connected
    assert await stranger.closed_with() == 4403
    await asyncio.sleep(0.1)  # the hub unsubscribes in a task of its own
    assert subscribers(game) == set()
