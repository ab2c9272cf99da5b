"""Only one server process thinks for a computer player's turn (``game.table.bot_claims``).

The first process to claim a turn (game, version) takes it; another finds it held and
waits for the lease to end, then takes it over if the game is still at that version (the
holder died or stalled); once the game has moved on, nobody takes it.
"""

from __future__ import annotations

import asyncio
import time

from channels.db import database_sync_to_async
from pytest_django.fixtures import Settings

from game.models import BotTurn, Game
from game.table import bot_turns
from game.table.bot_claims import claim_turn

LEASE = 5.0


def at_version(game: Game, version: int) -> Game:
    Game.objects.filter(pk=game.pk).update(version=version)
    return game


def test_it_gives_a_turn_to_the_first_claim_only(game: Game) -> None:
    at_version(game, 7)
    now = 1000.0
    assert claim_turn(game.pk, 7, LEASE, now) == "taken"
    assert claim_turn(game.pk, 7, LEASE, now + 1) == "held"
    assert BotTurn.objects.get(game=game).version == 7


def test_it_lets_another_process_take_a_turn_over_once_the_lease_has_ended(game: Game) -> None:
    at_version(game, 7)
    assert claim_turn(game.pk, 7, LEASE, 1000.0) == "taken"
    assert claim_turn(game.pk, 7, LEASE, 1000.0 + LEASE + 0.1) == "taken"
    assert claim_turn(game.pk, 7, LEASE, 1000.0 + LEASE + 0.2) == "held"


def test_it_gives_nobody_a_turn_the_game_has_moved_past(game: Game) -> None:
    at_version(game, 7)
    assert claim_turn(game.pk, 7, LEASE, 1000.0) == "taken"
    at_version(game, 8)
    assert claim_turn(game.pk, 7, LEASE, 1000.0 + 60) == "passed"
    assert claim_turn(game.pk, 8, LEASE, 1000.0 + 1) == "taken"  # a new turn, lease or not
    assert claim_turn(game.pk, 6, LEASE, 1000.0 + 60) == "passed"


def test_it_gives_nobody_a_turn_of_a_deleted_game(game: Game) -> None:
    game_id = game.pk
    game.delete()
    assert claim_turn(game_id, 0, LEASE) == "passed"


async def test_it_waits_for_another_process_s_claim_before_thinking(
    game: Game, settings: Settings
) -> None:
    settings.BOT_TURN_LEASE = 0.2
    await database_sync_to_async(at_version)(game, 3)
    held_until = time.time() + 0.8
    await BotTurn.objects.acreate(game=game, version=3, until=held_until)
    assert await bot_turns._claimed(game.pk, 3)
    assert time.time() >= held_until
    assert (await BotTurn.objects.aget(game=game)).until > held_until


async def test_it_stops_waiting_once_the_other_process_has_moved(
    game: Game, settings: Settings
) -> None:
    settings.BOT_TURN_LEASE = 0.2
    await database_sync_to_async(at_version)(game, 3)
    await BotTurn.objects.acreate(game=game, version=3, until=time.time() + 60)
    waiting = asyncio.ensure_future(bot_turns._claimed(game.pk, 3))
    await asyncio.sleep(0.5)
    assert not waiting.done()
    await database_sync_to_async(at_version)(game, 4)  # the holder made the move
    assert await asyncio.wait_for(waiting, 10) is False
