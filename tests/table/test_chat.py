"""The table chat: lines reach everyone at the table as plain text, within limits and rates."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone
from pytest_django.fixtures import Settings

from accounts.models import Friendship, User
from game.models import ChatMessage, Game
from game.table import chat
from game.table.errors import TableError
from tests.table.conftest import Open, TableClient

HTML = 'Hi <b>all</b> & <script>alert("29")</script>'


async def everyone(open_table: Open, players: list[User], friend: User) -> list[TableClient]:
    """The four players and the watching friend, each with the table open."""
    return [await open_table(user) for user in [*players, friend]]


async def live_chat(client: TableClient) -> dict[str, Any]:
    """The next live chat message this socket is sent (not the recent lines sent on connect)."""
    while True:
        message = await client.receive_aside("chat")
        if not message["recent"]:
            return message


async def lines_heard(client: TableClient) -> list[dict[str, Any]]:
    """The lines of the next live chat message this socket is sent."""
    return list((await live_chat(client))["lines"])


async def test_it_sends_a_line_to_every_player_and_spectator_as_written(
    open_table: Open, players: list[User], friend: User
) -> None:
    clients = await everyone(open_table, players, friend)
    await clients[1].send({"type": "chat", "text": HTML})
    for client in clients:
        [line] = await lines_heard(client)
        assert line["text"] == HTML
        assert (line["name"], line["seat"], line["spectator"]) == ("Bilal", 1, False)
    await clients[4].send({"type": "chat", "text": "Nice trick!"})
    for client in clients:
        [line] = await lines_heard(client)
        assert (line["name"], line["seat"], line["spectator"]) == ("Farid", None, True)


async def test_it_shows_a_reload_the_recent_lines_in_order(
    open_table: Open, players: list[User], friend: User
) -> None:
    clients = await everyone(open_table, players, friend)
    for n in range(3):
        await clients[n].send({"type": "chat", "text": f"line {n}"})
        await lines_heard(clients[4])
    await clients[4].close()
    again = await open_table(friend)
    recent = await again.receive_aside("chat")
    assert recent["recent"] is True
    assert [line["text"] for line in recent["lines"]] == ["line 0", "line 1", "line 2"]
    assert recent["spectators_may_chat"] is True


async def test_it_refuses_an_empty_or_too_long_line_and_keeps_nothing(
    open_table: Open, players: list[User], game: Game
) -> None:
    olive = await open_table(players[0])
    for text, code in [
        ("x" * 201, "chat_too_long"),
        ("  \n\t ", "chat_empty"),
        ("\u200d\u200d\u200d", "chat_empty"),  # zero-width joiners only: a blank line
        ("\u3164 \u2800", "chat_empty"),
        (42, "missing_field"),
        (None, "missing_field"),
    ]:
        await olive.send({"type": "chat", "text": text})
        assert (await olive.next_error())["code"] == code
    assert await ChatMessage.objects.filter(game=game).acount() == 0
    await olive.send({"type": "chat", "text": "y" * 200})
    [line] = await lines_heard(olive)
    assert line["text"] == "y" * 200


async def test_it_keeps_a_line_on_one_line_without_control_characters(
    open_table: Open, players: list[User]
) -> None:
    olive = await open_table(players[0])
    await olive.send({"type": "chat", "text": "  two\nlines\x07 and\u202e tabs\t "})
    [line] = await lines_heard(olive)
    assert line["text"] == "two lines and tabs"


async def test_it_lets_a_quick_burst_through_then_refuses_lines_but_keeps_the_socket(
    open_table: Open, players: list[User], game: Game, settings: Settings
) -> None:
    settings.CHAT_RATE_PER_SECOND = 1
    olive = await open_table(players[0])
    for n in range(3):
        await olive.send({"type": "chat", "text": f"quick {n}"})
    heard = [line["text"] for _ in range(3) for line in await lines_heard(olive)]
    assert heard == ["quick 0", "quick 1", "quick 2"]
    for n in range(10):
        await olive.send({"type": "chat", "text": f"too fast {n}"})
    for _ in range(10):
        assert (await olive.next_error())["code"] == "rate_limited"
    await olive.send({"type": "sync"})
    assert (await olive.receive())["type"] == "state"
    assert await ChatMessage.objects.filter(game=game).acount() == 3


async def test_it_lets_the_host_turn_spectator_chat_off_and_on(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await everyone(open_table, players, friend)
    olive, bilal, farid = clients[0], clients[1], clients[4]
    await bilal.send({"type": "spectator_chat", "allowed": False})
    assert (await bilal.next_error())["code"] == "not_host"
    await olive.send({"type": "spectator_chat", "allowed": False})
    for client in clients:
        message = await live_chat(client)
        assert (message["lines"], message["spectators_may_chat"]) == ([], False)
    await farid.send({"type": "chat", "text": "can I?"})
    error = await farid.next_error()
    assert error["code"] == "chat_off"
    assert error["message"] == "The host has turned spectator chat off."
    await bilal.send({"type": "chat", "text": "players still can"})
    for client in clients:
        [line] = await lines_heard(client)
        assert line["text"] == "players still can"
    assert await ChatMessage.objects.filter(game=game).acount() == 1
    await olive.send({"type": "spectator_chat", "allowed": True})
    for client in clients:
        assert (await live_chat(client))["spectators_may_chat"] is True
    await farid.send({"type": "chat", "text": "thanks"})
    [line] = await lines_heard(olive)
    assert line["name"] == "Farid"


async def test_it_refuses_a_spectator_who_is_no_longer_a_friend(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    farid = await open_table(friend)
    await Friendship.objects.filter(user=players[0], friend=friend).adelete()
    await farid.send({"type": "chat", "text": "still here?"})
    assert (await farid.next_error())["code"] == "forbidden"
    assert await database_sync_to_async(ChatMessage.objects.filter(game=game).count)() == 0


def test_it_keeps_only_a_games_newest_lines(
    players: list[User], game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "KEEP", 3)
    monkeypatch.setattr(chat, "PRUNE_EVERY", 1)
    for n in range(5):
        chat.post(game.pk, players[n % 4], f"line {n}")
    lines, allowed = chat.recent(game.pk)
    assert [line["text"] for line in lines] == ["line 2", "line 3", "line 4"]
    assert allowed is True
    assert ChatMessage.objects.filter(game=game).count() == 3



def test_a_person_may_write_no_faster_over_many_sockets_than_over_one(
    players: list[User], game: Game, settings: Settings
) -> None:
    """Each socket counts its own lines; the lines kept count every socket of a person (in
    every process): no more in the window than one socket may send, then ``rate_limited``."""
    settings.CHAT_RATE_PER_SECOND = 1
    limit = chat.PERSON_WINDOW_S + chat.CHAT_BURST
    for n in range(limit):
        chat.post(game.pk, players[0], f"line {n}")
    with pytest.raises(TableError) as refused:
        chat.post(game.pk, players[0], "one too many")
    assert refused.value.code == "rate_limited"
    assert ChatMessage.objects.filter(game=game).count() == limit
    chat.post(game.pk, players[1], "someone else may still write")
    # Lines older than the window no longer count.
    ChatMessage.objects.filter(game=game).update(
        created=timezone.now() - timedelta(seconds=chat.PERSON_WINDOW_S + 1)
    )
    chat.post(game.pk, players[0], "later")
