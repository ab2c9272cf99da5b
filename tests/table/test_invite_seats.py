"""Seats taken by the invite link and guests removed by the host, as the table's sockets see
them: the new seating reaches every socket at once, the version guard holds, a racing
second taker changes nothing, and a removed guest's socket closes."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from channels.db import database_sync_to_async
from django.db import connections
from pytest_django.fixtures import Settings

from accounts.models import User
from game.invite import guests, join, links
from game.models import Game
from game.table import seat_changes, store
from game.table.errors import CLOSE_FORBIDDEN, TableError
from game.table.store import create_game
from tests.table.conftest import (
    Open,
    TableClient,
    deal_in_progress,
    make_user,
    open_as,
    play_some,
    seat_everyone,
    session_cookie,
    settle,
)


async def test_a_seat_taken_by_link_reaches_every_socket(
    open_table: Open, owner: User, friend: User, players: list[User]
) -> None:
    def setup() -> Game:
        Game.objects.filter(host=owner).delete()
        return create_game(owner, "By link", [owner, None, "easy", None])

    game = await database_sync_to_async(setup)()
    host = await open_as(game.pk, owner)
    watcher = await open_as(game.pk, friend)
    version = host.state["version"]
    guest = await database_sync_to_async(join.join_guest)(
        game, guests.clean_name("  মিনা  "), 1
    )
    for client in (host, watcher):
        state = await client.state_at(version + 1)
        assert state["table"]["players"][1]["name"] == "মিনা"
        assert state["table"]["players"][1]["user_id"] == guest.pk
    guest_socket = await open_as(game.pk, guest)
    assert guest_socket.state["table"]["you"] == {
        "seat": 1, "spectator": False, "host": False, "replaced": False, "sees_hands": True,
        "watching_from": None}


async def test_a_guest_who_watches_sees_the_play_but_never_a_hand(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    """Anyone with the link may watch as a guest: they are shown what is played, never a hand,
    a trump not yet shown or a 7th card set aside (a friend who watches sees every hand)."""
    clients = await seat_everyone(open_table, players)
    farid = await open_table(friend)
    watcher = await database_sync_to_async(join.join_guest)(game, "Mina", None)
    mina = await open_as(game.pk, watcher)
    assert mina.state["table"]["you"]["sees_hands"] is False
    assert farid.state["view"]["hands"] and farid.state["table"]["you"]["sees_hands"]
    rng = random.Random(29)
    for _ in range(30):
        await play_some(clients, 1, rng)
        await settle([mina], clients[0].state["version"])
        now = await database_sync_to_async(store.current)(game.pk)
        assert now.match is not None
        held = {card for cards in now.match.view(None)["hands"].values() for card in cards}
        assert not any(card in mina.frames[-1] for card in held), mina.frames[-1]
    for text in mina.frames:
        message = json.loads(text)
        if message["type"] != "state" or not message["view"]:
            continue
        view = message["view"]
        assert "hands" not in view and view["hand"] == [] and view["seventh_card"] is None
        assert view["trump"] is None or view["trump_shown"]
        assert message["legal"] == []


@pytest.mark.skipif(
    connections["default"].vendor != "postgresql",
    reason="two writers at once need PostgreSQL (the SQLite test database locks its tables; "
    "tests/site/test_invite_link.py checks the refusal one after the other)",
)
async def test_two_visitors_race_for_one_seat_and_one_wins(
    owner: User, friend: User, outsider: User
) -> None:
    def setup() -> Game:
        Game.objects.filter(host=owner).delete()
        return create_game(owner, "Race", [owner, None, "easy", "easy"])

    game = await database_sync_to_async(setup)()

    def take(user: User) -> str:
        try:
            seat_changes.take_seat_by_link(game.pk, user.pk, 1)
        except TableError as refused:
            return refused.message
        return "seated"

    results = await asyncio.gather(
        database_sync_to_async(take, thread_sensitive=False)(friend),
        database_sync_to_async(take, thread_sensitive=False)(outsider),
    )
    assert sorted(results) == ["That seat was just taken.", "seated"]
    saved, seats = await database_sync_to_async(store.game_with_seats)(game.pk)
    assert saved.version == 1 and seats[1].user_id in (friend.pk, outsider.pk)


async def test_the_hosts_removal_closes_the_guests_socket_at_once(
    owner: User, friend: User, settings: Settings
) -> None:
    settings.BOT_DELAY = 60  # the computer players keep still: nothing but the close comes
    def setup() -> tuple[Game, User]:
        Game.objects.filter(host=owner).delete()
        game = create_game(owner, "Removal", [owner, "easy", "easy", None])
        links.make(game.pk)
        return game, join.join_guest(game, "Mina", 3)

    game, guest = await database_sync_to_async(setup)()
    host = await open_as(game.pk, owner)
    guest_socket = await open_as(game.pk, guest)
    await deal_in_progress([host, guest_socket])
    await database_sync_to_async(join.remove_guest)(game.pk, owner.pk, 3, "strong")
    assert await guest_socket.closed_with() == CLOSE_FORBIDDEN
    state = await host.until(lambda s: s["table"]["players"][3]["computer"] == "strong")
    assert state["table"]["players"][3]["user_id"] is None
    again = TableClient(game.pk, await database_sync_to_async(session_cookie)(guest))
    await again.connect()
    assert await again.closed_with() == CLOSE_FORBIDDEN


async def test_the_host_removes_a_guest_from_the_table_and_nobody_else_can(
    owner: User, friend: User
) -> None:
    def setup() -> tuple[Game, User]:
        Game.objects.filter(host=owner).delete()
        game = create_game(owner, "Removal at the table", [owner, "easy", None, None])
        links.make(game.pk)
        return game, join.join_guest(game, "Mina", 2)

    game, guest = await database_sync_to_async(setup)()
    host = await open_as(game.pk, owner)
    guest_socket = await open_as(game.pk, guest)
    players = host.state["table"]["players"]
    assert [p["guest"] for p in players] == [False, False, True, False]
    version = (await Game.objects.aget(pk=game.pk)).version

    await guest_socket.send({"type": "remove_guest", "seat": 2, "level": ""})
    assert (await guest_socket.next_error())["code"] == "not_host"
    await host.send({"type": "remove_guest", "seat": 1, "level": ""})
    assert (await host.next_error())["code"] == "bad_seat"  # a computer player, not a guest
    await host.send({"type": "remove_guest", "seat": 2})
    assert (await host.next_error())["code"] == "missing_field"
    assert (await Game.objects.aget(pk=game.pk)).version == version

    await host.send({"type": "remove_guest", "seat": 2, "level": ""})
    assert await guest_socket.closed_with() == CLOSE_FORBIDDEN
    state = await host.until(lambda s: s["table"]["players"][2]["user_id"] is None)
    assert state["table"]["players"][2] == {
        "seat": 2, "name": None, "user_id": None, "computer": None, "replaces": None,
        "auto": False, "guest": False,
    }


async def test_removing_a_guest_at_the_table_can_change_the_link_so_they_cannot_rejoin(
    owner: User,
) -> None:
    """The page's box (on by default) sends ``new_link``: the old link stops working; a
    removal without it, or a refused one, leaves the link alone."""
    def setup() -> tuple[Game, str]:
        Game.objects.filter(host=owner).delete()
        game = create_game(owner, "A new link", [owner, "easy", None, None])
        token = links.make(game.pk)
        join.join_guest(game, "Mina", 2)
        join.join_guest(game, "Nila", 3)
        return game, token

    def token_now() -> str | None:
        return Game.objects.get(pk=game.pk).invite_token

    game, first = await database_sync_to_async(setup)()
    host = await open_as(game.pk, owner)
    await host.send({"type": "remove_guest", "seat": 1, "level": "", "new_link": True})
    assert (await host.next_error())["code"] == "bad_seat"
    assert await database_sync_to_async(token_now)() == first  # refused: no new link
    await host.send({"type": "remove_guest", "seat": 3, "level": "easy"})
    await host.until(lambda s: s["table"]["players"][3]["computer"] == "easy")
    assert await database_sync_to_async(token_now)() == first
    await host.send({"type": "remove_guest", "seat": 2, "level": "", "new_link": True})
    await host.until(lambda s: s["table"]["players"][2]["user_id"] is None)
    second = await database_sync_to_async(token_now)()
    assert second and second != first
    assert await database_sync_to_async(links.game_for)(first) is None


async def test_a_guest_cannot_open_another_games_socket(owner: User) -> None:
    def setup() -> tuple[Game, User]:
        other_host = make_user("ravi@example.com", "Ravi")
        other = create_game(other_host, "Ravi's", [other_host, None, None, None])
        mine = create_game(owner, "Mine", [owner, None, None, None])
        return other, join.join_guest(mine, "Mina", 1)

    other, guest = await database_sync_to_async(setup)()
    client = TableClient(other.pk, await database_sync_to_async(session_cookie)(guest))
    await client.connect()
    assert await client.closed_with() == CLOSE_FORBIDDEN
