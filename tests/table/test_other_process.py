"""A change made by another process reaches this process's sockets without a database read,
and the saved match is parsed once for all of them (not once per socket)."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from accounts.models import User
from game.engine import Match
from game.models import Game
from game.table import broadcast, cache, service, store
from tests.table.conftest import Open, seat_everyone, settle


async def test_it_builds_another_processs_change_once_and_reads_no_database(
    open_table: Open, players: list[User], friend: User, game: Game,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clients = await seat_everyone(open_table, players)
    clients.append(await open_table(friend))
    version = clients[0].state["version"]
    in_turn = next(c for c in clients[:4] if c.state["legal"])
    action = in_turn.state["legal"][0]
    # Another process applies the action and announces it; this process has never seen it.
    latest = await database_sync_to_async(service.act)(
        game.pk, players[in_turn.seat].pk, action, version
    )
    cache._cache.clear()
    parsed: list[object] = []
    real_from_data = Match.from_data

    def counting_from_data(data: object) -> Match:
        parsed.append(data)
        return real_from_data(data)

    def no_database(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a socket read the game from the database")

    monkeypatch.setattr(Match, "from_data", staticmethod(counting_from_data))
    for name in ("current", "load", "game_with_seats", "locked", "history"):
        monkeypatch.setattr(store, name, no_database)
    layer = get_channel_layer()
    assert layer is not None
    await layer.group_send(broadcast.group_name(game.pk), broadcast._message(latest))
    await settle(clients, version + 1)
    assert len(parsed) == 1
    for client in clients:
        assert client.state["events"] == latest.events
