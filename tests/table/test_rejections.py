"""Bad input gets an error naming what was wrong, the game is untouched, the socket survives."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_django.fixtures import Settings

from accounts.models import User
from game.models import Game
from tests.table.conftest import Open, TableClient, seat_everyone


async def assert_refused(
    client: TableClient, game: Game, code: str, text: str | None = None
) -> dict[str, Any]:
    """The client's next message is an error with this code, and the game did not change."""
    before = await Game.objects.aget(pk=game.pk)
    error = await client.receive()
    assert error["type"] == "error"
    assert error["code"] == code, error
    assert error["message"]
    if text is not None:
        assert text in error["message"]
    after = await Game.objects.aget(pk=game.pk)
    assert (after.version, after.state) == (before.version, before.state)
    return error


@pytest.fixture
async def seated(open_table: Open, players: list[User]) -> list[TableClient]:
    return await seat_everyone(open_table, players)


async def test_it_names_each_malformed_message(seated: list[TableClient], game: Game) -> None:
    client = seated[0]
    cases: list[tuple[str, str]] = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"kind": "sync"}', "missing_field"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "action", "version": 5}', "missing_field"),
        ('{"type": "action", "action": {"type": "pass"}}', "missing_field"),
        ('{"type": "action", "action": {"type": "pass"}, "version": "5"}', "missing_field"),
        ('{"type": "action", "action": "pass", "version": 5}', "missing_field"),
        ('{"type": "reset"}', "missing_field"),
        ('{"type": "reset", "what": "everything"}', "missing_field"),
    ]
    for text, code in cases:
        await client.send_text(text)
        await assert_refused(client, game, code)
    await client.communicator.send_to(bytes_data=b'{"type": "sync"}')
    await assert_refused(client, game, "bad_json")


async def test_it_refuses_a_message_over_the_size_limit(
    seated: list[TableClient], game: Game
) -> None:
    client = seated[0]
    await client.send_text(json.dumps({"type": "sync", "padding": "x" * 5000}))
    await assert_refused(client, game, "too_large", "4096")
    await client.send({"type": "sync"})
    assert (await client.receive())["type"] == "state"


async def test_it_refuses_an_action_out_of_turn(seated: list[TableClient], game: Game) -> None:
    waiting = next(c for c in seated if not c.state["legal"])
    await waiting.act({"type": "pass"})
    await assert_refused(waiting, game, "not_your_turn")


async def test_it_refuses_an_illegal_move_with_the_engines_reason(
    seated: list[TableClient], game: Game
) -> None:
    bidder = next(c for c in seated if c.state["legal"])
    await bidder.act({"type": "bid", "value": 30})
    await assert_refused(bidder, game, "illegal")
    await bidder.act({"type": "play", "card": "JH"})
    await assert_refused(bidder, game, "illegal")
    await bidder.act({"type": "fold"})
    await assert_refused(bidder, game, "illegal", "Unknown action")


async def test_it_refuses_a_stale_action_and_sends_the_current_state(
    seated: list[TableClient], game: Game
) -> None:
    bidder = next(c for c in seated if c.state["legal"])
    version = bidder.state["version"]
    await bidder.act(bidder.state["legal"][0], version=version - 1)
    await assert_refused(bidder, game, "stale")
    fresh = await bidder.receive()
    assert fresh["type"] == "state"
    assert fresh["version"] == version
    assert fresh["events"] == []


async def test_it_lets_only_the_host_reset(seated: list[TableClient], game: Game) -> None:
    await seated[1].send({"type": "reset", "what": "score"})
    await assert_refused(seated[1], game, "not_host")


async def test_it_refuses_a_reset_and_an_action_before_the_first_deal(
    open_table: Open, owner: User, game: Game
) -> None:
    host = await open_table(owner)
    await host.send({"type": "reset", "what": "round"})
    await assert_refused(host, game, "not_started")
    await host.act({"type": "pass"})
    await assert_refused(host, game, "not_started")


async def test_it_limits_the_rate_but_keeps_the_socket(
    seated: list[TableClient], game: Game, settings: Settings
) -> None:
    settings.WEBSOCKET_RATE_PER_SECOND = 5
    client = await reopen(seated, 1)
    for _ in range(8):
        await client.send({"type": "dance"})
    codes = [(await client.receive())["code"] for _ in range(8)]
    assert codes.count("unknown_type") == 5
    assert codes.count("rate_limited") == 3
    await client.communicator.receive_nothing(timeout=0.3)
    await client.send({"type": "sync"})
    assert (await client.receive())["type"] == "state"


async def test_it_closes_a_flooding_socket_with_4408(
    seated: list[TableClient], settings: Settings
) -> None:
    settings.WEBSOCKET_RATE_PER_SECOND = 5
    client = await reopen(seated, 2)
    for _ in range(40):
        await client.send({"type": "sync"})
    while True:
        output = await client.communicator.receive_output(timeout=3)
        if output["type"] == "websocket.close":
            assert output["code"] == 4408
            break


async def reopen(seated: list[TableClient], seat: int) -> TableClient:
    """A fresh socket for the player in ``seat`` (settings are read when a socket opens)."""
    client = TableClient(seated[seat].game_id, seated[seat].cookie)
    await client.connect()
    await client.receive()
    return client
