"""Who may open the table and who may act: players, spectators, outsiders, strangers."""

from __future__ import annotations

import doctest
import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db.models import Q

from accounts.friends import remove_friend
from accounts.models import Friendship, User
from game.models import Game, GameAction
from game.table import seat_changes
from tests import seats
from tests.table.conftest import TIMEOUT, Open, TableClient, seat_everyone, session_cookie
from twentynine import same_origin
from twentynine.asgi import application


async def test_it_refuses_an_outsider_with_4403_and_no_data(
    game: Game, outsider: User
) -> None:
    client = TableClient(game.pk, await database_sync_to_async(session_cookie)(outsider))
    connected, _ = await client.connect()
    assert connected
    assert await client.closed_with() == 4403
    assert client.frames == []


async def test_it_refuses_a_visitor_who_is_not_logged_in_with_4401(game: Game) -> None:
    client = TableClient(game.pk, None)
    await client.connect()
    assert await client.closed_with() == 4401
    assert client.frames == []


async def test_it_refuses_an_unknown_game_with_4404(game: Game, friend: User) -> None:
    client = TableClient(game.pk + 1000, await database_sync_to_async(session_cookie)(friend))
    await client.connect()
    assert await client.closed_with() == 4404
    assert client.frames == []


async def test_it_rejects_a_handshake_from_another_site(game: Game, owner: User) -> None:
    cookie = await database_sync_to_async(session_cookie)(owner)
    client = TableClient(game.pk, cookie, origin=b"https://evil.example")
    connected, _ = await client.connect()
    assert not connected
    assert client.frames == []


@pytest.mark.parametrize(
    ("origin", "accepted"),
    [
        (b"http://127.0.0.1:8000", True),
        (b"http://127.0.0.1:9999", False),  # another port of the same host: another site
        (b"https://127.0.0.1:1", False),
        (b"http://localhost:8000", False),
    ],
)
async def test_it_lets_a_handshake_through_only_from_the_sites_own_host_and_port(
    game: Game, owner: User, origin: bytes, accepted: bool
) -> None:
    """A browser sends ``Host`` (here the site on 127.0.0.1:8000) and ``Origin`` (the page
    that opens the socket): a page on another port or host name is refused before anything
    is sent, though the host name is allowed."""
    cookie = await database_sync_to_async(session_cookie)(owner)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/game/{game.pk}/",
        [(b"host", b"127.0.0.1:8000"), (b"origin", origin), (b"cookie", cookie.encode())],
    )
    connected, _ = await communicator.connect(timeout=TIMEOUT)
    assert connected is accepted
    if accepted:
        assert "type" in json.loads(await communicator.receive_from(TIMEOUT))
    else:
        assert await communicator.receive_nothing(0.1)
    await communicator.disconnect()


def test_the_origin_checks_examples_hold() -> None:
    assert doctest.testmod(same_origin).failed == 0


async def test_it_seats_each_player_from_their_session(
    open_table: Open, players: list[User]
) -> None:
    clients = await seat_everyone(open_table, players)
    assert [client.seat for client in clients] == [0, 1, 2, 3]
    assert clients[0].state["table"]["you"] == {
        "seat": 0, "spectator": False, "host": True, "replaced": False, "sees_hands": True,
        "watching_from": None,
    }
    assert clients[1].state["table"]["you"]["host"] is False
    assert clients[0].state["table"]["host_seat"] == 0


async def test_it_lets_a_friend_of_the_host_watch_but_not_act(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    spectator = await open_table(friend)
    state = spectator.state
    assert state["table"]["you"] == {
        "seat": None, "spectator": True, "host": False, "replaced": False, "sees_hands": True,
        "watching_from": None,
    }
    assert state["legal"] == []
    seat_in_turn = state["view"]["turn"][0]
    action = clients[seat_in_turn].state["legal"][0]
    await spectator.act(action)
    error = await spectator.receive()
    assert error["type"] == "error"
    assert error["code"] == "not_seated"
    assert await GameAction.objects.filter(game=game).acount() == state["version"]


async def test_it_ignores_a_forged_seat_in_an_action(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    version = clients[0].state["version"]
    seat_in_turn = clients[0].state["view"]["turn"][0]
    other = clients[(seat_in_turn + 1) % 4]
    action = clients[seat_in_turn].state["legal"][0]
    await other.send(
        {"type": "action", "seat": seat_in_turn, "action": {**action, "seat": seat_in_turn},
         "version": version}
    )
    error = await other.receive()
    assert error["code"] == "not_your_turn"
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.version == version


async def test_it_turns_a_player_who_lost_their_seat_into_a_spectator(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    dev = clients[3]

    def reseat() -> None:
        seats.put(game.pk, 3, friend.pk)
        seat_changes.seats_changed(game.pk)

    await database_sync_to_async(reseat)()
    state = await dev.until(lambda s: s["table"]["you"]["seat"] is None)
    assert state["table"]["you"]["spectator"] is True
    assert state["legal"] == []
    assert state["table"]["players"][3]["name"] == "Farid"


async def test_it_closes_the_socket_of_someone_who_may_no_longer_watch(
    open_table: Open, players: list[User], outsider: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    dev = clients[3]

    def reseat() -> None:
        seats.put(game.pk, 3, outsider.pk)
        # Dev is no longer the host's friend either.
        Friendship.objects.filter(Q(user=players[3]) | Q(friend=players[3])).delete()
        seat_changes.seats_changed(game.pk)

    await database_sync_to_async(reseat)()
    assert await dev.closed_with() == 4403


async def test_it_closes_a_spectators_socket_the_moment_the_host_unfriends_them(
    open_table: Open, players: list[User], friend: User, owner: User
) -> None:
    await seat_everyone(open_table, players)
    spectator = await open_table(friend)
    frames = len(spectator.frames)
    await database_sync_to_async(remove_friend)(owner, friend.pk)
    assert await spectator.closed_with() == 4403
    assert len(spectator.frames) == frames


async def test_it_closes_an_unfriended_players_socket_and_frees_their_seat_at_once(
    open_table: Open, players: list[User], owner: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    frames = len(clients[3].frames)
    await database_sync_to_async(remove_friend)(players[3], owner.pk)
    assert await clients[3].closed_with() == 4403
    assert len(clients[3].frames) == frames
    await clients[0].until(lambda s: s["table"]["players"][3]["user_id"] is None)
    assert await database_sync_to_async(seats.user_in)(game.pk, 3) is None
