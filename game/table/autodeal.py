"""The next deal starts by itself: a per-process timer, safe to start from every socket.

After a deal ends the game row holds ``next_deal_at``. Every socket that sees
a snapshot with a deal due calls ``schedule_next_deal``; each process keeps one
timer per (game, version), and ``service.deal_next_from_loop`` deals only if the game
still sits at that version, so the deal happens once however many sockets,
processes or restarts saw it coming. A deadline that passed while the server
was down is met by the first socket that connects or syncs.
"""

from __future__ import annotations

import asyncio
import logging

from game.table import service
from game.table.broadcast import announce
from game.table.errors import TableError
from game.table.snapshot import Snapshot

log = logging.getLogger(__name__)

_timers: dict[tuple[int, int], asyncio.Task[None]] = {}


def schedule_next_deal(latest: Snapshot) -> None:
    """Deal when ``latest.next_deal_at`` comes (at once if it has passed), if nobody else has."""
    delay = latest.next_deal_in()
    key = (latest.game_id, latest.version)
    loop = asyncio.get_running_loop()
    pending = _timers.get(key)
    if delay is None or (pending is not None and not pending.done() and pending.get_loop() is loop):
        return
    task = loop.create_task(_deal_when_due(key, delay))
    _timers[key] = task
    task.add_done_callback(lambda done: _forget(key, done))


def _forget(key: tuple[int, int], done: asyncio.Task[None]) -> None:
    if _timers.get(key) is done:
        del _timers[key]


async def _deal_when_due(key: tuple[int, int], delay: float) -> None:
    await asyncio.sleep(delay + 0.01)
    game_id, version = key
    try:
        dealt = await service.deal_next_from_loop(game_id, version)
    except TableError:  # the game was deleted
        return
    except Exception:
        log.exception("The next deal of game %s failed", game_id)
        return
    if dealt is not None:
        await announce(dealt)
