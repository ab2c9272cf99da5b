"""Hostile or unlucky input never crashes a socket: deep JSON, deleted games, unknown paths.

Each test is the regression test of a defect an adversarial run found: a
crash closed the socket with 1011 (or answered a handshake with HTTP 500 and a
traceback) where the protocol promises an error message or a close code.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.models import User
from game.models import Game
from game.table import receivers
from tests.table.conftest import ORIGIN, Open, seat_everyone, session_cookie
from twentynine.asgi import application


async def test_it_answers_deeply_nested_json_with_bad_json(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    client = clients[0]
    version = client.state["version"]
    for text in ("[" * 2000 + "]" * 2000, '{"type": "sync", "x": ' + "[" * 1500 + "]" * 1500 + "}"):
        assert len(text) < 4096
        await client.send_text(text)
        error = await client.receive()
        assert (error["type"], error["code"]) == ("error", "bad_json")
    await client.send({"type": "sync"})
    assert (await client.receive())["version"] == version
    assert (await Game.objects.aget(pk=game.pk)).version == version


async def test_it_closes_every_socket_of_a_deleted_game_with_4404(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    watcher = await open_table(friend)
    await Game.objects.filter(pk=game.pk).adelete()
    for client in [*clients, watcher]:
        assert await client.closed_with() == 4404


@pytest.mark.parametrize("message", [
    {"type": "action", "action": {"type": "pass"}, "version": 1},
    {"type": "reset", "what": "score"},
    {"type": "sync"},
])
async def test_it_closes_with_4404_on_any_message_for_a_game_that_is_gone(
    open_table: Open, players: list[User], game: Game, monkeypatch: pytest.MonkeyPatch,
    message: dict[str, object],
) -> None:
    clients = await seat_everyone(open_table, players)
    host = clients[0]
    # The deletion's announcement is lost (the channel layer delivers at most once).
    monkeypatch.setattr(receivers, "close_table", lambda game_id: None)
    await Game.objects.filter(pk=game.pk).adelete()
    await host.send({**message, "version": host.state["version"]} if "version" in message
                    else message)
    assert await host.closed_with() == 4404


@pytest.mark.parametrize("path", ["/ws/", "/ws/game/abc/", "/ws/game/1/x/", "/elsewhere"])
async def test_it_refuses_a_handshake_on_a_path_with_no_route(
    owner: User, game: Game, path: str
) -> None:
    cookie = await database_sync_to_async(session_cookie)(owner)
    communicator = WebsocketCommunicator(
        application, path, [(b"origin", ORIGIN), (b"cookie", cookie.encode())]
    )
    connected, _ = await communicator.connect(timeout=5)
    assert not connected
    await communicator.wait()

