"""A process subscribes once per game, however many of its sockets watch the game, and
every socket still gets each message once."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.models import User
from game.models import Game
from game.table import broadcast
from tests.table.conftest import Open, TableClient, seat_everyone, session_cookie, settle


@pytest.fixture
def subscriptions(game: Game, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times this process's channel layer added a channel to the game's group, and
    discarded one from it (on the in-memory layer and on Redis alike)."""
    layer: Any = get_channel_layer()
    counts = {"added": 0, "discarded": 0}
    real_add, real_discard = layer.group_add, layer.group_discard
    group = broadcast.group_name(game.pk)

    async def group_add(name: str, channel: str) -> None:
        counts["added"] += name == group
        await real_add(name, channel)

    async def group_discard(name: str, channel: str) -> None:
        counts["discarded"] += name == group
        await real_discard(name, channel)

    monkeypatch.setattr(layer, "group_add", group_add, raising=False)
    monkeypatch.setattr(layer, "group_discard", group_discard, raising=False)
    return counts


async def until_discarded(subscriptions: dict[str, int], count: int) -> None:
    """The hub unsubscribes in a task of its own: wait for it."""
    for _ in range(50):
        if subscriptions["discarded"] >= count:
            return
        await asyncio.sleep(0.1)


async def test_it_subscribes_each_process_once_per_game_while_its_sockets_are_open(
    open_table: Open, players: list[User], friend: User, subscriptions: dict[str, int]
) -> None:
    clients = await seat_everyone(open_table, players)
    clients.append(await open_table(friend))
    assert subscriptions == {"added": 1, "discarded": 0}
    version = clients[0].state["version"]
    in_turn = next(c for c in clients[:4] if c.state["legal"])
    await in_turn.act(in_turn.state["legal"][0])
    await settle(clients, version + 1)
    for client in clients:
        assert await client.nothing_more()  # each socket got the change once
    for client in clients[:-1]:
        await client.close()
    assert subscriptions == {"added": 1, "discarded": 0}  # the spectator still watches
    await clients[-1].close()
    await until_discarded(subscriptions, 1)
    assert subscriptions == {"added": 1, "discarded": 1}


async def test_it_unsubscribes_a_socket_refused_at_the_door(
    game: Game, outsider: User, subscriptions: dict[str, int]
) -> None:
    stranger = TableClient(game.pk, await database_sync_to_async(session_cookie)(outsider))
    connected, _ = await stranger.connect()
    assert connected
    assert await stranger.closed_with() == 4403
    await until_discarded(subscriptions, 1)
    assert subscriptions == {"added": 1, "discarded": 1}
