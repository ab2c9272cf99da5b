"""Routine questions passed for the people who skip them, at once, whatever their page does.

Every socket that is sent a state calls ``schedule_auto_pass``, as it does for the
computer players' turns (``game.table.bot_turns``). When that version asks a routine
question (``game.table.routine``) of a person in turn, one task per (game, version) in
this process asks the database whether that person skips such questions (a read, no lock)
and, if so, makes the pass through ``service.pass_for_person``: the row locked, the version
guarded, so however many sockets and processes saw the question the pass is made once,
and never after the person (or their partner) has answered. The task then announces the
new version and looks at it too: with both opponents asked and both skipping, both pass.
No pause and no turn timer: the pass is made as soon as the question is asked, with the
tab in the background or the page still loading.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

from accounts import preferences
from game.table import routine, service
from game.table.bot_turns import schedule_bot_turn
from game.table.broadcast import announce
from game.table.errors import TableError
from game.table.seen import SeenVersions
from game.table.snapshot import Snapshot

log = logging.getLogger(__name__)

Key = tuple[int, int]
_tasks: dict[Key, asyncio.Task[None]] = {}
_seen = SeenVersions()


def schedule_auto_pass(latest: Snapshot) -> None:
    """Pass for a person who skips routine questions, if this version asks them one (once
    per process and version)."""
    asked = routine.asked_people(latest.match, latest.players)
    if not asked:
        return
    key = (latest.game_id, latest.version)
    if key in _tasks or key in _seen:
        return
    _seen.add(key)
    user_ids = [latest.players[seat].user_id for seat in asked]
    task = asyncio.get_running_loop().create_task(_pass(latest, user_ids))
    _tasks[key] = task
    task.add_done_callback(lambda _: _tasks.pop(key, None))


def _pass_if_skipping(game_id: int, version: int, user_ids: list[int | None]) -> Snapshot | None:
    """The locked pass, only when one of the people asked skips routine questions."""
    if not preferences.skipping_questions(user_ids):
        return None
    return service.pass_for_person(game_id, version)


async def _pass(latest: Snapshot, user_ids: list[int | None]) -> None:
    try:
        moved = await database_sync_to_async(_pass_if_skipping)(
            latest.game_id, latest.version, user_ids
        )
    except TableError:  # the game was deleted
        return
    except Exception:
        _seen.forget((latest.game_id, latest.version))  # the next socket to sync tries again
        log.exception("An automatic pass in game %s failed", latest.game_id)
        return
    if moved is None:
        return
    await announce(moved)
    schedule_auto_pass(moved)
    schedule_bot_turn(moved)
