"""Who is here: each seat shows whether its player has the table open, updated live.

Presence lives in the database (one row per open socket), so a socket of
another server process counts like a local one, and the rows of a process that
stopped without closing its sockets stop counting once they expire.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.utils import timezone
from pytest_django.fixtures import Settings

from accounts.models import User
from game.models import Game, TablePresence
from game.table import presence, seat_changes
from game.table.broadcast import announce_from_sync
from game.table.seats import LEVELS
from tests import seats
from tests.table.conftest import Open, TableClient


async def presence_until(client: TableClient, seats: list[str | None]) -> dict[str, Any]:
    """Read presence messages until one shows these seats; return it."""
    while True:
        message = await client.receive_aside("presence")
        if message["seats"] == seats:
            return message


async def test_it_shows_each_seat_online_or_away_as_players_come_and_go(
    open_table: Open, players: list[User]
) -> None:
    olive = await open_table(players[0])
    first = await olive.receive_aside("presence")
    assert first == {"type": "presence", "seats": ["online", "away", "away", "away"], "watching": 0}
    bilal = await open_table(players[1])
    await presence_until(olive, ["online", "online", "away", "away"])
    await presence_until(bilal, ["online", "online", "away", "away"])
    await bilal.close()
    await presence_until(olive, ["online", "away", "away", "away"])


async def test_it_keeps_a_player_online_while_any_of_their_tabs_is_open(
    open_table: Open, players: list[User], game: Game
) -> None:
    olive = await open_table(players[0])
    tab_one = await open_table(players[1])
    tab_two = await open_table(players[1])
    await presence_until(olive, ["online", "online", "away", "away"])
    await tab_one.close()
    await tab_two.send({"type": "sync"})
    latest = await presence_until(tab_two, ["online", "online", "away", "away"])
    assert latest["watching"] == 0
    assert await TablePresence.objects.filter(game=game, user=players[1]).acount() == 1
    await tab_two.close()
    await presence_until(olive, ["online", "away", "away", "away"])
    assert await TablePresence.objects.filter(game=game).acount() == 1


async def test_it_counts_spectators_apart_from_the_seats(
    open_table: Open, players: list[User], friend: User
) -> None:
    olive = await open_table(players[0])
    farid = await open_table(friend)
    message = await presence_until(farid, ["online", "away", "away", "away"])
    assert message["watching"] == 1
    await farid.close()
    while (await olive.receive_aside("presence"))["watching"] != 0:
        pass


def old_row(game: Game, user: User, channel: str, age: float) -> None:
    """A presence row written ``age`` seconds ago, as by another server process."""
    TablePresence.objects.create(
        game=game, user=user, channel_name=channel, seen=timezone.now() - timedelta(seconds=age)
    )


async def test_it_counts_sockets_of_other_processes_until_their_rows_expire(
    players: list[User], game: Game, settings: Settings
) -> None:
    settings.PRESENCE_EXPIRY = 90
    await database_sync_to_async(old_row)(game, players[2], "other-process!abc", 10)
    await database_sync_to_async(old_row)(game, players[3], "stopped-process!def", 200)
    here = await database_sync_to_async(presence.at_table)(game.pk)
    assert here["seats"] == ["away", "away", "online", "away"]
    assert not await TablePresence.objects.filter(channel_name="stopped-process!def").aexists()


async def test_it_turns_a_seat_away_when_a_stopped_process_row_expires(
    open_table: Open, players: list[User], game: Game, settings: Settings
) -> None:
    settings.PRESENCE_REFRESH = 1.0
    settings.PRESENCE_EXPIRY = 1.5
    # Dev's socket lives in a process that then stops without running disconnect().
    await database_sync_to_async(old_row)(game, players[3], "stopped-process!dev", 0)
    olive = await open_table(players[0])
    await presence_until(olive, ["online", "away", "away", "online"])
    await presence_until(olive, ["online", "away", "away", "away"])
    # Olive's own row is renewed while her socket stays open.
    row = await TablePresence.objects.aget(game=game, user=players[0])
    assert timezone.now() - row.seen < timedelta(seconds=1.5)


async def test_it_forgets_a_socket_that_closed(
    open_table: Open, players: list[User], game: Game
) -> None:
    olive = await open_table(players[0])
    await olive.close()
    assert await TablePresence.objects.filter(game=game).acount() == 0


async def test_it_shows_a_computer_players_seat_as_computer(
    open_table: Open, players: list[User], game: Game
) -> None:
    await database_sync_to_async(seats.put)(game.pk, 3, players[3].pk, LEVELS[0])
    olive = await open_table(players[0])
    dev = await open_table(players[3])  # Dev's seat was handed to a computer player
    message = await presence_until(dev, ["online", "away", "away", "computer"])
    assert message["watching"] == 0  # he watches his own seat: nobody else is watching
    await presence_until(olive, ["online", "away", "away", "computer"])


async def test_it_writes_again_a_row_deleted_while_its_socket_stays_open(
    open_table: Open, players: list[User], game: Game, settings: Settings
) -> None:
    settings.PRESENCE_REFRESH = 1.0
    olive = await open_table(players[0])
    bilal = await open_table(players[1])
    await presence_until(olive, ["online", "online", "away", "away"])
    await TablePresence.objects.filter(game=game, user=players[1]).adelete()
    # The next renewal writes Bilal's row again: his seat never turns away.
    for _ in range(50):
        if await TablePresence.objects.filter(game=game, user=players[1]).aexists():
            break
        await asyncio.sleep(0.1)
    assert await TablePresence.objects.filter(game=game).acount() == 2
    here = await database_sync_to_async(presence.at_table)(game.pk)
    assert here["seats"] == ["online", "online", "away", "away"]
    await bilal.close()
    await presence_until(olive, ["online", "away", "away", "away"])


async def test_it_renews_the_rows_of_every_socket_of_the_process_in_one_go(
    open_table: Open, players: list[User], friend: User, game: Game, settings: Settings
) -> None:
    settings.PRESENCE_REFRESH = 1.0
    clients = [await open_table(user) for user in [*players, friend]]
    await presence_until(clients[0], ["online", "online", "online", "online"])
    opened = {row.channel_name: row.seen async for row in TablePresence.objects.all()}
    assert len(opened) == 5
    await asyncio.sleep(1.5)
    renewed = {row.channel_name: row.seen async for row in TablePresence.objects.all()}
    assert renewed.keys() == opened.keys()
    assert all(renewed[name] > opened[name] for name in opened)
    assert len(set(renewed.values())) == 1  # one renewal wrote them all
    for client in clients:
        await client.close()
    assert await TablePresence.objects.filter(game=game).acount() == 0


def test_it_reads_the_presence_of_many_tables_at_once(
    players: list[User], friend: User, game: Game
) -> None:
    rows = [("tab-1", game.pk, players[0].pk), ("tab-2", game.pk, friend.pk)]
    tables = presence.renew(rows)
    assert tables == {game.pk: {"seats": ["online", "away", "away", "away"], "watching": 1}}
    assert presence.at_tables({game.pk, 10**9})[10**9] == {
        "seats": [None, None, None, None],
        "watching": 0,
    }


def test_a_person_whose_seat_a_computer_player_holds_is_not_counted_watching() -> None:
    """Ravi (seat 0, handed to a computer player) has the table open: nobody is watching;
    Esha, with no seat, is."""
    ravi, esha = 11, 12
    seats = (ravi, None, None, None)
    levels = ("easy", "strong", "", "")
    assert presence._presence(seats, levels, {ravi}) == {
        "seats": ["computer", "computer", None, None], "watching": 0}
    assert presence._presence(seats, levels, {ravi, esha})["watching"] == 1


async def test_a_seat_handed_over_and_given_back_shows_at_once(
    open_table: Open, players: list[User], game: Game, settings: Settings
) -> None:
    """The dots follow a hand-over and a give-back at once, not at the next renewal."""
    settings.PRESENCE_REFRESH = 3600
    olive = await open_table(players[0])
    await open_table(players[3])
    await presence_until(olive, ["online", "away", "away", "online"])

    def host(change: Any, *args: Any) -> None:
        announce_from_sync(change(game.pk, players[0].pk, 3, *args))

    await database_sync_to_async(host)(seat_changes.hand_over, LEVELS[0])
    await presence_until(olive, ["online", "away", "away", "computer"])
    await database_sync_to_async(host)(seat_changes.give_back)
    await presence_until(olive, ["online", "away", "away", "online"])
