"""Actions and next deals saved from the event loop (PostgreSQL): the same game, one round trip.

``game.table.store.commit_from_loop`` sends an action's guarded statement on the event loop's own
connection. These tests show a table plays on when that connection is cut by the
database, and that the log holds each action once at its version.
"""

from __future__ import annotations

import random

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections

from accounts.models import User
from game.models import Game, GameAction
from game.table import loop_connection
from tests.table.conftest import Open, deal_in_progress, play_random_step, seat_everyone, settle

pytestmark = pytest.mark.skipif(
    connections["default"].vendor != "postgresql", reason="the event loop saves on PostgreSQL"
)


def _cut(backend_pid: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [backend_pid])


async def test_it_plays_on_when_the_database_cuts_the_loops_connection(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    rng = random.Random(7)
    sent: dict[int, dict[str, object]] = {}
    for step in range(12):
        if step in (3, 8):  # the database ends the loop's connection between two actions
            conn = await loop_connection.get()
            await sync_to_async(_cut)(conn.info.backend_pid)
        version = clients[0].state["version"]
        action = await play_random_step(clients, rng)
        if action is not None:
            sent[version + 1] = action
        await settle(clients, version + 1)
    await deal_in_progress(clients)  # no deal follows by itself while the log is read
    rows = [
        (seq, action)
        async for seq, action in GameAction.objects.filter(game=game).values_list("seq", "action")
    ]
    logged = {seq: action for seq, action in rows}
    assert len(logged) == len(rows)  # one row per version
    assert all(logged[seq] == action for seq, action in sent.items()), (sent, logged)
    assert all(client.state["version"] == max(logged) for client in clients)
