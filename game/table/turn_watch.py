"""The turn timer's clock in each server process: safe to start from every socket.

Every socket that is sent a state calls ``schedule_turn_watch``; each process keeps one
task per game, for its latest version in which a person is timed (a newer version ends the
watch of an older one, so a turn that is over costs nothing more), which sleeps
until the person has been gone ``TURN_AWAY_AFTER`` seconds (if that comes first: the
seat is handed over when they have no socket open) and then until the timer runs out,
asks the easy computer player for that decision, and applies it through
``seat_changes.time_out``. Both service calls act only if the game is still at that version
(and the time has really run out), under the row's lock, so however many processes saw
the timer run out the decision is played once; a process killed while it held the timer
takes nothing with it: every other process with a socket at the table has its own, and
a socket that (re)connects after the time ran out starts one that fires at once.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async

from game.table import seat_changes, turn_timer
from game.table.bot_turns import choose
from game.table.broadcast import announce
from game.table.errors import TableError
from game.table.snapshot import Snapshot

log = logging.getLogger(__name__)

# A little past the deadline, so that the database's clock agrees it has passed.
MARGIN_S = 0.02

# Each game's watch in this process: the version it watches and its task.
_watches: dict[int, tuple[int, asyncio.Task[None]]] = {}


def schedule_turn_watch(latest: Snapshot) -> None:
    """Watch this version's timed turn, if there is one (once per process and version); a
    watch of an earlier version of the game ends (its turn is over)."""
    loop = asyncio.get_running_loop()
    known = _watches.get(latest.game_id)
    if known is not None:
        version, pending = known
        if version == latest.version and not pending.done() and pending.get_loop() is loop:
            return
        if version > latest.version and pending.get_loop() is loop:
            return
        if pending.get_loop() is loop:
            pending.cancel()
        del _watches[latest.game_id]
    if turn_timer.deadlines(latest) is None:
        return
    task = loop.create_task(_watch(latest))
    _watches[latest.game_id] = (latest.version, task)
    task.add_done_callback(lambda done: _forget(latest.game_id, done))


def _forget(game_id: int, done: asyncio.Task[None]) -> None:
    known = _watches.get(game_id)
    if known is not None and known[1] is done:
        del _watches[game_id]


async def _watch(latest: Snapshot) -> None:
    try:
        await _run(latest)
    except TableError:  # the game was deleted
        return
    except Exception:
        log.exception("The turn timer of game %s failed", latest.game_id)


async def _run(latest: Snapshot) -> None:
    """Sleep (a newer version of the game cancels the watch meanwhile), then act: once
    acting has begun it is shielded, so the changes it makes are all announced."""
    left = turn_timer.deadlines(latest)
    if left is None:
        return
    timeout_in, away_in = left
    seats = turn_timer.timed_seats(latest)
    if away_in < timeout_in:
        await asyncio.sleep(max(0.0, away_in) + MARGIN_S)
        if await asyncio.shield(_hand_over_away(latest, seats)):
            return
        timeout_in, _ = turn_timer.deadlines(latest) or (0.0, 0.0)
    await asyncio.sleep(max(0.0, timeout_in) + MARGIN_S)
    await asyncio.shield(_time_out(latest, seats))


async def _hand_over_away(latest: Snapshot, seats: list[int]) -> bool:
    """Hand over the seat of a timed person who has no socket open; whether one was."""
    for seat in seats:
        handed = await database_sync_to_async(seat_changes.hand_over_away)(
            latest.game_id, latest.version, seat
        )
        if handed is not None:
            await announce(handed)
            return True
    return False


async def _time_out(latest: Snapshot, seats: list[int]) -> None:
    """Play the easy computer player's choice for each timed seat if the game is still
    there (both partners asked about a Double are answered for at once)."""
    log.info("Turn timer ran out: game %s, version %s", latest.game_id, latest.version)
    choices = {seat: await choose(latest, seat, turn_timer.CHOOSER) for seat in seats}
    moved = await database_sync_to_async(seat_changes.time_out)(
        latest.game_id, latest.version, choices
    )
    log.info(
        "Turn timer of game %s at version %s: %s", latest.game_id, latest.version,
        "applied" if moved else "the game had moved on",
    )
    for snapshot in moved:
        await announce(snapshot)
