"""PostgreSQL's connection pool under the table: connections are borrowed and always returned.

Channels runs every database call of a socket in a worker thread
(``database_sync_to_async``), which closes the thread's connection after the
call; with Django's pool, closing returns the connection. These tests play on
the real application and read the pool's own counters. (SQLite has no pool.)
"""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import pytest
from django.db import connections

from accounts.models import User
from tests.table.conftest import Open, play_random_step, seat_everyone, settle

pytestmark = pytest.mark.skipif(
    connections["default"].vendor != "postgresql", reason="only PostgreSQL has a pool"
)


def pool_stats() -> dict[str, Any]:
    """The pool's counters, read from a thread of its own (which borrows nothing)."""
    stats: dict[str, Any] = {}

    def read() -> None:
        stats.update(connections["default"].pool.get_stats())

    reader = threading.Thread(target=read)
    reader.start()
    reader.join()
    return stats


def borrowed(stats: dict[str, Any]) -> int:
    return int(stats["pool_size"]) - int(stats["pool_available"])


async def test_it_returns_every_connection_after_a_game_and_opens_few(
    open_table: Open, players: list[User]
) -> None:
    clients = await seat_everyone(open_table, players)
    before = pool_stats()
    rng = random.Random(31)
    actions = 0
    while actions < 40:
        version = clients[0].state["version"]
        if await play_random_step(clients, rng) is not None:
            actions += 1
        await settle(clients, version + 1)
    for client in clients:
        await client.close()
    after = pool_stats()
    for _ in range(50):  # a call still running (the next deal's timer) returns its own shortly
        if borrowed(after) <= borrowed(before):
            break
        await asyncio.sleep(0.1)
        after = pool_stats()
    assert borrowed(after) == borrowed(before), (before, after)
    assert after.get("requests_waiting", 0) == 0
    # Forty actions, each a transaction plus the reads around it: the pool opened at most a
    # few new connections for them (without a pool, every call opens one).
    opened = int(after.get("connections_num", 0)) - int(before.get("connections_num", 0))
    assert opened <= 2, (before, after)
