"""The host removes a guest who watches (it holds no seat): its open sockets close at once,
and it cannot open the table again."""

from __future__ import annotations

from channels.db import database_sync_to_async
from pytest_django.fixtures import Settings

from accounts.models import User
from game.invite import join, links
from game.models import Game
from game.table.errors import CLOSE_FORBIDDEN
from game.table.store import create_game
from tests.table.conftest import TableClient, open_as, session_cookie


async def test_the_hosts_removal_closes_a_watching_guests_sockets_at_once(
    owner: User, settings: Settings
) -> None:
    settings.BOT_DELAY = 60  # the computer players keep still: nothing but the close comes

    def setup() -> tuple[Game, User]:
        Game.objects.filter(host=owner).delete()
        game = create_game(owner, "Watchers", [owner, "easy", "easy", None])
        links.make(game.pk)
        return game, join.join_guest(game, "Gus", None)

    game, gus = await database_sync_to_async(setup)()
    host = await open_as(game.pk, owner)
    watcher = await open_as(game.pk, gus)
    second_tab = await open_as(game.pk, gus)
    assert watcher.state["table"]["you"]["spectator"] is True
    version = host.state["version"]
    await database_sync_to_async(join.remove_watcher)(game.pk, owner.pk, gus.pk)
    assert await watcher.closed_with() == CLOSE_FORBIDDEN
    assert await second_tab.closed_with() == CLOSE_FORBIDDEN
    await host.state_at(version + 1)  # the host's table goes on
    again = TableClient(game.pk, await database_sync_to_async(session_cookie)(gus))
    await again.connect()
    assert await again.closed_with() == CLOSE_FORBIDDEN
