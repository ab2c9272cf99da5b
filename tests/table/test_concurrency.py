"""Two actions against the same version: exactly one applies."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from accounts.models import User
from game.models import Game, GameAction
from game.table import changes, service, store
from game.table.errors import TableError
from tests.table.conftest import Open, seat_everyone


async def test_it_applies_exactly_one_of_two_simultaneous_actions(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    in_turn = next(c for c in clients if c.state["legal"])
    second_tab = await open_table(players[in_turn.seat])
    version = in_turn.state["version"]
    first_choice, second_choice = in_turn.state["legal"][:2]
    await asyncio.gather(in_turn.act(first_choice), second_tab.act(second_choice))
    replies = [await in_turn.receive(), await second_tab.receive()]
    errors = [r for r in replies if r["type"] == "error"]
    assert len(errors) == 1
    assert errors[0]["code"] == "stale"
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.version == version + 1
    applied = await GameAction.objects.aget(game=game, seq=version + 1)
    assert applied.action in (first_choice, second_choice)
    assert not await GameAction.objects.filter(game=game, seq=version + 2).aexists()


async def test_it_refuses_a_write_against_a_version_that_moved_on(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    in_turn = next(c for c in clients if c.state["legal"])
    version = in_turn.state["version"]
    action = in_turn.state["legal"][0]
    user = players[in_turn.seat]

    def race() -> None:
        # A writer that read the row before another writer committed.
        stale, seats = store.game_with_seats(game.pk)
        service.act(game.pk, user.pk, action, version)
        match = store.load(stale, seats).match
        assert match is not None
        with pytest.raises(TableError) as refused:
            changes.commit(stale, seats, match, action, [], seat=in_turn.seat, actor_id=user.pk)
        assert refused.value.code == "stale"

    await database_sync_to_async(race)()
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.version == version + 1
    assert await GameAction.objects.filter(game=game).acount() == version + 1
